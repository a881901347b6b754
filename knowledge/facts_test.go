package knowledge

import (
	"regexp"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// agentTexts is every text an agent reads from the knowledge base, by where
// it comes from: the documents, the context and the workflows.
func agentTexts(t *testing.T) map[string]string {
	t.Helper()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{"content/context": ContextText()}
	for _, d := range docs {
		all[d.Path] = d.Content
	}
	for _, name := range WorkflowNames() {
		body, _ := Workflow(name)
		all["workflow "+name] = body
	}
	return all
}

// TestDocs_CorrectedFacts keeps the facts corrected against the official
// Zerops documentation (issue 22): each old claim, if it comes back anywhere
// in the corpus or the context text, fails; each document still states the
// correct fact.
func TestDocs_CorrectedFacts(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	gone := []struct{ fact, old string }{
		{"a shared-storage connection needs a deploy", `(?i)connecting (or disconnecting )?does not restart`},
		{"run.mount is refused, not dropped", "(?i)mount[^\\n]{0,80}(silently drop|drops? (it )?without|dropped without|does not (always )?refuse)|(?i)(silently drop|drops? without a word)[^\\n]{0,80}mount"},
		{"zerops.yml envVariables need a redeploy", `(?i)read at run time; a restart applies a change`},
		{"Gleam runs on Alpine and Ubuntu", `(?i)gleam[^.\n]{0,40}(on )?ubuntu only|(?i)deno, gleam and|gleam@1\.5 \(ubuntu\)`},
		{"only the facts' versions are offered", `(?i)keep 8\.1 for older code|6 and 7 are offered|Deno 1\.45|other names? for the newest|php-nginx@\{8\.1|dotnet@\{6|deno@\{1|kafka@\{3\.8|alpine@\{3\.17|rust@\{1\.78`},
		{"no OS-prefixed types", "(ubuntu|alpine)/(python|nodejs|bun|deno|go|php)"},
		{"os: ubuntu is not deprecated", `(?i)(os:|os:.{0,40}key)[^.\n]{0,60}deprecated|(?i)deprecated in favour of (an|the) os`},
		{"80/443 are valid in run.ports", `(?i)80 and 443 are reserved for the platform`},
	}
	for _, g := range gone {
		re := regexp.MustCompile(g.old)
		for path, body := range all {
			if m := re.FindString(body); m != "" {
				t.Errorf("%s: %q contradicts the fact %q", path, m, g.fact)
			}
		}
	}
	kept := []struct{ path, fact, want string }{
		{"services/shared-storage", "connect then deploy", `(?i)deploy the runtime again`},
		{"services/shared-storage", "a restart brings no mount", `(?i)restart[^.]{0,60}no mount`},
		{"config/import-yml-mounts", "run.mount is refused", "(?i)`run\\.mount`[^\\n]{0,80}refuse"},
		{"config/zerops-yml-run", "run.mount is refused", "(?i)`run\\.mount`[^\\n]{0,80}refuse"},
		{"services/shared-storage", "run.mount is refused", "(?i)`run\\.mount`[^\\n]{0,80}refuse"},
		{"frameworks/nextjs", "zerops.yml values need a deploy", `(?i)run\.envVariables[^.]{0,80}new deploy`},
		{"operations/apply-env-changes", "zerops.yml edits need a deploy", `(?i)zerops\.yml edits \+ restart = nothing changes`},
		{"config/zerops-yml-crontab", "allContainers is required", "(?i)`allContainers` \\| \\*\\*required\\*\\*"},
		{"networking/ports", "80/443 reserved on the public side only", `(?i)80 and 443 are valid in .run\.ports.`},
		{"runtimes/gleam", "Gleam on Alpine", `(?i)runs on the default Alpine image and on Ubuntu`},
		{"runtimes/rust", "rust stable and nightly only", "`rust@stable` and `rust@nightly`; no numbered version"},
		{"runtimes/php", "PHP 8.3 to 8.5", "Runtime: `php-nginx@8\\.3`, `php-nginx@8\\.4`, `php-nginx@8\\.5`"},
		{"runtimes/dotnet", ".NET 8 to 10", "`dotnet@8`, `dotnet@9`, `dotnet@10`\\."},
		{"services/kafka", "kafka 3.9 only", "Only `kafka@3\\.9`"},
		{"runtimes/deno", "deno 2 only", "Only `deno@2`"},
		{"runtimes/bun", "bun 1.2/1.3, canary, nightly", "`bun@1\\.2` and `bun@1\\.3`; `bun@canary` and `bun@nightly`"},
		{"runtimes/alpine", "alpine 3.20 to 3.23", "`alpine@3\\.20` up to `alpine@3\\.23`"},
	}
	for _, k := range kept {
		body, ok := all[k.path]
		if !ok {
			t.Errorf("%s: missing", k.path)
			continue
		}
		if !regexp.MustCompile(k.want).MatchString(body) {
			t.Errorf("%s no longer states %q (/%s/)", k.path, k.fact, k.want)
		}
	}
	if strings.Contains(all["content/context"], "gleam@1.5 (Ubuntu)") {
		t.Error("context calls gleam Ubuntu-only")
	}
}

// TestVersionCheck_NoOSPrefixedAdvice: the official docs know no
// OS-prefixed types, so the version check's fix for an Ubuntu-only version
// asks for os: ubuntu in zerops.yml and never for an "ubuntu/…" type.
func TestVersionCheck_NoOSPrefixedAdvice(t *testing.T) {
	t.Parallel()
	types := []platform.ServiceStackType{{Name: "Python", Category: platform.CategoryUser,
		Versions: []platform.ServiceStackTypeVersion{{Name: "python@3.12", Status: "ACTIVE"}, {Name: "python@3.14", Status: "ACTIVE"}}}}
	got := FormatVersionCheck("alpine/python@3.14", nil, types)
	if strings.Contains(got, "ubuntu/") || !strings.Contains(got, "os: ubuntu") {
		t.Errorf("version check of alpine/python@3.14:\n%s", got)
	}
}

// withdrawnVersion matches a written version the facts' list
// (zerops-platform.md, "Service types (mid-2026)") does not offer.
var withdrawnVersion = regexp.MustCompile("`((php-nginx|php-apache|php)@8\\.1|dotnet@[67]|deno@(1|latest)|bun@latest|kafka@3\\.8|alpine@3\\.1[789]|rust@1(\\.78|\\.80|\\.86)?)`")

// notOffered is a line that names a version to say it is not offered (or
// a row of a table of guesses and what to write instead).
var notOffered = regexp.MustCompile(`(?i)not offered|does not exist|there is no|no numbered|^\| `)

// TestDocs_WithdrawnVersionsNotOffered: the corpus, the context and the
// workflows name a version the facts do not offer only to say so.
func TestDocs_WithdrawnVersionsNotOffered(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	for path, body := range all {
		for i, line := range strings.Split(body, "\n") {
			if m := withdrawnVersion.FindString(line); m != "" && !notOffered.MatchString(line) {
				t.Errorf("%s:%d: %s named as offered: %q", path, i+1, m, line)
			}
		}
	}
}
