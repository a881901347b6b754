package diagnose

// This file owns the choice of a generic signal's evidence: the line that
// says why the command failed over the one that only says it did.

import "slices"

// tellingGeneric is a line of a generic signal that says why the command
// failed (a build lacking a toolchain, a test run's failures, a size
// budget), which the signal's fix then reads.
func tellingGeneric(line string) bool {
	return toolchainMissingRe.MatchString(line) || testsRanFailed(line) || budgetRe.MatchString(line)
}

// tellingOverBare makes f the evidence of got's diagnosis of the generic
// signal id where that evidence says only that something failed and f
// says why: npm prints "npm error code 1" above node-gyp's reason.
func tellingOverBare(got []found, id string, f found) {
	i := slices.IndexFunc(got, func(g found) bool { return g.sig != nil && g.sig.id == id })
	if i >= 0 && !got[i].retried && !tellingGeneric(got[i].bare) && tellingGeneric(f.bare) {
		got[i] = f
	}
}
