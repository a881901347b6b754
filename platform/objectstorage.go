package platform

// ObjectStorageUse is what an object storage holds and the bucket policy in
// force (GetServiceStackObjectStorageSize): RawPolicy is the IAM document
// with the real bucket name, "" when the bucket has none (private).
type ObjectStorageUse struct {
	UsedGB    float64 `json:"usedGB"`
	Objects   int64   `json:"objects"`
	RawPolicy string  `json:"rawPolicy,omitempty"`
}
