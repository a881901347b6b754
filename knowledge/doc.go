// Package knowledge owns ZCP's embedded knowledge base: the markdown corpus
// under docs/, its bleve BM25 index, query expansion, snippets, the version
// checks that steer agents toward real service types, and the static texts of
// zerops_context and zerops_workflow that `zcp init` templates share.
//
// Layout:
//   - corpus.go: Documents — the embedded corpus, parsed once (front matter via yaml.v3).
//   - index.go, search.go, expand.go, snippet.go: BuildIndex and Index.Search —
//     an in-memory BM25 index (title ×2, keywords ×1.5, content ×1), alias
//     expansion, notes for services Zerops does not offer, rune-safe snippets.
//   - content.go, content/: ContextText, WorkflowCatalog, Workflow, ClaudeMD.
//   - briefing.go: Briefing — the pre-YAML briefing for a runtime and services.
//   - versions.go: FormatStackList, FormatVersionCheck, ValidateServiceTypes
//     against the live type catalog.
//
// Every exported function and *Index method is safe for concurrent use. The
// package imports platform only; it knows nothing of MCP or the actors.
package knowledge
