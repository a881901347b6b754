package knowledge

import (
	"embed"
	"fmt"
	"strings"
)

// contentFS holds the static texts: the zerops_context body, the workflow
// catalog and workflows, and the CLAUDE.md header `zcp init` writes.
//
//go:embed content
var contentFS embed.FS

// StacksPlaceholder marks where the MCP layer injects the live stack list
// (FormatStackList) into the bootstrap and deploy workflows.
const StacksPlaceholder = "<!-- STACKS -->"

// workflowOrder is the catalog order of the workflows.
var workflowOrder = []string{"bootstrap", "deploy", "debug", "scale", "configure", "monitor"}

func mustContent(name string) string {
	b, err := contentFS.ReadFile("content/" + name)
	if err != nil {
		// The files are embedded at build time and checked by tests.
		panic(fmt.Sprintf("knowledge: embedded content %s missing: %v", name, err))
	}
	return string(b)
}

// ContextText is the body of zerops_context: the platform model, critical
// rules, the service catalog, defaults and where to look next.
func ContextText() string { return stripCatalogMarkers(mustContent("context.md")) }

// Catalog markers delimit the written service catalog inside context.md.
const (
	catalogBegin = "<!-- CATALOG -->"
	catalogEnd   = "<!-- /CATALOG -->"
)

// ContextWithCatalog is the context text with the written service catalog
// replaced by live, the catalog read from the API (FormatStackList); an empty
// live keeps the written one. The live list is authoritative, and one list
// keeps the text within its budget.
func ContextWithCatalog(live string) string {
	text := mustContent("context.md")
	live = strings.TrimSpace(live)
	if live == "" {
		return stripCatalogMarkers(text)
	}
	before, rest, ok := strings.Cut(text, catalogBegin)
	_, after, ok2 := strings.Cut(rest, catalogEnd)
	if !ok || !ok2 {
		return stripCatalogMarkers(text) + "\n## Service catalog (live)\n" + live + "\n"
	}
	return before + "## Service catalog (live type@version)\n" + live + after
}

// stripCatalogMarkers removes the marker lines, keeping the written catalog.
func stripCatalogMarkers(text string) string {
	text = strings.ReplaceAll(text, catalogBegin+"\n", "")
	return strings.ReplaceAll(text, catalogEnd+"\n", "")
}

// WorkflowCatalog lists the workflows with one line each.
func WorkflowCatalog() string { return mustContent("catalog.md") }

// WorkflowNames lists the workflow names in catalog order.
func WorkflowNames() []string { return append([]string(nil), workflowOrder...) }

// Workflow returns the named workflow's guidance. Bootstrap and deploy
// contain StacksPlaceholder.
func Workflow(name string) (string, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, w := range workflowOrder {
		if w == name {
			return mustContent("workflows/" + w + ".md"), true
		}
	}
	return "", false
}

// ClaudeMD is the CLAUDE.md template `zcp init` writes: a short directive
// followed by the same workflow catalog zerops_workflow returns.
func ClaudeMD() string {
	return strings.TrimRight(mustContent("claude.md"), "\n") + "\n\n" + WorkflowCatalog()
}
