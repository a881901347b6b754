package fakeapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// bucketTemplate is what a raw policy writes for its bucket's name; the
// platform puts the real name in its place.
const bucketTemplate = "{{ .BucketName }}"

// objectStorage is how one object storage runs: its quota and its access
// policy, a template name or a raw document (policy "custom").
type objectStorage struct {
	SizeGB    int
	Policy    string
	RawPolicy string // the document as written, bucketTemplate unreplaced
}

// storageSpec is what an import file sets for an object storage.
type storageSpec struct {
	Size      *int    `yaml:"objectStorageSize"`
	Policy    string  `yaml:"objectStoragePolicy"`
	RawPolicy *string `yaml:"objectStorageRawPolicy"`
}

// checkStorage applies the import's object storage rules the platform's docs
// state, each problem at its own key: the size, a whole number of GB from 1
// to 100, is required (the docs mark the policy keys optional, not the size).
// How the platform answers both policy keys, a custom policy without its
// document or a document that is not JSON, the facts do not say: accepted.
func checkStorage(name, category string, s storageSpec) []metaItem {
	if category != platform.CategoryObject {
		return nil
	}
	var out []metaItem
	switch {
	case s.Size == nil:
		out = append(out, problem("projectImportMissingParameter", "Missing parameter.", name+".objectStorageSize", "required"))
	case *s.Size < 1 || *s.Size > 100:
		out = append(out, problem("projectImportInvalidParameter", "Invalid parameter value.", name+".objectStorageSize",
			fmt.Sprintf("must be 1 to 100 GB, not %d", *s.Size)))
	}
	return out
}

// setStorage gives an object storage its size and policy and keeps its
// quotaGBytes variable in step.
func (s *service) setStorage(o objectStorage) {
	if o.Policy == "" {
		o.Policy = "private"
		if o.RawPolicy != "" {
			o.Policy = "custom"
		}
	}
	s.storage = &o
	for _, v := range s.Env {
		if v.Key == "quotaGBytes" {
			v.Content = strconv.Itoa(o.SizeGB)
		}
	}
}

// bucketName is the storage's generated bucket name.
func (s *service) bucketName() string {
	for _, v := range s.Env {
		if v.Key == "bucketName" {
			return v.Content
		}
	}
	return ""
}

// templatePolicies are the statements of each policy template, as the
// sandbox writes them: which actions anyone may take, on the bucket (list)
// or its objects. The platform's own documents are not published; a private
// bucket has none.
var templatePolicies = map[string][][2]string{
	"public-read":         {{"s3:ListBucket", ""}, {"s3:GetObject", "/*"}},
	"public-objects-read": {{"s3:GetObject", "/*"}},
	"public-write":        {{"s3:PutObject", "/*"}},
	"public-read-write":   {{"s3:ListBucket", ""}, {"s3:GetObject", "/*"}, {"s3:PutObject", "/*"}},
}

// rawPolicy is the bucket policy in force, with the real bucket name: a
// raw document as written, a template's statements, or "" for private.
func (s *service) rawPolicy() string {
	o, bucket := s.storage, s.bucketName()
	if o == nil {
		return ""
	}
	if o.RawPolicy != "" {
		return strings.ReplaceAll(o.RawPolicy, bucketTemplate, bucket)
	}
	type statement struct {
		Effect    string         `json:"Effect"`
		Principal map[string]any `json:"Principal"`
		Action    []string       `json:"Action"`
		Resource  []string       `json:"Resource"`
	}
	var st []statement
	for _, a := range templatePolicies[o.Policy] {
		st = append(st, statement{Effect: "Allow", Principal: map[string]any{"AWS": []string{"*"}},
			Action: []string{a[0]}, Resource: []string{"arn:aws:s3:::" + bucket + a[1]}})
	}
	if len(st) == 0 {
		return ""
	}
	b, _ := json.Marshal(map[string]any{"Version": "2012-10-17", "Statement": st})
	return string(b)
}

// objectStorageSize answers GET /service-stack/{id}/object-storage-size:
// what the bucket holds and its policy document. Any other service type is
// refused with serviceStackTypeObjectStorageRequired.
func (st *state) objectStorageSize(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil || s.system() {
		return errServiceNotFound()
	}
	if s.category() != platform.CategoryObject || s.storage == nil {
		return apiErr(http.StatusBadRequest, "serviceStackTypeObjectStorageRequired", "Service stack type must be object storage.", nil)
	}
	return http.StatusOK, map[string]any{"diskGBytesUsed": 0.0, "objects": 0, "rawPolicy": s.rawPolicy()}
}
