package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Set is one copy of both schemas, compiled. Immutable; safe for concurrent use.
type Set struct {
	FetchedAt time.Time
	zeropsYml *Schema
	importYml *Schema
}

// Schema is one compiled schema with its source.
type Schema struct {
	raw  []byte
	root *node
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

// Compile compiles one JSON schema document (draft 2020-12). A $ref is
// read only inside the document: nothing is fetched from the network.
func Compile(raw []byte) (*Schema, error) {
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("decode schema: %w", err)
	}
	if _, ok := doc.(map[string]any); !ok {
		return nil, errors.New("schema is not a JSON object")
	}
	root, err := compileDoc(doc)
	if err != nil {
		return nil, fmt.Errorf("compile schema: %w", err)
	}
	return &Schema{raw: raw, root: root}, nil
}
