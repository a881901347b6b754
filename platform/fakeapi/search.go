package fakeapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// searchRequest is the body of every */search endpoint (body.EsFilter).
type searchRequest struct {
	Search []struct {
		Name     string `json:"name"`
		Operator string `json:"operator"`
		Value    any    `json:"value"`
	} `json:"search"`
	Sort []struct {
		Name      string `json:"name"`
		Ascending *bool  `json:"ascending"`
	} `json:"sort"`
	Offset *int `json:"offset"`
	Limit  *int `json:"limit"`
}

// defaultSearchLimit applies when a search sends a null limit.
const defaultSearchLimit = 100

// search filters, sorts and pages views (in creation order) per the request
// body and answers {items,totalHits,limit,offset}. Filters compare the JSON
// value of a field, dotted names reaching into objects and arrays. Like the
// live API's, a search of client-owned objects must carry `clientId eq`.
func search[T any](rq *apiRequest, views []T) (int, any) {
	return searchScoped(rq, views, false)
}

// searchClient is search for client-owned objects: a request without a
// `clientId eq` condition is refused.
func searchClient[T any](rq *apiRequest, views []T) (int, any) {
	return searchScoped(rq, views, true)
}

func searchScoped[T any](rq *apiRequest, views []T, needClient bool) (int, any) {
	var in searchRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	if needClient && !scopedByClient(in) {
		return apiErr(http.StatusBadRequest, "invalidUserInput",
			"A search must be scoped by client: add {\"name\":\"clientId\",\"operator\":\"eq\",\"value\":…}.",
			map[string]any{"parameter": "search.clientId"})
	}
	offset, limit := 0, defaultSearchLimit
	if in.Offset != nil {
		offset = *in.Offset
	}
	if in.Limit != nil {
		limit = *in.Limit
	}
	if offset < 0 || limit < 0 {
		return errInvalid("offset and limit must not be negative", nil)
	}
	docs := make([]map[string]any, 0, len(views))
	for _, v := range views {
		b, err := json.Marshal(v)
		if err != nil {
			return apiErr(http.StatusInternalServerError, "internalServerError", "encode", nil)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			return apiErr(http.StatusInternalServerError, "internalServerError", "decode", nil)
		}
		docs = append(docs, m)
	}
	for _, f := range in.Search {
		var keep func(bool) bool
		switch strings.ToLower(f.Operator) {
		case "eq", "":
			keep = func(hit bool) bool { return hit }
		case "ne":
			keep = func(hit bool) bool { return !hit }
		default:
			return errInvalid(fmt.Sprintf("unsupported search operator %q", clip(f.Operator, 20)), nil)
		}
		want := scalarString(f.Value)
		kept := docs[:0:0]
		for _, d := range docs {
			if keep(fieldEquals(d, strings.Split(f.Name, "."), want)) {
				kept = append(kept, d)
			}
		}
		docs = kept
	}
	if len(in.Sort) > 0 && in.Sort[0].Ascending != nil && !*in.Sort[0].Ascending {
		// A descending primary key lists the newest first among equal keys, too.
		for a, b := 0, len(docs)-1; a < b; a, b = a+1, b-1 {
			docs[a], docs[b] = docs[b], docs[a]
		}
	}
	for i := len(in.Sort) - 1; i >= 0; i-- {
		key, asc := in.Sort[i].Name, in.Sort[i].Ascending == nil || *in.Sort[i].Ascending
		sort.SliceStable(docs, func(a, b int) bool {
			c := compareValues(docs[a][key], docs[b][key])
			if asc {
				return c < 0
			}
			return c > 0
		})
	}
	total := len(docs)
	page := []any{}
	for i := offset; i < total && len(page) < limit; i++ {
		page = append(page, docs[i])
	}
	return http.StatusOK, listJSON{Items: page, TotalHits: total, Limit: limit, Offset: offset}
}

// fieldEquals reports whether the field at path equals want; arrays match
// when any element does.
func fieldEquals(v any, path []string, want string) bool {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if fieldEquals(e, path, want) {
				return true
			}
		}
		return false
	case map[string]any:
		if len(path) == 0 {
			return false
		}
		return fieldEquals(x[path[0]], path[1:], want)
	}
	if len(path) != 0 {
		return false
	}
	return scalarString(v) == want
}

// scopedByClient reports whether the search has a `clientId eq` condition.
func scopedByClient(in searchRequest) bool {
	for _, f := range in.Search {
		if f.Name == "clientId" && (f.Operator == "" || strings.EqualFold(f.Operator, "eq")) && scalarString(f.Value) != "" {
			return true
		}
	}
	return false
}

func scalarString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func compareValues(a, b any) int {
	if fa, ok := a.(float64); ok {
		if fb, ok := b.(float64); ok {
			switch {
			case fa < fb:
				return -1
			case fa > fb:
				return 1
			}
			return 0
		}
	}
	return strings.Compare(scalarString(a), scalarString(b))
}

func (st *state) searchProjects(rq *apiRequest) (int, any) {
	views := make([]projectJSON, 0, len(st.projOrder))
	for _, id := range st.projOrder {
		views = append(views, st.projectView(st.projects[id], true))
	}
	return searchClient(rq, views)
}

func (st *state) searchServices(rq *apiRequest) (int, any) {
	return searchClient(rq, st.indexedServices(rq.now))
}

func (st *state) searchProcesses(rq *apiRequest) (int, any) {
	views := make([]processJSON, 0, len(st.procOrder))
	for _, id := range st.procOrder {
		if p := st.processes[id]; st.indexedAt(p.Created, rq.now) {
			views = append(views, st.processView(p, rq.now))
		}
	}
	return searchClient(rq, views)
}

func (st *state) searchAppVersions(rq *apiRequest) (int, any) {
	views := make([]appVersionJSON, 0, len(st.avOrder))
	for _, id := range st.avOrder {
		if av := st.appVersions[id]; st.indexedAt(av.Created, rq.now) {
			views = append(views, st.appVersionView(av, rq.now))
		}
	}
	return searchClient(rq, views)
}

type stackTypeJSON struct {
	ID         string                 `json:"id"`
	Name       string                 `json:"name"`
	Category   string                 `json:"category"`
	Created    string                 `json:"created"`
	LastUpdate string                 `json:"lastUpdate"`
	Versions   []stackTypeVersionJSON `json:"serviceStackTypeVersionList"`
}

type stackTypeVersionJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	IsBuild bool   `json:"isBuild"`
	Status  string `json:"status"`
}

func (st *state) searchStackTypes(rq *apiRequest) (int, any) {
	views := make([]stackTypeJSON, 0, len(st.cat.types))
	stamp := ts(st.created.Add(-365 * 24 * time.Hour))
	for _, t := range st.cat.types {
		v := stackTypeJSON{ID: t.ID, Name: t.Name, Category: t.Category, Created: stamp, LastUpdate: stamp}
		for _, ver := range t.Versions {
			v.Versions = append(v.Versions, stackTypeVersionJSON{ID: ver.ID, Name: ver.Name, IsBuild: ver.IsBuild, Status: ver.Status})
		}
		views = append(views, v)
	}
	return search(rq, views)
}
