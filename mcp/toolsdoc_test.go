package mcp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

// toolsDoc is the tools reference generated from the registry, as
// github-mcp-server generates its README's tool list.
const toolsDoc = "../docs/tools.md"

// TestToolsDoc_UpToDate keeps docs/tools.md what the registry says:
// UPDATE_TOOLSNAPS=1 rewrites it together with the snapshots.
func TestToolsDoc_UpToDate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = true }})
	readOnly := map[string]bool{}
	for _, tool := range listTools(t, h) {
		readOnly[tool.Name] = true
	}
	want := renderToolsDoc(t, listTools(t, newHarness(t, harnessOpts{})), readOnly)
	if os.Getenv("UPDATE_TOOLSNAPS") == "1" {
		must(t, os.WriteFile(toolsDoc, want, 0o644))
		return
	}
	got, err := os.ReadFile(toolsDoc)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is not what the registry says (%v); run UPDATE_TOOLSNAPS=1 go test ./mcp -run 'TestToolsnaps|TestToolsDoc'", toolsDoc, err)
	}
}

// inputSchema is the part of a tool's input schema the page shows.
type inputSchema struct {
	Properties map[string]struct {
		Type        any    `json:"type"`
		Description string `json:"description"`
		Enum        []any  `json:"enum"`
	} `json:"properties"`
	Required []string `json:"required"`
}

func renderToolsDoc(t *testing.T, tools []*sdk.Tool, readOnly map[string]bool) []byte {
	t.Helper()
	slices.SortFunc(tools, func(a, b *sdk.Tool) int { return strings.Compare(a.Name, b.Name) })
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Tools\n\nGenerated from the registry by `UPDATE_TOOLSNAPS=1 go test ./mcp -run 'TestToolsnaps|TestToolsDoc'`;\n"+
		"a test fails when it is out of date. What each tool does in detail: [behaviour.md](behaviour.md).\n\n"+
		"%d tools. With `ZCP_READ_ONLY=1` only those marked read-only are registered (some with fewer actions).\n\n", len(tools))
	for _, tool := range tools {
		var marks []string
		if readOnly[tool.Name] {
			marks = append(marks, "read-only")
		}
		if a := tool.Annotations; a != nil && a.DestructiveHint != nil && *a.DestructiveHint {
			marks = append(marks, "destructive")
		}
		if tool.OutputSchema == nil {
			marks = append(marks, "answers markdown")
		}
		fmt.Fprintf(&b, "## `%s`: %s\n\n", tool.Name, tool.Title)
		if len(marks) > 0 {
			fmt.Fprintf(&b, "*%s*\n\n", strings.Join(marks, ", "))
		}
		fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(tool.Description))
		raw, err := json.Marshal(tool.InputSchema)
		must(t, err)
		var in inputSchema
		must(t, json.Unmarshal(raw, &in))
		if len(in.Properties) == 0 {
			b.WriteString("No arguments.\n\n")
			continue
		}
		b.WriteString("| argument | type | |\n|---|---|---|\n")
		names := make([]string, 0, len(in.Properties))
		for name := range in.Properties {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			p := in.Properties[name]
			typ := fmt.Sprint(p.Type)
			if p.Type == nil {
				typ = "any"
			}
			desc := p.Description
			if slices.Contains(in.Required, name) {
				desc = strings.TrimSpace("**required** " + desc)
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", name, typ, strings.ReplaceAll(desc, "|", `\|`))
		}
		b.WriteString("\n")
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// numberWords reads the counts the pages spell out in words.
var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// TestDocs_FiguresMatchTheServer keeps every count of tools, prompts and
// workflows that README.md, CONTRIBUTING.md and docs/ state true.
func TestDocs_FiguresMatchTheServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	prompts, err := h.cs.ListPrompts(t.Context(), nil)
	must(t, err)
	want := map[string]int{"tools": len(listTools(t, h)), "prompts": len(prompts.Prompts), "workflows": len(prompts.Prompts)}
	pages, err := filepath.Glob("../docs/*.md")
	must(t, err)
	pages = append(pages, "../README.md", "../CONTRIBUTING.md")
	figure := regexp.MustCompile(`(?i)\b(\d+|` + strings.Join(slices.Collect(maps.Keys(numberWords)), "|") + `) (tools|prompts|workflows)\b`)
	found := 0
	for _, page := range pages {
		src, err := os.ReadFile(page)
		must(t, err)
		for _, m := range figure.FindAllStringSubmatch(string(src), -1) {
			n, ok := numberWords[strings.ToLower(m[1])]
			if !ok {
				n, _ = strconv.Atoi(m[1])
			}
			found++
			if what := strings.ToLower(m[2]); n != want[what] {
				t.Errorf("%s says %q: the server has %d %s", page, m[0], want[what], what)
			}
		}
	}
	if found == 0 {
		t.Error("no page states a count of tools, prompts or workflows: the test reads nothing")
	}
}

// TestREADME_ShortAndLinked keeps the front door short: at most 200 lines,
// none over 200 characters outside code blocks, the two commands within the
// first screen, and every relative link of it and of docs/ leading to a file.
func TestREADME_ShortAndLinked(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../README.md")
	must(t, err)
	lines := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
	if len(lines) > 200 {
		t.Errorf("README.md has %d lines, at most 200: move reference to docs/", len(lines))
	}
	code := false
	for i, line := range lines {
		if strings.HasPrefix(line, "```") {
			code = !code
		}
		if n := len([]rune(line)); !code && n > 200 {
			t.Errorf("README.md:%d is %d characters, at most 200 outside code blocks", i+1, n)
		}
	}
	firstScreen := strings.Join(lines[:min(len(lines), 40)], "\n")
	for _, want := range []string{"make build && ./bin/zcp demo", "make test", "CONTRIBUTING.md"} {
		if !strings.Contains(firstScreen, want) {
			t.Errorf("README.md's first 40 lines lack %q", want)
		}
	}
	pages, err := filepath.Glob("../docs/*.md")
	must(t, err)
	link := regexp.MustCompile(`\]\(([^)#:]+\.md)(#[^)]*)?\)`)
	for _, page := range append(pages, "../README.md", "../CONTRIBUTING.md") {
		src, err := os.ReadFile(page)
		must(t, err)
		for _, m := range link.FindAllStringSubmatch(string(src), -1) {
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), m[1])); err != nil {
				t.Errorf("%s links to %s, which does not exist", page, m[1])
			}
		}
	}
}
