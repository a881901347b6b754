package ops

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// cpuModeEvery is how often the platform lets a service's cpuMode change.
const cpuModeEvery = time.Hour

// cpuModeChange is ZCP's own last cpuMode change of a service.
type cpuModeChange struct {
	at time.Time
	to string
}

// applyScale applies a validated change to svc: it reads the service by id for
// its mode and the scaling in force, sends only the fields that differ from
// it, and answers the settings once applied. A change of nothing sends
// nothing (nil process).
func applyScale(ctx context.Context, proj Project, svc *platform.ServiceStack, p platform.AutoscalingParams, res *ManageResult) (*platform.Process, error) {
	c := proj.Client
	fresh, err := ServiceByID(ctx, proj, svc.ID)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	cur := platform.Autoscaling{}
	if fresh.CurrentAutoscaling != nil {
		cur = *fresh.CurrentAutoscaling
	}
	if last, ok := proj.Memory.lastCPUMode(proj.ID, svc.ID, now); ok {
		cur.CPUMode = last.to // asked for a moment ago; maybe not in force yet
	}
	if sc, ok := proj.Memory.lastScale(proj.ID, svc.ID); ok && sc.process != "" {
		// walk 80: an undo sent while the raise still ran was compared with
		// the settings before the raise, found "already set" and dropped,
		// and the raise then applied. Until ZCP's last scale has ended, it
		// is compared with what that scale sets.
		if pr, err := c.GetProcess(ctx, sc.process); err == nil && pr != nil && !pr.IsTerminal() {
			cur = sc.to
			res.Notes = append(res.Notes, fmt.Sprintf("the scale of %s sent before (process %s) is still %s: this change is weighed against the settings it applies", svc.Name, sc.process, pr.Status))
		}
	}
	if err := checkAgainst(p, cur, svc.Name); err != nil {
		return nil, err
	}
	if err := checkMinFreeOff(p, cur, svc.Name); err != nil {
		return nil, err
	}
	pageWarnings := pageRAMWarnings(svc, p) // of the values asked, sent or already set
	askedMax := p.HorizontalMaxCount != nil
	p, same := changedOnly(p, cur)
	if len(same) > 0 {
		res.Notes = append(res.Notes, "already set, not sent: "+strings.Join(same, ", ")+".")
	}
	after := applied(cur, p)
	res.Scaling = &after
	if !askedMax {
		if note := unsetMaxNote(*fresh, after.MaxContainers); note != "" {
			res.Notes = append(res.Notes, note)
		}
	}
	res.Warnings = append(res.Warnings, scaleWarnings(cur, after, fresh.Mode == "HA" && fresh.Type.Category != platform.CategoryUser)...)
	res.Warnings = append(res.Warnings, dockerScaleWarnings(svc, p, after)...)
	res.Warnings = append(res.Warnings, pageWarnings...)
	res.Notes = append(res.Notes, minFreeNotes(cur, after)...)
	if p == (platform.AutoscalingParams{}) {
		res.Notes = append(res.Notes, "Nothing to change: "+svc.Name+" already has these settings.")
		return nil, nil
	}
	p.Mode = fresh.Mode
	proc, err := c.SetAutoscaling(ctx, svc.ID, p)
	if platform.ErrorCode(err) == platform.ErrCPUModeTooSoon {
		rest := p
		rest.CPUMode, rest.Mode = nil, ""
		return nil, cpuModeTooSoon(proj, err, svc, cur.CPUMode, now, rest != platform.AutoscalingParams{})
	}
	if err == nil && p.CPUMode != nil {
		proj.Memory.noteCPUMode(proj.ID, svc.ID, *p.CPUMode, now)
	}
	if err == nil && proc != nil {
		proj.Memory.noteScale(proj.ID, svc.ID, proc.ID, after)
	}
	if err == nil && cur.MaxRAM > 0 && after.MaxRAM > cur.MaxRAM {
		proj.Memory.noteRAMRaise(proj.ID, svc.ID, cur.MaxRAM, after.MaxRAM, now)
	}
	return proc, err
}

// checkAgainst refuses a minimum above its maximum once the values not
// given are taken from the settings in force, naming the bound to add to
// the call on service name.
func checkAgainst(p platform.AutoscalingParams, cur platform.Autoscaling, name string) error {
	var problems, adds []string
	pair := func(minName, maxName string, minSet, maxSet bool, lo, hi float64) {
		if (minSet || maxSet) && lo > 0 && hi > 0 && lo > hi {
			problems = append(problems, fmt.Sprintf("%s %g would be above %s %g (given or in force)", minName, lo, maxName, hi))
			switch {
			case minSet && !maxSet:
				adds = append(adds, fmt.Sprintf("%s=%g (or more)", maxName, lo))
			case maxSet && !minSet:
				adds = append(adds, fmt.Sprintf("%s=%g (or less)", minName, hi))
			}
		}
	}
	pair("minCpu", "maxCpu", p.VerticalMinCPU != nil, p.VerticalMaxCPU != nil,
		float64(orInt(p.VerticalMinCPU, cur.MinCPU)), float64(orInt(p.VerticalMaxCPU, cur.MaxCPU)))
	pair("minRam", "maxRam", p.VerticalMinRAM != nil, p.VerticalMaxRAM != nil, or(p.VerticalMinRAM, cur.MinRAM), or(p.VerticalMaxRAM, cur.MaxRAM))
	pair("minDisk", "maxDisk", p.VerticalMinDisk != nil, p.VerticalMaxDisk != nil, or(p.VerticalMinDisk, cur.MinDisk), or(p.VerticalMaxDisk, cur.MaxDisk))
	pair("minContainers", "maxContainers", p.HorizontalMinCount != nil, p.HorizontalMaxCount != nil,
		float64(orInt(p.HorizontalMinCount, cur.MinContainers)), float64(orInt(p.HorizontalMaxCount, cur.MaxContainers)))
	// The free RAM kept is within maxRam, as import.yml's check has it.
	pair("minFreeRamGB", "maxRam", p.MinFreeRAMGB != nil, p.VerticalMaxRAM != nil, or(p.MinFreeRAMGB, cur.MinFreeRAMGB), or(p.VerticalMaxRAM, cur.MaxRAM))
	if len(adds) == 0 { // both given: the values' own check refuses them first
		adds = append(adds, "each minimum at or below its maximum")
	}
	if len(problems) > 0 {
		return scalingErr(strings.Join(problems, "; "), fmt.Sprintf("Call zerops_manage action=scale serviceHostname=%s again with the same values plus %s, so that every minimum stays at or below its maximum.",
			name, strings.Join(adds, " and ")))
	}
	return nil
}

// checkMinFreeOff refuses minFreeRamGB 0 while minFreeRamPercent (given
// or in force) is 0 too: the platform keeps some RAM free, and refuses
// both off (Invalid custom autoscaling value, the knowledge's scaling page).
func checkMinFreeOff(p platform.AutoscalingParams, cur platform.Autoscaling, name string) error {
	if p.MinFreeRAMGB == nil || *p.MinFreeRAMGB != 0 || or(p.MinFreeRAMPercent, cur.MinFreeRAMPercent) != 0 {
		return nil
	}
	return scalingErr("minFreeRamGB 0 with minFreeRamPercent 0 would keep no RAM free, which the platform refuses",
		fmt.Sprintf("Call zerops_manage action=scale serviceHostname=%s with minFreeRamGB above 0 (the default is 0.0625) or with minFreeRamPercent above 0 too. Nothing was changed.", name))
}

// scaleWarnings names each maximum the change lowers (the service can no
// longer grow to what it may need now) and each minimum it raises (resources
// held and billed even when idle).
func scaleWarnings(cur, after platform.Autoscaling, ha bool) []string {
	var out []string
	// The containers the service keeps at least: a managed service in HA
	// mode runs 3, a runtime its minContainers.
	held := struct {
		n   int
		say string
	}{max(after.MinContainers, 1), fmt.Sprintf("at least %d", max(after.MinContainers, 1))}
	if ha {
		held.n, held.say = 3, "3 in HA mode"
	}
	// What a service that needs more than a lowered maximum meets.
	beyond := map[string]string{
		"maxCpu":        "load that needs more runs slower",
		"maxRam":        "memory above it is OOM-killed",
		"maxDisk":       "writes past it fail (disk full)",
		"maxContainers": "no more containers start for more load",
	}
	bound := func(name, unit string, was, now float64) {
		all := now * float64(held.n)
		unit, allUnit := one(now, unit), one(all, unit)
		switch {
		case was <= 0 || now == was:
		case strings.HasPrefix(name, "max") && now < was:
			out = append(out, fmt.Sprintf("%s lowered from %g to %g%s: the service can no longer grow past %g%s under load; "+
				"%s. Scale %s back to %g if that was not intended.", name, was, now, unit, now, unit, beyond[name], name, was))
		case strings.HasPrefix(name, "min") && now > was && name != "minContainers" && held.n > 1:
			// A vertical minimum is each container's.
			out = append(out, fmt.Sprintf("%s raised from %g to %g%s: each of its containers (%s) holds, and is billed for, at least %g%s even when idle: %g%s in all.",
				name, was, now, unit, held.say, now, unit, all, allUnit))
		case strings.HasPrefix(name, "min") && now > was:
			out = append(out, fmt.Sprintf("%s raised from %g to %g%s: the service holds, and is billed for, at least %g%s even when idle.",
				name, was, now, unit, now, unit))
		}
	}
	bound("maxCpu", " cores", float64(cur.MaxCPU), float64(after.MaxCPU))
	bound("maxRam", " GB", cur.MaxRAM, after.MaxRAM)
	bound("maxDisk", " GB", cur.MaxDisk, after.MaxDisk)
	bound("maxContainers", " containers", float64(cur.MaxContainers), float64(after.MaxContainers))
	bound("minCpu", " cores", float64(cur.MinCPU), float64(after.MinCPU))
	bound("minRam", " GB", cur.MinRAM, after.MinRAM)
	bound("minDisk", " GB", cur.MinDisk, after.MinDisk)
	bound("minContainers", " containers", float64(cur.MinContainers), float64(after.MinContainers))
	return out
}

// minFreeNotes says what a change of the free RAM kept means: the
// platform adds RAM (up to maxRam) once less than it is free.
func minFreeNotes(cur, after platform.Autoscaling) []string {
	var out []string
	say := func(name, unit string, was, now float64) {
		if now == was {
			return
		}
		from := fmt.Sprintf("%g%s", was, unit)
		switch {
		case was == 0 && name == "minFreeRamGB": // walk 83: "unset" beside the workflow's default
			from = "unset (the platform's default, 0.0625 GB)"
		case was == 0:
			from = "0% (off)"
		}
		upTo := ""
		if after.MaxRAM > 0 {
			upTo = fmt.Sprintf(" (up to maxRam %g GB)", after.MaxRAM)
		}
		out = append(out, fmt.Sprintf("%s changed from %s to %g%s: RAM scales up once less than that is free in a container%s.",
			name, from, now, unit, upTo))
	}
	say("minFreeRamGB", " GB", cur.MinFreeRAMGB, after.MinFreeRAMGB)
	say("minFreeRamPercent", "%", cur.MinFreeRAMPercent, after.MinFreeRAMPercent)
	return out
}

// one is unit (" cores", " containers") as it follows n: singular for 1.
func one(n float64, unit string) string {
	if n == 1 && (unit == " cores" || unit == " containers") {
		return strings.TrimSuffix(unit, "s")
	}
	return unit
}

// changedOnly drops the fields equal to the settings in force and names them.
func changedOnly(p platform.AutoscalingParams, cur platform.Autoscaling) (platform.AutoscalingParams, []string) {
	var same []string
	dropStr := func(name string, v **string, now string) {
		if *v != nil && **v == now {
			same = append(same, name+" "+now)
			*v = nil
		}
	}
	dropInt := func(name string, v **int, now int) {
		if *v != nil && **v == now {
			same = append(same, fmt.Sprintf("%s %d", name, now))
			*v = nil
		}
	}
	dropFloat := func(name string, v **float64, now float64) {
		if *v != nil && **v == now {
			same = append(same, fmt.Sprintf("%s %g", name, now))
			*v = nil
		}
	}
	dropStr("cpuMode", &p.CPUMode, cur.CPUMode)
	dropInt("minCpu", &p.VerticalMinCPU, cur.MinCPU)
	dropInt("maxCpu", &p.VerticalMaxCPU, cur.MaxCPU)
	dropFloat("minRam", &p.VerticalMinRAM, cur.MinRAM)
	dropFloat("maxRam", &p.VerticalMaxRAM, cur.MaxRAM)
	dropFloat("minDisk", &p.VerticalMinDisk, cur.MinDisk)
	dropFloat("maxDisk", &p.VerticalMaxDisk, cur.MaxDisk)
	dropInt("minContainers", &p.HorizontalMinCount, cur.MinContainers)
	dropInt("maxContainers", &p.HorizontalMaxCount, cur.MaxContainers)
	dropFloat("minFreeRamGB", &p.MinFreeRAMGB, cur.MinFreeRAMGB)
	dropFloat("minFreeRamPercent", &p.MinFreeRAMPercent, cur.MinFreeRAMPercent)
	return p, same
}

// applied is cur with the change p laid over it.
func applied(cur platform.Autoscaling, p platform.AutoscalingParams) platform.Autoscaling {
	if p.CPUMode != nil {
		cur.CPUMode = *p.CPUMode
	}
	cur.MinCPU, cur.MaxCPU = orInt(p.VerticalMinCPU, cur.MinCPU), orInt(p.VerticalMaxCPU, cur.MaxCPU)
	cur.MinRAM, cur.MaxRAM = or(p.VerticalMinRAM, cur.MinRAM), or(p.VerticalMaxRAM, cur.MaxRAM)
	cur.MinDisk, cur.MaxDisk = or(p.VerticalMinDisk, cur.MinDisk), or(p.VerticalMaxDisk, cur.MaxDisk)
	cur.MinContainers = orInt(p.HorizontalMinCount, cur.MinContainers)
	cur.MaxContainers = orInt(p.HorizontalMaxCount, cur.MaxContainers)
	cur.MinFreeRAMGB = or(p.MinFreeRAMGB, cur.MinFreeRAMGB)
	cur.MinFreeRAMPercent = or(p.MinFreeRAMPercent, cur.MinFreeRAMPercent)
	return cur
}

func or(v *float64, def float64) float64 {
	if v != nil {
		return *v
	}
	return def
}

func orInt(v *int, def int) int {
	if v != nil {
		return *v
	}
	return def
}

// cpuModeTooSoon explains a refused cpuMode change: nothing was changed,
// when the next change is possible (exactly when ZCP made the last one,
// otherwise at the latest an hour from now), and, when the call asked for
// more (rest), how to apply the rest now.
func cpuModeTooSoon(proj Project, err error, svc *platform.ServiceStack, inForce string, now time.Time, rest bool) error {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		return err
	}
	out := *pe
	when := "within the hour (by " + now.Add(cpuModeEvery).UTC().Format("15:04") + " UTC at the latest)"
	if last, ok := proj.Memory.lastCPUMode(proj.ID, svc.ID, now); ok {
		when = "after " + last.at.Add(cpuModeEvery).UTC().Format("15:04") + " UTC (ZCP changed it at " + last.at.UTC().Format("15:04") + " UTC)"
	}
	out.Message = "the cpuMode of " + svc.Name + " was changed less than an hour ago; nothing was changed"
	keep := "the current cpuMode"
	if inForce != "" {
		keep = "cpuMode " + inForce
	}
	out.Suggestion = "cpuMode can change once an hour: retry the change " + when + ", or keep " + keep +
		" (leave cpuMode out) to apply the other settings now."
	if !rest { // cpuMode alone: nothing else to apply now
		out.Suggestion = "cpuMode can change once an hour: retry the change " + when + "; until then " + svc.Name + " keeps " + keep + "."
	}
	return &out
}

// dockerScaleWarnings says what a vertical change of a docker service
// means (Zerops docs, the knowledge base's docker page): it runs in a VM
// that restarts to take new resources, and those are fixed values, not a
// range it autoscales in. Nil for other types or a horizontal change.
func dockerScaleWarnings(svc *platform.ServiceStack, p platform.AutoscalingParams, after platform.Autoscaling) []string {
	if svc.Type.Name != "docker" || (p.VerticalMinCPU == nil && p.VerticalMaxCPU == nil && p.VerticalMinRAM == nil &&
		p.VerticalMaxRAM == nil && p.VerticalMinDisk == nil && p.VerticalMaxDisk == nil && p.CPUMode == nil) {
		return nil
	}
	out := []string{svc.Name + " is a docker service: the platform restarts its VM to apply the new resources, so it stops answering while the VM boots."}
	var ranges []string
	if after.MinCPU != after.MaxCPU {
		ranges = append(ranges, fmt.Sprintf("minCpu %d/maxCpu %d", after.MinCPU, after.MaxCPU))
	}
	if after.MinRAM != after.MaxRAM {
		ranges = append(ranges, fmt.Sprintf("minRam %g/maxRam %g", after.MinRAM, after.MaxRAM))
	}
	if after.MinDisk != after.MaxDisk {
		ranges = append(ranges, fmt.Sprintf("minDisk %g/maxDisk %g", after.MinDisk, after.MaxDisk))
	}
	if len(ranges) > 0 {
		out = append(out, "A docker service takes fixed values, not a range it autoscales in ("+strings.Join(ranges, ", ")+
			"): give each minimum and maximum the same value; for more capacity without a VM restart raise maxContainers.")
	}
	return out
}

// pageRAMWarnings warns of a minRam or maxRam asked of svc above the RAM
// its type's docs page gives it (Kafka: 40 GB), within the platform's 48:
// sent all the same, as the platform is not known to refuse it.
func pageRAMWarnings(svc *platform.ServiceStack, p platform.AutoscalingParams) []string {
	page := platform.PageMaxRAM(svc.Type.Name)
	if page == 0 {
		return nil
	}
	var above []string
	for _, v := range []struct {
		name string
		gb   *float64
	}{{"minRam", p.VerticalMinRAM}, {"maxRam", p.VerticalMaxRAM}} {
		if v.gb != nil && *v.gb > page {
			above = append(above, fmt.Sprintf("%s %g GB", v.name, *v.gb))
		}
	}
	if len(above) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s is above the %g GB of RAM the Zerops docs page of %s gives it: sent as asked, though a container may get no more than %g GB.",
		strings.Join(above, " and "), page, svc.Type.Name, page)}
}
