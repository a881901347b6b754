package zeropsapi

import (
	"context"
	"strings"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform"
)

// CreateBackup starts a backup of the service carrying tags
// (PostServiceStackBackup); without tags the body's tags are null.
func (c *ZeropsClient) CreateBackup(ctx context.Context, serviceID string, tags []string) error {
	if err := validateID("service ID", serviceID); err != nil {
		return err
	}
	var in body.PostServiceStackBackup
	if len(tags) > 0 {
		in.Tags = types.NewStringArrayNull(tags)
	}
	resp, err := c.api.PostServiceStackBackup(ctx, servicePath(serviceID), in)
	_, err = result[output.ServiceStackBackup](c, kindService, resp, err)
	return err
}

// ListBackups answers the service's backups (GetServiceStackBackup).
func (c *ZeropsClient) ListBackups(ctx context.Context, serviceID string) (*platform.BackupList, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetServiceStackBackup(ctx, servicePath(serviceID))
	out, err := result[output.ServiceStackBackupFileList](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	pol := out.DefaultRetentionPolicy
	if out.RetentionPolicy != nil {
		pol = *out.RetentionPolicy
	}
	l := &platform.BackupList{
		Files: []platform.Backup{}, Period: out.BackupPeriod.Native(),
		MinDaily: pol.MinDaily.Native(), MinWeekly: pol.MinWeekly.Native(),
		MinMonth: pol.MinMonthly.Native(), MaxFiles: pol.MaxTotalFiles.Native(),
		ProtectedTags: pol.ProtectedTags.Native(),
	}
	for _, f := range out.Files {
		l.Files = append(l.Files, platform.Backup{Name: f.Name.Native(), Size: f.Size.Native(),
			Created: metaTime(f.Metadata), Tags: metaTags(f.Metadata)})
	}
	return l, nil
}

// metaTime is the first RFC 3339 time among a backup's metadata values;
// the SDK leaves the metadata untyped.
func metaTime(m map[string]any) time.Time {
	for _, k := range []string{"createdAt", "created", "timestamp", "date", "time"} {
		if s, ok := m[k].(string); ok {
			if t, err := time.Parse(time.RFC3339, s); err == nil {
				return t
			}
		}
	}
	return time.Time{}
}

// metaTags is a backup's tags from its metadata's "tags", a list or a
// comma-separated string; the SDK leaves the metadata untyped, and no
// published schema names the key, so anything else reads as no tags.
func metaTags(m map[string]any) []string {
	var tags []string
	switch v := m["tags"].(type) {
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok && strings.TrimSpace(s) != "" {
				tags = append(tags, strings.TrimSpace(s))
			}
		}
	case string:
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				tags = append(tags, s)
			}
		}
	}
	return tags
}
