package zeropsapi

import (
	"context"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
)

const (
	// DefaultSearchLimit is the number of processes or app versions returned when a filter sets none.
	DefaultSearchLimit = 50
	// MaxSearchLimit caps a caller's limit.
	MaxSearchLimit = 1000
	// searchPageSize and maxSearchPages bound a listing that pages through results.
	searchPageSize = 100
	maxSearchPages = 50
)

// eq is one equality condition of a search.
type eq struct{ name, value string }

// searchFilter builds an API search body: equality conditions, newest first
// when sortCreated is set, and an offset/limit page.
func searchFilter(conds []eq, sortCreated bool, offset, limit int) body.EsFilter {
	f := body.EsFilter{
		Search: body.EsFilterSearch{},
		Sort:   body.EsFilterSort{},
		Offset: types.NewIntNull(offset),
		Limit:  types.NewIntNull(limit),
	}
	for _, c := range conds {
		f.Search = append(f.Search, body.EsSearchItem{
			Name:     types.NewString(c.name),
			Operator: types.NewString("eq"),
			Value:    types.NewString(c.value),
		})
	}
	if sortCreated {
		f.Sort = append(f.Sort, body.EsSortItem{Name: types.NewString("created"), Ascending: types.NewBoolNull(false)})
	}
	return f
}

// searchAll pages through a search until it has every hit (bounded by
// maxSearchPages). page returns one page's items and the total hit count.
func searchAll[T any](ctx context.Context, conds []eq, page func(ctx context.Context, f body.EsFilter) ([]T, int, error)) ([]T, error) {
	var all []T
	for i := 0; i < maxSearchPages; i++ {
		items, total, err := page(ctx, searchFilter(conds, false, len(all), searchPageSize))
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if len(items) == 0 || len(all) >= total {
			break
		}
	}
	if all == nil {
		all = []T{}
	}
	return all, nil
}

// clampLimit applies the default and the cap to a caller's limit.
func clampLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultSearchLimit
	case limit > MaxSearchLimit:
		return MaxSearchLimit
	}
	return limit
}
