package policy_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/policy"
)

var tools = []string{"zerops_manage", "zerops_delete", "zerops_env", "zerops_deploy", "zerops_discover"}

const teamPolicy = `rules:                      # first match wins
  - services: [db, "prod*"]
    actions: [delete, stop, scale]
    tools: [zerops_manage, zerops_delete]
    decision: deny
    reason: production data
  - services: ["app*"]
    actions: [scale]
    above: {containers: 3, ramGB: 8}
    decision: confirm
    reason: cost
  - services: [project]
    actions: [env-delete]
    decision: confirm
`

func mustParse(t *testing.T, src string) *policy.Policy {
	t.Helper()
	p, err := policy.Parse("team.yml", []byte(src), tools)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPolicy_Decide(t *testing.T) {
	t.Parallel()
	p := mustParse(t, teamPolicy)
	db := policy.Target{Hostname: "db", Kind: policy.KindData}
	cache := policy.Target{Hostname: "cache", Kind: policy.KindData}
	app := policy.Target{Hostname: "appdev", Kind: policy.KindRuntime}
	tests := []struct {
		name string
		call policy.Call
		want policy.Decision
		rule string
	}{
		{"deny delete db", policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{db}}, policy.Deny, "team.yml:2"},
		{"deny stop prod glob", policy.Call{Tool: "zerops_manage", Action: "stop", Targets: []policy.Target{{Hostname: "prodapi"}}}, policy.Deny, "team.yml:2"},
		{"other tool not matched", policy.Call{Tool: "zerops_env", Action: "env-set", Targets: []policy.Target{db}}, policy.Allow, "default: allow"},
		{"restart db allowed", policy.Call{Tool: "zerops_manage", Action: "restart", Targets: []policy.Target{db}}, policy.Allow, "default: allow"},
		{"default data delete asks", policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{cache}}, policy.Confirm, "default: deleting a data service asks"},
		{"runtime delete allowed", policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{app}}, policy.Allow, "default: allow"},
		{"scale within limits", policy.Call{Tool: "zerops_manage", Action: "scale", Targets: []policy.Target{app}, Scale: &policy.Scale{Containers: 3}}, policy.Allow, "default: allow"},
		{"scale above limits", policy.Call{Tool: "zerops_manage", Action: "scale", Targets: []policy.Target{app}, Scale: &policy.Scale{RAMGB: 16}}, policy.Confirm, "team.yml:7"},
		{"strictest target wins", policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{app, cache, db}}, policy.Deny, "team.yml:2"},
		{"project variables", policy.Call{Tool: "zerops_env", Action: "env-delete", Targets: []policy.Target{{Hostname: "project"}}}, policy.Confirm, "team.yml:12"},
		{"read", policy.Call{Tool: "zerops_discover", Action: "read"}, policy.Allow, "default: reads are allowed"},
		{"no targets never matches a service rule", policy.Call{Tool: "zerops_delete", Action: "delete"}, policy.Allow, "default: allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := p.Decide(tt.call)
			if v.Decision != tt.want || v.Rule != tt.rule {
				t.Fatalf("Decide = %+v, want %s by %s", v, tt.want, tt.rule)
			}
		})
	}
}

func TestPolicy_ReadOnlyDeniesEveryChange(t *testing.T) {
	t.Parallel()
	p := policy.Default().ReadOnly()
	for _, a := range policy.Actions {
		v := p.Decide(policy.Call{Tool: policy.ActionTools[a], Action: a, Targets: []policy.Target{{Hostname: "appdev"}}})
		want := policy.Deny
		if a == policy.ActionRead {
			want = policy.Allow
		}
		if v.Decision != want {
			t.Errorf("%s: %+v, want %s", a, v, want)
		}
	}
	if !strings.Contains(p.String(), "ZCP_READ_ONLY") {
		t.Errorf("String() = %q", p.String())
	}
}

func TestParse_ErrorsNameTheirLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		line      int
		want      string
	}{
		{"unknown tool", "rules:\n  - tools: [zerops_manage]\n    decision: deny\n  - tools: [zerops_delte]\n    decision: deny\n", 4, `unknown tool "zerops_delte" (did you mean "zerops_delete"?)`},
		{"bad glob", "rules:\n  - services: [\"db[\"]\n    decision: deny\n", 2, `bad glob "db["`},
		{"glob with a dash", "rules:\n  - services: [my_db]\n    decision: deny\n", 2, `bad glob "my_db"`},
		{"unknown action", "rules:\n  - actions: [delete, destroy]\n    decision: deny\n", 2, `unknown action "destroy"`},
		{"unknown decision", "rules:\n  - decision: maybe\n", 2, `decision "maybe"`},
		{"missing decision", "rules:\n  - services: [db]\n", 2, "no decision"},
		{"unknown key", "rules:\n  - services: [db]\n    decison: deny\n", 3, `unknown key "decison"`}, //nolint:misspell // the misspelt key is what the test feeds
		{"bad limit", "rules:\n  - actions: [scale]\n    above: {containers: lots}\n    decision: confirm\n", 3, "positive number"},
		{"above without scale", "rules:\n  - actions: [delete]\n    above: {containers: 2}\n    decision: confirm\n", 2, "only a scale"},
		{"syntax", "rules:\n  - services: [db]\n    decision: deny: x\n", 3, "not valid YAML"},
		{"top-level key", "rule:\n  - decision: deny\n", 1, `unknown key "rule"`},
		{"empty services", "rules:\n  - services: []\n    decision: deny\n", 2, "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := policy.Parse("team.yml", []byte(tt.src), tools)
			var fe *policy.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse error = %v, want a *FileError", err)
			}
			for _, p := range fe.Problems {
				if p.Line == tt.line && strings.Contains(p.Message, tt.want) {
					if !strings.Contains(err.Error(), "team.yml:") {
						t.Errorf("error does not name the file and line: %v", err)
					}
					return
				}
			}
			t.Fatalf("problems %+v lack line %d with %q", fe.Problems, tt.line, tt.want)
		})
	}
}

func TestParse_AcceptsTheIssueForm(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "rules:\n  - services: [DB, \" prod* \"]\n    actions: delete\n    decision: Deny\n    reason: r\n  - decision: allow\n")
	if v := p.Decide(policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{{Hostname: "db"}}}); v.Decision != policy.Deny {
		t.Fatalf("an uppercase pattern and a scalar list: %+v", v)
	}
	if v := p.Decide(policy.Call{Tool: "zerops_delete", Action: "delete", Targets: []policy.Target{{Hostname: "cache", Kind: policy.KindData}}}); v.Decision != policy.Allow || v.Rule != "team.yml:6" {
		t.Fatalf("a matcherless rule matches anything before the defaults: %+v", v)
	}
}

func TestPolicy_NeedsServices(t *testing.T) {
	t.Parallel()
	p := mustParse(t, "rules:\n  - tools: [zerops_discover]\n    decision: allow\n  - services: [db]\n    actions: [stop]\n    decision: deny\n")
	if p.NeedsServices("zerops_discover", "read") {
		t.Error("a read decided by a tool rule needs no services")
	}
	if !p.NeedsServices("zerops_manage", "stop") || !p.NeedsServices("zerops_delete", "delete") {
		t.Error("a service rule (or the data-delete default) needs the services")
	}
	if p.NeedsServices("zerops_manage", "restart") {
		t.Error("restart is decided by the catch-all")
	}
}

func TestPolicy_WriteTable(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	if err := mustParse(t, teamPolicy).WriteTable(&b, []policy.Target{{Hostname: "db", Kind: policy.KindData}, {Hostname: "appdev", Kind: policy.KindRuntime}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"db ", "deny[", "team.yml:2: deny services=db,prod*", "also: team.yml:7"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(teamPolicy))
	f.Add([]byte("rules:\n  - services: [\"[\"]\n    decision: deny\n"))
	f.Add([]byte("rules: &a [*a]\n"))
	f.Add([]byte("rules:\n  - above: {containers: 1e400}\n    actions: scale\n    decision: confirm\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := policy.Parse("f.yml", data, tools)
		if err != nil {
			var fe *policy.FileError
			if !errors.As(err, &fe) || len(fe.Problems) == 0 {
				t.Fatalf("error without problems: %v", err)
			}
			return
		}
		for _, a := range policy.Actions {
			v := p.Decide(policy.Call{Tool: "zerops_manage", Action: a, Targets: []policy.Target{{Hostname: "db", Kind: policy.KindData}}, Scale: &policy.Scale{Containers: 9}})
			if v.Decision != policy.Allow && v.Decision != policy.Deny && v.Decision != policy.Confirm {
				t.Fatalf("decision %q", v.Decision)
			}
		}
	})
}
