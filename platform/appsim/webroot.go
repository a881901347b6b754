package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// WebRoot is what a web-server runtime (static, nginx, php-nginx,
// php-apache) serves: the files the deploy put under its document root
// (run.documentRoot, default /var/www), and what the build may have made
// there.
type WebRoot struct {
	root  string          // relative to /var/www
	files map[string]bool // uploaded paths deployed under root, relative to it
	made  *runSim         // its producedAt: what the build may have made (files unread)
	sure  *runSim         // what a build command the sandbox follows made (made without the commands it does not)
	by    string          // the first build command the sandbox does not follow ("": none ran)
	// fallback is the file every other path ends at when the root holds
	// it: static's /index.html (SPA-ready), PHP's /index.php (a front
	// controller); "" for nginx.
	fallback string
	php      bool
	Fatal    []Line // PHP's lines for a request its front controller cannot run (simdeps.go); nil: it runs
	// rootFatal is what the app logs answering GET / alone (laravelvite.go).
	rootFatal []Line
	// rootNote is what an answer under root leaves unchecked: the static
	// runtime's docs describe no run.documentRoot (nginx's and PHP's do),
	// so whether static serves the folder it names is not known here.
	rootNote string
}

// maxWebFiles bounds the deployed paths a web root keeps.
const maxWebFiles = 20000

// WebRoot reads the document root of r's setup from the deployed files.
func (r *runSim) WebRoot() *WebRoot {
	if r.files == nil {
		return nil
	}
	w := &WebRoot{root: r.siteRoot(), files: map[string]bool{},
		made: &runSim{d: r.d, produced: r.produced, unknown: r.unknown}, sure: &runSim{d: r.d, produced: r.produced}}
	if r.unknown {
		w.by = orStr(r.unknownBy, "?")
	}
	switch {
	case r.base == "static":
		w.fallback = "index.html"
		if w.root != "" {
			w.rootNote = "whether the static runtime serves run.documentRoot `" + clip(r.d.DocRoot, 60) + "`: the docs give documentRoot to nginx and PHP, and for static " +
				"they deploy the output folder's contents (`" + clip(strings.TrimSuffix(w.root, "/"), 60) + "/~` in build.deployFiles) instead"
		}
	case strings.HasPrefix(r.base, "php"):
		w.fallback, w.php = "index.php", true
		w.Fatal = r.phpRequireMissing(path.Join(w.root, "index.php"))
		w.rootFatal = r.laravelViteFatal()
	}
	for src := range r.files.paths {
		if len(w.files) >= maxWebFiles {
			break
		}
		for _, dest := range deployedAt(r.d.DeployFiles, src) {
			if rel, ok := underRoot(w.root, dest); ok && r.files.Has(src) {
				w.files[rel] = true
			}
		}
	}
	return w
}

// siteRootRe is the root directive of an nginx or the DocumentRoot of an
// Apache site config.
var siteRootRe = lazyregexp.New(`(?m)^\s*(?:root|DocumentRoot)\s+"?([^;"\s]+)"?\s*;?\s*$`)

// siteRoot is the directory the web server serves, relative to /var/www:
// the root a deployed run.siteConfigPath names (the Laravel recipes'
// `root /var/www/public;`), else run.documentRoot.
func (r *runSim) siteRoot() string {
	if r.d.SiteConfig == "" {
		return r.d.DocRoot
	}
	conf, ok := r.deployedText(CleanRel(r.d.SiteConfig))
	if !ok {
		return r.d.DocRoot
	}
	m := siteRootRe.FindStringSubmatch(conf)
	if m == nil {
		return r.d.DocRoot
	}
	if m[1] == RunRoot || m[1] == RunRoot+"/" {
		return ""
	}
	if rel, ok := strings.CutPrefix(m[1], RunRoot+"/"); ok && !strings.Contains(rel, "{{") {
		return CleanRel(rel)
	}
	return r.d.DocRoot // a template value or a root outside /var/www: documentRoot's
}

// siteListenRe is a listen directive of an nginx (`listen 80;`,
// `listen [::]:80;`, `listen 127.0.0.1:8080;`) or Apache (`Listen 80`) site
// config.
var siteListenRe = lazyregexp.New(`(?mi)^\s*listen\s+([^;\s]+)`)

// siteListenOff80 names a deployed run.siteConfigPath whose web server
// listens, but not on port 80 of every address, where the platform reaches
// php-nginx and php-apache; none when it does or says nothing of it.
func (r *runSim) siteListenOff80() []string {
	if r.d.SiteConfig == "" {
		return nil
	}
	conf, ok := r.deployedText(CleanRel(r.d.SiteConfig))
	if !ok {
		return nil
	}
	var listens []string
	for _, m := range siteListenRe.FindAllStringSubmatch(conf, -1) {
		v := m[1]
		if v == "80" || strings.HasSuffix(v, "]:80") || v == "*:80" || v == "0.0.0.0:80" || strings.Contains(v, "{{") {
			return nil
		}
		listens = append(listens, "`listen "+v+"`")
	}
	if len(listens) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("whether the web server answers on port 80, where the platform reaches it: %s listens only at %s (not port 80 of every address), so that web server may get no traffic",
		r.d.SiteConfig, strings.Join(listens, ", "))}
}

// deployedAt is where in /var/www the deploy puts the source path src.
func deployedAt(deployFiles []string, src string) []string {
	if len(deployFiles) == 0 {
		return []string{src}
	}
	var out []string
	for _, df := range deployFiles {
		e := parseDeployEntry(df)
		if at, ok := e.wildLanding(src); ok {
			out = append(out, at)
			continue
		}
		if !e.covers(src) {
			continue
		}
		switch {
		case e.strip == "":
			out = append(out, src)
		case src != e.strip:
			out = append(out, strings.TrimPrefix(src, e.strip+"/"))
		}
	}
	return out
}

// underRoot is p relative to root, false when p lies outside it.
func underRoot(root, p string) (string, bool) {
	if root == "" {
		return p, p != ""
	}
	rel, ok := strings.CutPrefix(p, root+"/")
	return rel, ok
}

// has reports whether the root holds rel: deployed, or maybe made by the build.
func (w *WebRoot) has(rel string) bool {
	return w.files[rel] || w.made.producedAt(CleanRel(path.Join(w.root, rel)))
}

// known reports whether the root surely holds rel: uploaded, or made by a
// build command the sandbox follows.
func (w *WebRoot) known(rel string) bool {
	return w.files[rel] || w.sure.producedAt(CleanRel(path.Join(w.root, rel)))
}

// Serves reports whether GET p answers (else 404).
func (w *WebRoot) Serves(p string) bool {
	ok, _ := w.Answer(p)
	return ok
}

// Answer reports whether GET p answers (else 404), and, when it answers
// only with a file that a build command the sandbox does not follow may
// have made, what was not checked.
func (w *WebRoot) Answer(p string) (bool, string) {
	p, _, _ = strings.Cut(p, "?")
	rel := CleanRel(p)
	var files []string // what the server answers p with, in order
	if rel == "" || strings.HasSuffix(p, "/") {
		files = append(files, path.Join(rel, "index.html"))
		if w.php {
			files = append(files, path.Join(rel, "index.php"))
		}
	} else {
		files = append(files, rel)
	}
	if w.fallback != "" {
		files = append(files, w.fallback)
	}
	for _, f := range files {
		if w.known(f) {
			return true, w.rootNote
		}
	}
	var maybe []string
	for _, f := range files {
		if at := path.Join(RunRoot, w.root, f); w.has(f) && !slices.Contains(maybe, at) {
			maybe = append(maybe, at)
		}
	}
	if len(maybe) == 0 {
		return false, ""
	}
	if w.rootNote != "" {
		return true, w.rootNote
	}
	return true, fmt.Sprintf("whether the build makes %s, which the web server answers GET %s with: no uploaded file is there, and the build command `%s`, which the sandbox does not follow, may make it",
		strings.Join(maybe, " or "), clip(p, 80), clip(w.by, 80))
}

// RunsPHP reports whether GET p reaches PHP: any path but a deployed file
// that is no PHP script.
func (w *WebRoot) RunsPHP(p string) bool {
	p, _, _ = strings.Cut(p, "?")
	rel := CleanRel(p)
	return rel == "" || strings.HasSuffix(rel, ".php") || !w.files[rel]
}

// FatalAt is what PHP logs answering GET p with a 500; nil when it answers.
func (w *WebRoot) FatalAt(p string) []Line {
	if w == nil || !w.php || !w.RunsPHP(p) {
		return nil
	}
	if w.Fatal != nil {
		return w.Fatal
	}
	if q, _, _ := strings.Cut(p, "?"); CleanRel(q) == "" {
		return w.rootFatal
	}
	return nil
}

// CheckNote is what the sandbox cannot tell of an HTTP check (asks: the
// check and when it asks, as "run.healthCheck asks while it runs") that
// GETs p on the web server's port: where the path reaches PHP (a .php file,
// or index.php, to which php-nginx's default `try_files` and the recipes'
// .htaccess hand every path no file answers), whether the code answers 2xx
// there, as for any app whose routes are in its code; where no file
// answers it, that the server answers 404 there. "" where a deployed file
// answers it.
func (w *WebRoot) CheckNote(p, asks string) string {
	if w == nil {
		return ""
	}
	serves, _ := w.Answer(p)
	switch {
	case !serves:
		return fmt.Sprintf("whether the check passes that %s: the web server answers GET %s with 404 (no file there under %s, and none it falls back to), so on the platform the check fails",
			asks, clip(p, 80), path.Join(RunRoot, w.root))
	case w.php && w.RunsPHP(p) && strings.Trim(p, "/") != "": // the root is the page the sandbox judges
		return fmt.Sprintf("whether the app answers 2xx at %s on port 80, which %s (the web server hands the path to PHP, and the sandbox does not read the app's routes)",
			clip(p, 80), asks)
	}
	return ""
}

// webCheckNotes are what run's web server leaves unchecked of d's HTTP
// checks on its port (CheckNote); none for a runtime that is no web
// server, whose checks Run judges by the app's routes.
func webCheckNotes(d *Setup, run RunResult) []string {
	if !run.WebServer {
		return nil
	}
	var out []string
	ready, health := d.Prep.Ready, d.Prep.Health
	if ready != nil && health != nil && ready.Port == 80 && health.Port == 80 && ready.Path == health.Path {
		// One path asked by both: said once (walk 82).
		out = append(out, run.Web.CheckNote(ready.Path, "deploy.readinessCheck asks before the new version gets traffic and run.healthCheck while it runs"))
		return slices.DeleteFunc(out, func(s string) bool { return s == "" })
	}
	if c := ready; c != nil && c.Port == 80 {
		out = append(out, run.Web.CheckNote(c.Path, "deploy.readinessCheck asks before the new version gets traffic"))
	}
	if c := health; c != nil && c.Port == 80 {
		out = append(out, run.Web.CheckNote(c.Path, "run.healthCheck asks while it runs"))
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}
