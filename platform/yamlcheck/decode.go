package yamlcheck

import (
	"fmt"
	"reflect"
	"strings"
)

// keys records, for a decoded mapping, which keys it held and whether each
// value decoded into its field (false: a problem was reported there).
type keys map[string]bool

// has reports whether the mapping held key k.
func (k keys) has(name string) bool { _, ok := k[name]; return ok }

// ok reports whether key k was present and decoded.
func (k keys) ok(name string) bool { return k[name] }

// decodable is a type that checks and decodes a plain YAML value itself.
type decodable interface {
	decodeFrom(c *checker, path string, v any) bool
}

// envMap is a mapping of scalar values (envSecrets).
type envMap map[string]any

func (e *envMap) decodeFrom(c *checker, path string, v any) bool {
	n := c.errorCount()
	c.wantStringMap(path, v)
	if m, ok := v.(map[string]any); ok {
		*e = m
	}
	return c.errorCount() == n
}

// raw is a value ZCP does not check; the platform reads it as it is.
type raw struct{ v any }

func (r *raw) decodeFrom(_ *checker, _ string, v any) bool { r.v = v; return true }

// decoder fills typed structs from a decoded YAML tree the way yaml.v3's
// KnownFields(true) does, except that a wrong type or an unknown key is an
// issue at its path and the rest of the document is still decoded: every
// problem is reported in one answer. Unknown keys are errors or, with
// unknownAsWarning (import.yml: the platform drops them), warnings.
type decoder struct {
	c                *checker
	unknownAsWarning bool
}

var (
	decodableType = reflect.TypeFor[decodable]()
	keysType      = reflect.TypeFor[keys]()
)

// decode fills dst (a pointer) from v, reporting problems under path; it
// reports whether v decoded without a problem of its own.
func (d decoder) decode(path string, v any, dst any) bool {
	return d.value(path, v, reflect.ValueOf(dst).Elem())
}

func (d decoder) value(path string, v any, dst reflect.Value) bool {
	if dst.CanAddr() && dst.Addr().Type().Implements(decodableType) {
		return dst.Addr().Interface().(decodable).decodeFrom(d.c, path, v)
	}
	switch dst.Kind() {
	case reflect.Struct:
		m, ok := d.c.asMap(path, v)
		if !ok {
			return false
		}
		d.fields(path, m, dst)
		return true
	case reflect.Pointer:
		elem := reflect.New(dst.Type().Elem())
		if !d.value(path, v, elem.Elem()) {
			return false
		}
		dst.Set(elem)
		return true
	case reflect.Slice:
		list, ok := d.c.asList(path, v)
		if !ok {
			return false
		}
		out := reflect.MakeSlice(dst.Type(), len(list), len(list))
		for i, it := range list {
			d.value(fmt.Sprintf("%s[%d]", path, i), it, out.Index(i))
		}
		dst.Set(out)
		return true
	case reflect.String:
		s, ok := d.c.wantString(path, v)
		dst.SetString(s)
		return ok
	case reflect.Bool:
		b, ok := v.(bool)
		d.c.wantBool(path, v)
		dst.SetBool(b)
		return ok
	case reflect.Int:
		n, ok := d.c.wantInt(path, v)
		dst.SetInt(int64(n))
		return ok
	case reflect.Float64:
		n := d.c.errorCount()
		d.c.wantNumber(path, v)
		switch x := v.(type) {
		case int:
			dst.SetFloat(float64(x))
		case int64:
			dst.SetFloat(float64(x))
		case uint64:
			dst.SetFloat(float64(x))
		case float64:
			dst.SetFloat(x)
		}
		return d.c.errorCount() == n
	}
	panic("yamlcheck: cannot decode into " + dst.Type().String())
}

// fields decodes mapping m into the struct dst: each tagged field from its
// key, the keys seen into its keys field, and reports the keys it lacks.
func (d decoder) fields(path string, m map[string]any, dst reflect.Value) {
	t := dst.Type()
	var allowed []string
	for i := range t.NumField() {
		if name := keyOf(t.Field(i)); name != "" {
			allowed = append(allowed, name)
		}
	}
	d.c.unknownKeys(path, m, allowed, !d.unknownAsWarning)
	seen := keys{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Type == keysType {
			dst.Field(i).Set(reflect.ValueOf(seen))
		}
		if name := keyOf(f); name != "" {
			if v, has := m[name]; has {
				seen[name] = d.value(join(path, name), v, dst.Field(i))
			}
		}
	}
}

// keyOf returns the YAML key of a struct field ("" for none).
func keyOf(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	if name == "-" {
		return ""
	}
	return name
}

// join appends key to path.
func join(path, key string) string {
	switch {
	case path == "":
		return key
	case key == "":
		return path
	}
	return path + "." + key
}
