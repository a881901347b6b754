package fakeapi

import (
	"net/http"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// backupFile is one stored backup, as GET /service-stack/{id}/backup lists it.
type backupFile struct {
	Path     string         `json:"path"`
	Name     string         `json:"name"`
	Size     int64          `json:"size"`
	Metadata map[string]any `json:"metadata"`
}

// retentionJSON is the documented default retention policy.
type retentionJSON struct {
	MaxTotalFiles int      `json:"maxTotalFiles"`
	MaxTotalGiB   int      `json:"maxTotalGiB"`
	ProtectedTags []string `json:"protectedTags"`
	MinDaily      int      `json:"minDaily"`
	MaxDaily      int      `json:"maxDaily"`
	MinWeekly     int      `json:"minWeekly"`
	MaxWeekly     int      `json:"maxWeekly"`
	MinMonthly    int      `json:"minMonthly"`
	MaxMonthly    int      `json:"maxMonthly"`
}

// backupService is the service a backup call names, or the error to answer.
func (st *state) backupService(rq *apiRequest) (*service, int, any) {
	s := st.services[rq.param]
	if s == nil || s.system() {
		code, body := errServiceNotFound()
		return nil, code, body
	}
	if !platform.BacksUp(s.Version.Name) {
		code, body := apiErr(http.StatusBadRequest, "backupUnsupportedStackType", "Backups are not supported for this service type.", nil)
		return nil, code, body
	}
	return s, 0, nil
}

// backupTagsRequest is the body of POST /service-stack/{id}/backup.
type backupTagsRequest struct {
	Tags []string `json:"tags"`
}

// createBackup answers POST /service-stack/{id}/backup: the backup is stored
// at once with its tags and the answer, like the API's, carries no
// process. Tags outside the form both of the docs' pages allow are refused
// (the live code for that is unconfirmed).
func (st *state) createBackup(rq *apiRequest) (int, any) {
	s, code, body := st.backupService(rq)
	if s == nil {
		return code, body
	}
	var in backupTagsRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	for _, t := range in.Tags {
		// The guide's form, and the dot the backup page's example
		// v2.1-release has: where the docs disagree, the fake accepts.
		if !platform.ValidBackupTag(strings.ReplaceAll(t, ".", "_")) {
			return errInvalid("tags: up to 24 letters, digits and :-_", map[string]any{"parameter": "tags"})
		}
	}
	meta := map[string]any{"createdAt": rq.now.UTC().Format("2006-01-02T15:04:05Z07:00")}
	if len(in.Tags) > 0 {
		meta["tags"] = in.Tags
	}
	// Named in its type's format; without a documented one, no extension
	// claims a format.
	name := s.Name + "-" + rq.now.UTC().Format("2006-01-02-15-04-05") + platform.BackupExt(s.Version.Name)
	s.backups = append(s.backups, backupFile{Path: s.ID + "/" + name, Name: name, Size: 4096 * int64(len(s.backups)+1),
		Metadata: meta})
	return http.StatusOK, map[string]bool{"success": true, "async": false}
}

// listBackups answers GET /service-stack/{id}/backup.
func (st *state) listBackups(rq *apiRequest) (int, any) {
	s, code, body := st.backupService(rq)
	if s == nil {
		return code, body
	}
	files := append([]backupFile{}, s.backups...)
	// The documented daily default, or none where the type's backups are
	// off until switched on (Valkey); the fake has no call to switch them.
	var period any = "0 0 * * *"
	if platform.BackupsOffByDefault(s.Version.Name) {
		period = nil
	}
	def := retentionJSON{MaxTotalFiles: 50, ProtectedTags: []string{}, MinDaily: 7, MinWeekly: 4, MinMonthly: 3}
	var pol any // nil: the default policy is in force
	if s.protectedTags != nil {
		custom := def
		custom.ProtectedTags = append([]string{}, s.protectedTags...)
		pol = custom
	}
	return http.StatusOK, map[string]any{
		"files": files, "backupPeriod": period, "retentionPolicy": pol, "defaultRetentionPolicy": def,
	}
}
