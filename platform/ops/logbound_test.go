package ops_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// logBody is the log backend's answer holding messages, one second apart, oldest first.
func logBody(messages []string) string {
	type item struct {
		ID            string `json:"id"`
		Timestamp     string `json:"timestamp"`
		Hostname      string `json:"hostname"`
		ContainerID   string `json:"containerId"`
		Message       string `json:"message"`
		Severity      int    `json:"severity"`
		SeverityLabel string `json:"severityLabel"`
		Facility      int    `json:"facility"`
		FacilityLabel string `json:"facilityLabel"`
		Tag           string `json:"tag"`
	}
	start := time.Now().Add(-time.Hour)
	items := make([]item, len(messages))
	for i, m := range messages {
		items[i] = item{ID: fmt.Sprint(i), Timestamp: start.Add(time.Duration(i) * time.Second).UTC().Format(time.RFC3339Nano),
			Hostname: "appdev-1", ContainerID: "c1", Message: m, Severity: 6, SeverityLabel: "Informational", Facility: 16, FacilityLabel: "local0", Tag: "appdev"}
	}
	b, _ := json.Marshal(map[string]any{"items": items})
	return string(b)
}

// logsOf answers zerops_logs of appdev with the log backend answering messages.
func logsOf(t *testing.T, messages []string, limit int) *ops.LogsResult {
	t.Helper()
	fake, c := newFake(t, 0)
	fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/logs", Status: 200, Body: logBody(messages)})
	res, err := ops.Logs(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, zeropsapi.NewLogFetcher(nil), ops.LogsParams{Hostname: "appdev", Limit: limit})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLogs_LongLinesClipped: 1,000 lines of 7.8 kB (a 15.7 MB answer before)
// come back each clipped to its start and end, the oldest left out to keep
// the answer under its cap, and the answer says so.
func TestLogs_LongLinesClipped(t *testing.T) {
	t.Parallel()
	msgs := make([]string, 1000)
	for i := range msgs {
		msgs[i] = fmt.Sprintf("START%04d-", i) + strings.Repeat("é", 3900) + fmt.Sprintf("-END%04d", i)
	}
	res := logsOf(t, msgs, 1000)
	size := 0
	for _, e := range res.Entries {
		size += len(e.Message)
		if len(e.Message) > 2000 || !strings.HasPrefix(e.Message, "START") || !strings.Contains(e.Message, "-END") || !strings.Contains(e.Message, "bytes clipped") {
			t.Fatalf("a line of %d bytes comes back as %d bytes: %.80q…", len(msgs[0]), len(e.Message), e.Message)
		}
	}
	if size > 32<<10 {
		t.Errorf("the answer holds %d bytes of messages, over its 32 KiB cap", size)
	}
	if b, err := json.Marshal(res); err != nil || len(b) > platform.MaxAnswer {
		t.Errorf("the whole answer is %d bytes (%v), over platform.MaxAnswer", len(b), err)
	}
	last := res.Entries[len(res.Entries)-1].Message
	if !strings.HasSuffix(last, "-END0999") || !res.HasMore || res.Count != len(res.Entries) {
		t.Errorf("the newest line must be kept and the rest flagged: last %q, hasMore %v, count %d of %d", last[len(last)-10:], res.HasMore, res.Count, len(res.Entries))
	}
	if !strings.Contains(res.Clipped, "clipped to the start and the end") || !strings.Contains(res.Clipped, "oldest") {
		t.Errorf("clipped = %q, want it to say both", res.Clipped)
	}
}

// TestLogs_RepeatsFolded: a crash loop logging the same start line, error with
// its stack trace and exit 50 times answers each once, at its newest place,
// with its count and first time; lines logged once stay as they are.
func TestLogs_RepeatsFolded(t *testing.T) {
	t.Parallel()
	var msgs []string
	for i := range 50 {
		msgs = append(msgs, "Starting app", "Error: connect ECONNREFUSED 127.0.0.1:5432",
			"    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)", "    at main (/app/index.js:12:3)",
			fmt.Sprintf("exited with code 1 (attempt %d)", i))
	}
	msgs = append(msgs, "    at lonely (/app/x.js:1:1)")
	res := logsOf(t, msgs, 1000)
	var repeated []string
	for _, e := range res.Entries {
		if e.Repeated > 0 {
			repeated = append(repeated, fmt.Sprintf("%s×%d", e.Message, e.Repeated))
			if e.FirstTime == nil || !e.FirstTime.Before(e.Time) {
				t.Errorf("%q: firstTime %v, want before its newest %v", e.Message, e.FirstTime, e.Time)
			}
		}
	}
	want := []string{"Starting app×50", "Error: connect ECONNREFUSED 127.0.0.1:5432×50"}
	if fmt.Sprint(repeated) != fmt.Sprint(want) {
		t.Errorf("repeated = %v, want %v", repeated, want)
	}
	// 50 distinct exits, the start and the error with its two frames once, the lone frame.
	if len(res.Entries) != 50+4+1 || res.Count != len(res.Entries) || !strings.Contains(res.Clipped, "196 repeated lines folded") {
		t.Errorf("%d lines, count %d, clipped %q; want 55 lines and 196 folded", len(res.Entries), res.Count, res.Clipped)
	}
	if len(res.Diagnoses) == 0 {
		t.Error("folding lost the diagnosis of the refused connection")
	}
	for i, e := range res.Entries {
		if strings.HasPrefix(e.Message, "    at TCP") && !strings.HasPrefix(res.Entries[i-1].Message, "Error: connect") {
			t.Errorf("a stack frame left its error: %q after %q", e.Message, res.Entries[i-1].Message)
		}
	}
}

// TestLogs_RepeatsFoldedWithinAVersion: a crash logged by two app
// versions, with the service fine between them, folded into one line
// ("repeated": 7 from the first version's time) that read as one long
// outage (walk 77). Each version's run folds its own repeats.
func TestLogs_RepeatsFoldedWithinAVersion(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	svc, err := ops.ResolveService(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "appdev")
	if err != nil {
		t.Fatal(err)
	}
	versions, err := c.SearchAppVersions(context.Background(), platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5})
	if err != nil || len(versions) == 0 {
		t.Fatalf("appdev's versions: %v %v", versions, err)
	}
	at := versions[0].Created
	crash := "Error: Cannot find module 'express'"
	var msgs []string
	var times []time.Time
	for i := range 3 { // the version before, then appdev's
		msgs, times = append(msgs, crash), append(times, at.Add(-time.Hour+time.Duration(i)*time.Second))
	}
	msgs, times = append(msgs, "Listening on 3000"), append(times, at.Add(-50*time.Minute))
	for i := range 4 {
		msgs, times = append(msgs, crash), append(times, at.Add(time.Duration(i+1)*time.Second))
	}
	fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/logs", Status: 200, Body: logBodyAt(msgs, times)})
	res, err := ops.Logs(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, zeropsapi.NewLogFetcher(nil), ops.LogsParams{Hostname: "appdev", Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range res.Entries {
		got = append(got, fmt.Sprintf("%s×%d", e.Message, e.Repeated))
	}
	want := []string{crash + "×3", "Listening on 3000×0", crash + "×4"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("entries = %v, want %v", got, want)
	}
}

// logBodyAt is logBody with each message's own time.
func logBodyAt(messages []string, times []time.Time) string {
	var items []map[string]any
	for i, m := range messages {
		items = append(items, map[string]any{"id": fmt.Sprint(i), "timestamp": times[i].UTC().Format(time.RFC3339Nano), "hostname": "appdev-1", "containerId": "c1",
			"message": m, "severity": 6, "severityLabel": "Informational", "facility": 16, "facilityLabel": "local0", "tag": "appdev"})
	}
	b, _ := json.Marshal(map[string]any{"items": items})
	return string(b)
}
