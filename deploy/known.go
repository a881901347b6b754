package deploy

import (
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// project is the project env deploys to, with what ZCP remembers of it.
func (env Env) project() ops.Project {
	return ops.Project{Client: env.Client, ID: env.ProjectID, Memory: env.Memory}
}

// noteVerdict records in the project's memory whether app version id
// answered after its deploy or rollback, so that a default rollback does not
// go back to one seen not answering: the version live before is no way back
// when it was broken itself. A later answering verdict forgets it.
func (env Env) noteVerdict(id string, verdict platform.Verdict) {
	switch verdict {
	case platform.VerdictNotAnswering:
		env.Memory.NoteAnswering(env.ProjectID, id, false)
	case platform.VerdictLive, platform.VerdictDegraded:
		env.Memory.NoteAnswering(env.ProjectID, id, true)
	}
}

// seenNotAnswering reports whether app version id was last seen ending not
// answering, as far as the project's memory holds.
func (env Env) seenNotAnswering(id string) bool {
	return env.Memory.SeenNotAnswering(env.ProjectID, id)
}
