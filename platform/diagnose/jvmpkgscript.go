package diagnose

import (
	"slices"
)

// withJVMPkgScript adds this file's families to specs: a JVM tool (or any
// package or check) naming the Java or language version it needs, a registry saying a named package does not
// exist, a FastCGI server finding no script where its root points.
func withJVMPkgScript(specs []ruleSpec) []ruleSpec { return slices.Concat(specs, jvmPkgScriptSpecs) }

// jvmPkgScriptSpecs are this file's rules.
var jvmPkgScriptSpecs = slices.Concat(testRunSpecs, execFormatSpecs, servesTLSSpecs, versionNeededSpecs, packageAbsentSpecs, phpScriptSpecs)
