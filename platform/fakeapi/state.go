package fakeapi

import (
	"sort"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// state is the whole fake platform. It is not safe for concurrent use: every
// method requires Server.mu.
type state struct {
	opts    Options
	cat     *catalog
	created time.Time

	clientID string
	userID   string
	demoID   string

	projects    map[string]*project
	projOrder   []string
	services    map[string]*service
	svcOrder    []string
	processes   map[string]*process
	procOrder   []string
	appVersions map[string]*appVersion
	avOrder     []string
	logs        []*logLine
	logTokens   map[string]logToken
	seq         int
	procTrimAt  int // procOrder length that triggers the next prune (see retention.go)

	svcIndex serviceIndex // what service searches see (index.go)

	failProc map[string][]string // action name → queued fail reasons
	failBld  map[string][]string // service id → queued fail reasons
}

type project struct {
	ID         string
	Name       string
	Created    time.Time
	LastUpdate time.Time
	Envs       []*envVar
}

// envVar is a project env or a service user-data record.
type envVar struct {
	ID         string
	Key        string
	Content    string
	Sensitive  bool
	Type       string // project: USER|SYSTEM; service: READ_ONLY|EDITABLE|INTERNAL|ENV|SECRET (env.go)
	Created    time.Time
	LastUpdate time.Time
}

type service struct {
	ID        string
	ProjectID string
	Name      string
	Status    platform.ServiceStatus
	Version   *stackVersion
	Mode      string
	Subdomain bool
	Ports     []portJSON

	pendingPorts      []portJSON // set by a deploy, registered at portsAt (subdomain.go)
	portsAt           time.Time
	subdomainOnDeploy bool             // the import asked for subdomain access: on at the first deploy
	Custom            *autoscalingJSON // what the user set (customAutoscaling); nil at the defaults
	Current           *autoscalingJSON // the settings in force (currentAutoscaling, on a read by id)
	cpuModeAt         time.Time        // when a cpuMode change was last accepted (once an hour)
	cpuModeTo         string           // the cpuMode that change asked for
	scalingSent       []string         // the bodies of the autoscaling requests it received
	Env               []*envVar
	backups           []backupFile   // stored backups, oldest first (backup.go)
	protectedTags     []string       // its retention policy's protected tags; nil: the default policy
	storage           *objectStorage // an object storage's size and policy (objectstorage.go)
	buildFromGit      string         // the repository its import named
	priority          *int           // the priority its import set (higher is created earlier); nil: none
	mounts            []string       // ids of the shared storages connected to it (mount.go)
	Containers        []string
	runs              []appRun       // every start of its app, oldest first (stats.go)
	pastScaling       []scalingUntil // the settings in force before each change, oldest first (stats.go)
	Created           time.Time
	LastUpdate        time.Time
}

func (s *service) category() string { return s.Version.Type.Category }

// system reports whether s is one of the platform's own services.
func (s *service) system() bool { return platform.SystemCategory(s.category()) }

// logToken is a grant to read one project's logs.
type logToken struct {
	ProjectID string
	Expires   time.Time
}

func newState(opts Options, now time.Time) *state {
	return &state{
		opts:        opts,
		cat:         newCatalog(),
		created:     now,
		clientID:    stableID("client:demo"),
		userID:      newID(),
		projects:    map[string]*project{},
		services:    map[string]*service{},
		processes:   map[string]*process{},
		appVersions: map[string]*appVersion{},
		logTokens:   map[string]logToken{},
		failProc:    map[string][]string{},
		failBld:     map[string][]string{},
	}
}

func (st *state) nextSeq() int {
	st.seq++
	return st.seq
}

// addProject adds a project with the platform's own services, as every
// real project has them.
func (st *state) addProject(name string, now time.Time) *project {
	p := &project{ID: newID(), Name: name, Created: now, LastUpdate: now}
	p.Envs = systemProjectEnv(p.ID, now)
	st.projects[p.ID] = p
	st.projOrder = append(st.projOrder, p.ID)
	for i, spec := range systemSpec {
		st.newService(p.ID, spec.hostname, st.cat.system[i], "NON_HA", platform.ServiceActive, now)
	}
	return p
}

// buildService is the project's build service: builds run and log there.
func (st *state) buildService(projectID string) *service {
	for _, id := range st.svcOrder {
		if s := st.services[id]; s.ProjectID == projectID && s.category() == platform.CategoryBuild {
			return s
		}
	}
	return nil
}

// serviceByName returns the project's service with that hostname, DELETING
// ones included, or nil.
func (st *state) serviceByName(projectID, name string) *service {
	for _, id := range st.svcOrder {
		if s := st.services[id]; s != nil && s.ProjectID == projectID && s.Name == name {
			return s
		}
	}
	return nil
}

func (st *state) removeService(id string) {
	delete(st.services, id)
	for i, sid := range st.svcOrder {
		if sid == id {
			st.svcOrder = append(st.svcOrder[:i:i], st.svcOrder[i+1:]...)
			break
		}
	}
}

// takeFailure pops the next queued failure reason for key, or "".
func takeFailure(queue map[string][]string, key string) string {
	q := queue[key]
	if len(q) == 0 {
		return ""
	}
	reason := q[0]
	if len(q) == 1 {
		delete(queue, key)
	} else {
		queue[key] = q[1:]
	}
	return reason
}

// advance brings the clock-driven state up to now: it emits build log lines
// for build steps that have passed and applies, once and in order of their
// end, the effects of every process that has ended by now.
func (st *state) advance(now time.Time) {
	for _, id := range st.avOrder {
		st.appVersions[id].logSteps(st, now)
	}
	var due []*process
	for _, id := range st.procOrder {
		p := st.processes[id]
		if !p.settled && !p.EndAt.After(now) {
			due = append(due, p)
		}
	}
	sort.SliceStable(due, func(i, j int) bool { return due[i].EndAt.Before(due[j].EndAt) })
	for _, p := range due {
		p.settle(st)
	}
	// After the settled deploys: a version replaced meanwhile stops
	// restarting at its replacement, not at now.
	for _, id := range st.avOrder {
		st.appVersions[id].logRestarts(st, now)
	}
	st.registerPorts(now)
	st.index(now)
	for tok, g := range st.logTokens {
		if now.After(g.Expires) {
			delete(st.logTokens, tok)
		}
	}
	st.prune()
}
