package setup

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/zeropsio/zcp/knowledge"
)

// ContainerHome is the home directory of the zerops user in a Zerops container.
const ContainerHome = "/home/zerops"

// Options is what one zcp init run writes and where.
type Options struct {
	Dir       string   // where CLAUDE.md goes (the working directory)
	Home      string   // the home directory holding .claude.json, .claude/ and .ssh/
	Binary    string   // absolute path of the zcp binary Claude Code should run
	Sandbox   bool     // register `zcp sandbox` instead of `zcp`
	SSH       bool     // also write ~/.ssh/config (container mode, or --ssh)
	SSHHosts  []string // the hosts the ssh block covers; none: every host (in a container)
	ToolNames []string // every ZCP tool; all but zerops_delete are pre-approved
	// HTTPURL, when set, registers ZCP as an HTTP server at this URL (a
	// running `zcp serve --http`) with HTTPToken as its bearer token,
	// instead of the stdio command.
	HTTPURL   string
	HTTPToken string
}

// InContainer reports whether the process runs in a Zerops container, which
// sets serviceId in every container's environment.
func InContainer(getenv func(string) string) bool { return getenv("serviceId") != "" }

// Home picks the home directory: in a Zerops container an empty or root
// HOME (init commands may run that way) means /home/zerops; elsewhere it is
// userHome (os.UserHomeDir).
func Home(getenv func(string) string, userHome string) string {
	if InContainer(getenv) {
		if h := getenv("HOME"); h != "" && h != "/" {
			return h
		}
		return ContainerHome
	}
	return userHome
}

// unsafeTools keep asking the user before each call.
var unsafeTools = map[string]bool{"zerops_delete": true}

// Allowed lists the Claude Code permission entries for names: every tool
// except deletion.
func Allowed(names []string) []string {
	var out []string
	for _, n := range names {
		if !unsafeTools[n] {
			out = append(out, "mcp__"+ServerName+"__"+n)
		}
	}
	return out
}

// HookCommand is the SessionStart hook's shell command.
func HookCommand(binary string, sandbox bool) string {
	cmd := shellQuote(binary) + " " + hookArgs
	if sandbox {
		cmd += " --sandbox"
	}
	return cmd
}

// step is one file zcp init maintains: render gets the current content (nil
// when absent) and returns the new one, or nil for "leave it as it is".
type step struct {
	path    string
	mode    fs.FileMode
	dirMode fs.FileMode
	render  func(old []byte, exists bool) ([]byte, error)
}

// Run writes every file, printing one line per file to out ("created",
// "updated" or "unchanged" and the path) and each failure to errOut. It is
// all or nothing: every file is read, merged and staged (a temporary file
// beside it) first, and when one cannot be (JSON that does not parse, a
// directory that cannot be written) no file is changed.
func Run(o Options, out, errOut io.Writer) error {
	if o.Binary == "" || !filepath.IsAbs(o.Binary) {
		return fmt.Errorf("zcp init: the binary path %q is not absolute", o.Binary)
	}
	if o.Home == "" {
		return errors.New("zcp init: no home directory (set HOME)")
	}
	if o.HTTPURL != "" && o.HTTPToken == "" {
		return errors.New("zcp init: --http needs the HTTP token")
	}
	var (
		plans  []plan
		failed []string
	)
	for _, s := range o.steps() {
		p, err := render(s)
		if err != nil {
			fmt.Fprintf(errOut, "zcp init: %v\n", err)
			failed = append(failed, s.path)
			continue
		}
		plans = append(plans, p)
	}
	if len(failed) > 0 {
		return fmt.Errorf("zcp init: no file written; cannot merge: %s", strings.Join(failed, ", "))
	}
	var st stage
	defer st.rollback() // a no-op once committed
	for _, p := range plans {
		if err := st.add(p); err != nil {
			fmt.Fprintf(errOut, "zcp init: %v\n", err)
			return fmt.Errorf("zcp init: no file written; cannot write %s", p.path)
		}
	}
	states, err := st.commit()
	for i, state := range states {
		fmt.Fprintf(out, "%-9s  %s\n", state, plans[i].path)
	}
	return err
}

func (o Options) steps() []step {
	var args []string
	if o.Sandbox {
		args = []string{"sandbox"}
	}
	steps := []step{
		{path: filepath.Join(o.Dir, "CLAUDE.md"), mode: 0o644, dirMode: 0o755, render: func(old []byte, _ bool) ([]byte, error) {
			s, err := mergeBlock(string(old), mdBegin, mdEnd, knowledge.ClaudeMD(), false)
			return []byte(s), err
		}},
		{path: filepath.Join(o.Home, ".claude.json"), mode: 0o600, dirMode: 0o700, render: jsonRender(func(root *object) (bool, error) {
			if o.HTTPURL != "" {
				return mergeClaudeJSONHTTP(root, o.HTTPURL, o.HTTPToken)
			}
			return mergeClaudeJSON(root, o.Binary, args)
		})},
		{path: filepath.Join(o.Home, ".claude", "settings.json"), mode: 0o600, dirMode: 0o700, render: jsonRender(func(root *object) (bool, error) {
			return mergeSettings(root, Allowed(o.ToolNames), HookCommand(o.Binary, o.Sandbox))
		})},
	}
	if o.SSH {
		steps = append(steps, step{path: filepath.Join(o.Home, ".ssh", "config"), mode: 0o600, dirMode: 0o700, render: func(old []byte, _ bool) ([]byte, error) {
			s, err := mergeBlock(string(old), sshBegin, sshEnd, sshBlock(o.SSHHosts), true)
			return []byte(s), err
		}})
	}
	return steps
}

// jsonRender merges into a JSON file; an existing file that is not a JSON
// object is an error, and a merge that changes nothing keeps the file's bytes.
func jsonRender(merge func(*object) (bool, error)) func([]byte, bool) ([]byte, error) {
	return func(old []byte, exists bool) ([]byte, error) {
		root, err := parseObject(old)
		if err != nil {
			return nil, fmt.Errorf("it is not valid JSON (%w); fix or remove it, then run zcp init again", err)
		}
		changed, err := merge(root)
		if err != nil {
			return nil, fmt.Errorf("%w; fix it by hand, then run zcp init again", err)
		}
		if !changed && exists {
			return old, nil
		}
		return indent(root)
	}
}

// render reads s's file and merges into it, changing nothing on disk.
func render(s step) (plan, error) {
	target, old, exists, err := readTarget(s.path)
	if err != nil {
		return plan{}, err
	}
	content, err := s.render(old, exists)
	if err != nil {
		return plan{}, fmt.Errorf("%s left untouched: %w", s.path, err)
	}
	return plan{path: s.path, target: target, old: old, exists: exists, content: content, mode: s.mode, dirMode: s.dirMode}, nil
}
