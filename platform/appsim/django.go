package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

func djangoRecord() *tool {
	return &tool{name: "django", names: []string{"django-admin"}, lang: "python", serverStart: (*runSim).djangoServer, servers: map[string]ownAddr{
		"django runserver": {lang: "python", host: "127.0.0.1", port: 8000,
			banner: "Starting development server at http://%s:%d/\nQuit the server with CONTROL-C."}}}
}

// Django: manage.py's (or django-admin's) runserver and its address;
// its WSGI (or ASGI) application loads its settings module and
// imports every app INSTALLED_APPS names as it starts; ROOT_URLCONF it
// imports at the first request.
var (
	djangoAppRe      = lazyregexp.New(`\bget_(?:wsgi|asgi)_application\(`)
	djangoSettingsRe = lazyregexp.New(`DJANGO_SETTINGS_MODULE['"]\s*,\s*['"]([\w.]+)['"]`)
	installedAppsRe  = lazyregexp.New(`(?s)\bINSTALLED_APPS\s*=\s*[\[(](.*?)[\])]`)
	pyStringRe       = lazyregexp.New(`['"]([\w.]+)['"]`)
	rootURLConfRe    = lazyregexp.New(`(?m)^ROOT_URLCONF\s*=\s*['"]([\w.]+)['"]`)
)

// djangoApp judges the Django application module rel (imported from root)
// a server loads: a settings module or an installed app of the project's
// own the deploy lacks fails the start as Python reports it; a missing
// ROOT_URLCONF is noted in r.atRequest (the app starts, its requests fail).
func (r *runSim) djangoApp(root, rel string, env map[string]string) (startCmd, bool) {
	src, ok := r.deployedText(rel)
	loc := djangoAppRe.FindStringIndex(src)
	if !ok || loc == nil {
		return startCmd{}, false
	}
	settings := env["DJANGO_SETTINGS_MODULE"]
	if m := djangoSettingsRe.FindStringSubmatch(src); settings == "" && m != nil {
		settings = m[1]
	}
	if settings == "" {
		return startCmd{}, false
	}
	w := r.pyWalker(root, rel)
	line := strings.Count(src[:loc[0]], "\n") + 1
	frames := []pyFrame{{path.Join(RunRoot, rel), line, strings.TrimSpace(strings.Split(src, "\n")[line-1])}}
	if c, failed := w.imports(settings, frames); failed {
		return c, true
	}
	conf, ok := r.deployedText(path.Join(root, strings.ReplaceAll(settings, ".", "/")+".py"))
	if !ok {
		return startCmd{}, false
	}
	if m := installedAppsRe.FindStringSubmatch(conf); m != nil {
		for _, s := range pyStringRe.FindAllStringSubmatch(m[1], -1) {
			if c, failed := w.imports(appModule(s[1]), frames); failed {
				return c, true
			}
		}
	}
	if m := rootURLConfRe.FindStringSubmatch(conf); m != nil {
		if c, failed := r.pyWalker(root, rel).imports(m[1], nil); failed {
			r.atRequest = append(r.atRequest, fmt.Sprintf("what the app answers: Django imports ROOT_URLCONF at the first request, "+
				"and it fails (%s): every request would answer 500", c.crash[len(c.crash)-1].Msg))
		}
	}
	return startCmd{}, false
}

// appModule is the module an INSTALLED_APPS entry makes Django import: the
// entry, or the module of an AppConfig class it names.
func appModule(entry string) string {
	i := strings.LastIndex(entry, ".")
	if i >= 0 && i+1 < len(entry) && unicode.IsUpper(rune(entry[i+1])) {
		return entry[:i]
	}
	return entry
}

// djangoServer is manage.py's (or django-admin's) runserver: its
// ADDR:PORT past any option, -6 for localhost over IPv6.
func (r *runSim) djangoServer(name string, args []string, env map[string]string) (startCmd, bool) {
	words := nonFlags(args)
	if name == "django-admin" {
		words = append([]string{""}, words...)
	}
	if len(words) < 2 || words[1] != "runserver" || (name != "django-admin" && path.Base(words[0]) != "manage.py") {
		return startCmd{}, false
	}
	if words[0] != "" {
		if c := r.entry("python", words[0], nil, env); c.crash != nil {
			return c, true
		}
	}
	s := ownAddrs["django runserver"]
	l := Addr{s.host, s.port}
	if slices.Contains(args, "-6") || slices.Contains(args, "--ipv6") {
		l.host = "::1"
	}
	for _, w := range words[2:] { // ADDR:PORT, past the value of an option such as --settings
		if a := addrPort(w, l); a.port != 0 {
			l = a
			break
		}
	}
	return s.at(s.lang, &Addr{normHost(l.host), l.port}), true
}
