package ops

import (
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// Project is the one project an operation acts on: the client that reaches
// it, its id and what ZCP remembers about it. A nil Memory remembers
// nothing (one-off callers such as zcp init).
type Project struct {
	Client platform.Client
	ID     string
	Memory *Memory
	// Sandbox: zcp sandbox's simulated project, which builds nothing from
	// a buildFromGit repository.
	Sandbox bool
}

// Memory is what ZCP remembers about the project it serves, beyond what the
// API answers at once: its own recent changes (the search lags them), the
// run.envVariables of the zerops.yml it last pushed to each service (and
// what it read of the code run.start starts: where it binds), the same for
// each app version it pushed (a rollback brings them back), the
// services an import planned to open over their subdomain, the services it
// deleted (with their latest backup), its cpuMode changes of the last hour
// (to name when the next is possible), and the app versions it saw end not
// answering. The pushed environments and code and the versions seen not
// answering outlive a restart: they are kept in one file per project under
// the state directory given to NewMemory. Safe for concurrent use; a nil
// *Memory remembers nothing. Every map is bounded or expires.
type Memory struct {
	dir string // "" keeps nothing on disk

	mu      sync.Mutex
	project string // the project the maps below are of ("" before first use)
	recent  changes
	envs    map[string]map[string]string // service id → run.envVariables last pushed
	code    map[string]diagnose.Code     // service id → what the last push's code showed
	// versions holds what each app version was pushed with, oldest first
	// (at most versionsMax), so that a rollback knows it.
	versions []pushedVersion
	plans    map[string]bool          // hostname → planned with enableSubdomainAccess
	deleted  map[string]deletedNote   // hostname → the service ZCP deleted
	broken   []string                 // app version ids seen ending not answering, oldest first
	cpu      map[string]cpuModeChange // service id → ZCP's last cpuMode change, within cpuModeEvery
	scales   map[string]sentScale     // service id → ZCP's last scale sent, while its process may run
	ram      map[string]ramRaise      // service id → ZCP's last raise of maxRam, within ramRaiseKept
	sources  []sourceNote             // where the code of ZCP's pushes came from, latest last
	failed   map[string]failedUpload  // service id → its last deploy's upload, when that failed
	rolled   map[string]string        // service id → the app version a rollback went to that answered
}

// NewMemory is an empty memory keeping what outlives a restart under dir
// ("" keeps it in memory only).
func NewMemory(dir string) *Memory { return &Memory{dir: dir} }

// DefaultStateDir is the user's state directory for ZCP (the user cache
// directory's zcp/projects), or "" when the platform has none.
func DefaultStateDir() string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "zcp", "projects")
}

// pushedVersion is what app version ID was pushed with: its zerops.yml's
// run.envVariables and what the push read of its code (each nil: not known).
type pushedVersion struct {
	ID   string            `json:"id"`
	Env  map[string]string `json:"env,omitempty"`
	Code *diagnose.Code    `json:"code,omitempty"`
}

// versionsMax bounds the app versions whose push is remembered.
const versionsMax = 256

// brokenMax bounds the versions remembered not answering: the oldest go first.
const brokenMax = 512

// stateMaxBytes bounds the file read back at start; a larger one is ignored.
const stateMaxBytes = 4 << 20

// saved is the part of a Memory kept on disk.
type saved struct {
	PushedEnvs   map[string]map[string]string `json:"pushedEnvs,omitempty"`
	PushedCode   map[string]diagnose.Code     `json:"pushedCode,omitempty"`
	Versions     []pushedVersion              `json:"versions,omitempty"`
	NotAnswering []string                     `json:"notAnswering,omitempty"`
}

// safeID is a project id usable as a file name.
var safeID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`) // immutable

// lock locks m for projectID, switching to it (and reading back its file)
// when m held another project's memory.
func (m *Memory) lock(projectID string) {
	m.mu.Lock()
	if m.project == projectID && m.envs != nil {
		return
	}
	m.project = projectID
	m.recent = changes{}
	m.envs, m.plans, m.deleted, m.broken = map[string]map[string]string{}, map[string]bool{}, map[string]deletedNote{}, nil
	m.code = map[string]diagnose.Code{}
	m.versions = nil
	m.cpu = map[string]cpuModeChange{}
	m.scales = map[string]sentScale{}
	m.ram = map[string]ramRaise{}
	m.sources = nil
	m.failed = map[string]failedUpload{}
	m.rolled = map[string]string{}
	if s, ok := m.load(); ok {
		for id, env := range s.PushedEnvs {
			if env != nil {
				m.envs[id] = env
			}
		}
		maps.Copy(m.code, s.PushedCode)
		m.broken = s.NotAnswering[max(len(s.NotAnswering)-brokenMax, 0):]
		m.versions = s.Versions[max(len(s.Versions)-versionsMax, 0):]
	}
}

// path is the project's state file, or "" when nothing is kept.
func (m *Memory) path() string {
	if m.dir == "" || !safeID.MatchString(m.project) {
		return ""
	}
	return filepath.Join(m.dir, m.project+".json")
}

// load reads the project's state file back; false when there is none or it
// is not a readable regular file of ZCP's (a FIFO or a device is never
// opened for a blocking read).
func (m *Memory) load() (saved, bool) {
	var s saved
	p := m.path()
	if p == "" {
		return s, false
	}
	f, _, err := OpenRegular(os.OpenFile, p, p)
	if err != nil {
		return s, false
	}
	defer func() { _ = f.Close() }() // read only
	data, err := io.ReadAll(io.LimitReader(f, stateMaxBytes+1))
	if err != nil || len(data) > stateMaxBytes || json.Unmarshal(data, &s) != nil {
		return saved{}, false
	}
	return s, true
}

// save writes what outlives a restart; m is locked. A failure loses only
// the memory of a restart: it is not the caller's to handle.
func (m *Memory) save() {
	p := m.path()
	if p == "" {
		return
	}
	data, err := json.Marshal(saved{PushedEnvs: m.envs, PushedCode: m.code, Versions: m.versions, NotAnswering: m.broken})
	if err != nil {
		return
	}
	_ = writeReplacing(p, data)
}

// writeReplacing writes data to a new file beside path and renames it over
// path, so a reader never sees half a file and a FIFO or a link placed at
// path is replaced, never written through.
func writeReplacing(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".state-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	return nil
}

// NoteDeployedEnv records env, the run.envVariables of the zerops.yml a
// push to serviceID sent (nil: the file was not read, nothing is known).
func (m *Memory) NoteDeployedEnv(projectID, serviceID string, env map[string]string) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	if env == nil {
		delete(m.envs, serviceID)
	} else {
		m.envs[serviceID] = maps.Clone(env)
	}
	m.save()
}

// deployedEnv is what NoteDeployedEnv recorded for serviceID; ok false
// when nothing is known.
func (m *Memory) deployedEnv(projectID, serviceID string) (map[string]string, bool) {
	if m == nil {
		return nil, false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	env, ok := m.envs[serviceID]
	return maps.Clone(env), ok
}

// NoteDeployedCode records code, what a push to serviceID showed of the
// code its run.start starts (nil: nothing is known).
func (m *Memory) NoteDeployedCode(projectID, serviceID string, code *diagnose.Code) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	if code == nil {
		delete(m.code, serviceID)
	} else {
		m.code[serviceID] = *code
	}
	m.save()
}

// deployedCode is what NoteDeployedCode recorded for serviceID; nil when
// nothing is known.
func (m *Memory) deployedCode(projectID, serviceID string) *diagnose.Code {
	if m == nil {
		return nil
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	if c, ok := m.code[serviceID]; ok {
		return &c
	}
	return nil
}

// NoteVersionPushed records that app version id of serviceID was made by
// the push NoteDeployedEnv and NoteDeployedCode last recorded for it;
// nothing when neither is known.
func (m *Memory) NoteVersionPushed(projectID, serviceID, id string) {
	if m == nil || id == "" {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	v := pushedVersion{ID: id, Env: maps.Clone(m.envs[serviceID])}
	if c, ok := m.code[serviceID]; ok {
		v.Code = &c
	}
	if v.Env == nil && v.Code == nil {
		return
	}
	m.versions = slices.DeleteFunc(m.versions, func(p pushedVersion) bool { return p.ID == id })
	m.versions = append(m.versions, v)
	m.versions = m.versions[max(len(m.versions)-versionsMax, 0):]
	m.save()
}

// VersionPushed is what app version id was pushed with: its run.envVariables
// and code, each nil when ZCP did not push it (or forgot it).
func (m *Memory) VersionPushed(projectID, id string) (map[string]string, *diagnose.Code) {
	if m == nil {
		return nil, nil
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	for _, v := range m.versions {
		if v.ID == id {
			var code *diagnose.Code
			if v.Code != nil {
				c := *v.Code
				code = &c
			}
			return maps.Clone(v.Env), code
		}
	}
	return nil, nil
}

// NoteAnswering records whether app version id answered after its deploy
// or rollback: a version seen not answering is no way back for a default
// rollback until a later deploy of it answers.
func (m *Memory) NoteAnswering(projectID, id string, answering bool) {
	if m == nil || id == "" {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	at := slices.Index(m.broken, id)
	switch {
	case answering && at >= 0:
		m.broken = slices.Delete(m.broken, at, at+1)
	case !answering && at < 0:
		m.broken = append(m.broken, id)
		m.broken = m.broken[max(len(m.broken)-brokenMax, 0):]
	default:
		return
	}
	m.save()
}

// SeenNotAnswering reports whether app version id was last seen ending not
// answering.
func (m *Memory) SeenNotAnswering(projectID, id string) bool {
	if m == nil {
		return false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	return slices.Contains(m.broken, id)
}

// NoteRolledBack records that a rollback of serviceID went to app version
// id and it answered: the version a further default rollback would leave,
// healthy.
func (m *Memory) NoteRolledBack(projectID, serviceID, id string) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	m.rolled[serviceID] = id
}

// RolledBackTo is the app version the last rollback of serviceID ZCP saw
// answer went to; "" when none.
func (m *Memory) RolledBackTo(projectID, serviceID string) string {
	if m == nil {
		return ""
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	return m.rolled[serviceID]
}

// planSubdomain records that an import planned hostname with enableSubdomainAccess.
func (m *Memory) planSubdomain(projectID, hostname string) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	m.plans[hostname] = true
}

// subdomainPlanned reports whether an import planned hostname with enableSubdomainAccess.
func (m *Memory) subdomainPlanned(projectID, hostname string) bool {
	if m == nil {
		return false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	return m.plans[hostname]
}

// CodeSource is where the code of a push came from: a container holding it
// (Service, an SSH deploy; Dir, when set, the directory in it) or a
// directory where ZCP runs (Dir alone, a local deploy).
type CodeSource struct {
	Service, Dir string
	known        *[]sourceNote // every source ZCP pushed from, latest last; nil: none known
}

// sourceNote is a source ZCP pushed from and the setups its zerops.yml had
// (nil: not read).
type sourceNote struct {
	src    CodeSource
	setups []string
	bases  []string // the runtimes its setups run (nil: not read)
}

// sourcesMax bounds the sources remembered: the oldest go first.
const sourcesMax = 16

// NoteCodeSource records where the code of a push ZCP makes came from, and
// the setups the zerops.yml there has (nil: not read).
func (m *Memory) NoteCodeSource(projectID string, src CodeSource, setups, bases []string) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	src.known = nil
	m.sources = slices.DeleteFunc(m.sources, func(n sourceNote) bool { return n.src == src })
	m.sources = append(m.sources, sourceNote{src: src, setups: slices.Clone(setups), bases: slices.Clone(bases)})
	if len(m.sources) > sourcesMax {
		m.sources = slices.Delete(m.sources, 0, len(m.sources)-sourcesMax)
	}
}

// codeSource is where the code of ZCP's last push came from, knowing the
// others; zero when it pushed none.
func (m *Memory) codeSource(projectID string) CodeSource {
	if m == nil {
		return CodeSource{}
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	if len(m.sources) == 0 {
		return CodeSource{}
	}
	known := slices.Clone(m.sources) // a snapshot: read without the lock
	src := known[len(known)-1].src
	src.known = &known
	return src
}

// forSetup is where to deploy the code of setup from: src when its
// zerops.yml has that setup (or is not known), else the latest other source
// whose zerops.yml has it; else src with the setups its zerops.yml has
// (non-nil), which a deploy for setup would fail on.
func (src CodeSource) forSetup(setup string) (CodeSource, []string) {
	if src.known == nil {
		return src, nil
	}
	notes, own := *src.known, []string(nil)
	for _, n := range notes {
		if n.src == (CodeSource{Service: src.Service, Dir: src.Dir}) {
			own = n.setups
		}
	}
	if own == nil || slices.Contains(own, setup) {
		return src, nil
	}
	for i := len(notes) - 1; i >= 0; i-- {
		if slices.Contains(notes[i].setups, setup) {
			other := notes[i].src
			other.known = src.known
			return other, nil
		}
	}
	return src, own
}

// bases are the runtimes the setups of src's zerops.yml run, as ZCP last
// read them; nil when not known.
func (src CodeSource) bases() []string {
	if src.known == nil {
		return nil
	}
	for _, n := range *src.known {
		if n.src == (CodeSource{Service: src.Service, Dir: src.Dir}) {
			return n.bases
		}
	}
	return nil
}

// noteDeleted records that ZCP deleted svc, whose latest backup is backup ("" for none).
func (m *Memory) noteDeleted(projectID string, svc *platform.ServiceStack, backup string) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	maps.DeleteFunc(m.deleted, func(_ string, n deletedNote) bool { return time.Since(n.at) > backupRetention })
	m.deleted[svc.Name] = deletedNote{typ: svc.Type.VersionName, imp: ImportType(*svc), backup: backup, at: time.Now()}
}

// deletedService is what ZCP remembers of hostname, deleted from the
// project; false when it deleted no service of that name.
func (m *Memory) deletedService(projectID, hostname string) (deletedNote, bool) {
	if m == nil {
		return deletedNote{}, false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	n, ok := m.deleted[hostname]
	return n, ok && time.Since(n.at) <= backupRetention
}

// ramRaise is ZCP's raise of a service's maxRam from one value to another (GB).
type ramRaise struct {
	from, to float64
	at       time.Time
}

// ramRaiseKept is how long a maxRam raise is remembered: a leak may take
// hours to fill the memory it was given.
const ramRaiseKept = 24 * time.Hour

// noteRAMRaise records that ZCP raised serviceID's maxRam from from to to at now.
func (m *Memory) noteRAMRaise(projectID, serviceID string, from, to float64, now time.Time) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	maps.DeleteFunc(m.ram, func(_ string, r ramRaise) bool { return now.Sub(r.at) >= ramRaiseKept })
	m.ram[serviceID] = ramRaise{from: from, to: to, at: now}
}

// lastRAMRaise is ZCP's latest maxRam raise of serviceID within
// ramRaiseKept before now; false when there was none.
func (m *Memory) lastRAMRaise(projectID, serviceID string, now time.Time) (ramRaise, bool) {
	if m == nil {
		return ramRaise{}, false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	r, ok := m.ram[serviceID]
	return r, ok && now.Sub(r.at) < ramRaiseKept
}

// noteCPUMode records that ZCP changed serviceID's cpuMode to to at now.
func (m *Memory) noteCPUMode(projectID, serviceID, to string, now time.Time) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	maps.DeleteFunc(m.cpu, func(_ string, c cpuModeChange) bool { return now.Sub(c.at) >= cpuModeEvery })
	m.cpu[serviceID] = cpuModeChange{at: now, to: to}
}

// sentScale is a scale ZCP sent: the settings it applies and its process.
type sentScale struct {
	to      platform.Autoscaling
	process string
}

// noteScale records that ZCP sent serviceID's scaling to, in process.
func (m *Memory) noteScale(projectID, serviceID, process string, to platform.Autoscaling) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	m.scales[serviceID] = sentScale{to: to, process: process}
}

// lastScale is the last scale ZCP sent of serviceID; false when none is
// known.
func (m *Memory) lastScale(projectID, serviceID string) (sentScale, bool) {
	if m == nil {
		return sentScale{}, false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	sc, ok := m.scales[serviceID]
	return sc, ok
}

// lastCPUMode is ZCP's cpuMode change of serviceID within the last
// cpuModeEvery before now; false when there was none.
func (m *Memory) lastCPUMode(projectID, serviceID string, now time.Time) (cpuModeChange, bool) {
	if m == nil {
		return cpuModeChange{}, false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	c, ok := m.cpu[serviceID]
	return c, ok && now.Sub(c.at) < cpuModeEvery
}
