package appsim

import (
	"fmt"
	"path"
	"strings"
	"unicode"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Django's WSGI (or ASGI) application loads its settings module and
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
