package appsim

import (
	"fmt"
	"strings"
	"testing"
)

// Every server's listening line formats its host and port: no verb left
// without its argument (a banner mixing indexed and plain verbs printed
// "http://%!s(MISSING):%!d(MISSING)").
func TestBanners_FormatHostAndPort(t *testing.T) {
	t.Parallel()
	banners := map[string]string{}
	for name, s := range ownAddrs {
		banners[name], banners[name+" (local)"] = s.banner, s.local
	}
	for name, b := range serverBanners {
		banners["command "+name] = b
	}
	for name, b := range banners {
		if b == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := fmt.Sprintf(b, "0.0.0.0", 8080)
			if strings.Contains(got, "%!") || !strings.Contains(got, "8080") {
				t.Errorf("banner %q formats as %q", b, got)
			}
		})
	}
}
