package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/zeropsio/zcp/platform"
)

// ProbeTimeout bounds one HTTP GET of a verify.
const ProbeTimeout = 5 * time.Second

// probeBodyBytes is how much of a probed body an answer shows.
const probeBodyBytes = 200

// ProbeTarget is one URL a verify GETs: a service's HTTP port inside the
// project network, or its public subdomain URL.
type ProbeTarget struct {
	Service string // hostname
	Port    int
	Path    string // starts with "/"
	URL     string // http://hostname:port/path, or the subdomain URL with the path
	Public  bool   // the subdomain URL
}

// Prober makes a verify's HTTP GETs. The zero value requests the real URLs
// and checks by a DNS lookup that the project's hostnames resolve here.
type Prober struct {
	// HTTP makes the requests; nil: a client that follows no redirects.
	HTTP *http.Client
	// Rewrite, when set, turns a target into the URL actually requested
	// (zcp sandbox: the simulated API's per-service endpoint).
	Rewrite func(ProbeTarget) string
	// Resolve fails when host cannot be reached from here; nil: a DNS
	// lookup, or with Rewrite set, every host is reachable.
	Resolve func(ctx context.Context, host string) error
}

// Probe is the outcome of one GET.
type Probe struct {
	URL    string `json:"url"`
	Port   int    `json:"port"`
	Public bool   `json:"public,omitempty"`
	Status int    `json:"status,omitempty"`
	// LatencyMS is how long the answer took; nil in zcp sandbox, where
	// the stand-in's speed says nothing of the app's (walk 84 read a 0 as
	// a measurement).
	LatencyMS *int64 `json:"latencyMs,omitempty"`
	Body      string `json:"body,omitempty"`
	Error     string `json:"error,omitempty"`
	// Skipped: the URL cannot be reached from where ZCP runs; it says
	// nothing about the service.
	Skipped bool `json:"skipped,omitempty"`
	// Unverified (zcp sandbox only) names what the simulated app's answer
	// did not check: on the platform its own answer decides. The verdict's
	// reason quotes it.
	Unverified string `json:"-"`
	// Simulated: the answer is the sandbox's stand-in's (zcp sandbox).
	Simulated bool `json:"-"`
}

// Answered reports whether the app itself answered (any status below 500).
func (p Probe) Answered() bool { return p.Status > 0 && p.Status < 500 }

// OK reports whether the answer is a success or a redirect.
func (p Probe) OK() bool { return p.Status >= 200 && p.Status < 400 }

var defaultProbeClient = &http.Client{
	Timeout: ProbeTimeout,
	CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse // a redirect is an answer of the app
	},
}

// reachable reports whether host can be reached from here.
func (p *Prober) reachable(ctx context.Context, host string) error {
	switch {
	case p != nil && p.Resolve != nil:
		return p.Resolve(ctx, host)
	case p != nil && p.Rewrite != nil:
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := net.DefaultResolver.LookupHost(ctx, host)
	return err
}

// Get requests t and reports status, latency and the start of the body.
func (p *Prober) Get(ctx context.Context, t ProbeTarget) Probe {
	out := Probe{URL: t.URL, Port: t.Port, Public: t.Public}
	target, client := t.URL, defaultProbeClient
	if p != nil && p.Rewrite != nil {
		target = p.Rewrite(t)
	}
	if p != nil && p.HTTP != nil {
		client = p.HTTP
	}
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		out.Error = "cannot build the request: " + err.Error()
		return out
	}
	req.Header.Set("User-Agent", "zcp-verify")
	start := time.Now()
	resp, err := client.Do(req)
	took := time.Since(start).Milliseconds()
	if p == nil || p.Rewrite == nil {
		out.LatencyMS = &took
	}
	if err != nil {
		out.Error = probeError(err, t.Port)
		return out
	}
	defer func() { _ = resp.Body.Close() }()
	out.Status = resp.StatusCode
	if p != nil && p.Rewrite != nil { // a real app's header proves nothing
		out.Simulated = true
		// The sandbox's own sentence runs to about 450 bytes (a deleted
		// service's references); the clip only bounds a hostile header.
		out.Unverified = platform.Clip(resp.Header.Get(platform.SandboxUnverifiedHeader), 1000)
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, probeBodyBytes))
	out.Body = cleanBody(body)
	return out
}

// probeError says in plain words why a GET got no answer.
func probeError(err error, port int) string {
	var dns *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return fmt.Sprintf("no answer within %s", ProbeTimeout)
	case errors.As(err, &dns):
		return "the host does not resolve: " + dns.Name
	case strings.Contains(err.Error(), "connection refused"):
		return fmt.Sprintf("connection refused: nothing listens on port %d", port)
	}
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		err = ue.Unwrap()
	}
	return err.Error()
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// cleanBody makes the start of a body printable in one JSON string.
func cleanBody(b []byte) string {
	if i := lastRuneStart(b); i >= 0 && !utf8.FullRune(b[i:]) {
		b = b[:i] // a rune cut at the limit
	}
	s := strings.ToValidUTF8(string(b), "?")
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' {
			return ' '
		}
		return r
	}, s))
}

// lastRuneStart is the index where b's last (possibly cut) rune starts; -1 for none.
func lastRuneStart(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			return i
		}
	}
	return -1
}
