package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type manageInput struct {
	Action          ops.ManageAction `json:"action" jsonschema:"start, stop, restart, scale, backup or backups"`
	ServiceHostname string           `json:"serviceHostname"`
	CPUMode         string           `json:"cpuMode,omitempty" jsonschema:"scale: SHARED or DEDICATED"`
	MinCPU          Int              `json:"minCpu,omitzero" jsonschema:"scale: cores 1-8"`
	MaxCPU          Int              `json:"maxCpu,omitzero"`
	MinRAM          Float            `json:"minRam,omitzero" jsonschema:"scale: GB 0.125-48"`
	MaxRAM          Float            `json:"maxRam,omitzero"`
	MinDisk         Float            `json:"minDisk,omitzero" jsonschema:"scale: GB 1-250"`
	MaxDisk         Float            `json:"maxDisk,omitzero"`
	MinContainers   Int              `json:"minContainers,omitzero" jsonschema:"scale: 1-10, runtimes only"`
	MaxContainers   Int              `json:"maxContainers,omitzero"`
	StartContainers Int              `json:"startContainers,omitzero"`
	MinFreeRAMGB    Float            `json:"minFreeRamGB,omitzero" jsonschema:"scale: GB kept free"`
	MinFreeRAMPct   Float            `json:"minFreeRamPercent,omitzero"`
	Tags            Strings          `json:"tags,omitempty" jsonschema:"backup: protected tags stop auto-deletion"`
}

type manageOutput struct {
	Action          ops.ManageAction      `json:"action"`
	ServiceHostname string                `json:"serviceHostname"`
	Processes       []processSummary      `json:"processes"`
	Scaling         *platform.Autoscaling `json:"scaling,omitempty"`
	Backups         []platform.Backup     `json:"backups,omitempty"`
	Notes           []string              `json:"notes,omitempty"`
	Warnings        []string              `json:"warnings,omitempty"`
	Next            string                `json:"next"`
}

func (s *Server) manageTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_manage",
		Description: "Lifecycle, scaling and backups of a service (action); a progress token follows the process, else zerops_process.",
		Annotations: mutatingAnn("Manage service", true, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in manageInput) (manageOutput, error) {
		scale := ops.ScaleParams{
			MinCPU: in.MinCPU.ptr(), MaxCPU: in.MaxCPU.ptr(),
			MinRAM: in.MinRAM.ptr(), MaxRAM: in.MaxRAM.ptr(),
			MinDisk: in.MinDisk.ptr(), MaxDisk: in.MaxDisk.ptr(),
			MinContainers: in.MinContainers.ptr(), MaxContainers: in.MaxContainers.ptr(),
			StartContainers: in.StartContainers.ptr(),
			MinFreeRAMGB:    in.MinFreeRAMGB.ptr(), MinFreeRAMPercent: in.MinFreeRAMPct.ptr(),
		}
		if in.CPUMode != "" {
			mode := in.CPUMode
			scale.CPUMode = &mode
		}
		res, err := ops.Manage(ctx, s.opsProject(), in.Action, in.ServiceHostname, scale, in.Tags...)
		if err != nil {
			return manageOutput{}, err
		}
		if res.Action == ops.ActionBackup || res.Action == ops.ActionBackups {
			next := "Next: zerops_manage action=backups serviceHostname=" + res.ServiceHostname + " lists it once stored; " + res.Restore + "."
			switch {
			case res.NewBackup != "": // listed in this answer: no call to list it again
				next = "Next: nothing more for the backup: " + res.NewBackup + " is stored; " + res.Restore + ". If the service is deleted, its backups stay 7 days after: download one in the Zerops UI to keep it longer."
			case res.Action == ops.ActionBackups && len(res.Backups) == 0 && res.Predecessor != "": // its data is in the deleted one's
				next = "Next: " + res.ServiceHostname + " has no backup of its own yet; " + res.Predecessor + "."
			case res.Action == ops.ActionBackups && len(res.Backups) == 0: // nothing to restore yet
				next = "Next: " + res.ServiceHostname + " has no backup yet; zerops_manage action=backup serviceHostname=" + res.ServiceHostname + " makes one now."
			case res.Action == ops.ActionBackups: // the list is this answer: no call to repeat it
				next = "Next: " + res.Restore + "; zerops_manage action=backup serviceHostname=" + res.ServiceHostname + " makes a new one."
			}
			return manageOutput{Action: res.Action, ServiceHostname: res.ServiceHostname, Processes: []processSummary{}, Backups: res.Backups, Notes: res.Notes,
				Next: next}, nil
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), processList(res.Process), res.ServiceHostname)
		out := manageOutput{Action: res.Action, ServiceHostname: res.ServiceHostname, Processes: summarize(outcomes), Scaling: res.Scaling, Notes: res.Notes, Warnings: res.Warnings}
		success := "Next: check the service with zerops_discover or its logs with zerops_logs."
		if res.Action == ops.ActionScale { // the answer holds the range in force: the use under it is what is new
			success = "Next: `scaling` holds the range in force now; zerops_metrics serviceHostname=" + res.ServiceHostname + " shows the use and the containers under it."
			if res.Stopped { // nothing runs under the range: metrics would report nothing
				success = "Next: `scaling` holds the range in force now; " + res.ServiceHostname + " is stopped, so it applies once zerops_manage action=start serviceHostname=" + res.ServiceHostname + " starts it."
			}
		}
		if res.Action == ops.ActionStart || res.Action == ops.ActionRestart {
			success = "Next: zerops_verify serviceHostname=" + res.ServiceHostname + " checks that it answers (with the diagnosis if not)."
		}
		if res.NeverDeployed {
			success = "Next: deploy " + res.ServiceHostname + " with zerops_deploy (zerops_workflow workflow=deploy); its variables apply then."
		}
		out.Next = nextForProcesses(outcomes, followed, success)
		return out, nil
	})
}
