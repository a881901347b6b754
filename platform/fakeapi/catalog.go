package fakeapi

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// stackType is one entry of the service-stack-type catalog.
type stackType struct {
	ID       string
	Name     string
	Category string
	Versions []*stackVersion
}

// stackVersion is one version of a catalog type; Name is e.g. "nodejs@22".
type stackVersion struct {
	ID      string
	Name    string
	IsBuild bool
	Status  string // ACTIVE or DISABLED
	Type    *stackType
}

// The catalog is the versions the fake's own schemas list (schemas.go):
// every import type is an ACTIVE runtime or managed version, and each
// build.base the import does not list (php@8.4) an ACTIVE build version.
// Aliases the lists spell twice (objectstorage, golang@1) and bare alpine
// versions (3.20) are not catalog types: the validators resolve them. No
// version is DISABLED: the facts call none withdrawn.

// typeCategory is the category of a catalog type by name; the rest are runtimes.
var typeCategory = map[string]string{
	"postgresql": platform.CategoryStandard, "mariadb": platform.CategoryStandard, "clickhouse": platform.CategoryStandard,
	"valkey": platform.CategoryStandard, "keydb": platform.CategoryStandard, "elasticsearch": platform.CategoryStandard,
	"meilisearch": platform.CategoryStandard, "typesense": platform.CategoryStandard, "qdrant": platform.CategoryStandard,
	"nats": platform.CategoryStandard, "kafka": platform.CategoryStandard, "rabbitmq": platform.CategoryStandard,
	"seaweedfs": platform.CategoryStandard, "object-storage": platform.CategoryObject, "shared-storage": platform.CategoryShared,
}

// aliasTypes are names the import list spells beside the catalog's own.
var aliasTypes = map[string]bool{"objectstorage": true, "sharedstorage": true, "golang": true}

// catalogVersions lists the catalog's versions from the served schemas:
// name@version (or a bare name) and whether it is a build-only version.
func catalogVersions() (names []string, build map[string]bool) {
	imports := schemaEnum(importYmlSchema, "$defs", "service", "properties", "type", "enum")
	build = map[string]bool{}
	listed := map[string]bool{}
	for _, n := range imports {
		listed[n] = true
	}
	for _, n := range schemaEnum(zeropsYmlSchema, "$defs", "buildBase", "enum") {
		if t, err := platform.ParseServiceType(n); err == nil && t.Version != "" && !listed[n] && !strings.HasSuffix(n, "@latest") {
			if _, runtime := typeOfName(imports, t.Name); !runtime {
				build[n] = true
			}
		}
	}
	for _, n := range imports {
		// Pins (php-apache@8.3+2.4, bun@1.3.9 beside bun@1.3) are variants
		// of a listed version, not versions of their own: lookup finds them.
		if t, err := platform.ParseServiceType(n); err == nil && !aliasTypes[t.Name] && !strings.Contains(n, "+") && !pinOfListed(n, imports) {
			names = append(names, n)
		}
	}
	for n := range build {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		a, _ := platform.ParseServiceType(names[i])
		b, _ := platform.ParseServiceType(names[j])
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return platform.VersionLess(a.Version, b.Version)
	})
	return names, build
}

// pinOfListed reports whether name refines another listed version (bun@1.3.9 of bun@1.3).
func pinOfListed(name string, listed []string) bool {
	if _, v, _ := strings.Cut(name, "@"); strings.Count(v, ".") < 2 {
		return false // go@1.22 is a version of its own beside go@1
	}
	for _, l := range listed {
		if l != name && platform.VersionWithin(l, name) && !platform.TypeMatches(l, name) {
			return true
		}
	}
	return false
}

// typeOfName reports whether names hold a version of the type called name.
func typeOfName(names []string, name string) (string, bool) {
	for _, n := range names {
		if t, err := platform.ParseServiceType(n); err == nil && t.Name == name {
			return n, true
		}
	}
	return "", false
}

// schemaEnum reads the enum at path in a served schema; the schemas are
// ours and embedded, so a missing path is a bug caught by every test.
func schemaEnum(raw []byte, path ...string) []string {
	var cur any
	if err := json.Unmarshal(raw, &cur); err != nil {
		panic("fakeapi: served schema: " + err.Error())
	}
	for _, p := range path {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	list, ok := cur.([]any)
	if !ok {
		panic("fakeapi: served schema has no enum at " + strings.Join(path, "/"))
	}
	out := make([]string, 0, len(list))
	for _, v := range list {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

// systemSpec lists the types of the platform's own services, which every
// project has (isSystem) and the public catalog search does not list.
var systemSpec = []struct{ hostname, typ, category string }{
	{"core", "core", platform.CategoryCore},
	{"build", "builder", platform.CategoryBuild},
	{"prepare", "prepare-runtime", platform.CategoryPrepareRuntime},
	{"balancer", "l7-balancer", platform.CategoryHTTPBalancer},
	{"internal", "internal", platform.CategoryInternal},
}

// catalog is the immutable type catalog, built once per Server.
type catalog struct {
	types     []*stackType
	byVersion map[string]*stackVersion // "nodejs@22" → version (runtime versions win over build ones)
	system    []*stackVersion          // one per systemSpec entry, in its order
}

func newCatalog() *catalog {
	c := &catalog{byVersion: map[string]*stackVersion{}}
	names, build := catalogVersions()
	byType := map[string]*stackType{}
	for _, name := range names {
		t, _ := platform.ParseServiceType(name) // parsed in catalogVersions
		st := byType[t.Name]
		if st == nil {
			cat := typeCategory[t.Name]
			if cat == "" {
				cat = platform.CategoryUser
			}
			if build[name] {
				cat = platform.CategoryBuild
			}
			st = &stackType{ID: stableID("type:" + t.Name), Name: t.Name, Category: cat}
			byType[t.Name] = st
			c.types = append(c.types, st)
		}
		ver := &stackVersion{ID: stableID("version:" + name), Name: name, IsBuild: build[name], Status: "ACTIVE", Type: st}
		st.Versions = append(st.Versions, ver)
		if _, ok := c.byVersion[name]; !ok {
			c.byVersion[name] = ver
		}
	}
	for _, spec := range systemSpec {
		t := &stackType{ID: stableID("type:" + spec.typ), Name: spec.typ, Category: spec.category}
		v := &stackVersion{ID: stableID("version:" + spec.typ + "@1"), Name: spec.typ + "@1", Status: "ACTIVE", Type: t}
		t.Versions = []*stackVersion{v}
		c.system = append(c.system, v)
	}
	return c
}

// lookup finds the deployable (non-build, ACTIVE) version named like
// "nodejs@22", or one an alias names (golang@1, nodejs@latest, elixir@1,
// alpine/nodejs@22: platform.TypeMatches, the newest such), or nil.
func (c *catalog) lookup(versionName string) *stackVersion {
	if v := c.byVersion[versionName]; v != nil && !v.IsBuild && v.Status == "ACTIVE" {
		return v
	}
	var best *stackVersion
	for _, t := range c.types {
		for _, v := range t.Versions {
			if !v.IsBuild && v.Status == "ACTIVE" && (platform.TypeMatches(versionName, v.Name) || platform.VersionWithin(v.Name, versionName)) {
				best = v // versions are sorted: the last match is the newest
			}
		}
	}
	return best
}

// stableID derives a URL-safe 22-character id from a name, so catalog ids
// are the same in every Server.
func stableID(name string) string {
	sum := sha256.Sum256([]byte(name))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}
