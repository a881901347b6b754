package zeropsapi

import (
	"context"

	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// ExportProject answers the project as import YAML (GetProjectExport).
func (c *ZeropsClient) ExportProject(ctx context.Context, projectID string) (string, error) {
	if err := validateID("project ID", projectID); err != nil {
		return "", err
	}
	resp, err := c.api.GetProjectExport(ctx, path.ProjectId{Id: uuid.ProjectId(projectID)})
	out, err := result[output.ProjectExport](c, kindProject, resp, err)
	return out.Yaml.Native(), err
}

// ExportService answers one service as import YAML (GetServiceStackExport).
func (c *ZeropsClient) ExportService(ctx context.Context, serviceID string) (string, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return "", err
	}
	resp, err := c.api.GetServiceStackExport(ctx, servicePath(serviceID))
	out, err := result[output.ProjectExport](c, kindService, resp, err)
	return out.Yaml.Native(), err
}

// ObjectStorage answers an object storage's use and bucket policy
// (GetServiceStackObjectStorageSize).
func (c *ZeropsClient) ObjectStorage(ctx context.Context, serviceID string) (*platform.ObjectStorageUse, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetServiceStackObjectStorageSize(ctx, servicePath(serviceID))
	out, err := result[output.ServiceStackDiskGBytesUsed](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	return &platform.ObjectStorageUse{UsedGB: out.DiskGBytesUsed.Native(), Objects: out.Objects.Native(), RawPolicy: out.RawPolicy.Native()}, nil
}

var _ platform.Client = (*ZeropsClient)(nil)
