package fakeapi

import (
	"crypto/rand"
	"encoding/base64"
)

// newID returns a random URL-safe id of 22 characters, like the platform's.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
