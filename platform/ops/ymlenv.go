package ops

import (
	"maps"
	"sync"

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

// deployedEnvs remembers, per "projectID/serviceID", the run.envVariables
// of the zerops.yml ZCP last pushed to the service: they win over its
// service variables, so a bind or port they set is fixed there. Safe for
// concurrent use; one entry per deployed service.
var deployedEnvs sync.Map

// NoteDeployedEnv records env, the run.envVariables of the zerops.yml a
// push to serviceID sent (nil: the file was not read, nothing is known).
func NoteDeployedEnv(projectID, serviceID string, env map[string]string) {
	if env == nil {
		deployedEnvs.Delete(projectID + "/" + serviceID)
		return
	}
	deployedEnvs.Store(projectID+"/"+serviceID, maps.Clone(env))
}

// deployedEnv is what NoteDeployedEnv recorded for serviceID; ok false
// when nothing is known.
func deployedEnv(projectID, serviceID string) (map[string]string, bool) {
	v, ok := deployedEnvs.Load(projectID + "/" + serviceID)
	if !ok {
		return nil, false
	}
	return v.(map[string]string), true
}
