package mcp

import (
	"fmt"
	"reflect"
	"strings"
)

// The input schemas are written out from the argument structs here rather
// than by the SDK's inference, so the permissive argument types can be
// described as what they accept ({"type":["boolean","string"]}). go-sdk's
// AddTool validates arguments against an explicitly set Tool.InputSchema and
// then unmarshals them into the struct, where the custom UnmarshalJSON runs.

var flexSchemas = map[reflect.Type]map[string]any{
	reflect.TypeFor[Bool]():    {"type": []string{"boolean", "string"}},
	reflect.TypeFor[Int]():     {"type": []string{"integer", "string"}},
	reflect.TypeFor[Float]():   {"type": []string{"number", "string"}},
	reflect.TypeFor[Strings](): {"type": []string{"array", "string"}, "items": map[string]any{"type": "string"}},
}

// inputSchema describes the argument struct In as a JSON Schema object. The
// json tag names a property (omitempty or omitzero makes it optional), the
// jsonschema tag is its description. It panics on a field it cannot
// describe: registration tests catch that.
func inputSchema[In any]() map[string]any {
	t := reflect.TypeFor[In]()
	props := map[string]any{}
	var required []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		prop := fieldSchema(f.Type)
		if d := f.Tag.Get("jsonschema"); d != "" {
			prop["description"] = d
		}
		props[name] = prop
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			required = append(required, name)
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func fieldSchema(t reflect.Type) map[string]any {
	if s, ok := flexSchemas[t]; ok {
		out := make(map[string]any, len(s)+1)
		for k, v := range s {
			out[k] = v
		}
		return out
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
		}
	}
	panic(fmt.Sprintf("inputSchema: cannot describe field type %s", t))
}
