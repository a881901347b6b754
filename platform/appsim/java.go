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
		return r.classVersion(r.springBoot(r.quarkusRun(r.entry("java", jar, args, env), jar), args, env)), true
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

var (
	// javaTargetRes find the Java release a build file compiles for: Gradle's
	// source/targetCompatibility, toolchain, release; Maven's release,
	// target, Spring Boot's java.version.
	javaTargetRes = []*lazyregexp.Regexp{
		lazyregexp.New(`(?m)\btargetCompatibility\s*=\s*(?:JavaVersion\.(?:VERSION_(?:1_)?|toVersion\(\s*["']?)|["'])?(\d+)`),
		lazyregexp.New(`(?m)\bJavaLanguageVersion\.of\(\s*(\d+)\s*\)`),
		lazyregexp.New(`(?m)\bjvmToolchain\(\s*(\d+)\s*\)`),
		lazyregexp.New(`(?m)\brelease(?:\.set\(|\s*=)\s*(\d+)`),
		lazyregexp.New(`(?m)\bsourceCompatibility\s*=\s*(?:JavaVersion\.(?:VERSION_(?:1_)?|toVersion\(\s*["']?)|["'])?(\d+)`),
		lazyregexp.New(`<maven\.compiler\.release>\s*(\d+)\s*<`),
		lazyregexp.New(`<release>\s*(\d+)\s*</release>`),
		lazyregexp.New(`<maven\.compiler\.target>\s*(?:1\.)?(\d+)\s*<`),
		lazyregexp.New(`<java\.version>\s*(?:1\.)?(\d+)\s*<`),
	}
	javaMainRes = []*lazyregexp.Regexp{
		lazyregexp.New(`\bmainClass(?:Name)?(?:\.set\(|\s*=)\s*["']([\w.$]+)["']`),
		lazyregexp.New(`<(?:mainClass|start-class)>\s*([\w.$]+)\s*<`),
	}
	javaPackageRe = lazyregexp.New(`(?m)^\s*package\s+([\w.]+)`)
	javaMainRe    = lazyregexp.New(`\bstatic\s+void\s+main\s*\(`)
)

// javaBuildFiles are the build files a JVM project's release and main
// class are read from.
var javaBuildFiles = []string{"build.gradle", "build.gradle.kts", "pom.xml"}

// classVersion judges c, a jar the app starts, against the run base's
// Java: classes compiled for a newer release than it (the build file's
// target, else the build base's JDK, which javac targets by default) do
// not load, and the JVM stops before the app runs. Not judged where a
// version or the main class is not read.
func (r *runSim) classVersion(c startCmd) startCmd {
	if c.crash != nil || r.files == nil {
		return c
	}
	run, ok := javaRelease(r.baseFull)
	if !ok {
		return c
	}
	target, ok := 0, false
	for _, b := range r.d.BuildBases {
		if RuntimeName(b) == "java" {
			target, ok = javaRelease(b)
			break
		}
	}
	for _, name := range javaBuildFiles {
		src, read := r.files.Read(name)
		if !read {
			continue
		}
		// Maven targets its compiler plugin's default, not the JDK's,
		// unless the pom names a release (Spring Boot's parent: 17).
		ok = ok && name != "pom.xml"
		if name == "pom.xml" && strings.Contains(src, "spring-boot-starter-parent") {
			target, ok = 17, true
		}
		for _, re := range javaTargetRes {
			if m := re.FindStringSubmatch(src); m != nil {
				target, _ = strconv.Atoi(m[1])
				ok = true
				break
			}
		}
		break
	}
	main := r.javaMainClass()
	if !ok || target <= run || main == "" {
		return c
	}
	msg := fmt.Sprintf("java.lang.UnsupportedClassVersionError: %s has been compiled by a more recent version of the Java Runtime (class file version %d.0), this version of the Java Runtime only recognizes class file versions up to %d.0",
		strings.ReplaceAll(main, ".", "/"), target+44, run+44)
	c.listen, c.banner, c.exit = nil, "", 1
	if r.mentions("spring-boot", "pom.xml") || r.mentions("org.springframework.boot", "build.gradle", "build.gradle.kts") {
		c.crash = []Line{{3, `Exception in thread "main" ` + msg}, {3, "\tat java.base/java.lang.ClassLoader.defineClass1(Native Method)"}}
		return c
	}
	c.crash = []Line{{3, "Error: LinkageError occurred while loading main class " + main}, {3, "\t" + msg}}
	return c
}

// javaRelease is the Java release of a base (java@21: 21); false when it
// names none.
func javaRelease(base string) (int, bool) {
	_, v, ok := strings.Cut(base, "@")
	if !ok || RuntimeName(base) != "java" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// javaMainClass is the class the jar starts: the build file's main class,
// else the one source file under src/main/java with a main method; "" when
// neither is read.
func (r *runSim) javaMainClass() string {
	for _, name := range javaBuildFiles {
		src, _ := r.files.Read(name)
		for _, re := range javaMainRes {
			if m := re.FindStringSubmatch(src); m != nil {
				return m[1]
			}
		}
	}
	found := ""
	for p := range r.files.paths {
		if !strings.HasPrefix(p, "src/main/java/") || !strings.HasSuffix(p, ".java") {
			continue
		}
		src, ok := r.files.Read(p)
		if !ok || !javaMainRe.MatchString(src) {
			continue
		}
		if found != "" {
			return "" // more than one: which the jar starts is in its manifest
		}
		found = strings.TrimSuffix(path.Base(p), ".java")
		if m := javaPackageRe.FindStringSubmatch(src); m != nil {
			found = m[1] + "." + found
		}
	}
	return found
}
