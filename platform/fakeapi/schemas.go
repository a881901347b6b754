package fakeapi

import (
	_ "embed" // the schemas the fake serves
	"net/http"
)

// The JSON schemas the fake serves where the platform publishes its own:
// written by ZCP from the platform facts (every key set, every listed
// version and alias), never copied from the platform's files.
var (
	//go:embed schemas/zerops-yml.json
	zeropsYmlSchema []byte
	//go:embed schemas/import-yml.json
	importYmlSchema []byte
)

// ZeropsYmlSchema and ImportYmlSchema return copies of the served schemas.
func ZeropsYmlSchema() []byte { return append([]byte(nil), zeropsYmlSchema...) }

// ImportYmlSchema returns a copy of the served import.yml schema.
func ImportYmlSchema() []byte { return append([]byte(nil), importYmlSchema...) }

// publicSchemas maps the paths (after /api/rest/public) the platform serves
// its schemas on, without a token, to the fake's copies.
var publicSchemas = map[string][]byte{
	"/settings/zerops-yml-json-schema.json":          zeropsYmlSchema,
	"/settings/zerops-yaml-json-schema.json":         zeropsYmlSchema,
	"/settings/import-project-yml-json-schema.json":  importYmlSchema,
	"/settings/import-project-yaml-json-schema.json": importYmlSchema,
}

// servePublicSchema answers a GET of a schema path and reports whether it did.
func servePublicSchema(w http.ResponseWriter, method, path string) bool {
	body, ok := publicSchemas[path]
	if !ok || method != http.MethodGet {
		return false
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return true
}
