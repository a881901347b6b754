// Package knowledge owns ZCP's embedded knowledge base: the markdown corpus
// under docs/, its bleve BM25 index, query expansion, snippets, the version
// checks that steer agents toward real service types, and the static texts of
// zerops_context and zerops_workflow that `zcp init` templates share.
//
// Layout:
//   - corpus.go: Documents — the corpus, parsed once (front matter via yaml.v3).
//     The binary reads knowledge/docs from corpus.pack.gz, which `go generate`
//     makes together with the index (a third of the size); the package's
//     tests read knowledge/docs itself.
//   - index.go, pack.go, search.go, expand.go, snippet.go: OpenIndex,
//     BuildIndex and Index.Search — a BM25 index (title ×2, keywords ×1.5,
//     content ×1; title and keyword terms weigh by how few bodies use them;
//     camelCase keys also indexed as words), alias expansion (an error
//     signature's meaning weighs ×1.5, other aliases ×0.5; command words
//     read as the command), generic words (container, service, app) barely
//     counted in titles, a named managed service's document led with unless
//     the query is a pasted error or sets two against each other ("postgres
//     or mariadb": the Choose documents lead), a named import.yml/zerops.yml
//     gently favouring the documents titled by it, "minimum ram" and "run
//     three containers" read as minRam and horizontal scaling, notes for
//     services Zerops does not offer,
//     rune-safe snippets. Ranking is measured on testdata/heldout*.txt, questions kept
//     apart from tuning (TestRetrieval_HeldApart: top result answers ≥ 90%). The binary opens the index `go generate` made
//     (index.pack.gz, by internal/genindex); tests build one in memory.
//     After editing docs/, run `go generate ./knowledge` (two tests fail
//     until then; after a merge conflict on a pack, regenerate it).
//   - content.go, content/: ContextText, WorkflowCatalog, Workflow, ClaudeMD.
//   - briefing.go: Briefing — the pre-YAML briefing for a runtime and services.
//   - versions.go: FormatStackList, FormatVersionCheck, ValidateServiceTypes
//     against the live type catalog.
//
// The index, measured (2-core machine under heavy load from parallel work, so
// relative figures count; `make bench`: knowledge BuildIndex/OpenIndex/
// Search, cmd/zcp FirstKnowledgeAnswer/ShortSession/KnowledgeSearchMCP):
//
//	                                      build/open  alloc/build  search p50  first answer  session RSS
//	upsidedown, analysed twice (before)   703 ms      42.5 MB      7.5 ms      746 ms        42.3 MB
//	+ analysed once, snippets prepared    516 ms      39.7 MB      0.23 ms     -             -
//	scorch in memory (no store/docvalues) 200-240 ms  12.3 MB      70 µs       423 ms        33.5 MB
//	  same, GOGC 50 / 25                  -           -            -           -             32.4 / 31.3 MB
//	  same, in 5-42 document batches      no lower peak, 2.7-7.5 MiB live heap instead of 2.4
//	embedded generated index (chosen)     10 ms open  0.5 MB       90 µs       50 ms         27.3 MB
//	  same, bleve's top/query pkgs cut    -           -            -           38 ms         23.3 MB (25.7 before; static builds)
//
// "Analysed once": the BM25 field lengths are read back from bleve's own
// analysis instead of analysing every field a second time. Snippet text
// (headings stripped, whitespace collapsed, lower-cased twin) is prepared
// once per document on its first hit instead of per hit per query (74% of
// search CPU before). The embedded index also keeps bleve's indexing code
// out of the binary (−480 KB); the packs add 83 + 96 KiB, the raw corpus
// (302 KiB) no longer is: 18.53 → 18.31 MB stripped. Scorch and bleve's
// search packages are used without bleve's top-level package, whose imports
// (the upsidedown index type and its protobuf code, expvar, highlighters,
// facets) the linker kept although nothing called them: 18.45 → 16.23 MB;
// and the query is run as the searchers bleve's match and disjunction
// queries make, without the query package (its parser reaches every query
// type, geo shapes among them): 16.23 → 15.32 MB. Same hits, scores, order.
//
// Every exported function and *Index method is safe for concurrent use. The
// package imports platform only; it knows nothing of MCP or the actors.
package knowledge
