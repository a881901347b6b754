package ops

import (
	"context"
	"fmt"

	"github.com/zeropsio/zcp/platform"
)

// DeleteResult is the answer to a service deletion.
type DeleteResult struct {
	ServiceHostname string            `json:"serviceHostname"`
	ServiceID       string            `json:"serviceId"`
	Process         *platform.Process `json:"process,omitempty"`
}

// Delete removes the service named hostname. Without confirm it does nothing
// and answers CONFIRM_REQUIRED: deletion cannot be undone.
func Delete(ctx context.Context, c platform.Client, projectID, hostname string, confirm bool) (*DeleteResult, error) {
	svc, err := ResolveService(ctx, c, projectID, hostname)
	if err != nil {
		return nil, err
	}
	if !confirm {
		msg := fmt.Sprintf("deleting %s needs confirm: true", svc.Name)
		if note := deletionBackupNote(ctx, c, svc); note != "" {
			msg += ". " + note
		}
		return nil, platform.NewError(platform.ErrConfirmRequired, msg,
			"Deletion is permanent (data included). Ask the user, then call again with confirm: true.")
	}
	backup := latestBackupName(ctx, c, svc)
	proc, err := c.DeleteService(ctx, svc.ID)
	if err != nil {
		return nil, asPlatformError(err, "deleting "+svc.Name)
	}
	noteChange(projectID, svc.ID, proc)
	noteDeleted(projectID, svc, backup)
	return &DeleteResult{ServiceHostname: svc.Name, ServiceID: svc.ID, Process: proc}, nil
}
