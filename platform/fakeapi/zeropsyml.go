package fakeapi

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// deployedSetup is what a build takes from its zerops.yml setup: the build
// log and the runtime's lines after the deploy follow it.
type deployedSetup = appsim.Setup

// zeropsYml is the part of zerops.yml the fake reads at a build.
type zeropsYml struct {
	Zerops []struct {
		Setup string `yaml:"setup"`
		Build struct {
			Base          any    `yaml:"base"`
			BuildCommands any    `yaml:"buildCommands"`
			DeployFiles   any    `yaml:"deployFiles"`
			Os            string `yaml:"os"`
			Prepare       any    `yaml:"prepareCommands"`
			ToRunPrep     any    `yaml:"addToRunPrepare"`
		} `yaml:"build"`
		Deploy struct {
			ReadinessCheck *readinessYml `yaml:"readinessCheck"`
		} `yaml:"deploy"`
		Run struct {
			Base         any            `yaml:"base"`
			Start        string         `yaml:"start"`
			StartCmds    any            `yaml:"startCommands"`
			DocRoot      string         `yaml:"documentRoot"`
			SiteConfig   string         `yaml:"siteConfigPath"`
			EnvVariables map[string]any `yaml:"envVariables"`
			Os           string         `yaml:"os"`
			Prepare      any            `yaml:"prepareCommands"`
			Init         any            `yaml:"initCommands"`
			Ports        []struct {
				Port        int  `yaml:"port"`
				HTTPSupport bool `yaml:"httpSupport"`
			} `yaml:"ports"`
		} `yaml:"run"`
	} `yaml:"zerops"`
}

// parseSetup reads setup from a build's zerops.yml (the only setup serves
// when setup is empty). It fails with the API's code: invalid YAML, a value
// of the wrong type, or no such setup.
func parseSetup(src, setup string) (d *deployedSetup, code, msg string) {
	defer func() {
		if recover() != nil {
			d, code, msg = nil, "zeropsYamlInvalidParameter", "zerops.yml does not parse"
		}
	}()
	var node yaml.Node
	if err := yaml.Unmarshal([]byte(src), &node); err != nil {
		return nil, "yamlValidationInvalidYaml", clip(err.Error(), 200)
	}
	var f zeropsYml
	if err := node.Decode(&f); err != nil {
		return nil, "zeropsYamlInvalidParameter", clip(strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n  "), 200)
	}
	for i, e := range f.Zerops {
		if e.Setup != setup && (setup != "" || len(f.Zerops) != 1) {
			continue
		}
		if merged, ok := withExtends(src, i); ok {
			var g zeropsYml
			if b, err := yaml.Marshal(map[string]any{"zerops": []any{merged}}); err == nil && yaml.Unmarshal(b, &g) == nil && len(g.Zerops) == 1 {
				e = g.Zerops[0]
			}
		}
		d = &deployedSetup{BuildBase: baseName(e.Build.Base), RunBase: baseName(e.Run.Base),
			Start: clip(e.Run.Start, 200), DocRoot: appsim.CleanRel(clip(e.Run.DocRoot, 200)),
			SiteConfig: appsim.CleanRel(strings.TrimPrefix(clip(e.Run.SiteConfig, 200), appsim.RunRoot+"/"))}
		d.BuildCommands = stringList(e.Build.BuildCommands, 10)
		d.StartCommands = startCommands(e.Run.StartCmds)
		d.BuildBases = stringList(e.Build.Base, 10)
		d.DeployFiles = stringList(e.Build.DeployFiles, 20)
		d.Prep = appsim.Prep{BuildOS: e.Build.Os, RunOS: e.Run.Os, BuildPrepare: stringList(e.Build.Prepare, 10),
			RunPrepare: stringList(e.Run.Prepare, 10), Init: stringList(e.Run.Init, 10), Ready: e.Deploy.ReadinessCheck.parse()}
		d.Prep.ToRunPrep = stringList(e.Build.ToRunPrep, 20)
		for k, v := range e.Run.EnvVariables {
			if len(d.EnvVariables) >= 100 {
				break
			}
			if d.EnvVariables == nil {
				d.EnvVariables = map[string]string{}
			}
			d.EnvVariables[clip(k, 60)] = clip(fmt.Sprint(v), 500)
		}
		for _, p := range e.Run.Ports {
			if p.Port < 10 || p.Port > 65435 {
				continue
			}
			d.Ports = append(d.Ports, appsim.Port{Port: p.Port, HTTP: p.HTTPSupport})
		}
		return d, "", ""
	}
	return nil, "zeropsYamlSetupNotFound", fmt.Sprintf("zerops.yml has no setup %q; a build needs its setup.", clip(setup, 40))
}

// withExtends is entry i of a zerops.yml merged with the setup it extends,
// ok false when it extends none the file has. The platform merges section by
// section: a build, deploy or run the entry lacks comes whole from the
// extended setup, and in one it has, each key it lacks does (a key it has,
// a list included, replaces the inherited one). One level is followed, as
// ZCP's validator reads it.
func withExtends(src string, i int) (map[string]any, bool) {
	var raw struct {
		Zerops []map[string]any `yaml:"zerops"`
	}
	if yaml.Unmarshal([]byte(src), &raw) != nil || i >= len(raw.Zerops) {
		return nil, false
	}
	child := raw.Zerops[i]
	name, _ := child["extends"].(string)
	if name == "" {
		return nil, false
	}
	var parent map[string]any
	for j, e := range raw.Zerops {
		if s, _ := e["setup"].(string); s == name && j != i {
			parent = e
			break
		}
	}
	if parent == nil {
		return nil, false
	}
	out := make(map[string]any, len(child))
	for k, v := range child {
		out[k] = v
	}
	for _, sec := range []string{"build", "deploy", "run"} {
		pv, has := parent[sec]
		if !has {
			continue
		}
		cv, own := child[sec]
		if !own || cv == nil {
			out[sec] = pv
			continue
		}
		pm, pok := pv.(map[string]any)
		cm, cok := cv.(map[string]any)
		if !pok || !cok {
			continue
		}
		m := make(map[string]any, len(pm)+len(cm))
		for k, v := range pm {
			m[k] = v
		}
		for k, v := range cm {
			m[k] = v
		}
		out[sec] = m
	}
	return out, true
}

// webServerPorts is what a runtime with its own web server (php-nginx,
// php-apache, nginx, static) serves when its setup declares no ports: HTTP on
// port 80. Other runtimes serve nothing they do not declare.
func webServerPorts(runBase string) []appsim.Port {
	if appsim.WebServer(appsim.RuntimeName(runBase)) {
		return []appsim.Port{{Port: 80, HTTP: true}}
	}
	return nil
}

// portsJSON is ports as the API shows them.
func portsJSON(ports []appsim.Port) []portJSON {
	out := make([]portJSON, 0, len(ports))
	for _, p := range ports {
		pj := portJSON{Protocol: "tcp", Port: p.Port, HTTPRouting: p.HTTP}
		if p.HTTP {
			pj.Scheme = "http"
		}
		out = append(out, pj)
	}
	return out
}

// baseFailure is the failure line of a build whose build.base or run.base
// names no ACTIVE version of the catalog (a runtime version for run.base,
// a build version too for build.base), "" when every base is known. The
// platform fails such a build before its commands run.
func (c *catalog) baseFailure(d *deployedSetup) string {
	for _, b := range d.BuildBases {
		if !c.knownBase(b, true) {
			return c.unknownBase("build.base", b, "build")
		}
	}
	if d.RunBase != "" && !c.knownBase(d.RunBase, false) {
		return c.unknownBase("run.base", d.RunBase, "runtime")
	}
	return ""
}

// knownBase reports whether base ("nodejs@22", "ubuntu/nodejs@22") is an
// ACTIVE catalog version; a build version counts only when build is set.
func (c *catalog) knownBase(base string, build bool) bool {
	t, err := platform.ParseServiceType(base)
	if err != nil || t.Mode != "" {
		return false
	}
	v := c.byVersion[t.VersionName()]
	return v != nil && v.Status == "ACTIVE" && (build || !v.IsBuild)
}

// unknownBase says which base the catalog lacks, with the versions its type has.
func (c *catalog) unknownBase(key, base, kind string) string {
	msg := fmt.Sprintf("ERROR: zerops.yml: %s %s is unknown: the service type catalog has no such %s version", key, clip(base, 60), kind)
	t, _ := platform.ParseServiceType(base)
	var have []string
	for _, st := range c.types {
		if st.Name != t.Name {
			continue
		}
		for _, v := range st.Versions {
			if v.Status == "ACTIVE" && (kind == "build" || !v.IsBuild) {
				have = append(have, v.Name)
			}
		}
	}
	if len(have) > 0 {
		msg += " (available: " + strings.Join(have, ", ") + ")"
	}
	return msg
}

// baseName is a build or run base, a name or a list of names.
func baseName(v any) string {
	switch b := v.(type) {
	case string:
		return clip(b, 60)
	case []any:
		names := make([]string, 0, len(b))
		for _, x := range b {
			names = append(names, fmt.Sprint(x))
		}
		return clip(strings.Join(names, " + "), 60)
	}
	return ""
}

// startCommands reads run.startCommands (a list of {command, name,
// workingDir}); what is not such a list reads as none.
func startCommands(v any) []appsim.StartCommand {
	list, _ := v.([]any)
	var out []appsim.StartCommand
	for _, e := range list[:min(len(list), 10)] {
		m, _ := e.(map[string]any)
		get := func(k string) string {
			s, _ := m[k].(string)
			return clip(s, 200)
		}
		if c := get("command"); strings.TrimSpace(c) != "" {
			out = append(out, appsim.StartCommand{Command: c, Name: get("name"), WorkingDir: get("workingDir")})
		}
	}
	return out
}

// stringList is a YAML value that is a string or a list of them, at most n.
func stringList(v any, n int) []string {
	var out []string
	switch x := v.(type) {
	case string:
		out = []string{clip(x, 200)}
	case []any:
		for _, e := range x[:min(len(x), n)] {
			out = append(out, clip(fmt.Sprint(e), 200))
		}
	}
	return out
}

// simPorts is ports as the simulator reads them.
func simPorts(ports []portJSON) []appsim.Port {
	out := make([]appsim.Port, 0, len(ports))
	for _, p := range ports {
		out = append(out, appsim.Port{Port: p.Port, HTTP: p.HTTPRouting})
	}
	return out
}
