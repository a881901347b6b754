package platform

import (
	"fmt"
	"strings"
)

// ServiceType is a parsed service type as written in import.yml. Both syntaxes
// the platform accepts parse to it:
//
//	nodejs@22              Name "nodejs", Version "22"
//	alpine/nodejs@22       OS "alpine", Name "nodejs", Version "22"
//	postgresql@16          Name "postgresql", Version "16"
//	postgresql:single@18   Name "postgresql", Mode "single", Version "18"
//	postgresql:ha@18       Name "postgresql", Mode "ha", Version "18"
//	object-storage         Name "object-storage" (no version)
//
// The zero value is not a valid type.
type ServiceType struct {
	OS      string // "alpine", "ubuntu" or ""
	Name    string
	Mode    string // "single", "ha" or ""
	Version string
}

// ParseServiceType parses s in either type syntax. It checks shape only, not
// whether the type exists; use the live catalog for that.
func ParseServiceType(s string) (ServiceType, error) {
	var t ServiceType
	raw := strings.TrimSpace(s)
	if raw == "" {
		return t, NewError(ErrUnknownType, "empty service type", "Write a type such as nodejs@22 or postgresql@16.")
	}
	rest := raw
	if os, after, ok := strings.Cut(rest, "/"); ok {
		if !validTypeToken(os) {
			return ServiceType{}, typeShapeError(raw)
		}
		t.OS, rest = os, after
	}
	if name, version, ok := strings.Cut(rest, "@"); ok {
		rest, t.Version = name, version
		if t.Version == "" {
			return ServiceType{}, typeShapeError(raw)
		}
	}
	if name, mode, ok := strings.Cut(rest, ":"); ok {
		rest, t.Mode = name, mode
	}
	t.Name = rest
	if !validTypeToken(t.Name) || (t.OS != "" && !validTypeToken(t.OS)) ||
		(t.Version != "" && !validTypeToken(t.Version)) {
		return ServiceType{}, typeShapeError(raw)
	}
	switch t.Mode {
	case "", "single", "ha":
	default:
		return ServiceType{}, NewError(ErrUnknownType,
			fmt.Sprintf("unknown mode %q in service type %q", Clip(t.Mode, 20), Clip(raw, 60)),
			"The mode part is single or ha, e.g. postgresql:single@18, or leave it out: postgresql@18.")
	}
	return t, nil
}

// VersionName is the catalog name of the type's version, e.g. "nodejs@22" or
// "postgresql@18": the OS and mode parts are dropped.
func (t ServiceType) VersionName() string {
	if t.Version == "" {
		return t.Name
	}
	return t.Name + "@" + t.Version
}

// String renders the type back in the syntax it was written in.
func (t ServiceType) String() string {
	var b strings.Builder
	if t.OS != "" {
		b.WriteString(t.OS + "/")
	}
	b.WriteString(t.Name)
	if t.Mode != "" {
		b.WriteString(":" + t.Mode)
	}
	if t.Version != "" {
		b.WriteString("@" + t.Version)
	}
	return b.String()
}

// HAMode maps the type's mode part to the API's mode value: "HA", "NON_HA", or
// "" when the type does not say.
func (t ServiceType) HAMode() string {
	switch t.Mode {
	case "ha":
		return "HA"
	case "single":
		return "NON_HA"
	}
	return ""
}

func validTypeToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.', r == '_', r == '+':
		default:
			return false
		}
	}
	return true
}

func typeShapeError(raw string) error {
	return NewError(ErrUnknownType,
		fmt.Sprintf("malformed service type %q", Clip(raw, 60)),
		"Write a type as name@version (nodejs@22) or name:mode@version (postgresql:single@18).")
}

// nameAliases maps type names the platform lists under two names.
var nameAliases = map[string]string{"golang": "go", "objectstorage": "object-storage", "sharedstorage": "shared-storage"}

// TypeMatches reports whether the written type or base names the listed one
// once the parts the lists leave out are ignored: the OS prefix
// (alpine/nodejs@22), the HA part (postgresql:single@18), the name's alias
// (golang@1 for go@1), the latest alias (elixir@latest for elixir@1.16) and
// the bare OS version (22.04 for ubuntu@22.04, BareOSType). A malformed type
// matches only itself.
func TypeMatches(written, listed string) bool {
	if os, ok := BareOSType(written); ok {
		written = os
	}
	if os, ok := BareOSType(listed); ok {
		listed = os
	}
	if written == listed {
		return true
	}
	w, err1 := ParseServiceType(written)
	l, err2 := ParseServiceType(listed)
	if err1 != nil || err2 != nil {
		return false
	}
	if canonicalName(w.Name) != canonicalName(l.Name) {
		return false
	}
	wv, _, _ := strings.Cut(w.Version, "+") // a web-server pin (php-apache@8.3+2.4) names its version
	return wv == l.Version || w.Version == l.Version || (w.Version == "latest" && l.Version != "")
}

// VersionWithin reports whether the written type names a version family
// of the listed one (elixir@1 for elixir@1.16), or matches it (TypeMatches):
// how a catalog, which lists exact versions, is read.
func VersionWithin(written, listed string) bool {
	if TypeMatches(written, listed) {
		return true
	}
	w, err1 := ParseServiceType(written)
	l, err2 := ParseServiceType(listed)
	return err1 == nil && err2 == nil && canonicalName(w.Name) == canonicalName(l.Name) &&
		w.Version != "" && strings.HasPrefix(l.Version, w.Version+".")
}

// Kind is the kind of service a type names: its name without OS, mode and
// version, with an alias and the bare OS form resolved (golang@1 is go,
// 22.04 is ubuntu); "" when the type does not parse.
func Kind(typ string) string {
	if named, ok := BareOSType(typ); ok {
		typ = named
	}
	t, err := ParseServiceType(typ)
	if err != nil {
		return ""
	}
	return canonicalName(t.Name)
}

// OtherKind reports whether types a and b both parse and name different
// kinds (postgresql@16 and mariadb@10.6; not golang@1 and go@1.22).
func OtherKind(a, b string) bool {
	ka, kb := Kind(a), Kind(b)
	return ka != "" && kb != "" && ka != kb
}

func canonicalName(name string) string {
	if a, ok := nameAliases[name]; ok {
		return a
	}
	return name
}

// MinRAM is the least RAM in GB a container of the service type named
// typeName may be given: 0.25 for the types whose scaling docs say so
// (postgresql, mariadb, elasticsearch), else 0.125, the platform's step.
// Other managed services' floors are not published: the API decides.
func MinRAM(typeName string) float64 {
	switch typeName {
	case "postgresql", "mariadb", "elasticsearch":
		return 0.25
	}
	return 0.125
}

// PageMaxRAM is the most RAM in GB the Zerops docs page of the service type
// named typeName gives a container, where it is below the platform's 48 GB
// (Kafka: 40 GB); 0 for the others. Above it ZCP warns and never refuses:
// the platform is not known to refuse more.
func PageMaxRAM(typeName string) float64 {
	if typeName == "kafka" {
		return 40
	}
	return 0
}

// BareOSType is the OS-named type of a bare OS version, the legacy form the
// zerops.yml schema lists beside the named one as a base (22.04 beside
// ubuntu@22.04, 3.20 beside alpine@3.20) and official recipes write as an
// import type (recipe-imgproxy's type: "22.04"): ubuntu@YY.MM for an
// Ubuntu release, alpine@3.N for Alpine's. ok is false for anything else.
func BareOSType(s string) (string, bool) {
	major, minor, ok := strings.Cut(s, ".")
	if !ok || !digits(major) || !digits(minor) {
		return "", false
	}
	switch {
	case major == "3":
		return "alpine@" + s, true
	case len(major) == 2 && len(minor) == 2 && major >= "20":
		return "ubuntu@" + s, true
	}
	return "", false
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
