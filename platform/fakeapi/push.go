package fakeapi

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// buildPath is the status walk of a successful build, one BuildStepDuration
// per step after build-and-deploy; a failing build stops at BUILD_FAILED
// where PREPARING_RUNTIME would begin.
var buildPath = []platform.AppVersionStatus{
	platform.AppVersionWaitingToBuild,
	platform.AppVersionBuilding,
	platform.AppVersionPreparingRuntime,
	platform.AppVersionDeploying,
	platform.AppVersionActive,
}

// buildSteps is the number of status changes a build logs.
const buildSteps = 5

// appVersion is one version of a runtime service. Before build-and-deploy
// its status is stored; during a build it is computed from the clock.
type appVersion struct {
	ID         string
	ProjectID  string
	ServiceID  string
	Name       string
	Source     string
	Seq        int
	Created    time.Time
	LastUpdate time.Time

	status     platform.AppVersionStatus // stored status (before a build, or once final)
	final      bool                      // status no longer follows the clock
	uploaded   bool                      // archive received
	files      *appsim.Files             // its files; nil when the upload was no archive
	buildStart time.Time                 // zero: never built
	stepDur    time.Duration
	failReason string                    // planned BUILD_FAILED (or failStatus)
	failStatus platform.AppVersionStatus // "": BUILD_FAILED (prepare.go)
	failStep   int                       // the buildPath step it fails at; 0: 2
	failLines  []appsim.Line             // logged before failReason at failStep
	prepLines  []appsim.Line             // run.prepareCommands' lines
	finishedAt time.Time
	canceledAt time.Time
	logged     int // build steps already written to the log backend
	deployed   *deployedSetup
	built      *appsim.BuildResult // the simulated build (buildsim.go)
	sim        *appsim.RunResult   // what the deployed app does (sim.go); nil: listens on its declared ports
	runStart   time.Time           // when its app last started (runtime.go)
	startRefs  []hostRef           // the variables references to other services filled in at that start
	attempts   int                 // start attempts of a crash-looping app logged since runStart
	starts     int                 // times its app was started (runtime.go)
	runFiles   *appsim.Files       // the deployed files its app's start reads (sim.go), kept for its next starts
	userEnv    []envVar            // the service's own variables when it last became active or started (rollback.go)
	envKept    bool                // userEnv holds them; false: it was never active
}

func (st *state) newAppVersion(s *service, source, name string, now time.Time) *appVersion {
	seq := 1
	for _, id := range st.avOrder {
		if av := st.appVersions[id]; av.ServiceID == s.ID && av.Seq >= seq {
			seq = av.Seq + 1
		}
	}
	av := &appVersion{ID: newID(), ProjectID: s.ProjectID, ServiceID: s.ID, Name: name, Source: source, Seq: seq,
		Created: now, LastUpdate: now, status: platform.AppVersionUploading}
	st.appVersions[av.ID] = av
	st.avOrder = append(st.avOrder, av.ID)
	return av
}

// statusAt is the app version's status at now.
func (av *appVersion) statusAt(now time.Time) platform.AppVersionStatus {
	if av.final || av.buildStart.IsZero() {
		return av.status
	}
	step := int(now.Sub(av.buildStart) / av.stepDur)
	if av.failReason != "" && step >= av.failAt() {
		return av.failedStatus()
	}
	return buildPath[min(max(step, 0), len(buildPath)-1)]
}

// stepTime is when build step i (index into buildPath) began.
func (av *appVersion) stepTime(i int) time.Time {
	return av.buildStart.Add(time.Duration(i) * av.stepDur)
}

func (av *appVersion) finalize(status platform.AppVersionStatus, at time.Time) {
	av.status, av.final, av.LastUpdate = status, true, at
	if status == platform.AppVersionActive || status == av.failedStatus() {
		av.finishedAt = at
	}
}

func (av *appVersion) cancel(at time.Time) {
	av.canceledAt = at
	av.finalize(platform.AppVersionCancelled, at)
}

type buildJSON struct {
	ServiceStackID *string `json:"serviceStackId"`
	PipelineStart  *string `json:"pipelineStart"`
	PipelineFinish *string `json:"pipelineFinish"`
	PipelineFailed *string `json:"pipelineFailed"`
	StartDate      *string `json:"startDate"`
	EndDate        *string `json:"endDate"`
}

type appVersionJSON struct {
	ID             string     `json:"id"`
	ClientID       string     `json:"clientId"`
	ProjectID      string     `json:"projectId"`
	ServiceStackID string     `json:"serviceStackId"`
	Name           *string    `json:"name"`
	Source         string     `json:"source"`
	Sequence       int        `json:"sequence"`
	Status         string     `json:"status"`
	Build          *buildJSON `json:"build"`
	UploadURL      string     `json:"uploadUrl,omitempty"`
	Created        string     `json:"created"`
	LastUpdate     string     `json:"lastUpdate"`
}

func (st *state) appVersionView(av *appVersion, now time.Time) appVersionJSON {
	status := av.statusAt(now)
	v := appVersionJSON{ID: av.ID, ClientID: st.clientID, ProjectID: av.ProjectID, ServiceStackID: av.ServiceID,
		Source: av.Source, Sequence: av.Seq, Status: string(status), Created: ts(av.Created), LastUpdate: ts(av.LastUpdate)}
	if av.Name != "" {
		name := av.Name
		v.Name = &name
	}
	if !av.buildStart.IsZero() {
		// The build runs on the project's build service, where its log lines are.
		sid := av.ServiceID
		if b := st.buildService(av.ProjectID); b != nil {
			sid = b.ID
		}
		b := &buildJSON{ServiceStackID: &sid, PipelineStart: tsPtr(av.buildStart), StartDate: tsPtr(av.buildStart)}
		switch status {
		case platform.AppVersionBuildFailed, platform.AppVersionPreparingRuntimeFailed, platform.AppVersionDeployFailed:
			at := av.stepTime(av.failAt())
			b.PipelineFailed, b.EndDate = tsPtr(at), tsPtr(at)
		case platform.AppVersionActive, platform.AppVersionBackup:
			at := av.stepTime(len(buildPath) - 1)
			if !av.finishedAt.IsZero() {
				at = av.finishedAt
			}
			b.PipelineFinish, b.EndDate = tsPtr(at), tsPtr(at)
		}
		v.Build = b
		if !av.final {
			for i := len(buildPath) - 1; i >= 0; i-- {
				if t := av.stepTime(i); !now.Before(t) {
					v.LastUpdate = ts(t)
					break
				}
			}
		}
	}
	return v
}

type createAppVersionRequest struct {
	Name *string `json:"name"`
}

func (st *state) createAppVersion(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	if s.category() != platform.CategoryUser {
		return apiErr(http.StatusBadRequest, "userServiceStackInvalidCategory",
			"Only runtime services take app versions.", nil)
	}
	if code, v := refuseDeleting(s); code != 0 {
		return code, v
	}
	var in createAppVersionRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	name := ""
	if in.Name != nil {
		name = *in.Name
	}
	av := st.newAppVersion(s, platform.SourceCLI, name, rq.now)
	v := st.appVersionView(av, rq.now)
	v.UploadURL = rq.baseURL + apiPrefix + "/app-version/" + av.ID + "/upload"
	return http.StatusOK, v
}

func (st *state) uploadAppVersion(rq *apiRequest) (int, any) {
	av := st.appVersions[rq.param]
	if av == nil {
		return errNotFound("appVersionNotFound", "App version not found.")
	}
	if av.statusAt(rq.now) != platform.AppVersionUploading || !av.buildStart.IsZero() {
		return apiErr(http.StatusBadRequest, "appVersionInvalidStatus", "App version is not waiting for an upload.", nil)
	}
	av.uploaded, av.files, av.LastUpdate = true, rq.files, rq.now
	return http.StatusOK, map[string]any{"success": true}
}

type buildAndDeployRequest struct {
	ZeropsYaml      *string `json:"zeropsYaml"`
	ZeropsYamlSetup *string `json:"zeropsYamlSetup"`
}

// buildAndDeploy starts the simulated build of an uploaded app version and
// returns its stack.build process, which ends with the build.
func (st *state) buildAndDeploy(rq *apiRequest) (int, any) {
	av := st.appVersions[rq.param]
	if av == nil {
		return errNotFound("appVersionNotFound", "App version not found.")
	}
	var in buildAndDeployRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	if in.ZeropsYaml == nil || *in.ZeropsYaml == "" {
		return apiErr(http.StatusBadRequest, "appVersionYamlConfigRequired", "zeropsYaml is required.", nil)
	}
	if !av.uploaded || !av.buildStart.IsZero() {
		return apiErr(http.StatusBadRequest, "appVersionInvalidStatus", "App version has no upload or is already built.", nil)
	}
	s := st.services[av.ServiceID]
	if s == nil {
		return errServiceNotFound()
	}
	if code, v := refuseDeleting(s); code != 0 {
		return code, v
	}
	setup := ""
	if in.ZeropsYamlSetup != nil {
		setup = *in.ZeropsYamlSetup
	}
	if meta := unknownZeropsKeys(*in.ZeropsYaml, setup); len(meta) > 0 {
		return apiErr(http.StatusBadRequest, "zeropsYamlInvalidParameter",
			fmt.Sprintf("zerops.yaml holds %d parameter(s) the platform does not accept.", len(meta)), meta)
	}
	d, code, msg := parseSetup(*in.ZeropsYaml, setup)
	switch code {
	case "":
	case "zeropsYamlSetupNotFound":
		return apiErr(http.StatusBadRequest, code, msg, map[string]any{"zeropsYamlSetup": clip(setup, 40)})
	default:
		return apiErr(http.StatusBadRequest, code, "zerops.yaml is invalid: "+msg,
			[]metaItem{problem(code, "Invalid zerops.yaml.", "reason", msg)})
	}
	if len(d.Ports) == 0 {
		d.Ports = webServerPorts(orStr(d.RunBase, s.Version.Name))
	}
	step := st.opts.BuildStepDuration
	av.buildStart, av.stepDur, av.LastUpdate, av.deployed = rq.now, step, rq.now, d
	av.failReason = takeFailure(st.failBld, s.ID)
	res := appsim.BuildResult{Failure: st.cat.baseFailure(d), Produced: map[string]bool{}, NotRun: true}
	if res.Failure == "" {
		res = appsim.Build(d, av.files, rq.now)
	}
	for p := range res.Removed { // what the build moved away is not deployed
		av.files.Remove(p)
	}
	prepFiles, prepMade := appsim.RunPrepFiles(d, av.files, res.Produced)
	used := av.files.Record()
	env, _ := st.startEnv(s, d)
	run := appsim.Run(d, av.files, &res, orStr(d.RunBase, s.Version.Name), env, av.ID)
	// Of the files, keep only what the app's start reads: each start
	// decides again with the environment of its time. A start that
	// stopped early (a variable unset, a host not found) read only what
	// came before: one with another environment reads on, so all stay.
	if run.Crash != nil {
		used = av.files
	}
	av.built, av.sim, av.runFiles, av.files = &res, &run, used, nil
	if av.failReason == "" {
		av.failReason = res.Failure
	}
	if av.failReason == "" {
		av.afterBuild(d, orStr(d.RunBase, s.Version.Name), run, prepFiles, prepMade, st.activeVersion(s.ID, rq.now) != nil)
	}
	p := st.newProcess(s.ProjectID, s, "stack.build", rq.now)
	// The process follows the build, not ProcessDuration; a FailNextProcess
	// for stack.build fails the build too.
	if p.FailReason != "" && av.failReason == "" {
		av.failReason = p.FailReason
	}
	p.build, p.FailReason, p.RunAt = av, av.failReason, rq.now.Add(step)
	if av.failReason != "" {
		p.EndAt = av.stepTime(av.failAt())
	} else {
		p.EndAt = av.stepTime(len(buildPath) - 1)
	}
	p.onFinish = func(st *state, at time.Time) {
		st.activate(av, at)
		st.internalProcess(s.ProjectID, nil, "zL7Master.instanceL7BalancerConfigUpdate", at)
		if cur := st.services[s.ID]; cur != nil {
			cur.pendingPorts, cur.portsAt = portsJSON(d.Ports), at.Add(st.lag())
			st.startIfRunning(cur, av, at)
		}
	}
	p.onUndo = func(st *state, at time.Time) {
		if av.canceledAt.IsZero() {
			av.finalize(av.failedStatus(), at)
		}
	}
	return http.StatusOK, st.processView(p, rq.now)
}

// activate makes av the service's ACTIVE version: the previous ACTIVE one
// becomes BACKUP and a service waiting for code becomes ACTIVE.
func (st *state) activate(av *appVersion, at time.Time) {
	for _, id := range st.avOrder {
		other := st.appVersions[id]
		if other != av && other.ServiceID == av.ServiceID && other.statusAt(at) == platform.AppVersionActive {
			other.finalize(platform.AppVersionBackup, at)
		}
	}
	av.finalize(platform.AppVersionActive, at)
	s := st.services[av.ServiceID]
	if s == nil {
		return
	}
	if s.Status == platform.ServiceReadyToDeploy {
		s.Status, s.LastUpdate = platform.ServiceActive, at
	}
	if av.deployed != nil {
		s.setYmlEnv(av.deployed.EnvVariables, at)
	}
	av.keepUserEnv(s)
}

// setYmlEnv makes vars, run.envVariables of the zerops.yml just made
// active, s's ENV variables: the platform lists them beside the service's
// own, and each deploy (or rollback) replaces them. One unchanged keeps
// its id and dates.
func (s *service) setYmlEnv(vars map[string]string, at time.Time) {
	old := map[string]*envVar{}
	kept := s.Env[:0:0]
	for _, e := range s.Env {
		if e.Type == envEnv {
			old[e.Key] = e
		} else {
			kept = append(kept, e)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		if e := old[k]; e != nil && e.Content == vars[k] {
			kept = append(kept, e)
			continue
		}
		kept = append(kept, &envVar{ID: newID(), Key: k, Content: vars[k], Type: envEnv, Created: at, LastUpdate: at})
	}
	s.Env = kept
}

// refuseDeleting answers the platform's refusal of code for a service
// whose deletion is under way (status 0: not refused): no new app version,
// no build, no redeploy.
func refuseDeleting(s *service) (int, any) {
	if s.Status != platform.ServiceDeleting {
		return 0, nil
	}
	return apiErr(http.StatusBadRequest, "serviceStackStatusNotSupported",
		"Service stack is being deleted: it takes no app version.", nil)
}

// BuildLogTag is the log tag of an app version's build lines.
func BuildLogTag(appVersionID string) string { return "zbuilder@" + appVersionID }

// logSteps writes the build log lines of every build step passed by now.
func (av *appVersion) logSteps(st *state, now time.Time) {
	if av.buildStart.IsZero() || av.logged >= buildSteps {
		return
	}
	s, builder := st.services[av.ServiceID], st.buildService(av.ProjectID)
	if s == nil || builder == nil {
		av.logged = buildSteps
		return
	}
	// Like the platform's, build lines live on the build service, tagged
	// with the app version they build.
	tag := BuildLogTag(av.ID)
	for av.logged < buildSteps {
		i := av.logged
		at := av.stepTime(i)
		if now.Before(at) || (!av.canceledAt.IsZero() && av.canceledAt.Before(at)) {
			return
		}
		emit := func(sev int, msg string) { st.addLog(builder, at, sev, 16, tag, builder.Containers[0], msg) }
		if av.failReason != "" && i == av.failAt() && i > 2 {
			for _, l := range av.failLines {
				emit(l.Sev, l.Msg)
			}
			if i == 3 {
				for _, l := range av.prepLines {
					emit(l.Sev, l.Msg)
				}
			}
			emit(3, av.failReason)
			av.logged = buildSteps
			return
		}
		switch i {
		case 0:
			emit(6, fmt.Sprintf("Build of app version %s queued", av.ID))
		case 1:
			av.logBuildCommands(emit)
		case 2:
			if av.failReason != "" && av.failAt() == 2 {
				if av.built != nil && av.built.Failure == av.failReason {
					emit(3, av.failReason)
				} else { // FailNextBuild's reason
					emit(3, "ERROR: build command failed with exit code 1")
					emit(3, av.failReason)
				}
				av.logged = buildSteps
				return
			}
			emit(6, "BUILD ARTEFACTS READY TO DEPLOY")
			if av.failAt() != 3 {
				for _, l := range av.prepLines {
					emit(l.Sev, l.Msg)
				}
			}
		case 3:
			emit(6, "Deploying service "+s.Name)
		case 4:
			emit(6, fmt.Sprintf("App version %s is active", av.ID))
		}
		av.logged++
	}
}

// logBuildCommands writes the BUILDING step's lines: each build command of
// the deployed setup as it starts, and what it printed.
func (av *appVersion) logBuildCommands(emit func(sev int, msg string)) {
	d := av.deployed
	if av.built != nil && av.built.NotRun {
		emit(6, "Checking zerops.yml setup before the build")
		return
	}
	if d == nil || len(d.BuildCommands) == 0 && (av.built == nil || len(av.built.Lines) == 0) {
		emit(6, "No build commands; packing deployFiles")
		return
	}
	if len(d.Prep.BuildPrepare) == 0 { // else after the prepare commands (buildPrepare)
		emit(6, "Running build commands on "+orStr(d.BuildBase, "the build base"))
	}
	if av.built == nil {
		for _, c := range d.BuildCommands {
			emit(6, "$ "+c)
		}
		return
	}
	for _, l := range av.built.Lines {
		emit(l.Sev, l.Msg)
	}
}

func orStr[S ~string](s, d S) S {
	if s == "" {
		return d
	}
	return s
}
