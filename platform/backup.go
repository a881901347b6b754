package platform

import (
	"slices"
	"strings"
	"time"
)

// Backup is one stored backup file of a service.
type Backup struct {
	Name    string    `json:"name"`
	Size    int64     `json:"size"`
	Created time.Time `json:"created,omitzero"`
	Tags    []string  `json:"tags,omitempty"` // as the platform lists them, time tags included
}

// BackupList is a service's backups and how the platform keeps them.
type BackupList struct {
	Files     []Backup `json:"files"`
	Period    string   `json:"period,omitempty"` // the automatic schedule, e.g. a cron line
	MinDaily  int      `json:"minDaily"`
	MinWeekly int      `json:"minWeekly"`
	MinMonth  int      `json:"minMonthly"`
	MaxFiles  int      `json:"maxFiles"`
	// ProtectedTags exempt a backup carrying one from automatic deletion.
	ProtectedTags []string `json:"protectedTags,omitempty"`
}

// backedUpTypes are the service types the platform backs up (Zerops docs,
// features/backup, plus the Valkey and ClickHouse pages).
var backedUpTypes = []string{"mariadb", "postgresql", "qdrant", "elasticsearch", "nats", "meilisearch", "valkey", "clickhouse", "shared-storage"}

// BacksUp reports whether the platform backs up services of typeVersion
// (e.g. "postgresql@16").
func BacksUp(typeVersion string) bool {
	name, _, _ := strings.Cut(strings.ToLower(typeVersion), "@")
	for _, t := range backedUpTypes {
		if name == t {
			return true
		}
	}
	return false
}

// backupsOffByDefault are the backed-up types whose automatic backups are
// off until switched on: Valkey's page of the Zerops docs says so (the
// others follow the daily default of features/backup).
var backupsOffByDefault = []string{"valkey"}

// BackupsOffByDefault reports whether services of typeVersion have no
// automatic backups until the user switches them on.
func BackupsOffByDefault(typeVersion string) bool {
	name, _, _ := strings.Cut(strings.ToLower(typeVersion), "@")
	return slices.Contains(backupsOffByDefault, name)
}

// BackedUpTypes names the types BacksUp accepts, for messages.
func BackedUpTypes() string { return strings.Join(backedUpTypes, ", ") }

// backupExts is the file format of each type's backups, as its page of the
// Zerops docs gives it; a type whose page names none has no entry.
var backupExts = map[string]string{
	"postgresql": ".zip", "mariadb": ".xb.gz", "clickhouse": ".tar.gz", "qdrant": ".snapshot",
	"elasticsearch": ".gz", "meilisearch": ".dump", "nats": ".tar.gz", "shared-storage": ".tar.gz",
}

// BackupExt is the file extension of a backup of typeVersion (e.g.
// "postgresql@16" → ".zip"), or "" when the docs name no format for it.
func BackupExt(typeVersion string) string {
	name, _, _ := strings.Cut(strings.ToLower(typeVersion), "@")
	return backupExts[name]
}

// MaxBackupTagLen is the longest user tag of a backup the Zerops guide
// gives (guides/backup: up to 24 letters, numbers and :-_).
const MaxBackupTagLen = 24

// ValidBackupTag reports whether tag has the guide's form: 1 to
// MaxBackupTagLen ASCII letters, digits, ':', '-' or '_'. The backup
// page's own example (v2.1-release) has a dot, so whether the platform
// refuses other tags is not known.
func ValidBackupTag(tag string) bool {
	return tag != "" && len(tag) <= MaxBackupTagLen && BackupTagForm(tag) == tag
}

// BackupTagForm is tag in the guide's form: each other character a '-',
// clipped to MaxBackupTagLen; "backup" for a tag with nothing left.
func BackupTagForm(tag string) string {
	out := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ':' || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, tag)
	if len(out) > MaxBackupTagLen {
		out = out[:MaxBackupTagLen]
	}
	if strings.Trim(out, "-") == "" {
		return "backup"
	}
	return out
}
