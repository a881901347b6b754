package yamlcheck

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/schema"
)

// Live is what a validation checks a document against besides its text; the
// zero value validates offline.
type Live struct {
	// Catalog and BuildCatalog are the live type catalog without and with
	// the build versions (platform.NewCatalog, NewBuildCatalog); empty: no
	// version is checked.
	Catalog, BuildCatalog *platform.Catalog
	// Subdomain reports whether the service a setup deploys to (named like
	// the setup) is reached over its zerops.app subdomain; nil: unknown.
	Subdomain func(setup string) bool
	// ServiceType is the type (nodejs@22) of the project's service a
	// setup deploys to, named like the setup; "" or nil: unknown.
	ServiceType func(setup string) string
	// Schemas are the platform's published schemas; nil: not fetched, the
	// document's shape is checked by ZCP's own structural checks.
	Schemas *schema.Set
}

// NewLive is the Live of a catalog read from the API (nil: offline).
func NewLive(types []platform.ServiceStackType, subdomain func(setup string) bool) Live {
	return Live{Catalog: platform.NewCatalog(types), BuildCatalog: platform.NewBuildCatalog(types), Subdomain: subdomain}
}

func (in Live) checksVersions() bool {
	return in.Catalog != nil && !in.Catalog.Empty() && in.BuildCatalog != nil
}

// checkBases checks a setup's build and run bases against the catalog as
// the import dry run checks types: a version the catalog lacks (in every
// form it may be written: platform.Catalog.Check) fails with the newest
// stable one, and a base with no image for the section's os (Alpine by
// default) is a warning. With the platform's schema, whose lists of bases
// decide, a version the catalog lacks is left to the schema; the os warning
// stays.
func checkBases(c *checker, s setupAt, in Live) {
	bySchema := in.Schemas.ZeropsYml() != nil
	var needs []osNeed
	if b, p := s.Build, s.Path()+".build"; b != nil && s.bad.ok(b.Keys, p, "base") {
		for i, name := range b.Base {
			at := p + ".base"
			if b.BaseList {
				at = fmt.Sprintf("%s[%d]", at, i)
			}
			needs = append(needs, checkBase(c, at, name, osOf(s.bad.ok(b.Keys, p, "os"), b.OS), "build", in.BuildCatalog, bySchema)...)
		}
	}
	if r, p := s.Run, s.Path()+".run"; r != nil && s.bad.ok(r.Keys, p, "base") {
		needs = append(needs, checkBase(c, p+".base", r.Base, osOf(s.bad.ok(r.Keys, p, "os"), r.OS), "run", in.Catalog, bySchema)...)
	}
	warnUbuntuOnly(c, needs)
}

// osNeed is a base that runs on Ubuntu only in a section whose os is
// alpine: where, the version, the section and the fix.
type osNeed struct {
	path, version, section, typ, fix string
	written                          bool // os: alpine is written, not the default
}

// warnUbuntuOnly warns of each base in needs; one type wanting Ubuntu in
// build and run is one warning, its fix (which says both) stated once.
func warnUbuntuOnly(c *checker, needs []osNeed) {
	done := map[int]bool{}
	for i, n := range needs {
		if done[i] {
			continue
		}
		sections := []string{n.section + ".os"}
		for j := i + 1; j < len(needs); j++ {
			if m := needs[j]; !done[j] && m.typ == n.typ && m.section != n.section {
				done[j] = true
				sections = append(sections, m.section+".os")
				break
			}
		}
		verb := "is"
		if len(sections) > 1 {
			verb = "are"
		}
		// A warning: the facts do not say the platform refuses it (they call os
		// deprecated: the platform may pick the image for the base).
		dflt := " (the default)"
		if n.written {
			dflt = ""
		}
		c.warnf(n.path, "%s runs on Ubuntu only, and %s %s alpine%s", n.version, strings.Join(sections, " and "), verb, dflt).Fix = n.fix
	}
}

// osOf is a section's os as written: ubuntu, alpine, or "" when it names
// none (ok: os is there, a string).
func osOf(ok bool, os string) string {
	if ok && (os == "ubuntu" || os == "alpine") {
		return os
	}
	return ""
}

// checkBase checks one base of section against cat; a version that runs on
// Ubuntu only where os is alpine is returned for warnUbuntuOnly.
func checkBase(c *checker, path, base, os, section string, cat *platform.Catalog, bySchema bool) []osNeed {
	if _, err := platform.ParseServiceType(base); err != nil {
		if bySchema {
			return nil
		}
		problem, fix := splitProblem(err)
		c.errf(path, "%s", problem).Fix = fix
		return nil
	}
	chk := cat.Check(base)
	switch {
	case !chk.OK && bySchema:
	case !chk.OK:
		c.errf(path, "%s: %s", platform.Clip(base, 60), chk.Problem).Fix = chk.Fix
	case chk.Note != "" && (chk.Parsed.OS == "alpine" || chk.Parsed.OS == "" && (os == "alpine" || os == "" && !platform.UbuntuByDefault(chk.Type.Name))):
		fix := "Write os: ubuntu in build and run: " + chk.Type.Name + " has no Alpine image."
		if alpine := alpineVersions(chk.Type); len(alpine) > 0 {
			fix = fmt.Sprintf("Write os: ubuntu in build and run, or pick a version that runs on Alpine: %s.", strings.Join(alpine, ", "))
		}
		return []osNeed{{path: path, version: chk.Parsed.VersionName(), section: section, typ: chk.Type.Name, fix: fix, written: os == "alpine" || chk.Parsed.OS == "alpine"}}
	}
	return nil
}

// alpineVersions lists a type's versions that run on Alpine.
func alpineVersions(t *platform.CatalogType) []string {
	var out []string
	for _, v := range t.Available() {
		if !strings.HasSuffix(v, "(Ubuntu only)") {
			out = append(out, v)
		}
	}
	return out
}

// checkRunFamily warns of a run.base of another runtime than the type of
// the service the setup deploys to (nodejs@22 running python@3.12). The
// docs describe run.base as moving a service to another version of its own
// runtime and say nothing of another runtime: not refused, warned. A bare
// OS on either side is no other runtime: the official meilisearch recipe
// runs go@1 on its ubuntu@22.04 service, which the platform deploys.
func checkRunFamily(c *checker, s setupAt, in Live) {
	r, p := s.Run, s.Path()+".run"
	if in.ServiceType == nil || r == nil || !s.ok("setup") || !s.bad.ok(r.Keys, p, "base") || r.Base == "" {
		return
	}
	typ := in.ServiceType(s.Name)
	if typ == "" || runtimeOf(typ) == runtimeOf(r.Base) || osBase(r.Base) || osBase(typ) {
		return
	}
	c.warnf(p+".base", "%s is another runtime than %s, the type of the service %s this setup deploys to: the Zerops docs describe run.base as moving a service to another version of its own runtime, and say nothing of another runtime (the platform may refuse the deploy or run it on the service's own)",
		platform.Clip(r.Base, 40), platform.Clip(typ, 40), platform.Clip(s.Name, 40)).Fix =
		familyFix(runtimeOf(r.Base), runtimeOf(typ))
}

// familyFix is the fix of a run.base of runtime base on a service of
// runtime svc: a service of base's type; keeping svc's runtime only where
// one app may run on either (JavaScript's, PHP's web servers). Walk 86: a
// Rust app was told to keep nodejs "with a run.start that nodejs runs".
func familyFix(base, svc string) string {
	fix := fmt.Sprintf("Deploy this setup to a service of %s's type (create it with zerops_import, then name it in the setup)", platform.Clip(base, 40))
	kin := func(r string) string {
		switch r {
		case "nodejs", "bun", "deno":
			return "js"
		case "php-nginx", "php-apache":
			return "php"
		}
		return r
	}
	if kin(base) == kin(svc) {
		return fix + fmt.Sprintf(", or keep run.base to a %s version for this service with a run.start that %[1]s runs.", platform.Clip(svc, 40))
	}
	return fix + "."
}

// osBase reports whether a run base is a bare OS (alpine@latest, 22.04):
// the official elixir and phoenix recipes run a compiled release on
// alpine@latest on their elixir service, which the platform deploys.
func osBase(base string) bool {
	r := runtimeOf(base)
	return r == "alpine" || r == "ubuntu"
}

// runtimeOf is a base's or type's runtime, without OS prefix and version.
func runtimeOf(base string) string {
	if named, ok := platform.BareOSType(base); ok {
		base = named // 22.04 is ubuntu@22.04
	}
	name, _, _ := strings.Cut(base, "@")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}
