package zeropsapi

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

// MaxAPIResponseBytes caps one API answer. The SDK reads every answer whole
// into memory, so without a cap a broken proxy or a hostile endpoint could
// exhaust it; real answers are paged and far smaller.
const MaxAPIResponseBytes = 32 << 20

// errResponseTooLarge is what reading an answer past MaxAPIResponseBytes yields.
var errResponseTooLarge = fmt.Errorf("the API's answer exceeds %d MiB", MaxAPIResponseBytes>>20)

// limitTransport caps the body of every response it returns.
type limitTransport struct {
	base http.RoundTripper
	max  int64
}

func (t limitTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil || resp == nil || resp.Body == nil {
		return resp, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: t.max}
	return resp, nil
}

// limitedBody fails with errResponseTooLarge once more than left bytes are read.
type limitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errResponseTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n, errResponseTooLarge
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }

// withResponseLimit returns a copy of c whose responses are capped at max bytes.
func withResponseLimit(c *http.Client, maxBytes int64) *http.Client {
	out := *c
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out.Transport = limitTransport{base: base, max: maxBytes}
	return &out
}

// isResponseTooLarge reports whether err came from the response cap.
func isResponseTooLarge(err error) bool { return errors.Is(err, errResponseTooLarge) }
