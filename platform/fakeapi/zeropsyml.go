package fakeapi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// deployedSetup is what a build takes from its zerops.yml setup: the build
// log and the runtime's lines after the deploy follow it.
type deployedSetup = appsim.Setup

// parseSetup reads setup from a build's zerops.yml (the only setup serves
// when setup is empty), extends resolved. It fails with the API's code:
// invalid YAML, a value of the wrong kind, or no such setup.
func parseSetup(src, setup string) (d *deployedSetup, code, msg string) {
	f, err := zeropsyml.Parse([]byte(src))
	var syntax *zeropsyml.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return nil, "yamlValidationInvalidYaml", clip(err.Error(), 200)
	case err != nil:
		return nil, "zeropsYamlInvalidParameter", clip(err.Error(), 200)
	case f.List:
		return nil, "zeropsYamlInvalidParameter", "line 1: the document is a list: the setups belong under the top-level key zerops"
	case len(f.Problems) > 0:
		return nil, "zeropsYamlInvalidParameter", clip(f.Problems[0].Error(), 200)
	}
	for _, s := range f.Setups {
		if s.Name != setup && (setup != "" || len(f.Setups) != 1) {
			continue
		}
		return deployed(f.Resolve(s)), "", ""
	}
	return nil, "zeropsYamlSetupNotFound", fmt.Sprintf("zerops.yml has no setup %q; a build needs its setup.", clip(setup, 40))
}

// deployed is what a build takes from setup s. Its commands, lists and
// values are kept whole (the request body bounds them): the simulator
// judges what it reads, and a list or command cut short is judged as
// written cut (an 11th install never run, `npm run build` run as `npm
// run bu…`).
func deployed(s *zeropsyml.Setup) *deployedSetup {
	b, dp, r := s.Build, s.Deploy, s.Run
	if b == nil {
		b = &zeropsyml.Build{}
	}
	if dp == nil {
		dp = &zeropsyml.Deploy{}
	}
	if r == nil {
		r = &zeropsyml.Run{}
	}
	d := &deployedSetup{BuildBase: baseName(b.Base, b.BaseList), RunBase: clip(r.Base, 60),
		Start: r.Start, DocRoot: appsim.CleanRel(r.DocumentRoot),
		SiteConfig: appsim.CleanRel(strings.TrimPrefix(r.SiteConfigPath, appsim.RunRoot+"/"))}
	d.BuildCommands = b.BuildCommands
	for _, c := range r.StartCommands {
		if strings.TrimSpace(c.Command) != "" {
			d.StartCommands = append(d.StartCommands, appsim.StartCommand{Command: c.Command, Name: c.Name, WorkingDir: c.WorkingDir})
		}
	}
	d.BuildBases = b.Base
	d.DeployFiles = b.DeployFiles
	d.Prep = appsim.Prep{BuildOS: b.OS, RunOS: r.OS, BuildPrepare: b.PrepareCommands,
		RunPrepare: r.PrepareCommands, Init: r.InitCommands, Ready: readinessOf(dp.ReadinessCheck),
		Health: readinessOf(r.HealthCheck)}
	d.Prep.ToRunPrep = b.AddToRunPrepare
	for _, v := range r.EnvVariables {
		if d.EnvVariables == nil {
			d.EnvVariables = map[string]string{}
		}
		d.EnvVariables[v.Key] = v.Value
	}
	for _, v := range b.EnvVariables {
		if d.BuildEnv == nil {
			d.BuildEnv = map[string]string{}
		}
		d.BuildEnv[v.Key] = v.Value
	}
	for _, p := range r.Ports {
		if p.Port >= 10 && p.Port <= 65435 {
			d.Ports = append(d.Ports, appsim.Port{Port: p.Port, HTTP: p.HTTPSupport})
		}
	}
	return d
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

// knownBase reports whether base is one the served zerops.yml schema lists
// for its section (in any form platform.TypeMatches takes: alpine@latest,
// golang@1, a bare 3.20) or an ACTIVE catalog version; a build version
// counts only when build is set.
func (c *catalog) knownBase(base string, build bool) bool {
	t, err := platform.ParseServiceType(base)
	if err != nil || t.Mode != "" {
		return false
	}
	def := "runBase"
	if build {
		def = "buildBase"
	}
	for _, v := range schemaEnum(zeropsYmlSchema, "$defs", def, "enum") {
		if platform.TypeMatches(base, v) {
			return true
		}
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

// baseName is a build base as its log names it: the name, or the names of
// a list joined.
func baseName(names []string, list bool) string {
	if !list && len(names) == 1 {
		return clip(names[0], 60)
	}
	return clip(strings.Join(names, " + "), 60)
}

// simPorts is ports as the simulator reads them.
func simPorts(ports []portJSON) []appsim.Port {
	out := make([]appsim.Port, 0, len(ports))
	for _, p := range ports {
		out = append(out, appsim.Port{Port: p.Port, HTTP: p.HTTPRouting})
	}
	return out
}
