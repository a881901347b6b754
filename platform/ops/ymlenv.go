package ops

import (
	"maps"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// SetupRunEnv is the run.envVariables of setup's entry in a zerops.yml,
// with what it inherits by extends (null values left out); nil when the file
// does not decode or has no such setup.
func SetupRunEnv(content, setup string) map[string]string {
	if setup == "" {
		return nil
	}
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	s := f.Lookup(setup)
	if s == nil {
		return nil
	}
	out := map[string]string{}
	if s.Run != nil {
		maps.Copy(out, s.Run.EnvVariables.Values())
	}
	return out
}

// SetupRunStart is the command setup's entry in a zerops.yml starts: its
// run.start, else its first run.startCommands' (inherited by extends);
// "" when the file does not decode or has none.
func SetupRunStart(content, setup string) string {
	if setup == "" {
		return ""
	}
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return ""
	}
	s := f.Lookup(setup)
	if s == nil || s.Run == nil {
		return ""
	}
	if s.Run.Start != "" || len(s.Run.StartCommands) == 0 {
		return s.Run.Start
	}
	return s.Run.StartCommands[0].Command
}
