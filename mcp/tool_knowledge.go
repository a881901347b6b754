package mcp

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

type knowledgeInput struct {
	Query    string  `json:"query,omitempty"`
	Limit    Int     `json:"limit,omitzero" jsonschema:"hits; default 5, max 20"`
	Runtime  string  `json:"runtime,omitempty" jsonschema:"e.g. nodejs@22"`
	Services Strings `json:"services,omitempty" jsonschema:"managed services, e.g. [\"postgresql@16\"]"`
	URI      string  `json:"uri,omitempty" jsonschema:"zerops://docs/..."`
}

// knowledgeOutput is a search answer, or a briefing or document whose
// markdown is also the text content.
type knowledgeOutput struct {
	Query         string          `json:"query,omitempty"`
	ExpandedQuery string          `json:"expandedQuery,omitempty"`
	Hits          []knowledge.Hit `json:"hits,omitzero"`
	TopContent    string          `json:"topContent,omitempty"`
	TopOmitted    []string        `json:"topOmitted,omitempty"`
	Suggestions   []string        `json:"suggestions,omitempty"`
	Notes         []string        `json:"notes,omitempty"`
	URI           string          `json:"uri,omitempty"`
	Markdown      string          `json:"markdown,omitempty"`
	Next          string          `json:"next"`
}

// contentText is the markdown an agent reads: a briefing or document as it
// is, a search as its hits followed by the top document's relevant sections
// and where the rest is (its JSON would escape every line and quote).
func (o knowledgeOutput) contentText() string {
	if o.Markdown != "" {
		return joinNext(o.Markdown, o.Next)
	}
	var b strings.Builder
	b.Grow(len(o.TopContent) + 400*len(o.Hits) + 512)
	fmt.Fprintf(&b, "Search: %s", o.Query)
	if also := addedTerms(o.Query, o.ExpandedQuery); also != "" {
		// The terms ZCP added, not the whole list: "searched as" read as
		// a rewrite of the question (walk 76).
		fmt.Fprintf(&b, " (also searched: %s)", also)
	}
	b.WriteString("\n")
	for _, n := range o.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	if len(o.Suggestions) > 0 {
		fmt.Fprintf(&b, "Try: %s\n", strings.Join(o.Suggestions, "; "))
	}
	for i, h := range o.Hits {
		fmt.Fprintf(&b, "\n%d. %s (%s, score %s)", i+1, h.Title, h.URI, strconv.FormatFloat(h.Score, 'f', -1, 64))
		if h.Description != "" {
			fmt.Fprintf(&b, "\n   %s", h.Description)
		}
		if i > 0 && h.Snippet != "" { // the first hit's sections follow
			fmt.Fprintf(&b, "\n   > %s", h.Snippet)
		}
	}
	if o.TopContent != "" {
		b.WriteString("\n\n---\n\n")
		b.WriteString(strings.TrimSpace(o.TopContent))
		if len(o.TopOmitted) > 0 && len(o.Hits) > 0 {
			fmt.Fprintf(&b, "\n\n(Other sections: %s. The whole document: zerops_knowledge uri=%s)",
				strings.Join(o.TopOmitted, "; "), o.Hits[0].URI)
		}
	}
	return joinNext(strings.TrimRight(b.String(), "\n"), o.Next)
}

func (s *Server) knowledgeTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_knowledge",
		Description: "Zerops docs. query: ranked search plus the top hit's relevant sections. runtime/services: the briefing before writing import.yml or zerops.yml, with version checks. uri: one document.",
		Annotations: readOnlyAnn("Search Zerops knowledge"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in knowledgeInput) (knowledgeOutput, error) {
		switch {
		case strings.TrimSpace(in.URI) != "":
			ix, err := s.index(ctx)
			if err != nil {
				return knowledgeOutput{}, err
			}
			doc, ok := ix.Get(strings.TrimSpace(in.URI))
			if !ok {
				return knowledgeOutput{}, platform.NewError(platform.ErrNotFound, fmt.Sprintf("no document %q", platform.Clip(in.URI, 80)),
					"Search with zerops_knowledge query=... and use a uri from its hits.")
			}
			return knowledgeOutput{URI: doc.URI, Markdown: docMarkdown(doc.Title, doc.Content),
				Next: "Next: apply it; search related topics with zerops_knowledge query=..."}, nil
		case strings.TrimSpace(in.Runtime) != "" || len(in.Services) > 0:
			if err := checkBriefingArgs(in.Runtime, in.Services); err != nil {
				return knowledgeOutput{}, err
			}
			brief, err := knowledge.Briefing(strings.TrimSpace(in.Runtime), in.Services)
			if err != nil {
				return knowledgeOutput{}, err
			}
			// The version check comes first: an invented version is the first
			// thing to fix, before any of the rules below is applied.
			var b strings.Builder
			// Without a catalog the check says the versions could not be checked.
			if check := knowledge.FormatVersionCheck(strings.TrimSpace(in.Runtime), in.Services, s.stackTypes(ctx)); check != "" {
				b.WriteString(strings.TrimSpace(check))
				b.WriteString("\n\n---\n\n")
			}
			b.WriteString(strings.TrimSpace(brief))
			return knowledgeOutput{Markdown: b.String(),
				Next: "Next: write import.yml and zerops.yml with these rules and only validated versions, then check them with zerops_import with the import.yml as content and dryRun=true and zerops_validate with the zerops.yml as content."}, nil
		case strings.TrimSpace(in.Query) != "":
			limit := 5
			if in.Limit.Set {
				if in.Limit.V < 1 || in.Limit.V > 20 {
					return knowledgeOutput{}, platform.NewError(platform.ErrInvalidParameter, fmt.Sprintf("limit %d is outside 1–20", in.Limit.V), "Pass a limit between 1 and 20 (default 5).")
				}
				limit = in.Limit.V
			}
			ix, err := s.index(ctx)
			if err != nil {
				return knowledgeOutput{}, err
			}
			res, err := ix.Search(in.Query, limit)
			if err != nil {
				return knowledgeOutput{}, err
			}
			// The answer quotes the query; a long one is searched, not echoed.
			res.Query = platform.Clip(res.Query, maxEchoedQuery)
			res.ExpandedQuery = platform.Clip(res.ExpandedQuery, 2*maxEchoedQuery)
			next := "Next: apply what the top document says; read another hit with zerops_knowledge uri=..."
			switch {
			case len(res.Hits) == 0:
				next = "Next: nothing matched; try one of the suggestions or broader words."
			case res.Hits[0].Score < weakScore:
				next = "Next: no document matches well; rephrase with Zerops terms (a service type, a zerops.yml key, an error message) or try the suggestions."
			}
			return knowledgeOutput{Query: res.Query, ExpandedQuery: res.ExpandedQuery, Hits: roundScores(res.Hits), TopContent: res.TopContent, TopOmitted: res.TopOmitted,
				Suggestions: res.Suggestions, Notes: res.Notes, Next: next}, nil
		}
		return knowledgeOutput{}, platform.NewError(platform.ErrInvalidParameter, "pass query, runtime/services or uri",
			"query searches the docs; runtime (and services) returns the pre-YAML briefing; uri reads one document.")
	})
}

// Bounds on briefing arguments: a type is at most a few short tokens
// (alpine/postgresql:single@16), and a stack has a handful of services. The
// briefing quotes what it was asked for, so these also bound the answer.
const (
	maxTypeLen          = 100
	maxBriefingServices = 20
	maxEchoedQuery      = 120
)

// checkBriefingArgs refuses briefing requests beyond those bounds.
func checkBriefingArgs(runtime string, services []string) error {
	if len([]rune(strings.TrimSpace(runtime))) > maxTypeLen {
		return platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("runtime %q is not a service type", platform.Clip(runtime, 40)),
			"Pass a runtime type such as nodejs@22 or php-nginx@8.4.")
	}
	if len(services) > maxBriefingServices {
		return platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("%d services requested; a briefing covers at most %d", len(services), maxBriefingServices),
			"Ask for the managed services this stack uses, e.g. [\"postgresql@16\", \"valkey@7.2\"].")
	}
	for _, svc := range services {
		if len([]rune(strings.TrimSpace(svc))) > maxTypeLen {
			return platform.NewError(platform.ErrInvalidParameter,
				fmt.Sprintf("service %q is not a service type", platform.Clip(svc, 40)),
				"Pass service types such as postgresql@16 or valkey@7.2.")
		}
	}
	return nil
}

// weakScore is the best-hit score below which no document is a good match
// (an unrelated query scores ~0.05, a related one well above 0.5).
const weakScore = 0.25

// roundScores rounds hit scores to 3 decimals: more digits only cost tokens.
func roundScores(hits []knowledge.Hit) []knowledge.Hit {
	out := make([]knowledge.Hit, len(hits))
	for i, h := range hits {
		h.Score = math.Round(h.Score*1000) / 1000
		out[i] = h
	}
	return out
}

// docMarkdown is a document under its title: the title is added only when
// the content does not open with a title of its own, never written twice.
func docMarkdown(title, content string) string {
	content = strings.TrimSpace(content)
	if strings.HasPrefix(content, "# ") {
		return content
	}
	return "# " + title + "\n\n" + content
}

// addedTerms are the terms of expanded that the query q does not hold, as
// one string; "" when none.
func addedTerms(q, expanded string) string {
	typed := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.' && r != '@' && r != '_'
	})
	var out []string
	for _, t := range strings.Fields(expanded) {
		if !slices.Contains(typed, t) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " ")
}
