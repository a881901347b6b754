package ops

import (
	"context"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Process actions.
const (
	ProcessStatus = "status"
	ProcessCancel = "cancel"
)

// ProcessActions lists the accepted process actions.
var ProcessActions = []string{ProcessStatus, ProcessCancel}

// ProcessAction reads (status) or cancels a platform process. Cancelling one
// that has already ended is PROCESS_ALREADY_TERMINAL.
func ProcessAction(ctx context.Context, c platform.Client, processID, action string) (*platform.Process, error) {
	action = strings.ToLower(strings.TrimSpace(action))
	if action == "" || action == "get" {
		action = ProcessStatus
	}
	if action != ProcessStatus && action != ProcessCancel {
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
