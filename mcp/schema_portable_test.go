package mcp_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/zeropsio/zcp/mcp"
)

// schemaKeywords are the JSON Schema 2020-12 keywords a published schema may
// use; any other name is refused, as a strict validator refuses it.
var schemaKeywords = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$ref": true, "$comment": true,
	"title": true, "description": true, "default": true, "examples": true, "deprecated": true,
	"readOnly": true, "writeOnly": true,
	"type": true, "enum": true, "const": true, "format": true, "pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "uniqueItems": true,
	"items": true, "prefixItems": true, "contains": true,
	"properties": true, "required": true, "additionalProperties": true, "propertyNames": true,
	"minProperties": true, "maxProperties": true,
	"anyOf": true, "oneOf": true, "allOf": true, "not": true,
}

// constraining are the keywords that make a schema say something about its
// value: a schema with none of them accepts anything, a bare true in disguise.
var constraining = []string{"type", "enum", "const", "anyOf", "oneOf", "allOf", "not", "$ref"}

// portabilityProblems lists what keeps the schema at path from being accepted
// by every client: what the MCP Inspector warns of (type arrays, bare boolean
// schemas, schemas constraining nothing, remote refs) and what a strict
// validator refuses (unknown keywords, a keyword of another type's, required
// names that are not properties).
func portabilityProblems(path string, node any, keyword string) []string {
	if b, ok := node.(bool); ok {
		if keyword == "additionalProperties" {
			return nil
		}
		return []string{fmt.Sprintf("%s: a bare %v where a schema belongs", path, b)}
	}
	s, ok := node.(map[string]any)
	if !ok {
		return []string{path + ": not a schema"}
	}
	var problems []string
	for name := range s {
		if !schemaKeywords[name] {
			problems = append(problems, fmt.Sprintf("%s: unknown keyword %q", path, name))
		}
	}
	typ, isString := s["type"].(string)
	switch {
	case s["type"] != nil && !isString:
		problems = append(problems, fmt.Sprintf("%s: type %v is an array; use anyOf branches of one type", path, s["type"]))
	case !slices.ContainsFunc(constraining, func(k string) bool { return s[k] != nil }):
		problems = append(problems, path+": constrains nothing (give it a type)")
	case s["items"] != nil && typ != "array", (s["properties"] != nil || s["required"] != nil) && typ != "object":
		problems = append(problems, fmt.Sprintf("%s: a keyword of another type under type %q", path, typ))
	}
	if ref, ok := s["$ref"].(string); ok && !strings.HasPrefix(ref, "#") {
		problems = append(problems, fmt.Sprintf("%s: remote $ref %s", path, ref))
	}
	props, _ := s["properties"].(map[string]any)
	for _, r := range asSlice(s["required"]) {
		if _, ok := props[r.(string)]; !ok {
			problems = append(problems, fmt.Sprintf("%s: required %q is not a property", path, r))
		}
	}
	for name, p := range props {
		problems = append(problems, portabilityProblems(path+".properties."+name, p, "properties")...)
	}
	for _, k := range []string{"items", "additionalProperties", "not", "contains", "propertyNames"} {
		if sub, ok := s[k]; ok {
			problems = append(problems, portabilityProblems(path+"."+k, sub, k)...)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf", "prefixItems"} {
		for i, sub := range asSlice(s[k]) {
			problems = append(problems, portabilityProblems(fmt.Sprintf("%s.%s[%d]", path, k, i), sub, k)...)
		}
	}
	return problems
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// TestTools_SchemasPortable compiles every published input and output
// schema, of the normal and the read-only server, with a JSON Schema 2020-12
// validator checking it against the meta-schema, and refuses what a client
// may not accept (portabilityProblems).
func TestTools_SchemasPortable(t *testing.T) {
	t.Parallel()
	for _, readOnly := range []bool{false, true} {
		h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = readOnly }})
		for _, tool := range listTools(t, h) {
			for kind, schema := range map[string]any{"inputSchema": tool.InputSchema, "outputSchema": tool.OutputSchema} {
				if schema == nil {
					continue
				}
				raw, err := json.Marshal(schema)
				must(t, err)
				doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
				must(t, err)
				c := jsonschema.NewCompiler()
				c.DefaultDraft(jsonschema.Draft2020)
				url := "mem:///" + tool.Name + "/" + kind + ".json"
				must(t, c.AddResource(url, doc))
				if _, err := c.Compile(url); err != nil {
					t.Errorf("%s %s (read-only %v) does not compile: %v", tool.Name, kind, readOnly, err)
				}
				for _, p := range portabilityProblems(kind, doc, "") {
					t.Errorf("%s (read-only %v) %s", tool.Name, readOnly, p)
				}
			}
		}
	}
}
