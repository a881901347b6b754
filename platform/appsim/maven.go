package appsim

import (
	"encoding/xml"
	"slices"
	"strings"
)

// Maven and its wrapper: the artifact a package phase makes in target/.

func mavenRecord() *tool {
	made := func(b *buildSim, words []string) bool { b.mavenOutputs(words[1:]); return true }
	return &tool{name: "maven", names: []string{"mvn", "mvnw"}, lang: "java", build: mavenBuild,
		outputs: []toolOutput{{cmd: " mvn ", made: made}, {cmd: " mvnw ", made: made}}}
}

// gradleRecord is Gradle and its wrapper: what they make, in build/.
func gradleRecord() *tool {
	return &tool{name: "gradle", names: []string{"gradle", "gradlew"}, lang: "java",
		outputs: []toolOutput{{cmd: " gradle ", out: "build"}, {cmd: " gradlew ", out: "build"}}}
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
