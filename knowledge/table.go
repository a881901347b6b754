package knowledge

// tableEntry is one key and value of a lookup table. The tables are written as
// slices of entries because the compiler lays a slice of constants out as
// static data, while it compiles a map literal to init code (the aliases
// alone were ~20 KB of it in the binary).
type tableEntry[V any] struct {
	key string
	val V
}

// tableMap indexes entries by key (a key given twice keeps its last value).
func tableMap[V any](entries []tableEntry[V]) map[string]V {
	m := make(map[string]V, len(entries))
	for _, e := range entries {
		m[e.key] = e.val
	}
	return m
}
