package fakeapi

import (
	"crypto/sha256"
	"encoding/base64"

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

// catalogSpec lists the catalog: the ACTIVE versions are the facts' list
// ("Service types (mid-2026)" in zerops-platform.md), nothing more; type
// name, category and version suffixes. A "!" prefix marks a DISABLED
// (withdrawn) version: one the catalog still lists but no import or build
// takes (nodejs@18; php 8.1, dotnet 6/7, deno 1, kafka 3.8, alpine
// 3.17–3.19, numbered rust and the latest aliases, which the facts do not
// offer). A nil version list means the type has one version named like the
// type itself (object-storage, shared-storage).
var catalogSpec = []struct {
	name     string
	category string
	versions []string
	build    bool
}{
	{"nodejs", platform.CategoryUser, []string{"!18", "20", "22", "24"}, false},
	{"bun", platform.CategoryUser, []string{"1.2", "1.3", "!latest", "canary", "nightly"}, false},
	{"deno", platform.CategoryUser, []string{"!1", "2", "!latest"}, false},
	{"python", platform.CategoryUser, []string{"3.11", "3.12", "3.14"}, false},
	{"php-nginx", platform.CategoryUser, []string{"!8.1", "8.3", "8.4", "8.5"}, false},
	{"php-apache", platform.CategoryUser, []string{"!8.1", "8.3", "8.4", "8.5"}, false},
	{"go", platform.CategoryUser, []string{"1", "1.22"}, false},
	{"rust", platform.CategoryUser, []string{"!1", "!1.78", "!1.80", "!1.86", "stable", "nightly"}, false},
	{"java", platform.CategoryUser, []string{"17", "21"}, false},
	{"dotnet", platform.CategoryUser, []string{"!6", "!7", "8", "9", "10"}, false},
	{"elixir", platform.CategoryUser, []string{"1.16"}, false},
	{"gleam", platform.CategoryUser, []string{"1.5"}, false},
	{"ruby", platform.CategoryUser, []string{"3.2", "3.3", "3.4"}, false},
	{"static", platform.CategoryUser, nil, false},
	{"nginx", platform.CategoryUser, []string{"1.22"}, false},
	{"docker", platform.CategoryUser, []string{"26.1"}, false},
	{"alpine", platform.CategoryUser, []string{"!3.17", "!3.18", "!3.19", "3.20", "3.21", "3.22", "3.23"}, false},
	{"ubuntu", platform.CategoryUser, []string{"22.04", "24.04"}, false},
	{"php", platform.CategoryBuild, []string{"!8.1", "8.3", "8.4", "8.5"}, true},
	{"postgresql", platform.CategoryStandard, []string{"14", "16", "17", "18"}, false},
	{"mariadb", platform.CategoryStandard, []string{"10.6"}, false},
	{"clickhouse", platform.CategoryStandard, []string{"25.3"}, false},
	{"valkey", platform.CategoryStandard, []string{"7.2"}, false},
	{"keydb", platform.CategoryStandard, []string{"6"}, false},
	{"elasticsearch", platform.CategoryStandard, []string{"8.16", "9.2"}, false},
	{"meilisearch", platform.CategoryStandard, []string{"1.10", "1.20"}, false},
	{"typesense", platform.CategoryStandard, []string{"27.1", "30.2"}, false},
	{"qdrant", platform.CategoryStandard, []string{"1.10", "1.12"}, false},
	{"nats", platform.CategoryStandard, []string{"2.10", "2.12"}, false},
	{"kafka", platform.CategoryStandard, []string{"!3.8", "3.9"}, false},
	{"rabbitmq", platform.CategoryStandard, []string{"3.9"}, false},
	{"object-storage", platform.CategoryObject, nil, false},
	{"shared-storage", platform.CategoryShared, nil, false},
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
	for _, spec := range catalogSpec {
		t := &stackType{ID: stableID("type:" + spec.name), Name: spec.name, Category: spec.category}
		names := spec.versions
		if names == nil {
			names = []string{""}
		}
		for _, v := range names {
			status := "ACTIVE"
			if len(v) > 0 && v[0] == '!' {
				status, v = "DISABLED", v[1:]
			}
			name := spec.name
			if v != "" {
				name += "@" + v
			}
			ver := &stackVersion{ID: stableID("version:" + name), Name: name, IsBuild: spec.build, Status: status, Type: t}
			t.Versions = append(t.Versions, ver)
			if _, ok := c.byVersion[name]; !ok {
				c.byVersion[name] = ver
			}
		}
		c.types = append(c.types, t)
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
// "nodejs@22", or nil.
func (c *catalog) lookup(versionName string) *stackVersion {
	v := c.byVersion[versionName]
	if v == nil || v.IsBuild || v.Status != "ACTIVE" {
		return nil
	}
	return v
}

// stableID derives a URL-safe 22-character id from a name, so catalog ids
// are the same in every Server.
func stableID(name string) string {
	sum := sha256.Sum256([]byte(name))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}
