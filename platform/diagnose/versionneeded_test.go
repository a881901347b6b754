package diagnose

import "testing"

// A JVM tool, a package or the app's own check naming the Java or
// language version it needs is a runtime version mismatch, whatever the
// tool's words; metadata naming a version, or a resolver's failure alone,
// is not.
func TestClassify_VersionNeededIsARuntimeMismatch(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// The Java the build runs on is older than a plugin or the tool needs.
		{"GradlePluginVariantUnderCouldNotResolve", Build, []string{"> Could not resolve all files for configuration ':classpath'.",
			"   > Could not resolve com.acme.tools:ledger-gradle-plugin:4.1.0.",
			"      > Dependency requires at least JVM runtime version 21. This build uses a Java 17 JVM.", "BUILD FAILED in 6s"}, "runtime-version-mismatch", "build.base"},
		{"GradleOlderVariantWording", Build, []string{"> Could not resolve all artifacts for configuration ':classpath'.",
			"   > No matching variant of org.acme:brewer-plugin:2.0.3 was found.",
			"              - Incompatible because this component declares a component compatible with Java 17 and the consumer needed a component compatible with Java 11"}, "runtime-version-mismatch", ""},
		{"GradleLauncherCheck", Build, []string{"Gradle requires JVM 17 or later to run. Your build is currently configured to use JVM 11."}, "runtime-version-mismatch", ""},
		{"AndroidPluginCheck", Build, []string{"* What went wrong:", "An exception occurred applying plugin request [id: 'com.android.application']",
			"> Failed to apply plugin 'com.android.internal.application'.", "   > Android Gradle plugin requires Java 17 to run. You are currently using Java 11."}, "runtime-version-mismatch", ""},
		{"MavenEnforcer", Build, []string{"[ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed with message:",
			"[ERROR] Detected JDK version 11.0.24 (JAVA_HOME=/usr/lib/jvm/java-11) is not in the allowed range [17,).", "[INFO] BUILD FAILURE"}, "runtime-version-mismatch", ""},
		{"GradleToolchainNotFound", Build, []string{"> No matching toolchains found for requested specification: {languageVersion=21, vendor=any vendor, implementation=vendor-specific} for LINUX on x86_64.", "BUILD FAILED in 3s"}, "runtime-version-mismatch", ""},
		{"GradleOlderToolchainWording", Build, []string{"> Cannot find a Java installation on your machine matching this tasks requirements: {languageVersion=21, vendor=any, implementation=vendor-specific} for LINUX on x86_64.", "BUILD FAILED in 3s"}, "runtime-version-mismatch", ""},
		// Any package's or the app's own check naming the language version.
		{"SetupPyNamesPython", Build, []string{"This version of Quillpad requires Python 3.10, but you're trying to install it on Python 3.9.", "error: subprocess-exited-with-error"}, "runtime-version-mismatch", "build.base"},
		{"ProjectRequiresNewer", Build, []string{"ERROR: This project requires Python 3.11 or newer; found 3.9.18", "error: command failed"}, "runtime-version-mismatch", ""},
		{"PHPOrNewerIsRequired", Runtime, []string{"Error: PHP 8.2 or newer is required. You are running 8.1.27."}, "runtime-version-mismatch", ""},
		{"RubyAtLeast", Runtime, []string{"RuntimeError: tallybook requires at least Ruby 3.2; running 3.1.6"}, "runtime-version-mismatch", ""},
		{"RequiresPythonMetadataIsNothing", Build, []string{"Requires-Python: >=3.9", "Successfully installed quillpad-2.0.1"}, "", ""},
		{"CouldNotResolveAloneStaysDependency", Build, []string{"> Could not resolve all files for configuration ':compileClasspath'.",
			"   > Could not find com.acme:ledger-core:9.9.9."}, "dependency-not-found", ""},
	}
	runFamilyCases(t, tests)
}
