package ops

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// ProcessAction is what Process does to a platform process (the Process*
// values).
type ProcessAction string

// Process actions.
const (
	ProcessStatus ProcessAction = "status"
	ProcessCancel ProcessAction = "cancel"
)

// ProcessActions lists the accepted process actions.
var ProcessActions = []ProcessAction{ProcessStatus, ProcessCancel}

// Process reads (status) or cancels a platform process. Cancelling one
// that has already ended is PROCESS_ALREADY_TERMINAL.
func Process(ctx context.Context, c platform.Client, processID string, name ProcessAction) (*platform.Process, error) {
	action := ProcessAction(strings.ToLower(strings.TrimSpace(string(name))))
	if action == "" || action == "get" {
		action = ProcessStatus
	}
	if !slices.Contains(ProcessActions, action) {
		return nil, unknownAction(action, ProcessActions...)
	}
	if strings.TrimSpace(processID) == "" {
		return nil, invalidParam("processId is required", "Pass the id of a process returned by an earlier tool call or listed by zerops_events.")
	}
	proc, err := c.GetProcess(ctx, processID)
	if err != nil {
		return nil, asPlatformError(err, "reading process")
	}
	if action == ProcessStatus {
		return proc, nil
	}
	if proc.IsTerminal() {
		return nil, platform.NewError(platform.ErrProcessTerminal,
			fmt.Sprintf("process %s has already ended (%s)", proc.ID, proc.Status),
			"Nothing to cancel; zerops_events shows what happened since.")
	}
	canceled, err := c.CancelProcess(ctx, processID)
	if err != nil {
		return nil, asPlatformError(err, "cancelling process")
	}
	return canceled, nil
}
