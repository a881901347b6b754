package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawAnswer is an answer as zcp wrote it, its id byte for byte.
type rawAnswer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// awaitAnswer returns the next answer (a message without method) whose id is
// written exactly as id; notifications on the way are skipped.
func (s *rawSession) awaitAnswer(id string) rawAnswer {
	s.t.Helper()
	var a rawAnswer
	s.nextLine("the answer to id "+id, func(line string) bool {
		a = rawAnswer{}
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			s.t.Fatalf("stdout line is not JSON: %q", line)
		}
		return string(a.ID) == id && !strings.Contains(line, `"method":`)
	})
	return a
}

// TestBinary_ProtocolAbuse sends the built binary every kind of bad frame
// over real stdio: each gets the JSON-RPC answer it calls for, ids come back
// exactly as sent, and the session goes on with nothing but JSON-RPC on stdout.
func TestBinary_ProtocolAbuse(t *testing.T) {
	t.Parallel()
	s := startRaw(t, nil, "sandbox")
	s.initialize()
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	huge := strings.Repeat("x", 17<<20) // over the SDK's own 16 MiB line limit
	for _, c := range []struct {
		name, frame string
		id          string // the id the answer must carry, as written
		code        int    // 0: a result
	}{
		{"malformed JSON", `{"jsonrpc":"2.0","id":`, "null", -32700},
		{"not JSON at all", `hello`, "null", -32700},
		{"raw NUL", "\x00", "null", -32700},
		{"NUL after a message", `{"jsonrpc":"2.0","id":5,"method":"ping"}` + "\x00", "null", -32700},
		{"two messages on one line", `{"jsonrpc":"2.0","id":6,"method":"ping"}{"jsonrpc":"2.0","id":7,"method":"ping"}`, "null", -32700},
		{"nesting over 10k", `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"a":` + deep + `}}`, "null", -32700},
		{"batch array", `[{"jsonrpc":"2.0","id":9,"method":"ping"}]`, "null", -32600},
		{"empty batch", `[]`, "null", -32600},
		{"scalar", `42`, "null", -32600},
		{"empty object", `{}`, "null", -32600},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "null", -32600},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, "null", -32600},
		{"bool id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, "null", -32600},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, "null", -32600},
		{"string id over 1 KiB", `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 1<<10+1) + `","method":"ping"}`, "null", -32600},
		{"number id over 1 KiB", `{"jsonrpc":"2.0","id":1.` + strings.Repeat("0", 1<<10-1) + `,"method":"ping"}`, "null", -32600},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":10,"method":"ping"}`, "10", -32600},
		{"jsonrpc missing", `{"id":11,"method":"ping"}`, "11", -32600},
		{"jsonrpc a number", `{"jsonrpc":2.0,"id":12,"method":"ping"}`, "12", -32600},
		{"method not a string", `{"jsonrpc":"2.0","id":13,"method":7}`, "13", -32600},
		{"params a string", `{"jsonrpc":"2.0","id":14,"method":"ping","params":"x"}`, "14", -32600},
		{"id without method or result", `{"jsonrpc":"2.0","id":15}`, "15", -32600},
		{"line over 16 MiB", `{"jsonrpc":"2.0","id":16,"method":"ping","params":{"pad":"` + huge + `"}}`, "16", -32600},
		{"line over 16 MiB, id last", `{"jsonrpc":"2.0","method":"ping","params":{"pad":"` + huge + `"},"id":17}`, "null", -32600},
		{"cancel sent as a request", `{"jsonrpc":"2.0","id":23,"method":"notifications/cancelled","params":{"requestId":1}}`, "23", -32600},
		{"params an array", `{"jsonrpc":"2.0","id":24,"method":"ping","params":[]}`, "24", -32600},
		{"byte order mark", "\xef\xbb\xbf" + `{"jsonrpc":"2.0","id":25,"method":"ping"}`, "25", 0},
		{"unknown method", `{"jsonrpc":"2.0","id":18,"method":"no/such"}`, "18", -32601},
		{"id 1.0", `{"jsonrpc":"2.0","id":1.0,"method":"ping"}`, "1.0", 0},
		{"id 1e2", `{"jsonrpc":"2.0","id":1e2,"method":"ping"}`, "1e2", 0},
		{"id 1.5", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, "1.5", 0},
		{"id -0", `{"jsonrpc":"2.0","id":-0,"method":"ping"}`, "-0", 0},
		{"large integer id", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`, "123456789012345678901234567890", 0},
		{"int64 overflow id", `{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}`, "9223372036854775808", 0},
		{"escaped string id", `{"jsonrpc":"2.0","id":"a\u0041\"\\\/\n","method":"ping"}`, `"a\u0041\"\\\/\n"`, 0},
		{"HTML in string id", `{"jsonrpc":"2.0","id":"<b>&</b>","method":"ping"}`, `"<b>&</b>"`, 0},
		{"unicode string id", `{"jsonrpc":"2.0","id":"žluťoučký kůň \u2028","method":"ping"}`, `"žluťoučký kůň \u2028"`, 0},
		{"string id of 1 KiB", `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 1<<10) + `","method":"ping"}`, `"` + strings.Repeat("i", 1<<10) + `"`, 0},
		{"number id of 1 KiB", `{"jsonrpc":"2.0","id":1.` + strings.Repeat("0", 1<<10-2) + `,"method":"ping"}`, "1." + strings.Repeat("0", 1<<10-2), 0},
		{"empty string id", `{"jsonrpc":"2.0","id":"","method":"ping"}`, `""`, 0},
		{"id after params", `{"jsonrpc":"2.0","method":"ping","params":{},"id":19}`, "19", 0},
		{"CRLF line end", `{"jsonrpc":"2.0","id":20,"method":"ping"}` + "\r", "20", 0},
		{"whitespace around", "  \t" + `{ "jsonrpc" : "2.0" , "id" : 21 , "method" : "ping" }` + " ", "21", 0},
	} {
		s.send(c.frame)
		a := s.awaitAnswer(c.id)
		switch {
		case c.code == 0 && (a.Error != nil || a.Result == nil):
			t.Errorf("%s: answer %+v, want a result", c.name, a)
		case c.code != 0 && (a.Error == nil || a.Error.Code != c.code):
			t.Errorf("%s: answer %+v, want error %d", c.name, a, c.code)
		}
	}

	// An unknown notification is not answered, and the session goes on.
	s.send(`{"jsonrpc":"2.0","method":"notifications/nothing"}`)
	s.send(`{"jsonrpc":"2.0","method":"ping","id":22}`)
	s.awaitAnswer("22")

	// The session goes on: a real tool call still works.
	s.callTool(30, "zerops_discover", map[string]any{}, "")
	if r := s.result(30); r["isError"] == true {
		t.Errorf("discover after the abuse failed: %v", r)
	}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Errorf("exit code %d after stdin closed, want 0", code)
	}
	s.assertAllJSONRPC()
}

// TestBinary_DuplicateInFlightID reuses the id of a call still running.
func TestBinary_DuplicateInFlightID(t *testing.T) {
	t.Parallel()
	s := startRaw(t, nil, "sandbox", "--process-duration", "1h")
	s.initialize()
	s.send(`{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"p"}}}`)
	s.await(func(m map[string]any) bool { return m["method"] == "notifications/progress" }) // running
	s.send(`{"jsonrpc":"2.0","id":"dup","method":"tools/list"}`)
	if a := s.awaitAnswer(`"dup"`); a.Error == nil || a.Error.Code != -32600 {
		t.Errorf("reused id: answer %+v, want -32600", a)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"dup"}}`)
	// The cancelled call holds its id until it has stopped; then the id is free again.
	deadline := time.Now().Add(30 * time.Second)
	for {
		s.send(`{"jsonrpc":"2.0","id":"dup","method":"ping"}`)
		a := s.awaitAnswer(`"dup"`)
		if a.Result != nil {
			break
		}
		if a.Error == nil || a.Error.Code != -32600 || time.Now().After(deadline) {
			t.Fatalf("id reused after its cancel: answer %+v, want -32600 while the call stops, then a result", a)
		}
	}
	_ = s.stdin.Close()
	s.wait()
	s.assertAllJSONRPC()
}

// TestBinary_TenThousandPipelined writes 10,000 requests without waiting,
// every tenth line broken, and checks each gets exactly its one answer.
func TestBinary_TenThousandPipelined(t *testing.T) {
	t.Parallel()
	s := startRaw(t, nil, "sandbox")
	s.initialize()
	const n = 10000
	writeErr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(s.stdin)
		for i := range n {
			if i%10 == 9 {
				fmt.Fprintf(w, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\n", 1000+i) // cut short
				continue
			}
			fmt.Fprintf(w, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}\n", 1000+i)
		}
		writeErr <- w.Flush()
	}()
	seen := make(map[string]int, n)
	parseErrors := 0
	deadline := time.After(5 * time.Minute)
	for len(seen)+parseErrors < n {
		select {
		case line, ok := <-s.lines:
			if !ok {
				t.Fatalf("zcp closed stdout after %d answers; stderr:\n%s", len(seen)+parseErrors, s.stderr.String())
			}
			var a rawAnswer
			if err := json.Unmarshal([]byte(line), &a); err != nil {
				t.Fatalf("stdout line is not JSON: %q", line)
			}
			switch {
			case string(a.ID) == "null" && a.Error != nil && a.Error.Code == -32700:
				parseErrors++
			case a.Result != nil:
				seen[string(a.ID)]++
			default:
				t.Fatalf("unexpected answer %q", line)
			}
		case <-deadline:
			t.Fatalf("only %d of %d answers within the deadline", len(seen)+parseErrors, n)
		}
	}
	if err := recv(t, writeErr); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		id := strconv.Itoa(1000 + i)
		want := 1
		if i%10 == 9 {
			want = 0
		}
		if seen[id] != want {
			t.Errorf("id %s answered %d times, want %d", id, seen[id], want)
		}
	}
	if parseErrors != n/10 {
		t.Errorf("%d parse errors answered, want %d", parseErrors, n/10)
	}
	_ = s.stdin.Close()
	s.wait()
	s.assertAllJSONRPC()
}
