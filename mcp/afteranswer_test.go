package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// concurrentCalls is how many calls with progress tokens run at once.
const concurrentCalls = 200

// waitedProcess is how long the waited processes run: long enough that a
// loaded CI machine still starts every call before they end, so progress
// is sent at all.
const waitedProcess = 8 * time.Second

// wireMessage is one JSON-RPC message as written on the wire.
type wireMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Params struct {
		ProgressToken any `json:"progressToken"`
	} `json:"params"`
}

// afterAnswer checks one stream of messages, in the order written: no
// progress notification for a call after that call's answer. It returns
// the numbers of answers and of notifications seen.
func afterAnswer(t *testing.T, stream string, msgs []wireMessage) (answers, notes int) {
	t.Helper()
	answered := map[string]bool{}
	for _, m := range msgs {
		switch {
		case m.Method == "notifications/progress":
			notes++
			tok := fmt.Sprint(m.Params.ProgressToken)
			if answered[tok] {
				t.Errorf("%s: a progress notification for %s after its answer", stream, tok)
			}
		case m.ID != nil && m.Result != nil:
			answers++
			var id any
			_ = json.Unmarshal(m.ID, &id)
			answered[fmt.Sprintf("t%v", id)] = true
		}
	}
	return answers, notes
}

// waitCall is a zerops_process wait=true call with id n and token "t<n>",
// on one of procs: many calls on one process fan the watcher out.
func waitCall(n int, procs []string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"zerops_process","arguments":{"processId":%q,"wait":true},"_meta":{"progressToken":"t%d"}}}`,
		n, procs[n%len(procs)], n)
}

// TestProgress_NoneAfterAnswerOnStdio runs 200 concurrent calls with
// progress tokens waiting on two processes (one watcher fan-out), every
// tenth cancelled, and reads the raw stdout: no call's progress follows
// its answer.
func TestProgress_NoneAfterAnswerOnStdio(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: waitedProcess})
	procs := []string{h.startProcess(t), h.restartAppdev(t)}
	script := []string{scriptInit, scriptInitialized}
	for n := 100; n < 100+concurrentCalls; n++ {
		script = append(script, waitCall(n, procs))
		if n%10 == 0 {
			script = append(script, fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`, n))
		}
	}
	out := runScriptRaw(t, h, context.Background(), time.Minute, script...)
	var msgs []wireMessage
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m wireMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line is not JSON: %q", sc.Text())
		}
		msgs = append(msgs, m)
	}
	answers, notes := afterAnswer(t, "stdio", msgs)
	if answers < concurrentCalls*8/10 || notes == 0 {
		t.Fatalf("%d answers and %d notifications for %d calls: the test saw too little", answers, notes, concurrentCalls)
	}
}

// TestProgress_NoneAfterAnswerOverHTTP is the same over Streamable HTTP:
// each call's POST answers an event stream, read raw; none carries a
// progress notification after the answer.
func TestProgress_NoneAfterAnswerOverHTTP(t *testing.T) {
	t.Parallel()
	// Every call on its own connection at once: the per-address cap is
	// not what this test is about.
	hh := newHTTPHarness(t, waitedProcess, mcp.HTTPOptions{ConnsPerAddr: concurrentCalls + 8})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: hh.fake.URL(), Token: hh.fake.Token()})
	must(t, err)
	var procs []string
	for _, host := range []string{"appstage", "appdev"} {
		p, err := c.RestartService(context.Background(), hh.fake.ServiceID(host))
		must(t, err)
		procs = append(procs, p.ID)
	}
	header, _ := rawPost(t, hh.url, "", scriptInit)
	session := header.Get("Mcp-Session-Id")
	if session == "" {
		t.Fatal("no session id")
	}
	rawPost(t, hh.url, session, scriptInitialized)
	// The session's standalone stream: where a notification no call's
	// stream takes would go.
	getCtx, stopGet := context.WithCancel(t.Context())
	get, err := http.NewRequestWithContext(getCtx, http.MethodGet, hh.url, nil)
	must(t, err)
	get.Header.Set("Accept", "text/event-stream")
	get.Header.Set("Authorization", "Bearer "+httpTestToken)
	get.Header.Set("Mcp-Session-Id", session)
	get.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	standalone := make(chan []wireMessage, 1)
	res, err := testClient.Do(get)
	if err == nil {
		defer func() { _ = res.Body.Close() }()
		go func() { standalone <- readEvents(t, res.Body) }()
	} else {
		standalone <- nil
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	answers, notes := 0, 0
	for n := 100; n < 100+concurrentCalls; n++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, msgs := rawPost(t, hh.url, session, waitCall(n, procs))
			a, k := afterAnswer(t, fmt.Sprintf("POST %d", n), msgs)
			mu.Lock()
			answers, notes = answers+a, notes+k
			mu.Unlock()
		}()
	}
	wg.Wait()
	// Every handler has returned: whatever a call would send late is sent.
	await(t, "no call in flight", func() bool { return len(hh.srv.InFlight()) == 0 })
	stopGet()
	for _, m := range <-standalone {
		if m.Method == "notifications/progress" {
			t.Errorf("a progress notification for %v outside its call's stream", m.Params.ProgressToken)
		}
	}
	if answers != concurrentCalls || notes == 0 {
		t.Fatalf("%d answers and %d notifications for %d calls: the test saw too little", answers, notes, concurrentCalls)
	}
}

// rawPost posts one JSON-RPC message as a Streamable HTTP client does and
// reads the answer to its end: its header and its messages in order.
func rawPost(t *testing.T, url, session, body string) (http.Header, []wireMessage) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	must(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+httpTestToken)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	res, err := testClient.Do(req)
	if err != nil {
		t.Errorf("POST: %v", err)
		return http.Header{}, nil
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode >= 300 {
		t.Errorf("POST answered %s", res.Status)
	}
	return res.Header, readEvents(t, res.Body)
}

// readEvents reads an event stream (or a JSON body) to its end: the
// messages in the order written.
func readEvents(t *testing.T, body io.Reader) []wireMessage {
	t.Helper()
	raw, err := io.ReadAll(body)
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Errorf("reading the stream: %v", err)
	}
	var msgs []wireMessage
	for _, line := range bytes.Split(raw, []byte("\n")) {
		data, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data:"))
		if !ok {
			continue
		}
		var m wireMessage
		if err := json.Unmarshal(bytes.TrimSpace(data), &m); err != nil {
			t.Errorf("event is not JSON: %q", data)
			continue
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// restartAppdev restarts appdev straight through the API: a second process.
func (h *harness) restartAppdev(t *testing.T) string {
	t.Helper()
	p, err := h.client.RestartService(context.Background(), h.fake.ServiceID("appdev"))
	must(t, err)
	return p.ID
}
