package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// The JVM: `java -jar FILE`, and Spring Boot's embedded server (its
// config, SERVER_PORT, the command line). Maven: maven.go.

func javaRecord() *tool {
	return &tool{name: "java", names: []string{"java"}, lang: "java", run: javaTool, runBases: []string{"java"},
		missingEntry: func(file, _ string) []Line { return []Line{{3, "Error: Unable to access jarfile " + file}} },
		hostNotFound: func(host string) string { return "java.net.UnknownHostException: " + host },
		servers: map[string]ownAddr{"spring boot": {host: "0.0.0.0", port: 8080, portFlags: []string{"--server.port", "-Dserver.port"},
			portVars: []string{"SERVER_PORT"}, hostFlags: []string{"--server.address", "-Dserver.address"}, hostVars: []string{"SERVER_ADDRESS"},
			banner: "Tomcat started on port %[2]d (http) with context path '/'"}}}
}

var (
	springPropRe    = lazyregexp.New(`(?m)^\s*server\.port\s*[=:]\s*(.+?)\s*$`)
	springYmlRe     = lazyregexp.New(`(?m)^server:[ \t]*\n(?:[ \t]+.*\n)*?[ \t]+port:[ \t]*(\S+)`)
	springAddrRe    = lazyregexp.New(`(?m)^\s*server\.address\s*[=:]\s*(.+?)\s*$`)
	springYmlAddrRe = lazyregexp.New(`(?m)^server:[ \t]*\n(?:[ \t]+.*\n)*?[ \t]+address:[ \t]*(\S+)`)
	placeholder     = lazyregexp.New(`^\$\{(\w+)(?::([^}]*))?\}$`)
)

// springBoot judges a jar c of a Spring Boot app (the build file names it):
// 8080 unless server.port (its config: in the directory it starts in, then
// the packaged one), SERVER_PORT or the command line say otherwise.
func (r *runSim) springBoot(c startCmd, args []string, env map[string]string) startCmd {
	if c.crash != nil || c.listen != nil || r.files == nil || !r.mentions("spring-boot", "pom.xml") && !r.mentions("org.springframework.boot", "build.gradle", "build.gradle.kts") {
		return c
	}
	s := ownAddrs["spring boot"]
	base := Addr{s.host, s.port}
	portSet, hostSet := false, false // the first config setting each wins
	for _, name := range []string{"config/application.properties", "config/application.yml", "application.properties", "application.yml",
		"src/main/resources/application.properties", "src/main/resources/application.yml", "src/main/resources/application.yaml"} {
		src, ok := r.files.Read(name) // packaged: in the sources
		if !strings.HasPrefix(name, "src/") {
			src, ok = r.deployedText(r.path(name)) // beside the app, where it starts
		}
		if !ok {
			continue
		}
		if h := springValue(src, springAddrRe, springYmlAddrRe, env); h != "" && !hostSet {
			if strings.ContainsAny(h, "${}") {
				return c // not read here: not judged
			}
			base.host, hostSet = h, true
		}
		v := springValue(src, springPropRe, springYmlRe, env)
		if v == "" || portSet {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return c // not read here: not judged
		}
		base.port, portSet = n, true
	}
	return s.at("java", s.listen(args, env, base))
}

// springValue is the property a config sets (properties, else YAML), its
// ${VAR:default} placeholder read; "" when it sets none.
func springValue(src string, prop, yml *lazyregexp.Regexp, env map[string]string) string {
	m := prop.FindStringSubmatch(src)
	if m == nil {
		m = yml.FindStringSubmatch(src)
	}
	if m == nil {
		return ""
	}
	v := strings.Trim(m[1], `"'`)
	if pm := placeholder.FindStringSubmatch(v); pm != nil {
		v = orStr(env[pm[1]], pm[2])
	}
	return v
}

// mentions reports whether one of the uploaded files names contains word.
func (r *runSim) mentions(word string, names ...string) bool {
	for _, n := range names {
		if src, ok := r.files.Read(n); ok && strings.Contains(src, word) {
			return true
		}
	}
	return false
}

// javaTool runs a jar (a Spring Boot one listens as its record says; a
// Quarkus launcher needs its folders beside it).
func javaTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if jar := valueAfter(args, "-jar"); jar != "" {
		return r.springBoot(r.quarkusRun(r.entry("java", jar, args, env), jar), args, env), true
	}
	return startCmd{lang: "java"}, true
}

// quarkusEntry is the main class of Quarkus's launcher jar, which lives in
// lib/boot/ beside it, not in the jar.
const quarkusEntry = "io.quarkus.bootstrap.runner.QuarkusEntryPoint"

// quarkusRun judges c, a start of jar, when jar is Quarkus's fast-jar
// launcher (quarkus-run.jar): the jar holds only a manifest, and the app
// is loaded from lib/ (the launcher's own classes in lib/boot, the
// dependencies), quarkus/ (quarkus-application.dat) and app/ beside it.
// Without lib/ the JVM cannot load the main class; without quarkus/ the
// launcher cannot read the application's description. A missing app/ is
// not judged (unread: what fails then is in the app).
func (r *runSim) quarkusRun(c startCmd, jar string) startCmd {
	if c.crash != nil || r.files == nil || path.Base(jar) != "quarkus-run.jar" {
		return c
	}
	dir := path.Dir(r.path(jar))
	there := func(f string) bool {
		rel := CleanRel(path.Join(dir, f))
		return r.deployed(rel) != "" || r.producedAt(rel)
	}
	switch {
	case !there("lib"):
		c.crash = []Line{{3, "Error: Could not find or load main class " + quarkusEntry}, {3, "Caused by: java.lang.ClassNotFoundException: " + quarkusEntry}}
	case !there("quarkus"):
		c.crash = []Line{{3, "Exception in thread \"main\" java.nio.file.NoSuchFileException: " + path.Join(RunRoot, dir, "quarkus/quarkus-application.dat")}}
	case !there("app"):
		r.unsure = append(r.unsure, fmt.Sprintf("whether the Quarkus app starts without %s, which the deploy leaves out beside quarkus-run.jar (deploy the whole folder)",
			path.Join(RunRoot, dir, "app")))
	}
	return c
}
