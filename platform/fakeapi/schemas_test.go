package fakeapi

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestSchemas_ServedWithoutToken(t *testing.T) {
	t.Parallel()
	srv := StartTB(t, Options{})
	for path, want := range map[string][]byte{
		"/api/rest/public/settings/zerops-yml-json-schema.json":          zeropsYmlSchema,
		"/api/rest/public/settings/zerops-yaml-json-schema.json":         zeropsYmlSchema,
		"/api/rest/public/settings/import-project-yml-json-schema.json":  importYmlSchema,
		"/api/rest/public/settings/import-project-yaml-json-schema.json": importYmlSchema,
	} {
		resp, err := http.Get(srv.URL() + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		got, _ := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
			t.Errorf("GET %s = %d (%d bytes), want the schema", path, resp.StatusCode, len(got))
		}
	}
}

// The catalog the fake lists and the schemas it serves agree, and neither
// marks a version the facts list withdrawn.
func TestCatalog_AgreesWithSchemas(t *testing.T) {
	t.Parallel()
	c := newCatalog()
	imports := schemaEnum(importYmlSchema, "$defs", "service", "properties", "type", "enum")
	builds := schemaEnum(zeropsYmlSchema, "$defs", "buildBase", "enum")
	for _, typ := range c.types {
		for _, v := range typ.Versions {
			switch {
			case v.Status != "ACTIVE":
				t.Errorf("%s is %s: the facts call no listed version withdrawn", v.Name, v.Status)
			case v.IsBuild && !slices.Contains(builds, v.Name):
				t.Errorf("build version %s is not a build.base of the zerops.yml schema", v.Name)
			case !v.IsBuild && !slices.Contains(imports, v.Name):
				t.Errorf("%s is not a type of the import schema", v.Name)
			}
		}
	}
	for _, name := range imports {
		if c.lookup(strings.Split(name, "+")[0]) == nil && !aliasTypes[name] {
			t.Errorf("import type %s is not in the catalog", name)
		}
	}
	for _, name := range []string{"nodejs@18", "php-nginx@8.1", "php-apache@8.1", "dotnet@6", "dotnet@7", "deno@1",
		"alpine@3.17", "alpine@3.18", "alpine@3.19", "kafka@3.8", "golang@1", "go@1", "elixir@1.16", "nodejs@latest",
		"alpine/nodejs@22", "postgresql:single@18", "postgresql:ha@18"} {
		if c.lookup(name) == nil {
			t.Errorf("%s: the importer would refuse a listed version", name)
		}
	}
	if c.lookup("valkey@8") != nil || c.lookup("php@8.4") != nil {
		t.Error("an unlisted or build-only version is importable")
	}
}
