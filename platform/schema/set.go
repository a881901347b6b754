package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Set is one copy of both schemas, compiled. Immutable; safe for concurrent use.
type Set struct {
	FetchedAt time.Time
	zeropsYml *Schema
	importYml *Schema
}

// Schema is one compiled schema with its source.
type Schema struct {
	raw      []byte
	doc      any // the decoded source, to read key sets and enums from
	compiled *jsonschema.Schema
}

// NewSet compiles both schemas fetched at fetched.
func NewSet(zeropsYml, importYml []byte, fetched time.Time) (*Set, error) {
	zy, err := Compile(zeropsYml)
	if err != nil {
		return nil, fmt.Errorf("zerops.yml schema: %w", err)
	}
	iy, err := Compile(importYml)
	if err != nil {
		return nil, fmt.Errorf("import.yml schema: %w", err)
	}
	return &Set{FetchedAt: fetched, zeropsYml: zy, importYml: iy}, nil
}

// ZeropsYml is the zerops.yml schema (nil on a nil Set).
func (s *Set) ZeropsYml() *Schema {
	if s == nil {
		return nil
	}
	return s.zeropsYml
}

// ImportYml is the import.yml schema (nil on a nil Set).
func (s *Set) ImportYml() *Schema {
	if s == nil {
		return nil
	}
	return s.importYml
}

// Compile compiles one JSON schema document (draft 2020-12 unless it says otherwise).
func Compile(raw []byte) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("decode schema: %w", err)
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, fmt.Errorf("schema is not a JSON object")
	}
	// The document's own $id may name another host: compile it under a
	// local name, so that no $ref is fetched from the network.
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	const loc = "mem://zcp/schema.json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("load schema: %w", err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	var keep any
	_ = json.Unmarshal(raw, &keep) // valid: decoded above
	return &Schema{raw: raw, doc: keep, compiled: sch}, nil
}

// noLoader refuses every external reference: a schema is used as served.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external reference %s not loaded", url)
}
