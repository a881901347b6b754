package appsim

import (
	"encoding/json"
	"path"
	"strings"
)

// AngularOutput is where `ng build` writes the browser files of the one
// project in angular.json (src): outputPath's browser/ (or the object
// form's base and browser) for the application builder of Angular 17+,
// outputPath itself for the older browser builders; "" when it cannot tell
// (no angular.json, another builder, more than one project, a form it does
// not read). Analog's builder (@analogjs/platform) writes them where its
// vite plugin does, dist/analog/public, whatever outputPath says.
func AngularOutput(src string) string {
	var cfg struct {
		Projects map[string]struct {
			Architect struct {
				Build struct {
					Builder string `json:"builder"`
					Options struct {
						OutputPath json.RawMessage `json:"outputPath"`
					} `json:"options"`
				} `json:"build"`
			} `json:"architect"`
		} `json:"projects"`
	}
	if json.Unmarshal([]byte(src), &cfg) != nil || len(cfg.Projects) != 1 {
		return ""
	}
	for _, p := range cfg.Projects {
		b := p.Architect.Build
		if b.Builder == "@analogjs/platform:vite" {
			return "dist/analog/public"
		}
		var out string
		var obj struct{ Base, Browser *string }
		switch {
		case json.Unmarshal(b.Options.OutputPath, &out) == nil && out != "":
		case json.Unmarshal(b.Options.OutputPath, &obj) == nil && obj.Base != nil:
			out = *obj.Base
		default:
			return ""
		}
		switch _, kind, _ := strings.Cut(b.Builder, ":"); kind {
		case "application":
			browser := "browser"
			if obj.Browser != nil {
				browser = *obj.Browser
			}
			return path.Join(out, browser)
		case "browser", "browser-esbuild":
			return out
		}
	}
	return ""
}
