package zeropsyml

import "gopkg.in/yaml.v3"

// File is a decoded zerops.yml. It is not modified after Parse, so
// concurrent reads are safe.
type File struct {
	// Setups are the items of zerops, in order; an item that is not a
	// mapping is left out (a Problem names it).
	Setups []*Setup
	// Problems are the values the model could not read as what it reads
	// them as (a list where a string belongs, …), each at its path and
	// line; the rest of the file is decoded. Keys the model does not read
	// are no problem of its own.
	Problems []Problem
	// Keys are the top-level keys.
	Keys Keys
	// List is true when the document is a bare list of setups, without
	// the zerops key (read as if it had it).
	List bool
}

// Problem is a value of the wrong kind at Path ("zerops[0].run.start"),
// written at Line (1-based).
type Problem struct {
	Path    string
	Line    int
	Problem string // e.g. "must be a string, got a list"
}

func (p Problem) Error() string { return "line " + itoa(p.Line) + ": " + p.Path + ": " + p.Problem }

// Key is where a key of a mapping is written and what its value is.
type Key struct {
	Line int
	// Kind is what the value is: "nothing" (null), "a string", "a number",
	// "a boolean", "a list" or "a mapping", as messages name it.
	Kind string
}

// Keys are the keys a mapping holds, by name. A nil Keys holds none.
type Keys map[string]Key

// Has reports whether the mapping holds key.
func (k Keys) Has(key string) bool { _, ok := k[key]; return ok }

// Line is the line of key, 0 when absent.
func (k Keys) Line(key string) int { return k[key].Line }

// Setup is one item of zerops: how one setup builds, deploys and runs. A
// block the item does not write is nil.
type Setup struct {
	Index   int      // its place in zerops
	Name    string   // setup
	Extends []string // extends: the setups it inherits from, in order (a name or a list)
	Line    int
	Keys    Keys
	Build   *Build
	Deploy  *Deploy
	Run     *Run

	node *yaml.Node // the item as written, for Resolve
}

// Path is the setup's path in the file, "zerops[2]".
func (s *Setup) Path() string { return "zerops[" + itoa(s.Index) + "]" }

// Build is a setup's build block.
type Build struct {
	// Base is build.base's names as written; BaseList whether it is a list.
	Base            []string
	BaseList        bool
	OS              string
	PrepareCommands []string
	BuildCommands   []string
	// DeployFiles is build.deployFiles, else the deprecated alias
	// build.deploy, which the platform's schema still accepts (Keys tells
	// which was written).
	DeployFiles     []string
	Cache           Cache
	AddToRunPrepare []string
	EnvVariables    Env
	Keys            Keys
}

// Cache is build.cache: true or false, or the paths to cache.
type Cache struct {
	Enabled *bool
	Paths   []string
}

// Deploy is a setup's deploy block.
type Deploy struct {
	TemporaryShutdown bool
	ReadinessCheck    *Check
	Keys              Keys
}

// Run is a setup's run block.
type Run struct {
	Base            string
	OS              string
	Start           string
	StartCommands   []StartCommand
	Ports           []Port
	InitCommands    []string
	PrepareCommands []string
	EnvVariables    Env
	HealthCheck     *Check
	Crontab         []Cron
	DocumentRoot    string
	SiteConfigPath  string
	Keys            Keys
}

// StartCommand is one of run.startCommands: a process of its own.
type StartCommand struct {
	Command      string
	Name         string
	WorkingDir   string
	InitCommands []string
	Keys         Keys
}

// Port is one of run.ports; Index is its place in the list.
type Port struct {
	Index       int
	Port        int
	Protocol    string
	HTTPSupport bool
	Line        int
	Keys        Keys
}

// Check is a deploy.readinessCheck or a run.healthCheck.
type Check struct {
	HTTPGet *HTTPGet
	Exec    *Exec
	Keys    Keys
}

// HTTPGet is a check's httpGet.
type HTTPGet struct {
	Port   int
	Path   string
	Host   string
	Scheme string
	Keys   Keys
}

// Exec is a check's exec.
type Exec struct {
	Command string
	Keys    Keys
}

// Cron is one of run.crontab; Index is its place in the list.
type Cron struct {
	Index         int
	Timing        string
	Command       string
	AllContainers bool
	WorkingDir    string
	Keys          Keys
}

// Env is an envVariables mapping, in the order written.
type Env []EnvVar

// EnvVar is one variable of an envVariables mapping. A null value (`KEY:`
// or `KEY: null`) is kept, with Null set and Value "": the platform's
// reading of it is not known, so a validator can warn about it.
type EnvVar struct {
	Key   string
	Value string // the scalar as written (3000, true, ${db_user})
	Null  bool
	Line  int
}

// Get is the value of key and whether the mapping holds it.
func (e Env) Get(key string) (EnvVar, bool) {
	for _, v := range e {
		if v.Key == key {
			return v, true
		}
	}
	return EnvVar{}, false
}

// Values maps each key to its value, null values left out; nil for none.
func (e Env) Values() map[string]string {
	var out map[string]string
	for _, v := range e {
		if v.Null {
			continue
		}
		if out == nil {
			out = make(map[string]string, len(e))
		}
		out[v.Key] = v.Value
	}
	return out
}
