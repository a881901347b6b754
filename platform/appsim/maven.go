package appsim

import (
	"encoding/xml"
	"path"
	"slices"
	"strings"
)

// Maven and its wrapper: the artifact a package phase makes in target/.

func mavenRecord() *tool {
	made := func(b *buildSim, words []string) bool { b.mavenOutputs(words[1:]); return true }
	return &tool{name: "maven", names: []string{"mvn", "mvnw"}, lang: "java", build: mavenBuild,
		outputs: []toolOutput{{cmd: " mvn ", made: made}, {cmd: " mvnw ", made: made}}}
}

// gradleRecord is Gradle and its wrapper: what they make, in build/; the
// wrapper's jar it runs.
func gradleRecord() *tool {
	return &tool{name: "gradle", names: []string{"gradle", "gradlew"}, lang: "java", build: gradleBuild,
		outputs: []toolOutput{{cmd: " gradle ", out: "build"}, {cmd: " gradlew ", out: "build"}}}
}

// GradleWrapperJar is where the wrapper script gradlew finds the jar it
// runs, beside it.
const GradleWrapperJar = "gradle/wrapper/gradle-wrapper.jar"

// gradleBuild: the wrapper script (./gradlew, a path to it) runs the JVM on
// gradle/wrapper/gradle-wrapper.jar beside it; where the upload has the
// script but not that jar (a .gitignore'd *.jar) and no command before may
// have made it, the JVM cannot load the wrapper's main class: its two
// lines, exit status 1.
func gradleBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if name == "gradlew" {
		if code := b.gradleWrapper(b.argv0); code != 0 {
			return code, false, true
		}
	}
	if slices.Contains(args, "wrapper") { // the wrapper task writes the wrapper
		for _, p := range []string{"gradlew", "gradlew.bat", GradleWrapperJar, "gradle/wrapper/gradle-wrapper.properties"} {
			b.produce(p)
		}
	}
	return 0, false, false
}

// gradleWrapper judges the wrapper script run as script (as written).
func (b *buildSim) gradleWrapper(script string) int {
	if b.files == nil || b.mayHaveMade() || !strings.Contains(script, "/") {
		return 0
	}
	rel := b.rel(script)
	if !b.files.Has(rel) {
		return 0 // not uploaded: the shell's own words, not judged here
	}
	jar := path.Join(path.Dir(rel), GradleWrapperJar)
	if b.exists(jar) {
		return 0
	}
	b.err("Error: Could not find or load main class org.gradle.wrapper.GradleWrapperMain")
	b.err("Caused by: java.lang.ClassNotFoundException: org.gradle.wrapper.GradleWrapperMain")
	return 1
}

// mavenPOM is what the sandbox reads of a pom.xml: what names the
// artifact, and the plugins that may add to target/.
type mavenPOM struct {
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Packaging  string `xml:"packaging"`
	Parent     struct {
		Version string `xml:"version"`
	} `xml:"parent"`
	Modules []string `xml:"modules>module"`
	Build   struct {
		FinalName string   `xml:"finalName"`
		Plugins   []string `xml:"plugins>plugin>artifactId"`
	} `xml:"build"`
}

// mavenPlugins are plugins that add nothing to target/ but the artifact
// and its classes.
var mavenPlugins = []string{"spring-boot-maven-plugin", "maven-compiler-plugin", "maven-surefire-plugin",
	"maven-resources-plugin", "maven-failsafe-plugin"}

// mavenBuild is mvn and its wrapper: what they make, mavenOutputs.
func mavenBuild(*buildSim, string, []string, int) (int, bool, bool) { return 0, false, false }

// mavenOutputs records what mvn (args: its phases and options) makes in
// target/: for a package phase of a pom.xml read here, the artifact
// artifactId-version.jar (or build.finalName; .war for war packaging),
// Spring Boot's .original beside it, and the classes; else anything in
// target/.
func (b *buildSim) mavenOutputs(args []string) {
	b.produce("target")
	if valueAfter(args, "-f", "--file") != "" || !slices.ContainsFunc(args, func(a string) bool {
		return a == "package" || a == "install" || a == "verify" || a == "deploy"
	}) {
		return
	}
	src, ok := b.readFile("pom.xml")
	var pom mavenPOM
	if !ok || xml.Unmarshal([]byte(src), &pom) != nil || len(pom.Modules) > 0 {
		return
	}
	for _, p := range pom.Build.Plugins {
		if !slices.Contains(mavenPlugins, p) {
			return
		}
	}
	name := pom.Build.FinalName
	if name == "" {
		name = pom.ArtifactID + "-" + orStr(pom.Version, pom.Parent.Version)
	}
	ext := orStr(pom.Packaging, "jar")
	if pom.ArtifactID == "" || strings.ContainsAny(name, "${}") || (ext != "jar" && ext != "war") {
		return
	}
	delete(b.produced, b.rel("target"))
	for _, p := range []string{name + "." + ext, name + "." + ext + ".original", "classes", "test-classes",
		"generated-sources", "maven-archiver", "maven-status", "surefire-reports"} {
		b.produce("target/" + p)
	}
}
