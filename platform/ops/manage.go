package ops

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// ManageAction is what Manage does to a service (the Action* values).
type ManageAction string

// Manage actions.
const (
	ActionStart   ManageAction = "start"
	ActionStop    ManageAction = "stop"
	ActionRestart ManageAction = "restart"
	ActionScale   ManageAction = "scale"
)

// ManageActions lists the accepted manage actions.
var ManageActions = []ManageAction{ActionStart, ActionStop, ActionRestart, ActionScale, ActionBackup, ActionBackups}

// ScaleParams is a sparse scaling request as the agent wrote it; nil fields
// keep their current value.
type ScaleParams struct {
	CPUMode         *string
	MinCPU, MaxCPU  *int
	MinRAM, MaxRAM  *float64
	MinDisk         *float64
	MaxDisk         *float64
	MinContainers   *int
	MaxContainers   *int
	StartContainers *int
	// The RAM kept free before scaling up (import.yml's names).
	MinFreeRAMGB, MinFreeRAMPercent *float64
}

// empty reports whether no scaling field is set.
func (p ScaleParams) empty() bool {
	return p.CPUMode == nil && p.MinCPU == nil && p.MaxCPU == nil && p.MinRAM == nil &&
		p.MaxRAM == nil && p.MinDisk == nil && p.MaxDisk == nil && p.MinContainers == nil &&
		p.MaxContainers == nil && p.StartContainers == nil && p.MinFreeRAMGB == nil && p.MinFreeRAMPercent == nil
}

// ManageResult is the answer to a lifecycle or scaling action. Process is nil
// when the platform applied a scaling change synchronously.
type ManageResult struct {
	Action          ManageAction      `json:"action"`
	ServiceHostname string            `json:"serviceHostname"`
	ServiceID       string            `json:"serviceId"`
	Process         *platform.Process `json:"process,omitempty"`
	// Scaling is the scaling in force once the change applies (scale only).
	Scaling *platform.Autoscaling `json:"scaling,omitempty"`
	Notes   []string              `json:"notes,omitempty"`
	// Backups are the service's stored backups (backup, backups).
	Backups []platform.Backup `json:"backups,omitempty"`
	// NewBackup is the name of the backup this call made, once the list
	// holds it ("": not stored yet, or not a backup).
	NewBackup string `json:"-"`
	// Restore says how this type's backups are restored and downloaded
	// (backup, backups).
	Restore string `json:"-"`
	// Predecessor restores into a service created after ZCP deleted one
	// of its hostname that service's latest backup ("": none).
	Predecessor string `json:"-"`
	// NeverDeployed: a restart of a service with no deploy yet, not sent.
	NeverDeployed bool `json:"-"`
	// Stopped: the service was stopped when the action was asked.
	Stopped bool `json:"-"`
	// Warnings name what the change takes away: a lower maximum, a higher minimum.
	Warnings []string `json:"warnings,omitempty"`
}

// Manage starts, stops, restarts, scales or backs up the service named
// hostname; tags label a backup (ActionBackup only). Scaling parameters
// (INVALID_SCALING) and tags (INVALID_PARAMETER) are validated before any
// API call.
func Manage(ctx context.Context, proj Project, name ManageAction, hostname string, scale ScaleParams, tags ...string) (*ManageResult, error) {
	c := proj.Client
	action := ManageAction(strings.ToLower(strings.TrimSpace(string(name))))
	if !slices.Contains(ManageActions, action) {
		return nil, unknownAction(action, ManageActions...)
	}
	tags, err := backupTags(action, tags)
	if err != nil {
		return nil, err
	}
	svc, err := ResolveService(ctx, proj, hostname)
	if err != nil {
		return nil, err
	}
	res := &ManageResult{Action: action, ServiceHostname: svc.Name, ServiceID: svc.ID,
		Stopped: svc.Status == platform.ServiceStopped || svc.Status == platform.ServiceStopping}
	if action == ActionBackup || action == ActionBackups {
		if err := backupAction(ctx, c, svc, tags, res); err != nil {
			return nil, err
		}
		res.Predecessor = predecessorRestore(proj, svc)
		return res, nil
	}
	var proc *platform.Process
	switch action {
	case ActionStart:
		proc, err = c.StartService(ctx, svc.ID)
	case ActionStop:
		proc, err = c.StopService(ctx, svc.ID)
	case ActionRestart:
		if neverDeployed(svc) {
			res.NeverDeployed = true
			res.Notes = append(res.Notes, neverDeployedNote(svc.Name))
			return res, nil
		}
		proc, err = c.RestartService(ctx, svc.ID)
	case ActionScale:
		params, notes, verr := ValidateScale(scale, svc)
		if verr != nil {
			return nil, verr
		}
		res.Notes = notes
		proc, err = applyScale(ctx, proj, svc, params, res)
	}
	if err != nil {
		return nil, asPlatformError(err, string(action)+" "+svc.Name)
	}
	proj.noteChange(svc.ID, proc)
	res.Process = proc
	if action == ActionStop && !res.Stopped {
		res.Warnings = append(res.Warnings, stopWarning(ctx, proj, svc.Name)...)
	}
	return res, nil
}

// stopWarning names the variables of the project's other services that
// reference the stopped service, or name it as a host: what reaches it
// through them fails until it runs again (a delete names them too).
func stopWarning(ctx context.Context, proj Project, name string) []string {
	refs := append(referencesTo(ctx, proj, name), hostNamedBy(ctx, proj, name)...)
	slices.Sort(refs)
	refs = slices.Compact(refs)
	if len(refs) == 0 {
		return nil
	}
	return []string{"Variables that reach " + name + ": " + listSome(refs, ", ") + "; what needs " + name +
		" through them fails until it runs again (zerops_manage action=start serviceHostname=" + name + ")."}
}

// neverDeployedNote says that a service without a deploy has no container
// to restart: its variables apply when its first deploy starts it.
func neverDeployedNote(name string) string {
	return name + " has never been deployed: no container runs to restart; its variables apply at the first deploy."
}

// neverDeployed reports whether svc has had no deploy yet.
func neverDeployed(svc *platform.ServiceStack) bool {
	return svc.Status == platform.ServiceReadyToDeploy
}

// ValidateScale checks p against the platform's limits and maps it onto
// AutoscalingParams: cpu 1–8 whole cores, RAM 0.125–48 GB (0.25 for the
// databases whose docs say so: platform.MinRAM), disk 1–250 GB,
// containers 1–10 and only for runtimes, min ≤ max, cpuMode SHARED|DEDICATED,
// minFreeRamPercent 0–100, minFreeRamGB 0–48 GB and not above maxRam (the
// bounds of import.yml). Notes explain parameters that do not apply here.
func ValidateScale(p ScaleParams, svc *platform.ServiceStack) (platform.AutoscalingParams, []string, error) {
	var out platform.AutoscalingParams
	if p.empty() {
		return out, nil, scalingErr("no scaling parameter given",
			"Pass at least one of cpuMode, minCpu, maxCpu, minRam, maxRam, minDisk, maxDisk, minContainers, maxContainers, minFreeRamGB, minFreeRamPercent.")
	}
	if svc != nil && svc.Type.Category == platform.CategoryObject {
		// The API's own refusal names no way on: say what object storage has.
		return out, nil, scalingErr(svc.Name+" is object storage: it runs in no container of the project, so it has no CPU, RAM, disk or containers to scale",
			"Its size is the bucket quota (objectStorageSize, 1–100 GB), changed in the Zerops UI. Nothing was changed.")
	}
	mode, problems := scaleCPUMode(p.CPUMode)
	out.CPUMode = mode
	ramMin := minRAM(svc)
	problems = append(problems, scaleRangeProblems(p, ramMin)...)
	problems = append(problems, scaleOrderProblems(p)...)
	horizontal := p.MinContainers != nil || p.MaxContainers != nil || p.StartContainers != nil
	if horizontal && svc != nil && svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser {
		return platform.AutoscalingParams{}, nil, managedContainersErr(svc)
	}
	if len(problems) > 0 {
		ram := fmt.Sprintf("RAM %g–48 GB", ramMin)
		if svc != nil {
			if page := platform.PageMaxRAM(svc.Type.Name); page > 0 {
				ram += fmt.Sprintf(" (%s is %s: its docs page gives it up to %g GB)", svc.Name, svc.Type.Name, page)
			} else if ramMin != 0.125 {
				ram += " (" + svc.Name + " is " + svc.Type.Name + ")"
			}
		}
		return platform.AutoscalingParams{}, nil, scalingErr(strings.Join(problems, "; "),
			"Fix the values: cpu 1–8 whole cores, "+ram+", disk 1–250 GB, containers 1–10 (runtimes only), min ≤ max, cpuMode SHARED or DEDICATED, "+
				"minFreeRamGB 0–48 GB and not above maxRam, minFreeRamPercent 0–100. Nothing was changed.")
	}
	out.VerticalMinCPU, out.VerticalMaxCPU = p.MinCPU, p.MaxCPU
	out.VerticalMinRAM, out.VerticalMaxRAM = p.MinRAM, p.MaxRAM
	out.VerticalMinDisk, out.VerticalMaxDisk = p.MinDisk, p.MaxDisk
	out.HorizontalMinCount, out.HorizontalMaxCount = p.MinContainers, p.MaxContainers
	out.MinFreeRAMGB, out.MinFreeRAMPercent = p.MinFreeRAMGB, p.MinFreeRAMPercent
	if out == (platform.AutoscalingParams{CPUMode: out.CPUMode}) && out.CPUMode == nil {
		return platform.AutoscalingParams{}, nil, scalingErr("startContainers alone changes nothing on an existing service",
			"startContainers applies at creation (import.yml); to change a running service pass minContainers/maxContainers.")
	}
	var notes []string
	if p.StartContainers != nil {
		notes = append(notes, "startContainers applies only when a service is created (import.yml); it was not changed here.")
	}
	return out, notes, nil
}

// scaleCPUMode is cpuMode upper-cased (nil when not given), or the problem
// with it.
func scaleCPUMode(cpuMode *string) (*string, []string) {
	if cpuMode == nil {
		return nil, nil
	}
	mode := strings.ToUpper(strings.TrimSpace(*cpuMode))
	if mode != "SHARED" && mode != "DEDICATED" {
		return nil, []string{fmt.Sprintf("cpuMode %q must be SHARED or DEDICATED", platform.Clip(*cpuMode, 20))}
	}
	return &mode, nil
}

// minRAM is the least RAM a container of svc may have (platform.MinRAM).
func minRAM(svc *platform.ServiceStack) float64 {
	if svc == nil {
		return 0.125
	}
	return platform.MinRAM(svc.Type.Name)
}

// scaleRangeProblems are the values of p outside the platform's limits,
// RAM from ramMin.
func scaleRangeProblems(p ScaleParams, ramMin float64) []string {
	var problems []string
	checkInt := func(name string, v *int, lo, hi int) {
		if v != nil && (*v < lo || *v > hi) {
			problems = append(problems, fmt.Sprintf("%s %d is outside %d–%d", name, *v, lo, hi))
		}
	}
	checkFloat := func(name string, v *float64, lo, hi float64) {
		if v != nil && (math.IsNaN(*v) || *v < lo || *v > hi) {
			problems = append(problems, fmt.Sprintf("%s %g is outside %g–%g GB", name, *v, lo, hi))
		}
	}
	checkInt("minCpu", p.MinCPU, 1, 8)
	checkInt("maxCpu", p.MaxCPU, 1, 8)
	checkFloat("minRam", p.MinRAM, ramMin, 48)
	checkFloat("maxRam", p.MaxRAM, ramMin, 48)
	checkFloat("minDisk", p.MinDisk, 1, 250)
	checkFloat("maxDisk", p.MaxDisk, 1, 250)
	checkInt("minContainers", p.MinContainers, 1, 10)
	checkInt("maxContainers", p.MaxContainers, 1, 10)
	checkInt("startContainers", p.StartContainers, 1, 10)
	checkFloat("minFreeRamGB", p.MinFreeRAMGB, 0, 48)
	if v := p.MinFreeRAMPercent; v != nil && (math.IsNaN(*v) || *v < 0 || *v > 100) {
		problems = append(problems, fmt.Sprintf("minFreeRamPercent %g is outside 0–100%%", *v))
	}
	return problems
}

// scaleOrderProblems are the minimums of p above their maximums.
func scaleOrderProblems(p ScaleParams) []string {
	var problems []string
	if p.MinCPU != nil && p.MaxCPU != nil && *p.MinCPU > *p.MaxCPU {
		problems = append(problems, fmt.Sprintf("minCpu %d is above maxCpu %d", *p.MinCPU, *p.MaxCPU))
	}
	if p.MinRAM != nil && p.MaxRAM != nil && *p.MinRAM > *p.MaxRAM {
		problems = append(problems, fmt.Sprintf("minRam %g is above maxRam %g", *p.MinRAM, *p.MaxRAM))
	}
	if p.MinDisk != nil && p.MaxDisk != nil && *p.MinDisk > *p.MaxDisk {
		problems = append(problems, fmt.Sprintf("minDisk %g is above maxDisk %g", *p.MinDisk, *p.MaxDisk))
	}
	if p.MinContainers != nil && p.MaxContainers != nil && *p.MinContainers > *p.MaxContainers {
		problems = append(problems, fmt.Sprintf("minContainers %d is above maxContainers %d", *p.MinContainers, *p.MaxContainers))
	}
	if p.MinFreeRAMGB != nil && p.MaxRAM != nil && *p.MinFreeRAMGB > *p.MaxRAM {
		problems = append(problems, fmt.Sprintf("minFreeRamGB %g is above maxRam %g", *p.MinFreeRAMGB, *p.MaxRAM))
	}
	return problems
}

// managedContainersErr refuses container counts for svc, a managed
// service: its mode fixes them (1 single, 3 HA), and the mode is chosen at
// creation only, so the ways on are vertical scaling or a new HA service.
func managedContainersErr(svc *platform.ServiceStack) error {
	mode, count := "single", "1 container"
	if svc.Mode == "HA" {
		mode, count = "HA", "3 containers"
	}
	msg := fmt.Sprintf("%s is a managed service (%s) in %s mode: its mode fixes its container count (%s), so minContainers and maxContainers do not apply",
		svc.Name, svc.Type.VersionName, mode, count)
	more := "For more capacity scale " + svc.Name + " vertically (minCpu/maxCpu, minRam/maxRam, minDisk/maxDisk)"
	typ, err := platform.ParseServiceType(svc.Type.VersionName)
	switch {
	case mode != "single" || err != nil:
	case yamlcheck.SingleOnly(typ.Name):
		more += "; " + typ.Name + " runs single only: it has no HA mode"
	default:
		// The type form of the docs (facts: postgresql:ha@18), at the
		// version the service runs, whatever form its type was read in.
		typ.OS, typ.Mode = "", "ha"
		more += "; for high availability, which is chosen when a service is created, create a new service of type " +
			typ.String() + " (zerops_import), move the data into it and point the app's references at it"
	}
	return scalingErr(msg, more+". Nothing was changed.")
}

func scalingErr(msg, suggestion string) error {
	return platform.NewError(platform.ErrInvalidScaling, msg, suggestion)
}
