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
// and reach their UnmarshalJSON.
var flexSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[Bool]():    {Types: []string{"boolean", "string"}},
	reflect.TypeFor[Confirm](): {Types: []string{"boolean", "string"}},
	reflect.TypeFor[Int]():     {Types: []string{"integer", "string"}},
	reflect.TypeFor[Float]():   {Types: []string{"number", "string"}},
	reflect.TypeFor[Strings](): {Types: []string{"array", "string"}, Items: &jsonschema.Schema{Type: "string"}},
}

// outputSchemaFor is schemaFor[T] with its objects left open to more
// properties: a result may grow a field without breaking a client that
// validates it, and tools/list, which the agent pays for every turn, stays
// small. An optional property is never null (omitempty or omitzero leaves
// a nil slice or pointer out), so its type loses the inferred "null".
func outputSchemaFor[T any]() *jsonschema.Schema {
	s := schemaFor[T]()
	openObjects(s)
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
	openObjects(s.Items)
}

// dropNull turns a ["null", T] type into T.
func dropNull(s *jsonschema.Schema) {
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
}

// schemaFor infers the JSON Schema of T. It panics on a type it cannot
// describe: tool registration recovers that, and the registration tests fail.
func schemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: flexSchemas})
	if err != nil {
		panic(fmt.Sprintf("schema of %s: %v", reflect.TypeFor[T](), err))
	}
	return s
}
