package deploy

import "sync"

// knownBroken remembers the app versions whose own deploy or rollback this
// process saw end not-answering, so that a default rollback does not go
// back to one: the version live before is no way back when it was broken
// itself. A later answering verdict of the version forgets it. Bounded: the
// oldest entries go first.
var knownBroken = struct {
	sync.Mutex
	ids   map[string]bool
	order []string
}{ids: map[string]bool{}}

const knownBrokenMax = 512

// noteVerdict records the verdict a deploy or rollback gave app version id.
func noteVerdict(id, verdict string) {
	if id == "" {
		return
	}
	knownBroken.Lock()
	defer knownBroken.Unlock()
	switch verdict {
	case VerdictNotAnswering:
		if knownBroken.ids[id] {
			return
		}
		knownBroken.ids[id] = true
		knownBroken.order = append(knownBroken.order, id)
		for len(knownBroken.order) > knownBrokenMax {
			delete(knownBroken.ids, knownBroken.order[0])
			knownBroken.order = knownBroken.order[1:]
		}
	case VerdictLive, VerdictDegraded:
		delete(knownBroken.ids, id) // its order entry goes when it is the oldest
	}
}

// isKnownBroken reports whether a deploy of app version id ended
// not-answering, as far as this process saw.
func isKnownBroken(id string) bool {
	knownBroken.Lock()
	defer knownBroken.Unlock()
	return knownBroken.ids[id]
}
