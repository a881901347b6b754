package mcp

import (
	"context"
	"log/slog"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
)

const docsTemplate = "zerops://docs/{+path}"

// addResources exposes every knowledge document: a template for any
// zerops://docs/… URI plus one listed resource per document (reading the
// embedded corpus is cheap; the search index is not needed for it).
func (s *Server) addResources() {
	infos, err := knowledge.DocumentInfos()
	if err != nil {
		s.log.Warn("knowledge documents unavailable for resources", slog.Any("error", err))
	}
	// The contents are read at the first resource read, not on the way to initialize.
	documents := sync.OnceValue(func() map[string]knowledge.Document {
		docs, err := knowledge.Documents()
		if err != nil {
			s.log.Warn("knowledge documents unavailable for resources", slog.Any("error", err))
		}
		byURI := make(map[string]knowledge.Document, len(docs))
		for _, d := range docs {
			byURI[d.URI] = d
		}
		return byURI
	})
	read := func(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		uri := req.Params.URI
		byURI := documents()
		doc, ok := byURI[uri]
		if !ok && len(byURI) == 0 && s.deps.Knowledge != nil {
			if ix, err := s.deps.Knowledge.Index(ctx); err == nil {
				doc, ok = ix.Get(uri)
			}
		}
		if !ok {
			return nil, sdk.ResourceNotFoundError(uri)
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{
			URI: uri, MIMEType: "text/markdown", Text: strings.TrimSpace(doc.Content),
		}}}, nil
	}
	s.sdk.AddResourceTemplate(&sdk.ResourceTemplate{
		Name:        "zerops-docs",
		Title:       "Zerops documentation",
		Description: "One Zerops knowledge document, e.g. zerops://docs/services/postgresql",
		URITemplate: docsTemplate,
		MIMEType:    "text/markdown",
	}, read)
	for _, d := range infos {
		s.sdk.AddResource(&sdk.Resource{
			URI: d.URI, Name: d.Path, Title: d.Title, Description: d.Description, MIMEType: "text/markdown",
		}, read)
	}
}
