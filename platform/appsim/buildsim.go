package appsim

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// BuildSource is where build commands run; the uploaded files are there.
const BuildSource = "/build/source"

// Line is one simulated log line.
type Line struct {
	Sev int // syslog severity
	Msg string
}

// BuildResult is what a simulated build did: the BUILDING step's lines (each
// command and what it printed), the platform's failure line ("" for a build
// that succeeded) and the paths its commands create.
type BuildResult struct {
	Lines    []Line
	Failure  string
	Produced map[string]bool // relative to the working directory
	// Known are the paths of Produced whose content is known: a folder
	// mkdir made holds only the paths Produced lists beneath it, not any.
	Known map[string]bool
	// Copies are the files of Produced that a cp or mv made of an
	// uploaded file: that file's path.
	Copies map[string]string
	NotRun bool // failed before its commands ran (a base the catalog lacks)
	// Unknown: a command ran whose outputs the sandbox cannot know (a CLI
	// it does not model, a tool whose config may move its output): it may
	// have made any path; UnknownBy is the first such command.
	Unknown   bool
	UnknownBy string
	// ReleasesKnown: each command whose outputs are unknown was a mix task
	// that assembles no Mix release (mix.go), so _build/<env>/rel holds
	// only what `mix release` was seen to make.
	ReleasesKnown bool
	// Removed are the uploaded paths a build command took away (mv): the
	// files the build leaves lack them (Files.Remove).
	Removed map[string]bool
	// NoDev are the node_modules folders (as Produced) an npm install or
	// prune left without package.json's devDependencies (--omit=dev,
	// --production).
	NoDev map[string]bool
	// Unsudo are the OS's own installs that build.prepareCommands and
	// build.buildCommands run without sudo (unsudoIn's form): not failed,
	// unchecked.
	Unsudo []string
	// Unrun are the build commands (each `line`, with `step` after it when
	// a script it runs holds it) running a command the sandbox does not
	// model: taken to succeed, unchecked.
	Unrun []string
	// Unsure are what a modelled build command may fail on that the
	// sandbox could not read (a vite.config that may name the entry):
	// each a reason, unchecked.
	Unsure []string
}

// mayMake is what the build commands whose outputs the sandbox does not
// know may have made, each value more than the one before.
type mayMake int

const (
	madeKnown      mayMake = iota // every command's outputs are known
	madeByMixTask                 // a mix task's, which assembles no Mix release (mix.go)
	madeMixRelease                // a mix task's, which may also have assembled a release
	madeAny                       // any path: a command the sandbox does not follow
)

// mayHave records that a command ran that may have made m.
func (b *buildSim) mayHave(m mayMake) { b.made = max(b.made, m) }

// buildSim runs a setup's build commands in the mind: it knows the uploaded
// files and recognises what common commands need and create. Nothing is
// executed; an unknown command succeeds.
type buildSim struct {
	files    *Files // nil: the files are unknown, no rule needs them
	cwd      string // relative to the working directory
	produced map[string]bool
	known    map[string]bool   // as BuildResult's Known
	copies   map[string]string // as BuildResult's Copies
	dirs     map[string]bool   // the folders commands made (mkdir, cp -r)
	made     mayMake           // what the commands whose outputs are unknown may have made
	out      []Line
	at       time.Time // the build's start: npm's debug-log name
	root     string    // where the files are and commands start; "": BuildSource
	// hook judges a command first (prepare.go): handled, its status stands.
	hook func(b *buildSim, words []string) (code int, handled bool)
	// image, when set, is the build image's build.prepareCommands: a build
	// tool no base image brings is there only when they install it.
	image *[]string
	bases []string // the build bases (build.base), whose images image prepares
	// bundlePath is the gem path a `bundle config` command set, where a
	// later `bundle install` installs.
	bundlePath string
	argv0      string // the command being run, as written (./gradlew, a path)
	lineNo     int    // the line of its command line the step being run sits on (shellStep's line)
	os         string // the build container's OS (containerOS): how its tools word errors
	// env is the environment the command being run sees: build.envVariables,
	// what the command line exported before it and its own assignments.
	env      map[string]string
	buildEnv map[string]string // build.envVariables
	noDev    map[string]bool   // as BuildResult's
	removed  map[string]bool   // as BuildResult's
	unsudo   []string          // the OS's own installs run without sudo (pmRule)
	// cargoBuilt are the binaries cargo builds read from Cargo.toml made
	// (rust.go), relative to the working directory.
	cargoBuilt []string
	// unrun is the first step of the command line being run that the
	// sandbox does not model (no tool record, not a harmless command);
	// unruns are the lines of the list run so far holding one (unrunShown's).
	unrun  string
	unruns []string
	// unsure are BuildResult's Unsure.
	unsure []string
}

// Build runs d's build commands and checks its deployFiles.
func Build(d *Setup, files *Files, at time.Time) BuildResult {
	res := BuildResult{Produced: map[string]bool{}, Known: map[string]bool{}, Copies: map[string]string{}, NoDev: map[string]bool{}}
	if failed := buildPrepare(d, &res); failed {
		return res
	}
	os := containerOS(d.Prep.BuildOS, d.BuildBases...)
	b := &buildSim{files: files, produced: res.Produced, known: res.Known, copies: res.Copies, noDev: res.NoDev, dirs: map[string]bool{}, at: at, out: res.Lines,
		hook: prepHook(os, false), image: &d.Prep.BuildPrepare, bases: d.BuildBases, os: os, buildEnv: d.BuildEnv}
	for _, c := range d.BuildCommands {
		was := b.mayHaveMade()
		code := b.runLine(c)
		if !was && b.mayHaveMade() {
			res.UnknownBy = c
		}
		res.Unrun = b.unruns
		if code != 0 {
			res.Lines, res.Removed = b.out, b.removed
			res.Failure = fmt.Sprintf("ERROR: build command failed with exit code %d: %s", code, clip(c, 120))
			return res
		}
	}
	res.Lines, res.Unknown, res.Removed, res.Unsure, res.ReleasesKnown = b.out, b.mayHaveMade(), b.removed, b.unsure, b.made < madeMixRelease
	res.Unsudo = unsudoIn(res.Unsudo, b.unsudo, "build.buildCommands")
	if files == nil {
		return res
	}
	for _, df := range d.DeployFiles {
		// A path is missing only when every command's outputs are known.
		if !b.mayHaveMade() && !b.deploys(df) {
			if note := cmp.Or(b.cargoNote(df), gleamNote(df)); note != "" {
				res.Lines = append(res.Lines, Line{6, note})
			}
			res.Failure = fmt.Sprintf("ERROR: deployFiles: %q does not exist in %s after the build commands; nothing to deploy",
				clip(df, 80), BuildSource)
			return res
		}
	}
	return res
}

// mayHaveMade reports whether a command ran whose outputs are unknown: it
// may have made any path.
func (b *buildSim) mayHaveMade() bool { return b.made > madeKnown }

// exists reports whether p (relative to the working directory) is an
// uploaded path, lies under one, or is made by a build command. Paths with
// glob characters are taken to match.
func (b *buildSim) exists(p string) bool {
	if p == "" || strings.ContainsAny(p, "*?[{") || b.files == nil || b.files.Has(p) {
		return true
	}
	return b.madeByBuild(p)
}

// madeByBuild reports whether a build command makes p, or a directory
// holding it whose content is unknown, or something inside it.
func (b *buildSim) madeByBuild(p string) bool {
	for q := p; q != "." && q != ""; q = path.Dir(q) {
		if b.produced[q] && (q == p || !b.known[q]) {
			return true
		}
		if b.produced[q] {
			break // a folder holding only what is made in it (below)
		}
	}
	for q := range b.produced {
		if strings.HasPrefix(q, p+"/") {
			return true
		}
	}
	return false
}

// rel is p relative to the working directory, from the current directory.
func (b *buildSim) rel(p string) string {
	if root := b.top(); strings.HasPrefix(p, root+"/") || p == root {
		return CleanRel(strings.TrimPrefix(p, root))
	}
	return CleanRel(path.Join(b.cwd, p))
}

// top is the directory the files are in and commands start in.
func (b *buildSim) top() string { return orStr(b.root, BuildSource) }

// dir is the current directory, absolute.
func (b *buildSim) dir() string { return path.Join(b.top(), b.cwd) }

// outside reports whether p is an absolute path outside top: a directory
// of the image, whose content is not known.
func (b *buildSim) outside(p string) bool {
	root := b.top()
	return strings.HasPrefix(p, "/") && p != root && !strings.HasPrefix(p, root+"/")
}

// runLine runs the command line c of a list (build.buildCommands,
// prepareCommands) from the top directory, logged: its exit status. A
// line running a step the sandbox does not model joins unruns.
func (b *buildSim) runLine(c string) int {
	b.cwd, b.unrun = "", ""
	b.out = append(b.out, Line{6, "$ " + c})
	code := b.run(c, 0)
	if b.unrun != "" {
		b.unruns = append(b.unruns, unrunShown(c, b.unrun))
	}
	return code
}

// run runs one command line and answers its exit status. depth bounds
// package scripts that run other scripts.
func (b *buildSim) run(line string, depth int) int {
	code := 0
	// Each command line is a shell of its own, with build.envVariables; a
	// script a command runs gets that command's environment.
	shell := maps.Clone(b.buildEnv)
	if b.env != nil {
		shell = maps.Clone(b.env)
	}
	if shell == nil {
		shell = map[string]string{}
	}
	defer func(was map[string]string) { b.env = was }(b.env)
	steps := parseShell(line)
	errexit := false // set -e
	for i, st := range steps {
		if (st.op == "&&" && code != 0) || (st.op == "||" && code == 0) {
			continue
		}
		for _, f := range st.redir {
			b.produce(f)
		}
		b.env, b.lineNo = stepEnv(shell, st.words), st.line
		errexit = errexit || setsErrexit(st.words)
		var exit bool
		code, exit = b.step(st.words, depth)
		if exit {
			return code
		}
		if code == 0 || i+1 == len(steps) || steps[i+1].op != ";" {
			continue
		}
		// A list that failed, and the shell goes on: sh -e stops there.
		if errexit {
			return code
		}
		if depth == 0 && steps[i+1].nl {
			b.unsure = append(b.unsure, blockGoesOn(strings.Join(st.words, " "), code))
		}
	}
	return code
}

// setsErrexit reports whether words are `set -e` (or -o errexit, or -e
// among other options): the shell exits at a list that fails.
func setsErrexit(words []string) bool {
	if len(words) < 2 || words[0] != "set" {
		return false
	}
	for i, w := range words[1:] {
		if w == "-o" && i+2 < len(words) && words[i+2] == "errexit" || len(w) > 1 && w[0] == '-' && w[1] != '-' && w != "-o" && strings.Contains(w, "e") {
			return true
		}
	}
	return false
}

// blockGoesOn is the reason a build block (one buildCommands item of
// several lines) whose line step failed with code, lines after it, is
// unverified: sh runs on, and whether the platform runs the block with
// sh -e the docs do not say.
func blockGoesOn(step string, code int) string {
	fix := "the command"
	if strings.HasPrefix(step, "cd ") {
		fix = "the path"
	}
	return fmt.Sprintf("whether the build stops at `%s` in a build.buildCommands block: it fails here (exit %d), and sh runs the block's next lines; zeropsio/docs say a failing command cancels the build, "+
		"not whether a failing line inside a `- |` block does. Fix %s, or write `%s && …` (or `set -e` as the block's first line) so that the build stops there",
		clip(step, 80), code, fix, clip(step, 80))
}

// step runs one simple command; exit is true when it ends the shell.
func (b *buildSim) step(words []string, depth int) (code int, exit bool) {
	for len(words) > 0 && isAssignment(words[0]) {
		words = words[1:]
	}
	if len(words) == 0 {
		return 0, false
	}
	if b.hook != nil {
		if code, ok := b.hook(b, words); ok {
			return code, false
		}
	}
	if code, missing := b.notInImage(words[0]); missing {
		return code, false
	}
	name := path.Base(words[0])
	b.argv0 = words[0]
	tool := buildTools[name]
	if tool == nil {
		if code, missing := b.pathBuild(words[0]); missing {
			return code, false
		}
		tool = otherBuildTool
		if b.unrun == "" && !b.modelled(words) {
			b.unrun = strings.Join(words, " ") // no record models it: its exit is not known
		}
	}
	if code, exit, done := tool(b, name, words[1:], depth); done || code != 0 {
		return code, exit
	}
	b.conventionalOutputs(words)
	return 0, false
}

// modelled reports whether the sandbox knows what the command words
// (which no tool record runs) does: knownCommand's, an install by a
// package manager it knows (whose packages a start reads: simdeps.go,
// pypkgs.go), or, under sudo, either or an install by the OS's own
// package manager (which pmRule judged).
func (b *buildSim) modelled(words []string) bool {
	name, args := path.Base(words[0]), words[1:]
	if name == "sudo" {
		cmd := sudoCommand(words)
		if len(cmd) == 0 {
			return false
		}
		name, args = path.Base(cmd[0]), cmd[1:]
		if ownPMCommand(containerOS(b.os), name, args) {
			return true
		}
	}
	return b.knownCommand(name, args) || installs(name, args)
}

// installs reports whether name with args installs packages by a
// package manager the sandbox knows.
func installs(name string, args []string) bool {
	_, ok := installOf(name, args)
	return ok
}

// unrunShown is how a note names the build command line whose step
// (words joined) the sandbox does not model: `line`, with `step` after it
// when the line does not read as the step (a script runs it).
func unrunShown(line, step string) string {
	shown := "`" + clip(shownCommand(strings.ReplaceAll(strings.TrimSpace(line), "\\\n", " ")), 100) + "`"
	if !strings.Contains(strings.Join(strings.Fields(line), " "), step) {
		shown += " (which runs `" + clip(step, 80) + "`)"
	}
	return shown
}

// notes are what of the build r the sandbox did not check, each a
// reason: the commands it does not simulate (unrunNote), then r's
// Unsure; nil for no build known.
func (r *BuildResult) notes() []string {
	if r == nil {
		return nil
	}
	var out []string
	if note := unrunNote("build.buildCommands", r.Unrun); note != "" {
		out = append(out, note)
	}
	return append(out, r.Unsure...)
}

// unrunFails is what a command list's failing line fails on Zerops.
var unrunFails = map[string]string{"build.buildCommands": "the build", "run.prepareCommands": "preparing the runtime image (PREPARING_RUNTIME_FAILED)"}

// unrunNote is the reason a deploy whose command list where (a key of
// unrunFails) ran lines (unrunShown's) the sandbox does not model is
// unverified; "" for none.
func unrunNote(where string, lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	what := "is"
	if len(lines) > 1 {
		what = "are"
	}
	return fmt.Sprintf("whether %s succeed: %s %s not simulated here, taken to exit 0; on Zerops a non-zero exit fails %s (check its build log)",
		where, platform.JoinClipped(lines, ", ", 300), what, unrunFails[where])
}

// notInImage answers the shell's exit for cmd, a command the build image
// does not have: run by its bare name (not a wrapper or a path), every
// build base's image lacks it, and no build.prepareCommands line installs
// it.
func (b *buildSim) notInImage(cmd string) (int, bool) {
	if b.image == nil || !platform.BuildImageLacks(cmd, b.bases, *b.image) {
		return 0, false
	}
	b.err("/bin/sh: " + cmd + ": not found")
	return 127, true
}

// noOutput are commands that make nothing in the working directory.
var noOutput = map[string]bool{"echo": true, "printf": true, "cat": true, "ls": true, "pwd": true, "test": true,
	"[": true, "true": true, ":": true, "sleep": true, "export": true, "set": true, "unset": true, "rm": true,
	"chmod": true, "chown": true, "which": true, "whoami": true, "date": true, "env": true,
	"esbuild": true} // esbuild's outputs: conventionalOutputs (its flags)

// knownCommand reports whether the sandbox knows every path the command
// makes: a command in noOutput or in toolOutputs (whose config, when
// present, is judged there), an install that makes its folder, or one
// asked only for its version or help.
func (b *buildSim) knownCommand(name string, args []string) bool {
	if noOutput[name] && (name != "env" || len(nonFlags(args)) == 0) {
		return true
	}
	if pm, ok := installOf(name, args); ok && pm.into != "" {
		return true // pkgmanagers.go
	}
	joined := " " + name + " " + strings.Join(args, " ") + " "
	for _, o := range toolOutputs {
		if strings.HasPrefix(o.cmd, " "+name) && strings.Contains(joined, o.cmd) {
			return true
		}
	}
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		switch a {
		case "--version", "-v", "-V", "version", "--help", "-h":
		default:
			return false
		}
	}
	return true
}

// conventionalOutputs records what a build tool writes by default, and any
// output named by a flag (-o, --outDir, --out-dir, --outdir, --outfile,
// --output). A tool whose config file is there may write elsewhere: its
// outputs are then unknown.
func (b *buildSim) conventionalOutputs(words []string) {
	if pm, ok := installOf(path.Base(words[0]), words[1:]); ok {
		b.installs(pm.name, "") // pkgmanagers.go
	}
	joined := " " + path.Base(words[0]) + " " + strings.Join(words[1:], " ") + " "
	for _, o := range toolOutputs {
		if !strings.Contains(joined, o.cmd) || o.made != nil && o.made(b, words) {
			continue
		}
		moved := false
		for _, c := range o.configs {
			if b.hasConfig(c) && !b.configKeeps(c, o.moves) {
				b.mayHave(madeAny)
				moved = true
			}
		}
		if o.out != "" && !moved { // a config that may move it: what is where is unknown, none of it sure
			b.produce(o.out)
		}
	}
	for i, w := range words {
		flag, val, hasVal := strings.Cut(w, "=")
		switch flag {
		case "-o", "--outDir", "--out-dir", "--outdir", "--outfile", "--output", "--output-path", "--dist-dir":
			if hasVal {
				b.produce(val)
			} else if i+1 < len(words) {
				b.produce(words[i+1])
			}
		}
	}
}

var outDirRe = lazyregexp.New(`"outDir"\s*:\s*"([^"]+)"`)

// hasConfig reports whether a config file named prefix.<ext> is in the
// current directory.
func (b *buildSim) hasConfig(prefix string) bool {
	_, ok := b.configName(prefix)
	return ok
}

func (b *buildSim) readConfig(prefix string) (string, bool) {
	if name, ok := b.configName(prefix); ok {
		return b.readFile(name)
	}
	return "", false
}

func (b *buildSim) configName(prefix string) (string, bool) {
	if b.files == nil {
		return "", false
	}
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts", "json"} {
		if name := prefix + "." + ext; b.files.Has(path.Join(b.cwd, name)) {
			return name, true
		}
	}
	return "", false
}

// toolOutput is what a build command makes by default (a tool record's
// outputs): the words it runs as (" vite build ", matched anywhere in the
// command), its folder, the config files that can move it and the words
// of a config that may (nil: any config may). made, when set, records what
// it makes itself in place of the folder (false: as the folder says).
type toolOutput struct {
	cmd, out string
	configs  []string
	moves    []string
	made     func(b *buildSim, words []string) bool
}

// configKeeps reports whether the config prefix.* leaves a tool's output
// where it is by default: readable, and naming none of moves.
func (b *buildSim) configKeeps(prefix string, moves []string) bool {
	src, ok := b.readConfig(prefix)
	if !ok || moves == nil {
		return false
	}
	for _, w := range moves {
		if strings.Contains(src, w) && (w != "plugins" || prefix != "vite.config" || !vitePluginsKeep(src)) {
			return false
		}
	}
	return true
}

// produce records that a command made p, its content unknown.
func (b *buildSim) produce(p string) {
	if r := b.rel(p); r != "" {
		b.produced[r] = true
		for k := range b.known {
			if k == r || strings.HasPrefix(k, r+"/") {
				delete(b.known, k)
			}
		}
	}
}

// makeKnown records that a command made rel (relative to the working
// directory) with its content known: a folder then holds only what is
// made in it.
func (b *buildSim) makeKnown(rel string) {
	if rel == "" {
		return
	}
	if b.known == nil { // a sim of its own (run.prepareCommands)
		b.known = map[string]bool{}
	}
	b.produced[rel], b.known[rel] = true, true
}

// makeDir records that a command made the folder rel, empty but for
// what is made in it.
func (b *buildSim) makeDir(rel string) {
	if rel == "" {
		return
	}
	if b.dirs == nil {
		b.dirs = map[string]bool{}
	}
	b.makeKnown(rel)
	b.dirs[rel] = true
}

// copied records that a command made rel as a copy of the uploaded file
// src.
func (b *buildSim) copied(rel, src string) {
	if rel == "" {
		return
	}
	if b.copies == nil {
		b.copies = map[string]string{}
	}
	b.makeKnown(rel)
	b.copies[rel] = src
}

func (b *buildSim) err(msg string) { b.out = append(b.out, Line{3, msg}) }

// readFile reads a small uploaded file relative to the current directory.
func (b *buildSim) readFile(name string) (string, bool) {
	if b.files == nil {
		return "", false
	}
	return b.files.Read(path.Join(b.cwd, name))
}

// stepEnv is the environment a simple command (words) runs with in a
// shell whose exported variables are shell: its own assignments beside
// them; `export K=V` (and an assignment alone to a variable exported
// already) changes shell for the commands after it.
func stepEnv(shell map[string]string, words []string) map[string]string {
	if len(words) > 0 && words[0] == "export" {
		for _, w := range words[1:] {
			if k, v, ok := strings.Cut(w, "="); ok && isAssignment(w) {
				shell[k] = v
			}
		}
		return shell
	}
	env := maps.Clone(shell)
	i := 0
	for ; i < len(words) && isAssignment(words[i]); i++ {
		k, v, _ := strings.Cut(words[i], "=")
		env[k] = v
	}
	if i == len(words) { // assignments alone: shell variables, exported when they were
		for k, v := range env {
			if _, ok := shell[k]; ok {
				shell[k] = v
			}
		}
	}
	return env
}

func isAssignment(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	return ok && envKeyRe.MatchString(k)
}

func nonFlags(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
}
