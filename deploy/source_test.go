package deploy_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
)

// TestDeployer_ReadSourceReadsWhatThePushSends: the file run.start starts
// is read from the push's working directory, over ssh or locally; a path
// leaving it, a missing file, an unreachable container or a file over the
// read limit answers nothing.
func TestDeployer_ReadSourceReadsWhatThePushSends(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{UnreachableHosts: []string{"gone"}})
	d := newSSHDeployer(s, nil)
	dir := t.TempDir()
	src := "server.listen(3000, '127.0.0.1');\n"
	writeFile(t, filepath.Join(dir, "index.js"), src)
	writeFile(t, filepath.Join(dir, "big.js"), strings.Repeat("//\n", platform.MaxFileSize))
	writeFile(t, filepath.Join(filepath.Dir(dir), "outside.js"), src)
	ssh := func(wd string) deploy.Request {
		return deploy.Request{SourceService: "appdev", TargetServiceID: "x", WorkingDir: wd}
	}
	tests := []struct {
		name string
		req  deploy.Request
		rel  string
		want string
	}{
		{"ssh", ssh(dir), "index.js", src},
		{"local", deploy.Request{WorkingDir: dir, ServiceID: "x"}, "index.js", src},
		{"ssh, missing", ssh(dir), "server.js", ""},
		{"ssh, leaving the directory", ssh(dir), "../outside.js", ""},
		{"local, leaving the directory", deploy.Request{WorkingDir: dir, ServiceID: "x"}, "../outside.js", ""},
		{"ssh, over the limit", ssh(dir), "big.js", ""},
		{"ssh unreachable", deploy.Request{SourceService: "gone", TargetServiceID: "x", WorkingDir: dir}, "index.js", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, _ := d.ReadSource(testContext(t), tt.req, tt.rel)
			if got != tt.want {
				t.Errorf("ReadSource(%s) = %d bytes, want %d", tt.rel, len(got), len(tt.want))
			}
		})
	}
}

// TestDeployer_ListSourceListsTheTopBounded: the working directory's
// entries (or a folder's under it) are listed, over ssh or locally, a
// directory's name ending in "/"; a directory with more entries than the
// bound answers that many and says it is not all; an unreachable
// container, a folder outside the working directory or a missing one
// answers nothing.
func TestDeployer_ListSourceListsTheTopBounded(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{UnreachableHosts: []string{"gone"}})
	d := newSSHDeployer(s, nil)
	dir, big := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(dir, "app.py"), "")
	writeFile(t, filepath.Join(dir, "helpers", "__init__.py"), "")
	for i := range 101 {
		writeFile(t, filepath.Join(big, fmt.Sprintf("m%03d.py", i)), "")
	}
	ssh := func(wd string) deploy.Request {
		return deploy.Request{SourceService: "appdev", TargetServiceID: "x", WorkingDir: wd}
	}
	local := func(wd string) deploy.Request { return deploy.Request{WorkingDir: wd, ServiceID: "x"} }
	tests := []struct {
		name  string
		req   deploy.Request
		dir   string
		want  []string
		count int
		all   bool
	}{
		{"ssh", ssh(dir), "", []string{"app.py", "helpers/"}, 2, true},
		{"local", local(dir), "", []string{"app.py", "helpers/"}, 2, true},
		{"ssh, a folder", ssh(dir), "helpers", []string{"__init__.py"}, 1, true},
		{"local, a folder", local(dir), "helpers", []string{"__init__.py"}, 1, true},
		{"ssh, a folder up", ssh(dir + "/helpers"), "..", nil, 0, false},
		{"local, a folder up", local(dir + "/helpers"), "..", nil, 0, false},
		{"ssh, no such folder", ssh(dir), "src", nil, 0, false},
		{"local, no such folder", local(dir), "src", nil, 0, false},
		{"ssh, over the bound", ssh(big), "", nil, 100, false},
		{"local, over the bound", local(big), "", nil, 100, false},
		{"ssh unreachable", deploy.Request{SourceService: "gone", TargetServiceID: "x", WorkingDir: dir}, "", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, all := d.ListSource(testContext(t), tt.req, tt.dir)
			slices.Sort(got)
			if len(got) != tt.count || all != tt.all || tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("ListSource = %v (%d), %v; want %v (%d), %v", got, len(got), all, tt.want, tt.count, tt.all)
			}
		})
	}
}
