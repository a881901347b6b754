package diagnose

import (
	"fmt"
	"strconv"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// classVersionRe reads the JVM refusing classes compiled for a newer Java:
// the class file version they have and the newest it loads.
var classVersionRe = lazyregexp.New(`class file version (\d+)\.\d+\), this version of the Java Runtime only recognizes class file versions up to (\d+)\.\d+`)

// classVersionFix fits d, a runtime version mismatch read from line, to the
// JVM refusing classes compiled for a newer Java than runs them: the two
// releases (class file version minus 44), and the base to set.
func (d *Diagnosis) classVersionFix(line string) {
	m := classVersionRe.FindStringSubmatch(line)
	if m == nil {
		return
	}
	built, _ := strconv.Atoi(m[1])
	runs, _ := strconv.Atoi(m[2])
	built, runs = built-44, runs-44
	d.Cause = fmt.Sprintf("The app's classes were compiled for Java %d, but the run container's Java is %d, which loads classes up to Java %d only.", built, runs, runs)
	d.Fix = fmt.Sprintf("Set `run.base` to java@%d, the Java the build compiled for (keep `build.base` and `run.base` on one version), or compile for Java %d (Gradle `targetCompatibility` or toolchain, Maven `maven.compiler.release`).", built, runs)
}
