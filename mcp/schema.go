package mcp

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
)

// Schemas come from the go-sdk's jsonschema inference over the argument and
// result structs (json tags name properties, omitempty/omitzero makes them
// optional, the jsonschema tag describes them). The permissive argument types
// are described as what they accept, so that "true" and "3" pass validation
// and reach their UnmarshalJSON. Every schema is published portable: a value
// of several types is an anyOf of single-type branches (never a type array),
// and no schema is a bare true (see portable).
var flexSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[Bool]():    orString(&jsonschema.Schema{Type: "boolean"}),
	reflect.TypeFor[Confirm](): orString(&jsonschema.Schema{Type: "boolean"}),
	reflect.TypeFor[Int]():     orString(&jsonschema.Schema{Type: "integer"}),
	reflect.TypeFor[Float]():   orString(&jsonschema.Schema{Type: "number"}),
	reflect.TypeFor[Strings](): orString(&jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "string"}}),
	// any JSON value (the API's error meta), each type a branch
	reflect.TypeFor[any](): {Types: []string{"object", "array", "string", "number", "boolean", "null"}},
}

func orString(s *jsonschema.Schema) *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, {Type: "string"}}}
}

// outputSchemaFor is schemaFor[T] with its objects left open to more
// properties and without "required" lists: a result may grow a field without
// breaking a client that validates it, and tools/list, which the agent pays
// for every turn, stays small. An optional property is never null (omitempty
// or omitzero leaves a nil slice or pointer out), so its type loses the
// inferred "null".
func outputSchemaFor[T any]() *jsonschema.Schema {
	s := inferSchema[T]()
	openObjects(s)
	portable(s)
	return s
}

func openObjects(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Properties != nil { // a struct's object; a map's value schema stays
		s.AdditionalProperties = nil
	}
	for name, p := range s.Properties {
		if !slices.Contains(s.Required, name) {
			dropNull(p)
		}
		openObjects(p)
	}
	// The server writes every result: which fields it always sends is no
	// contract a client needs, and tools/list is paid for every turn.
	s.Required = nil
	openObjects(s.Items)
}

// dropNull turns a ["null", T] type into T.
func dropNull(s *jsonschema.Schema) {
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
}

// schemaFor is the published JSON Schema of T.
func schemaFor[T any]() *jsonschema.Schema {
	s := inferSchema[T]()
	portable(s)
	return s
}

// inferSchema infers the JSON Schema of T. It panics on a type it cannot
// describe: tool registration recovers that, and the registration tests fail.
func inferSchema[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: flexSchemas})
	if err != nil {
		panic(fmt.Sprintf("schema of %s: %v", reflect.TypeFor[T](), err))
	}
	return s
}

// portable rewrites every type array of s (["null","array"], the any-value
// list) into anyOf branches of one type each, the array's items and the
// object's properties moving into their branch: clients that map schemas
// onto a single-type dialect (the MCP Inspector warns of them) and strict
// validators refuse type arrays.
func portable(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) > 1 {
		for _, t := range s.Types {
			b := &jsonschema.Schema{Type: t}
			switch t {
			case "array":
				b.Items, s.Items = s.Items, nil
			case "object":
				b.Properties, b.Required, b.AdditionalProperties = s.Properties, s.Required, s.AdditionalProperties
				s.Properties, s.Required, s.AdditionalProperties = nil, nil, nil
			}
			s.AnyOf = append(s.AnyOf, b)
		}
		s.Types = nil
	}
	for _, p := range s.Properties {
		portable(p)
	}
	for _, b := range s.AnyOf {
		portable(b)
	}
	portable(s.Items)
}
