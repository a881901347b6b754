package fakeapi

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// preprocessorCall is a call of the preprocessor functions the fake
// evaluates: <@generateRandomString(<N>)>, <@generateRandomInt(<A>, <B>)>
// and random bytes encoded as text (recipe-django's SECRET_KEY:
// <@generateRandomBytes(<32>) | toString>, or | toHex).
var preprocessorCall = regexp.MustCompile(`<@generateRandomString\(<(\d{1,4})>\)>|<@generateRandomInt\(<(-?\d{1,18})>,\s*<(-?\d{1,18})>\)>|<@generateRandomBytes\(<(\d{1,4})>\)\s*\|\s*(toString|toHex)\s*>`)

// preprocess evaluates src's random-value functions when its very first
// line turns the preprocessor on, as the platform does before an import;
// without that line the text stays as written, as on the platform. Other
// functions are left as written.
func preprocess(src string) string {
	first, _, _ := strings.Cut(src, "\n")
	if f := strings.TrimSpace(first); f != "#zeropsPreprocessor=on" && f != "#yamlPreprocessor=on" {
		return src
	}
	return preprocessorCall.ReplaceAllStringFunc(src, func(call string) string {
		m := preprocessorCall.FindStringSubmatch(call)
		if m[4] != "" {
			n, _ := strconv.Atoi(m[4])
			if n < 1 || n > 1024 {
				return call
			}
			b := make([]byte, n)
			if _, err := rand.Read(b); err != nil {
				return call
			}
			if m[5] == "toHex" {
				return hex.EncodeToString(b)
			}
			// toString: the characters a-zA-Z0-9_-. (URL-safe base64 without padding).
			return base64.RawURLEncoding.EncodeToString(b)
		}
		if m[1] != "" {
			n, _ := strconv.Atoi(m[1])
			if n < 1 || n > 1024 {
				return call
			}
			return randomString(n)
		}
		lo, _ := strconv.ParseInt(m[2], 10, 64)
		hi, _ := strconv.ParseInt(m[3], 10, 64)
		if hi < lo {
			return call
		}
		r, err := rand.Int(rand.Reader, big.NewInt(hi-lo+1))
		if err != nil {
			return call
		}
		return strconv.FormatInt(lo+r.Int64(), 10)
	})
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
