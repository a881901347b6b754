package knowledge

import (
	"strings"
	"testing"
)

func TestContextText_SizeAndContent(t *testing.T) {
	t.Parallel()
	txt := ContextText()
	if n := len(txt); n < 3200 || n > 4800 {
		t.Errorf("context is %d chars, want 3200–4800 (≈800–1200 tokens)", n)
	}
	for _, want := range []string{
		"0.0.0.0", "http://", "10–65435", "NON_HA", "${hostname_var", "valkey@7.2", "postgresql@{14,16,17,18}",
		"nodejs@{18,20,22,24}", "bun@{1.1,1.2,1.3,canary,nightly}", "kafka@{3.8,3.9}", "dotnet@{6,7,8,9,10}", "rust@{stable,nightly,1,1.86}", "postgresql:single@18", "zerops_workflow", "zerops_knowledge", "zerops://docs/",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("context lacks %q", want)
		}
	}
	for _, bad := range []string{"mariadb@11", "python@3.13", "kafka@4", "valkey@8 "} {
		if strings.Contains(txt, bad) {
			t.Errorf("context names the non-existent %q", bad)
		}
	}
}

func TestWorkflow_All(t *testing.T) {
	t.Parallel()
	names := WorkflowNames()
	if strings.Join(names, ",") != "bootstrap,deploy,debug,scale,configure,monitor" {
		t.Fatalf("WorkflowNames = %v", names)
	}
	catalog := WorkflowCatalog()
	wantTools := map[string][]string{
		"bootstrap": {"zerops_discover", "zerops_knowledge", "zerops_import", `"dryRun": true`, "zerops_process", "zerops_deploy", "zerops_subdomain", "Development", "Production", "Mailpit"},
		"deploy":    {"zerops_discover", "zerops_deploy", "zerops_events", "zerops_logs", "zerops_validate", "deployFiles"},
		"debug":     {"zerops_events", "zerops_logs", "zerops_manage", "502"},
		"scale":     {"zerops_manage", `"action": "scale"`, "minContainers"},
		"configure": {"zerops_env", "zerops_manage", "zerops_subdomain", "restart"},
		"monitor":   {"zerops_discover", "zerops_events", "zerops_logs"},
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			txt, ok := Workflow(name)
			if !ok || len(txt) < 500 {
				t.Fatalf("Workflow(%q) = %d chars, %v", name, len(txt), ok)
			}
			for _, w := range wantTools[name] {
				if !strings.Contains(txt, w) {
					t.Errorf("workflow %s lacks %q", name, w)
				}
			}
			if !strings.Contains(txt, "## Pitfalls") {
				t.Errorf("workflow %s has no pitfalls section", name)
			}
			hasStacks := strings.Contains(txt, "\n"+StacksPlaceholder+"\n")
			if wantStacks := name == "bootstrap" || name == "deploy"; hasStacks != wantStacks {
				t.Errorf("workflow %s: stacks placeholder present = %v, want %v", name, hasStacks, wantStacks)
			}
			if !strings.Contains(catalog, "- "+name+": ") {
				t.Errorf("catalog does not list %s", name)
			}
		})
	}
}

func TestWorkflow_Unknown(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"", "nope", "../context", "catalog"} {
		if txt, ok := Workflow(name); ok || txt != "" {
			t.Errorf("Workflow(%q) = %q, %v", name, txt, ok)
		}
	}
	if _, ok := Workflow(" Bootstrap "); !ok {
		t.Error("Workflow is not case/space tolerant")
	}
}

func TestClaudeMD_SharesCatalog(t *testing.T) {
	t.Parallel()
	md := ClaudeMD()
	if !strings.Contains(md, WorkflowCatalog()) {
		t.Error("CLAUDE.md does not embed the workflow catalog")
	}
	if !strings.Contains(md, "zerops_workflow") || len(md) > 2000 {
		t.Errorf("CLAUDE.md is not a thin directive (%d chars)", len(md))
	}
}

// TestStaticLinks_Resolve checks every zerops://docs link the package itself
// emits (context, workflows, unsupported-service notes, popular topics,
// briefing) points at a corpus document.
func TestStaticLinks_Resolve(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	uris := map[string]bool{}
	for _, d := range docs {
		uris[d.URI] = true
	}
	texts := map[string]string{"context": ContextText(), "catalog": WorkflowCatalog(), "claude": ClaudeMD()}
	for _, name := range WorkflowNames() {
		texts["workflow "+name], _ = Workflow(name)
	}
	for key, u := range unsupported {
		texts["unsupported "+key] = u.uri
	}
	texts["popular"] = strings.Join(popularTopics, " ")
	b, err := Briefing("nodejs@22", []string{"postgresql@16"})
	if err != nil {
		t.Fatal(err)
	}
	texts["briefing"] = b
	for name, txt := range texts {
		for _, l := range linkRE.FindAllString(txt, -1) {
			if !uris[l] {
				t.Errorf("%s: link %s does not resolve", name, l)
			}
		}
	}
}
