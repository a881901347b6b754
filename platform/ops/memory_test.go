package ops

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestMemory_OutlivesARestart: the environment and code last pushed and the versions
// seen not answering are read back by a new Memory over the same directory
// (a restarted stdio server); the rest of the memory is not.
func TestMemory_OutlivesARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := NewMemory(dir)
	m.NoteDeployedEnv("p1", "svc1", map[string]string{"PORT": "3000"})
	m.NoteDeployedCode("p1", "svc1", &diagnose.Code{File: "index.js", Read: true, Line: 2, Literal: "127.0.0.1"})
	m.NoteAnswering("p1", "v-broken", false)
	m.NoteAnswering("p1", "v-healed", false)
	m.NoteAnswering("p1", "v-healed", true)
	m.planSubdomain("p1", "app")
	m.NoteVersionPushed("p1", "svc1", "v-live")

	again := NewMemory(dir)
	if env, _ := again.VersionPushed("p1", "v-live"); env["PORT"] != "3000" {
		t.Errorf("a pushed version's env after restart = %v; want PORT=3000", env)
	}
	if env, ok := again.deployedEnv("p1", "svc1"); !ok || env["PORT"] != "3000" {
		t.Errorf("deployed env after restart = %v, %v; want PORT=3000", env, ok)
	}
	if c := again.deployedCode("p1", "svc1"); c == nil || c.File != "index.js" || c.Line != 2 {
		t.Errorf("deployed code after restart = %+v; want index.js, line 2", c)
	}
	if !again.SeenNotAnswering("p1", "v-broken") || again.SeenNotAnswering("p1", "v-healed") {
		t.Error("versions seen not answering were not read back as they were left")
	}
	if again.subdomainPlanned("p1", "app") {
		t.Error("a subdomain plan outlived the restart; only the platform's answers should")
	}
	if _, ok := NewMemory(dir).deployedEnv("p2", "svc1"); ok {
		t.Error("another project sees p1's environment")
	}
	if _, ok := NewMemory("").deployedEnv("p1", "svc1"); ok {
		t.Error("a memory without a directory read a file")
	}
}

// TestMemory_RefusesWhatIsNotAFile: a FIFO at the state file's path is never
// opened for a blocking read, and a write replaces it rather than writing
// through it; an id unfit for a file name is kept in memory only.
func TestMemory_RefusesWhatIsNotAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p1.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan bool, 1)
	go func() { done <- NewMemory(dir).SeenNotAnswering("p1", "v") }()
	select {
	case seen := <-done:
		if seen {
			t.Error("a FIFO was read as state")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading the state blocked on a FIFO")
	}
	m := NewMemory(dir)
	m.NoteAnswering("p1", "v", false)
	if st, err := os.Lstat(fifo); err != nil || !st.Mode().IsRegular() {
		t.Errorf("state path after a write: %v, %v; want a regular file", st, err)
	}
	m.NoteAnswering("../escape", "v", false)
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape.json")); err == nil {
		t.Error("a project id wrote outside the state directory")
	}
}

// TestMemory_Bounded: the versions seen not answering keep the newest
// brokenMax and the pushed versions' environments the newest versionsMax;
// a nil Memory remembers nothing and never panics.
func TestMemory_Bounded(t *testing.T) {
	t.Parallel()
	m := NewMemory("")
	for i := range brokenMax + 10 {
		m.NoteAnswering("p", "v"+strconv.Itoa(i), false)
	}
	if m.SeenNotAnswering("p", "v0") || !m.SeenNotAnswering("p", "v"+strconv.Itoa(brokenMax+9)) {
		t.Error("the oldest were not dropped first")
	}
	m.NoteDeployedEnv("p", "s", map[string]string{"A": "1"})
	for i := range versionsMax + 10 {
		m.NoteVersionPushed("p", "s", "av"+strconv.Itoa(i))
	}
	oldest, _ := m.VersionPushed("p", "av0")
	newest, _ := m.VersionPushed("p", "av"+strconv.Itoa(versionsMax+9))
	if oldest != nil || newest["A"] != "1" {
		t.Error("the oldest pushed versions' envs were not dropped first")
	}
	m.NoteVersionPushed("p", "unknown-service", "av-x")
	if env, code := m.VersionPushed("p", "av-x"); env != nil || code != nil {
		t.Error("a version of a service with no pushed env was given one")
	}
	var none *Memory
	none.NoteVersionPushed("p", "s", "v")
	if env, _ := none.VersionPushed("p", "v"); env != nil {
		t.Error("a nil memory remembered a version's env")
	}
	none.NoteAnswering("p", "v", false)
	none.NoteDeployedEnv("p", "s", map[string]string{"A": "1"})
	if none.SeenNotAnswering("p", "v") {
		t.Error("a nil memory remembered")
	}
}
