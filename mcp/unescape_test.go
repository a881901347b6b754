package mcp

import (
	"encoding/json"
	"testing"
)

// TestUnescapeHTML_SameJSON checks that the wire's HTML escapes become their
// characters while a literal backslash-u text and other escapes stay, and
// that the JSON decodes to the same value either way.
func TestUnescapeHTML_SameJSON(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"escapes", `{"t":"\u003cid\u003e \u0026 b"}`, `{"t":"<id> & b"}`},
		{"literal backslash-u", `{"t":"\\u003c"}`, `{"t":"\\u003c"}`},
		{"escaped backslash then escape", `{"t":"\\\u003c"}`, `{"t":"\\<"}`},
		{"other escapes", `{"t":"\u00e9\n\"\u2028"}`, `{"t":"\u00e9\n\"\u2028"}`},
		{"none", `{"t":"plain"}`, `{"t":"plain"}`},
		{"trailing backslash-u", `"\u00`, `"\u00`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := string(unescapeHTML([]byte(tt.in)))
			if got != tt.want {
				t.Fatalf("unescapeHTML(%s) = %s, want %s", tt.in, got, tt.want)
			}
			var a, b any
			if json.Unmarshal([]byte(tt.in), &a) == nil {
				if err := json.Unmarshal([]byte(got), &b); err != nil {
					t.Fatalf("%s no longer decodes: %v", got, err)
				}
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if string(ja) != string(jb) {
					t.Errorf("decodes to %s, was %s", jb, ja)
				}
			}
		})
	}
}
