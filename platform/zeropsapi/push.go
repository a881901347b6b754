package zeropsapi

import (
	"context"
	"io"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// CreateAppVersion creates an app version of a runtime service: the first
// step of a push. An empty name lets the platform choose one.
func (c *ZeropsClient) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	in := body.PostAppVersion{}
	if name != "" {
		in.Name = types.NewStringNull(name)
	}
	resp, err := c.api.PostServiceStackAppVersion(ctx, servicePath(serviceID), in)
	v, err := result[output.PostAppVersion](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	return &platform.AppVersion{
		ID:             v.Id.Native(),
		ProjectID:      v.ProjectId.Native(),
		ServiceStackID: v.ServiceStackId.Native(),
		Sequence:       v.Sequence.Native(),
		Status:         platform.AppVersionStatus(v.Status.Native()),
		Build:          convertBuild(v.Build),
		Created:        v.Created.Native(),
		LastUpdate:     v.LastUpdate.Native(),
	}, nil
}

// UploadAppVersion streams the archive to the app version. The reader is
// consumed as it is sent, never buffered whole; ctx bounds the upload.
func (c *ZeropsClient) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	if err := validateID("app version ID", appVersionID); err != nil {
		return err
	}
	if archive == nil {
		return platform.NewError(platform.ErrInvalidParameter, "no archive to upload", "Pass the packed application archive.")
	}
	resp, err := c.upload.PutAppVersionUpload(ctx, path.AppVersionId{Id: uuid.AppVersionId(appVersionID)}, archive)
	_, err = result[output.Success](c, kindAppVersion, resp, err)
	return err
}

// BuildAndDeploy starts the build of an uploaded app version with the given
// zerops.yaml and setup name, then deploys it.
func (c *ZeropsClient) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	if err := validateID("app version ID", appVersionID); err != nil {
		return nil, err
	}
	in := body.PutAppVersionBuildAndDeploy{ZeropsYaml: types.NewMediumText(zeropsYaml)}
	if setup != "" {
		in.ZeropsYamlSetup = types.NewStringNull(setup)
	}
	resp, err := c.api.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: uuid.AppVersionId(appVersionID)}, in)
	p, err := result[output.Process](c, kindAppVersion, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}
