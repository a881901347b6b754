package fakeapi

import (
	"regexp"
	"testing"
)

func TestPreprocess_Modifiers(t *testing.T) {
	t.Parallel()
	const on = "#zeropsPreprocessor=on\n"
	tests := []struct {
		name, src string
		want      string // a pattern the whole value matches
	}{
		{"string", on + `<@generateRandomString(<12>)>`, `^[A-Za-z0-9]{12}$`},
		{"string upper", on + `<@generateRandomString(<12>) | upper>`, `^[A-Z0-9]{12}$`},
		{"string lower", on + `<@generateRandomString(<12>) | lower>`, `^[a-z0-9]{12}$`},
		{"string toHex", on + `<@generateRandomString(<8>) | toHex>`, `^[0-9a-f]{16}$`},
		{"bytes toString", on + `<@generateRandomBytes(<32>) | toString>`, `^[A-Za-z0-9_-]{43}$`},
		{"bytes sha256", on + `<@generateRandomBytes(<16>) | sha256>`, `^[0-9a-f]{64}$`},
		{"int", on + `<@generateRandomInt(<5>, <7>)>`, `^[5-7]$`},
		{"bytes alone stay as written", on + `<@generateRandomBytes(<32>)>`, `^<@generateRandomBytes\(<32>\)>$`},
		{"bytes upper stay as written", on + `<@generateRandomBytes(<32>) | upper>`, `^<@generateRandomBytes\(<32>\) \| upper>$`},
		{"bytes lower stay as written", on + `<@generateRandomBytes(<32>) | lower>`, `^<@generateRandomBytes\(<32>\) \| lower>$`},
		{"unknown modifier stays as written", on + `<@generateRandomString(<8>) | bcrypt>`, `^<@generateRandomString\(<8>\) \| bcrypt>$`},
		{"preprocessor off", `<@generateRandomString(<8>)>`, `^<@generateRandomString\(<8>\)>$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := preprocess(tt.src)
			if len(got) >= len(on) && got[:len(on)] == on {
				got = got[len(on):]
			}
			if !regexp.MustCompile(tt.want).MatchString(got) {
				t.Errorf("preprocess(%q) = %q, want /%s/", tt.src, got, tt.want)
			}
		})
	}
}
