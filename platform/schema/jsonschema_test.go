package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// keywordCases hold one schema, one value and what checking it must say:
// "" when the value passes, else a part of the problem.
var keywordCases = []struct {
	name, schema, value, problem string
}{
	{"TypeOk", `{"type":"string"}`, `"a"`, ""},
	{"TypeWrong", `{"type":"string"}`, `1`, "must be string, got integer"},
	{"TypeList", `{"type":["string","null"]}`, `null`, ""},
	{"IntegerTakesWholeFloat", `{"type":"integer"}`, `2.0`, ""},
	{"IntegerRefusesFraction", `{"type":"integer"}`, `2.5`, "must be integer, got number"},
	{"NumberTakesInteger", `{"type":"number"}`, `2`, ""},
	{"EnumOk", `{"enum":["a",1]}`, `1.0`, ""},
	{"EnumWrong", `{"enum":["a","b"]}`, `"c"`, `"c" is not a value`},
	{"ConstWrong", `{"const":{"a":[1]}}`, `{"a":[2]}`, "is not a value"},
	{"ConstDeep", `{"const":{"a":[1]}}`, `{"a":[1]}`, ""},
	{"Required", `{"type":"object","required":["x"]}`, `{}`, "missing"},
	{"AdditionalFalse", `{"type":"object","properties":{"start":{}},"additionalProperties":false}`, `{"strat":1}`, `unknown key "strat"`}, //nolint:misspell // a misspelt key is the input
	{"AdditionalSchema", `{"type":"object","additionalProperties":{"type":"string"}}`, `{"a":1}`, "must be string"},
	{"PatternProperties", `{"type":"object","patternProperties":{"^x-":{}},"additionalProperties":false}`, `{"x-a":1}`, ""},
	{"PropertyNames", `{"type":"object","propertyNames":{"maxLength":2}}`, `{"abc":1}`, "key's name"},
	{"DependentRequired", `{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, "missing"},
	{"MinProperties", `{"minProperties":1}`, `{}`, "at least 1"},
	{"Items", `{"type":"array","items":{"type":"integer"}}`, `[1,"a"]`, "must be integer"},
	{"PrefixItems", `{"prefixItems":[{"type":"string"}],"items":false}`, `["a",1]`, "not allowed here"},
	{"MinItems", `{"minItems":2}`, `[1]`, "at least 2"},
	{"MaxItems", `{"maxItems":1}`, `[1,2]`, "at most 1"},
	{"Unique", `{"uniqueItems":true}`, `[1,1.0]`, "equal"},
	{"ContainsNone", `{"contains":{"const":3}}`, `[1,2]`, "at least 1"},
	{"MaxContains", `{"contains":{"const":3},"maxContains":1}`, `[3,3]`, "at most 1"},
	{"MinLengthRunes", `{"minLength":3}`, `"žžž"`, ""},
	{"MaxLength", `{"maxLength":1}`, `"ab"`, "at most 1"},
	{"Pattern", `{"pattern":"^[a-z]+$"}`, `"A1"`, "pattern"},
	{"Minimum", `{"minimum":1}`, `0`, "less than the minimum 1"},
	{"Maximum", `{"maximum":100}`, `101`, "more than the maximum 100"},
	{"ExclusiveMinimum", `{"exclusiveMinimum":1}`, `1`, "not more than 1"},
	{"MultipleOf", `{"multipleOf":0.5}`, `1.25`, "not a multiple"},
	{"AnyOfTypes", `{"anyOf":[{"type":"string"},{"type":"array"}]}`, `{}`, "must be array or string, got object"},
	{"AnyOfOneFits", `{"anyOf":[{"type":"string"},{"type":"array"}]}`, `[]`, ""},
	{"OneOfBoth", `{"oneOf":[{"type":"integer"},{"type":"number"}]}`, `1`, "more than one"},
	{"OneOfNoneTypes", `{"oneOf":[{"type":"integer"},{"type":"boolean"}]}`, `"a"`, "must be boolean or integer"},
	{"AllOf", `{"allOf":[{"minimum":1},{"maximum":2}]}`, `3`, "maximum"},
	{"Not", `{"not":{"type":"string"}}`, `"a"`, "rules out"},
	{"IfThen", `{"if":{"required":["a"]},"then":{"required":["b"]}}`, `{"a":1}`, "missing"},
	{"IfElse", `{"if":{"required":["a"]},"else":{"required":["c"]}}`, `{}`, "missing"},
	{"FalseSchema", `{"properties":{"x":false}}`, `{"x":1}`, "not allowed here"},
	{"RefToDefs", `{"$defs":{"p":{"type":"integer"}},"properties":{"port":{"$ref":"#/$defs/p"}}}`, `{"port":"a"}`, "must be integer"},
	{"RefRecursive", `{"type":"object","properties":{"child":{"$ref":"#"}},"additionalProperties":false}`, `{"child":{"child":{"bad":1}}}`, `unknown key "bad"`},
	{"UnknownKeywordAccepts", `{"x-zerops-rule":{"anything":true},"format":"email"}`, `"not an email"`, ""},
}

func TestCompile_KeywordsCheckAsTheDraftSays(t *testing.T) {
	t.Parallel()
	for _, tc := range keywordCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := Compile([]byte(tc.schema))
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			var v any
			if err := json.Unmarshal([]byte(tc.value), &v); err != nil {
				t.Fatal(err)
			}
			if lib := libraryCompile(t, []byte(tc.schema)).Validate(v); (lib == nil) != (tc.problem == "") {
				t.Fatalf("the case disagrees with the library, which says %v", lib)
			}
			errs, _ := s.Validate(v)
			switch {
			case tc.problem == "" && len(errs) > 0:
				t.Fatalf("want no issue, got %+v", errs)
			case tc.problem != "" && len(errs) == 0:
				t.Fatalf("want an issue with %q, got none", tc.problem)
			case tc.problem != "" && !strings.Contains(errs[0].Problem, tc.problem):
				t.Fatalf("want an issue with %q, got %+v", tc.problem, errs)
			}
		})
	}
}

func TestCompile_RefusesABrokenSchema(t *testing.T) {
	t.Parallel()
	for name, doc := range map[string]string{
		"NotJSON":        `{`,
		"NotAnObject":    `[1]`,
		"UnknownType":    `{"type":"text"}`,
		"RequiredNumber": `{"required":[1]}`,
		"BadPattern":     `{"pattern":"("}`,
		"RemoteRef":      `{"$ref":"https://example.com/s.json"}`,
		"DanglingRef":    `{"$ref":"#/$defs/none"}`,
		"SchemaNumber":   `{"properties":{"a":5}}`,
		"NegativeMin":    `{"minLength":-1}`,
		"TupleItems":     `{"items":[{"type":"string"}]}`,
		"ZeroMultipleOf": `{"multipleOf":0}`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, err := Compile([]byte(doc)); err == nil {
				t.Fatalf("compile %s: want an error", doc)
			}
		})
	}
}

// agreeDocs are zerops.yml and import.yml documents, right and wrong in the
// ways users get them wrong, that the validator must judge as a maintained
// JSON Schema library does.
var agreeDocs = []string{
	"zerops:\n  - setup: app\n    build:\n      base: nodejs@22\n      buildCommands: [npm ci, npm run build]\n      deployFiles: [dist, package.json]\n    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node dist/main.js\n",
	"zerops:\n  - setup: app\n    run:\n      base: nodejs@22\n      strat: node x\n", //nolint:misspell // a misspelt key is the input
	"zerops:\n  - setup: app\n    run:\n      base: nodejs@99\n",
	"zerops:\n  - setup: app\n    build:\n      base: [nodejs@22, python@3.12]\n      deployFiles: ./\n",
	"zerops:\n  - setup: app\n    build:\n      base: {a: 1}\n      deployFiles: ./\n",
	"zerops:\n  - run: {base: nodejs@22}\n",
	"zerops:\n  - setup: app\n    run:\n      base: php-nginx@8.4\n      ports:\n        - port: http\n",
	"zerops:\n  - setup: app\n    run:\n      base: nodejs@22\n      envVariables:\n        A: 1\n        B: true\n        C: x\n",
	"zerops:\n  - setup: app\n    deploy:\n      readinessCheck:\n        httpGet: {port: 3000, path: /health}\n",
	"zerops: {}\n",
	"services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n",
	"services:\n  - hostname: db\n    type: postgres@16\n",
	"services:\n  - hostname: db\n    type: postgresql@16\n    mdoe: HA\n",
	"project:\n  name: x\nservices:\n  - hostname: api\n    type: nodejs@22\n    minContainers: 1\n    maxContainers: 4\n    verticalAutoscaling: {minRam: 0.5, maxRam: 4}\n",
	"services:\n  - hostname: files\n    type: object-storage\n    objectStorageSize: 2\n    objectStoragePolicy: public-read\n",
	"services:\n  - type: nodejs@22\n",
	"services: []\n",
}

// TestValidate_AgreesWithALibrary checks the fake's published schemas with
// both this validator and santhosh-tekuri/jsonschema (the one ZCP used to
// link): both must call the same documents valid.
func TestValidate_AgreesWithALibrary(t *testing.T) {
	t.Parallel()
	for _, raw := range [][]byte{fakeapi.ZeropsYmlSchema(), fakeapi.ImportYmlSchema()} {
		ours, err := Compile(raw)
		if err != nil {
			t.Fatal(err)
		}
		theirs := libraryCompile(t, raw)
		for _, doc := range agreeDocs {
			var v any
			if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
				t.Fatal(err)
			}
			v = toJSON(v)
			got := ours.root.check(v, nil, 0)
			want := theirs.Validate(v)
			if (len(got) == 0) != (want == nil) {
				t.Errorf("%q: ours found %d errors, the library says %v", doc, len(got), want)
			}
		}
	}
}

func libraryCompile(t testing.TB, raw []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://s.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// FuzzValidate_AgreesWithALibrary looks for documents on which this validator
// and the library disagree (run with -fuzz; the seeds run in every test).
func FuzzValidate_AgreesWithALibrary(f *testing.F) {
	for _, d := range agreeDocs {
		f.Add(d)
	}
	zy, err := Compile(fakeapi.ZeropsYmlSchema())
	if err != nil {
		f.Fatal(err)
	}
	iy, err := Compile(fakeapi.ImportYmlSchema())
	if err != nil {
		f.Fatal(err)
	}
	libZy, libIy := libraryCompile(f, fakeapi.ZeropsYmlSchema()), libraryCompile(f, fakeapi.ImportYmlSchema())
	f.Fuzz(func(t *testing.T, doc string) {
		var v any
		if yaml.Unmarshal([]byte(doc), &v) != nil {
			return
		}
		v = toJSON(v)
		if _, err := json.Marshal(v); err != nil {
			return // not a JSON value (a NaN, a key of another type)
		}
		for i, ours := range []*Schema{zy, iy} {
			got := ours.root.check(v, nil, 0)
			want := []*jsonschema.Schema{libZy, libIy}[i].Validate(v)
			if (len(got) == 0) != (want == nil) {
				t.Errorf("%q: ours found %d errors, the library says %v", doc, len(got), want)
			}
		}
	})
}
