package ops

import (
	"fmt"
	"maps"
	"sync"

	"gopkg.in/yaml.v3"
)

// SetupRunEnv is the run.envVariables of setup's entry in a zerops.yml, over
// those of the entry it extends; nil when the file does not decode or has no
// such setup.
func SetupRunEnv(content, setup string) map[string]string {
	var doc struct {
		Zerops []struct {
			Setup   any `yaml:"setup"`
			Extends any `yaml:"extends"`
			Run     struct {
				EnvVariables map[string]any `yaml:"envVariables"`
			} `yaml:"run"`
		} `yaml:"zerops"`
	}
	if setup == "" || yaml.Unmarshal([]byte(content), &doc) != nil {
		return nil
	}
	find := func(name string) int {
		for i, e := range doc.Zerops {
			if s, ok := e.Setup.(string); ok && s == name {
				return i
			}
		}
		return -1
	}
	i := find(setup)
	if i < 0 {
		return nil
	}
	out := map[string]string{}
	add := func(env map[string]any) {
		for k, v := range env {
			if v != nil {
				out[k] = fmt.Sprint(v)
			}
		}
	}
	if base, ok := doc.Zerops[i].Extends.(string); ok && base != setup {
		if j := find(base); j >= 0 {
			add(doc.Zerops[j].Run.EnvVariables)
		}
	}
	add(doc.Zerops[i].Run.EnvVariables)
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
