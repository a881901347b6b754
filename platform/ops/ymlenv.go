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
