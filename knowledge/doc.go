// Package knowledge owns ZCP's embedded knowledge base: the markdown corpus
// under docs/, its bleve BM25 index, query expansion, snippets, the version
// checks that steer agents toward real service types, and the static texts of
// zerops_context and zerops_workflow that `zcp init` templates share.
package knowledge
