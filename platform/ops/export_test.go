package ops

// LogsSince exposes logsSince to the package's external tests.
var LogsSince = logsSince

// JudgedVersions exposes judgedVersions to the package's external tests.
var JudgedVersions = judgedVersions

// HotNext exposes hotNext to the package's external tests.
var HotNext = hotNext

// LiveVersion exposes liveVersion to the package's external tests.
var LiveVersion = liveVersion

// Judge exposes judge to the package's external tests.
var Judge = judge
