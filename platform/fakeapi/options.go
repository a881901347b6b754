package fakeapi

import "time"

// Defaults applied by [New] to zero-valued [Options] fields.
const (
	DefaultToken             = "test-token"
	DefaultProcessDuration   = 3 * time.Second
	DefaultBuildStepDuration = 2 * time.Second
	DefaultSearchLag         = time.Second
)

// Options configures a [Server]. The zero value is usable: every field has a default.
type Options struct {
	Token             string        // accepted bearer token; default "test-token"
	ProcessDuration   time.Duration // PENDING→RUNNING→FINISHED total; default 3s
	BuildStepDuration time.Duration // each app-version status step of a simulated build; default 2s
	Empty             bool          // no seeded project (tests add projects themselves)
	// SearchLag is how far searches trail mutations, as the live API's search
	// index does (see index.go); default 1s, negative turns the lag off.
	SearchLag time.Duration
}

func (o Options) withDefaults() Options {
	if o.Token == "" {
		o.Token = DefaultToken
	}
	if o.ProcessDuration <= 0 {
		o.ProcessDuration = DefaultProcessDuration
	}
	if o.BuildStepDuration <= 0 {
		o.BuildStepDuration = DefaultBuildStepDuration
	}
	if o.SearchLag == 0 {
		o.SearchLag = DefaultSearchLag
	}
	return o
}

// Request is one entry of the request log.
type Request struct {
	Method string
	Path   string
	Time   time.Time
}

// Fault is an injected failure for requests matching Method (empty: any) and
// PathPrefix (after /api/rest/public; empty: any). Times is how many requests
// it hits; 0 means until cleared.
type Fault struct {
	Method     string
	PathPrefix string
	Status     int           // answer with this status (with an API error envelope unless Body is set)
	APICode    string        // error code in the envelope; default derived from Status
	Message    string        // error message in the envelope
	Body       string        // raw body instead of the envelope (e.g. a non-JSON error)
	RetryAfter time.Duration // sets a Retry-After header (whole seconds, at least 1)
	Latency    time.Duration // delay before answering (or before passing the request on)
	ResetConn  bool          // hijack the connection and close it without an answer
	DropAnswer bool          // serve the request (a mutation takes effect), then close the connection without the answer
	Malformed  bool          // answer 200 with a body that is not valid JSON
	Times      int           // 0 = until cleared
}
