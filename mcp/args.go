package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Agents send booleans as "true" and numbers as "3" (lessons #8). The typed
// input schema would reject those before a handler runs, so arguments use
// these permissive types, and the schema says so ({"anyOf":[{"type":"boolean"},{"type":"string"}]}).

// Bool is a boolean argument that also accepts "true"/"false" (and yes/no, 1/0).
// Set reports whether the argument was given at all.
type Bool struct {
	V   bool
	Set bool
}

// Int is an integer argument that also accepts a numeric string.
type Int struct {
	V   int
	Set bool
}

// Float is a number argument that also accepts a numeric string.
type Float struct {
	V   float64
	Set bool
}

// Confirm is a confirmation of an irreversible step: only true or "true"
// confirm; anything else (false, "yes", 1) leaves it unconfirmed.
type Confirm bool

// Strings is a list of strings that also accepts a single string.
type Strings []string

func isNull(b []byte) bool { return bytes.Equal(bytes.TrimSpace(b), []byte("null")) }

// unquote returns the string inside a JSON string, or the raw token.
func unquote(b []byte) (string, bool) {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false
		}
		return strings.TrimSpace(s), true
	}
	return string(b), false
}

// UnmarshalJSON implements json.Unmarshaler.
func (x *Bool) UnmarshalJSON(b []byte) error {
	if isNull(b) {
		*x = Bool{}
		return nil
	}
	s, _ := unquote(b)
	switch strings.ToLower(s) {
	case "true", "yes", "1", "on":
		*x = Bool{V: true, Set: true}
	case "false", "no", "0", "off", "":
		*x = Bool{V: false, Set: true}
	default:
		return fmt.Errorf("expected true or false, got %s", clipBytes(b))
	}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (x *Confirm) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*x = Confirm(string(b) == "true" || string(b) == `"true"`)
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (x *Int) UnmarshalJSON(b []byte) error {
	f, set, err := number(b)
	if err != nil || f != float64(int(f)) {
		return fmt.Errorf("expected a whole number, got %s", clipBytes(b))
	}
	*x = Int{V: int(f), Set: set}
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (x *Float) UnmarshalJSON(b []byte) error {
	f, set, err := number(b)
	if err != nil {
		return fmt.Errorf("expected a number, got %s", clipBytes(b))
	}
	*x = Float{V: f, Set: set}
	return nil
}

// number reads a JSON number or a string holding one; null and "" are unset.
func number(b []byte) (float64, bool, error) {
	if isNull(b) {
		return 0, false, nil
	}
	s, _ := unquote(b)
	if s == "" {
		return 0, false, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil, err
}

// UnmarshalJSON implements json.Unmarshaler.
func (x *Strings) UnmarshalJSON(b []byte) error {
	if isNull(b) {
		*x = nil
		return nil
	}
	if s, ok := unquote(b); ok {
		if s == "" {
			*x = nil
		} else {
			*x = Strings{s}
		}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("expected a list of strings, got %s", clipBytes(b))
	}
	*x = list
	return nil
}

// ptr returns a pointer to the value when it was set.
func (x Int) ptr() *int {
	if !x.Set {
		return nil
	}
	v := x.V
	return &v
}

func (x Float) ptr() *float64 {
	if !x.Set {
		return nil
	}
	v := x.V
	return &v
}

// clipBytes quotes a rejected argument value, shortened by runes so that a
// multi-byte character is never cut in half.
func clipBytes(b []byte) string {
	return platform.Clip(string(bytes.TrimSpace(b)), 40)
}
