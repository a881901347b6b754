package mcp

import (
	"cmp"
	"context"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type deleteInput struct {
	ServiceHostname string  `json:"serviceHostname"`
	Confirm         Confirm `json:"confirm,omitzero"`
}

type deleteOutput struct {
	ServiceHostname string           `json:"serviceHostname"`
	Processes       []processSummary `json:"processes"`
	Next            string           `json:"next"`
}

func (s *Server) deleteTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_delete",
		Description: "Permanently delete a service and its data. Requires confirm: true; ask the user first.",
		Annotations: mutatingAnn("Delete service", true, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in deleteInput) (deleteOutput, error) {
		res, err := ops.Delete(ctx, s.opsProject(), in.ServiceHostname, bool(in.Confirm))
		if err != nil {
			return deleteOutput{}, withHumanStep(ctx, err)
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), processList(res.Process), res.ServiceHostname)
		out := deleteOutput{ServiceHostname: res.ServiceHostname, Processes: summarize(outcomes)}
		done := deletedNext(res)
		out.Next = nextForProcesses(outcomes, followed, done)
		if out.Next != done && !anyFailed(outcomes) && (len(res.ReferencedBy) > 0 || len(res.HostNamedBy) > 0) {
			// The process check alone, and then zerops_process's "done",
			// never named the services still referencing it.
			out.Next += " Once it has finished: " + strings.TrimPrefix(done, "Next: ")
		}
		return out, nil
	})
}

// deletedNext is the step after a deletion that ended: what still
// references the service, which stops resolving at those services' next
// start, and the backup that outlives it.
func deletedNext(res *ops.DeleteResult) string {
	next := "Next: " + res.ServiceHostname + " is deleted and its hostname is free again."
	recreate := ops.Recreate(res.ServiceHostname, cmp.Or(res.ImportType, res.Type), res.Backup)
	back := " To get the data back, " + recreate + "."
	if res.Backup != "" {
		next += " Its latest backup " + res.Backup + " stays 7 days."
	} else {
		back = ""
	}
	// Both kinds of variable are changed the same way: the fix is stated
	// once, after both lists; the way back once, as the other choice.
	var lists []string
	if len(res.ReferencedBy) > 0 {
		lists = append(lists, "Variables still reference "+res.ServiceHostname+" and stop resolving at their service's next start or deploy: "+strings.Join(res.ReferencedBy, ", "))
	}
	if len(res.HostNamedBy) > 0 {
		lists = append(lists, "Variables name "+res.ServiceHostname+" as a host and reach nothing now: "+strings.Join(res.HostNamedBy, ", "))
	}
	if len(lists) > 0 {
		next += " " + strings.Join(lists, ". ") + "; change them (" + ops.RefsChange(append(slices.Clone(res.ReferencedBy), res.HostNamedBy...)) + ")"
		if len(res.ReferencedBy) > 0 {
			back = ""
			next += " or " + recreate
		}
		next += "."
	}
	return next + back
}
