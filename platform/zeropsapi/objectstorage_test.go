package zeropsapi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestObjectStorage_PolicyAndRefusal reads the seeded storage's bucket
// policy through the SDK (its template's document, naming the real bucket)
// and is refused for a service that is not object storage.
func TestObjectStorage_PolicyAndRefusal(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	services, err := c.ListServices(ctx, srv.ProjectID())
	if err != nil {
		t.Fatal(err)
	}
	storage := serviceByName(t, services, "storage")
	use, err := c.ObjectStorage(ctx, storage.ID)
	if err != nil {
		t.Fatalf("ObjectStorage: %v", err)
	}
	env, err := c.GetServiceEnv(ctx, storage.ID)
	if err != nil {
		t.Fatal(err)
	}
	bucket, quota := "", ""
	for _, v := range env {
		switch v.Key {
		case "bucketName":
			bucket = v.Content
		case "quotaGBytes":
			quota = v.Content
		}
	}
	if bucket == "" || !strings.Contains(use.RawPolicy, "arn:aws:s3:::"+bucket) || quota != "2" {
		t.Errorf("storage: policy %q, bucket %q, quotaGBytes %q; want the public-read document on the bucket and 2 GB", use.RawPolicy, bucket, quota)
	}
	_, err = c.ObjectStorage(ctx, serviceByName(t, services, "db").ID)
	var pe *platform.PlatformError
	if !errors.As(err, &pe) || pe.APICode != "serviceStackTypeObjectStorageRequired" {
		t.Errorf("ObjectStorage on a database: %v, want serviceStackTypeObjectStorageRequired", err)
	}
}
