package yamlcheck

// rule is one semantic check of a decoded node of type T: at path (below the
// node's own path; "" is the node itself), check answers the problem ("" when
// the rule holds) and, rarely, a fix of its own; otherwise fix applies. A
// warn rule reports a warning instead of an error.
type rule[T any] struct {
	path  string
	check func(x T) (problem, fix string)
	fix   string
	warn  bool
}

// apply runs every rule of rules over x, found at path at.
func apply[T any](c *checker, at string, x T, rules []rule[T]) {
	for _, r := range rules {
		problem, fix := r.check(x)
		if problem == "" {
			continue
		}
		if fix == "" {
			fix = r.fix
		}
		report := c.errf
		if r.warn {
			report = c.warnf
		}
		report(join(at, r.path), "%s", problem).Fix = fix
	}
}

// is answers problem when cond holds: the shape of most rules.
func is(cond bool, problem string) (string, string) {
	if cond {
		return problem, ""
	}
	return "", ""
}
