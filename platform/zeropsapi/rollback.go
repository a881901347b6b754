package zeropsapi

import (
	"context"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// DeployAppVersion deploys an app version that was built before, with the
// zerops.yaml it was built with: a rollback.
func (c *ZeropsClient) DeployAppVersion(ctx context.Context, appVersionID string) (*platform.Process, error) {
	if err := validateID("app version ID", appVersionID); err != nil {
		return nil, err
	}
	resp, err := c.api.PutAppVersionDeploy(ctx, path.AppVersionId{Id: uuid.AppVersionId(appVersionID)}, body.PutAppVersionDeploy{})
	p, err := result[output.Process](c, kindAppVersion, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}
