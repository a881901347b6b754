package appsim

// A start whose code grows without bound dies of an exhausted heap, as its
// tool record's outOfMemory tells (what it prints, its exit status); the
// fake's metrics then show its memory running full.

// OutOfMemory reports whether the app dies of an exhausted heap.
func (r RunResult) OutOfMemory() bool { return r.OOM }

// heapExhaustion is how the tool of lang dies running the entry file src:
// false when the record knows no such death for it.
func heapExhaustion(lang, src string) (startCmd, bool) {
	t := byLang[lang]
	if t == nil || t.outOfMemory == nil {
		return startCmd{}, false
	}
	crash, exit := t.outOfMemory(src)
	if crash == nil {
		return startCmd{}, false
	}
	return startCmd{lang: lang, crash: crash, exit: exit, oom: true}, true
}
