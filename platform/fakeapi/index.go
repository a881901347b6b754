package fakeapi

import (
	"reflect"
	"time"
)

// The live API answers searches from a search index that lags mutations by
// seconds: a service imported a moment ago is missing from a service search,
// a deleted one still listed, a process just started not yet found. The fake
// reproduces it with [Options.SearchLag]: searches see services as they were
// SearchLag ago, and processes and app versions created within it are not
// found. Reads by id are current. Changes made through the Server's Go
// methods (test setup: New's seed, AddProject) are indexed at once.

// indexEntry is how a service looked from at on; view nil: it did not exist.
type indexEntry struct {
	at   time.Time
	view *serviceJSON
}

// serviceIndex is the lagging search index of services. Not safe for
// concurrent use: it lives in state, under Server.mu.
type serviceIndex struct {
	order   []string // service ids in the order first indexed
	history map[string][]indexEntry
}

// lag is how far searches trail the state; 0 when the lag is off.
func (st *state) lag() time.Duration { return max(st.opts.SearchLag, 0) }

// index records every service whose search view changed since its last
// entry, as of at. An entry earlier than ones already recorded replaces them
// (test setup indexes "in the past", so that it is visible at once).
func (st *state) index(at time.Time) {
	ix := &st.svcIndex
	if ix.history == nil {
		ix.history = map[string][]indexEntry{}
	}
	record := func(id string, v *serviceJSON) {
		h := ix.history[id]
		for len(h) > 0 && h[len(h)-1].at.After(at) {
			h = h[:len(h)-1]
		}
		if len(h) > 0 && reflect.DeepEqual(h[len(h)-1].view, v) {
			ix.history[id] = h
			return
		}
		if _, known := ix.history[id]; !known {
			ix.order = append(ix.order, id)
		}
		ix.history[id] = append(h, indexEntry{at: at, view: v})
	}
	for _, id := range st.svcOrder {
		v := st.serviceView(st.services[id], false)
		record(id, &v)
	}
	for _, id := range ix.order {
		if st.services[id] == nil {
			record(id, nil)
		}
	}
	st.pruneIndex(at)
}

// pruneIndex drops entries no search can see any more: those older than
// the newest one at or before at-lag, and services gone from the index's view.
func (st *state) pruneIndex(now time.Time) {
	ix := &st.svcIndex
	horizon := now.Add(-st.lag())
	kept := ix.order[:0]
	for _, id := range ix.order {
		h := ix.history[id]
		i := 0
		for i+1 < len(h) && !h[i+1].at.After(horizon) {
			i++
		}
		h = h[i:]
		if len(h) == 1 && h[0].view == nil && !h[0].at.After(horizon) {
			delete(ix.history, id)
			continue
		}
		ix.history[id] = h
		kept = append(kept, id)
	}
	ix.order = kept
}

// indexedServices returns the services as a search sees them at now.
func (st *state) indexedServices(now time.Time) []serviceJSON {
	horizon := now.Add(-st.lag())
	out := make([]serviceJSON, 0, len(st.svcIndex.order))
	for _, id := range st.svcIndex.order {
		var seen *serviceJSON
		for _, e := range st.svcIndex.history[id] {
			if e.at.After(horizon) {
				break
			}
			seen = e.view
		}
		if seen != nil {
			out = append(out, *seen)
		}
	}
	return out
}

// indexedAt reports whether a record created at created is in the index at now.
func (st *state) indexedAt(created, now time.Time) bool {
	return !created.After(now.Add(-st.lag()))
}

// indexSetup indexes test setup at once: its entries date from before any
// search could look.
func (st *state) indexSetup() { st.index(st.created.Add(-365 * 24 * time.Hour)) }
