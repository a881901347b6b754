package diagnose

// This file owns one family: a JVM tool, a package or the app's own check
// naming the Java or language version it needs (runtime-version-mismatch).

// jvmTooOld is a JVM tool or a package for it refusing the Java it runs
// on, whatever the tool: Gradle's variant check of a plugin ("Dependency
// requires at least JVM runtime version 17. This build uses a Java 11
// JVM", its older "declares a component compatible with Java 17 and the
// consumer needed ... Java 11"), Gradle's and the Android plugin's own
// launcher check ("requires JVM 17 or later to run", "requires Java 17 to
// run"), Maven Enforcer's RequireJavaVersion.
const jvmTooOld = `(?i)\brequires (at least )?(a )?(Java|JVM|JDK)( runtime)?( version)? \d+|\bThis build uses a Java \d+ JVM\b|Run this build using a Java \d+ or newer JVM|` +
	`\bIncompatible because this component declares (an API of )?a component,? compatible with Java \d+ and the consumer needed (a runtime of )?a component,? compatible with Java \d+|` +
	`\bDetected JDK [Vv]ersion:? \S+ .{0,100}\bis not in the allowed range\b|\bYour build is currently configured to use (Java|JVM) \d+|` +
	// Gradle finding no JDK of the toolchain's languageVersion
	`\b(No matching toolchains found for requested specification|Cannot find a Java installation on your machine matching this tasks requirements): \{languageVersion=\d+`

// versionNamed is a package, framework or the app's own check naming the
// language version it needs, in any tool's words: "requires Python 3.11",
// "This version of Django requires Python 3.10, but you're trying to
// install it on Python 3.9", "PHP 8.2 or newer is required".
const versionNamed = `(?i)\brequires (at least )?(Python|PHP|Ruby|Elixir|Erlang/OTP|OTP|\.NET|Deno|Bun|Perl|rustc|Rust)( version)? ?(>=? ?)?v?\d+(\.[\dx]+)*|` +
	`\b(Python|PHP|Ruby|Node(\.js)?|Elixir|Erlang/OTP|\.NET|Java|JDK|Deno|Bun|Perl|Rust|rustc) (version )?v?\d+(\.[\dx]+)*\+? or (newer|later|higher|above|greater) is required\b`

// versionNeededSpecs are the rules of a tool naming the version it needs.
var versionNeededSpecs = []ruleSpec{
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"requires", "this build uses a java", "newer jvm", "consumer needed", "allowed range", "currently configured to use", "no matching toolchains found", "cannot find a java installation"}, re: jvmTooOld},
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"requires", "is required"}, re: versionNamed},
}
