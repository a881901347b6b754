package diagnose

import (
	"testing"
)

// The families' rules match no line of any held-apart set's healthy logs,
// whatever else the classifier makes of the line.
func TestClassify_JVMPkgScriptHealthyClean(t *testing.T) {
	t.Parallel()
	rs := buildRules(jvmPkgScriptSpecs)
	for _, file := range heldOutFiles {
		for _, l := range readHeldOut(t, file) {
			if l.expect != "healthy" {
				continue
			}
			for n, ln := range l.lines {
				line := stripStamp(stripANSI(ln))
				for i := range rs {
					if rs[i].matches(line) && (rs[i].near == nil || rs[i].near(l.lines, n, line)) {
						t.Errorf("%s: healthy %s: line %q matches %s", file, l.name, ln, jvmPkgScriptSpecs[i].re)
					}
				}
			}
		}
	}
}
