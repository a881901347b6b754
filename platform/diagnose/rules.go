package diagnose

// rules lists how the tools print each failure.
var rules = []rule{}
