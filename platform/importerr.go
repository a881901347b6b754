package platform

import (
	"fmt"
	"sort"
)

// APIProblem is one item of the API's import refusal (error.meta, or a
// refused service's error.meta): an error code, its text, and per field path
// (or "parameter", "reason" …) the reasons.
type APIProblem struct {
	Code     string              `json:"code"`
	Error    string              `json:"error"`
	Metadata map[string][]string `json:"metadata,omitempty"`
}

// ImportRejection is the API refusing a whole import with a 4xx whose meta
// lists the problems. It unwraps to the PlatformError.
type ImportRejection struct {
	*PlatformError
	Problems []APIProblem
}

// Unwrap returns the PlatformError, so ErrorCode and errors.As see it.
func (r *ImportRejection) Unwrap() error { return r.PlatformError }

// maxAPIProblems bounds what is kept of a hostile or huge meta.
const maxAPIProblems = 50

// ParseAPIProblems reads the array shape of an import error's meta
// ([{code, error, metadata: {path: [reasons]}}]); anything else yields nil.
// Texts are clipped: they may echo the file.
func ParseAPIProblems(meta any) []APIProblem {
	items, ok := meta.([]any)
	if !ok {
		return nil
	}
	var out []APIProblem
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok || len(out) >= maxAPIProblems {
			continue
		}
		p := APIProblem{Code: Clip(fmt.Sprint(orEmpty(m["code"])), 80), Error: Clip(fmt.Sprint(orEmpty(m["error"])), 300)}
		if md, ok := m["metadata"].(map[string]any); ok {
			p.Metadata = map[string][]string{}
			keys := make([]string, 0, len(md))
			for k := range md {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys[:min(len(keys), 20)] {
				var reasons []string
				switch v := md[k].(type) {
				case []any:
					for _, r := range v[:min(len(v), 10)] {
						reasons = append(reasons, Clip(fmt.Sprint(r), 300))
					}
				default:
					reasons = append(reasons, Clip(fmt.Sprint(v), 300))
				}
				p.Metadata[Clip(k, 120)] = reasons
			}
		}
		out = append(out, p)
	}
	return out
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}
