package fakeapi

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// preprocessorCall is a call of the preprocessor functions the fake
// evaluates, <@generateRandomString(<N>)>, <@generateRandomInt(<A>, <B>)>
// and <@generateRandomBytes(<N>)>, with the modifiers after it, applied in
// order (recipe-django's SECRET_KEY: <@generateRandomBytes(<32>) | toString>;
// recipe-imgproxy's IMGPROXY_KEY: <@generateRandomString(<32>) | toHex>).
var preprocessorCall = regexp.MustCompile(`<@(?:generateRandomString\(<(\d{1,4})>\)|generateRandomInt\(<(-?\d{1,18})>,\s*<(-?\d{1,18})>\)|generateRandomBytes\(<(\d{1,4})>\))((?:\s*\|\s*\w+)*)\s*>`)

// preprocess evaluates src's random-value functions when its very first
// line turns the preprocessor on, as the platform does before an import;
// without that line the text stays as written, as on the platform. Other
// functions, and a call with a modifier the fake does not apply (bcrypt,
// argon2id), are left as written.
func preprocess(src string) string {
	first, _, _ := strings.Cut(src, "\n")
	if f := strings.TrimSpace(first); f != "#zeropsPreprocessor=on" && f != "#yamlPreprocessor=on" {
		return src
	}
	return preprocessorCall.ReplaceAllStringFunc(src, func(call string) string {
		m := preprocessorCall.FindStringSubmatch(call)
		v, bytesOut, ok := randomValue(m)
		if !ok {
			return call
		}
		for _, mod := range strings.Split(m[5], "|")[1:] {
			if v, ok = modify(strings.TrimSpace(mod), v, bytesOut); !ok {
				return call
			}
			bytesOut = false
		}
		if bytesOut { // raw bytes, in no encoding the docs name: as written
			return call
		}
		return v
	})
}

// randomValue is the value of the function m calls (preprocessorCall's
// submatches) and whether it is raw bytes (generateRandomBytes).
func randomValue(m []string) (v string, bytesOut, ok bool) {
	switch {
	case m[4] != "":
		n, _ := strconv.Atoi(m[4])
		if n < 1 || n > 1024 {
			return "", false, false
		}
		b := make([]byte, n)
		if _, err := rand.Read(b); err != nil {
			return "", false, false
		}
		return string(b), true, true
	case m[1] != "":
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > 1024 {
			return "", false, false
		}
		return randomString(n), false, true
	}
	lo, _ := strconv.ParseInt(m[2], 10, 64)
	hi, _ := strconv.ParseInt(m[3], 10, 64)
	if hi < lo {
		return "", false, false
	}
	r, err := rand.Int(rand.Reader, big.NewInt(hi-lo+1))
	if err != nil {
		return "", false, false
	}
	return strconv.FormatInt(lo+r.Int64(), 10), false, true
}

// modify applies the preprocessor modifier mod to v (raw bytes when
// bytesIn): false for a modifier the fake does not apply.
func modify(mod, v string, bytesIn bool) (string, bool) {
	switch mod {
	case "toHex":
		return hex.EncodeToString([]byte(v)), true
	case "toString":
		// The characters a-zA-Z0-9_-. : URL-safe base64 without padding
		// of raw bytes; text of those characters stays as it is.
		if bytesIn {
			return base64.RawURLEncoding.EncodeToString([]byte(v)), true
		}
		return v, true
	case "upper", "lower":
		if bytesIn { // case of raw bytes: the docs say nothing; as written
			return "", false
		}
		if mod == "upper" {
			return strings.ToUpper(v), true
		}
		return strings.ToLower(v), true
	case "sha256":
		s := sha256.Sum256([]byte(v))
		return hex.EncodeToString(s[:]), true
	case "sha512":
		s := sha512.Sum512([]byte(v))
		return hex.EncodeToString(s[:]), true
	}
	return "", false
}

const randomAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func randomString(n int) string {
	b := make([]byte, n)
	for i := range b {
		r, _ := rand.Int(rand.Reader, big.NewInt(int64(len(randomAlphabet))))
		b[i] = randomAlphabet[r.Int64()]
	}
	return string(b)
}
