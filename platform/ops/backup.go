package ops

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/zeropsio/zcp/platform"
)

// Backup actions of Manage.
const (
	ActionBackup  ManageAction = "backup"
	ActionBackups ManageAction = "backups"
)

// maxBackupTags bounds the tags of one backup, and maxBackupTagBytes one
// tag: the docs set no count, and a handful of short words labels a
// backup. Both bound hostile input, not the platform's form.
const (
	maxBackupTags     = 10
	maxBackupTagBytes = 100
)

// backupTags are the tags for action, trimmed and without repeats, or the
// refusal of an empty or unbounded tag, of more than maxBackupTags, or of
// tags on another action. A tag outside the form the docs give is sent
// as written: the docs disagree on it (the guide lists letters, digits and
// :-_, the backup page's example v2.1-release has a dot), so the
// platform's answer decides (tagRefused says what to change then).
func backupTags(action ManageAction, tags []string) ([]string, error) {
	if len(tags) == 0 {
		return nil, nil
	}
	if action != ActionBackup {
		return nil, platform.NewError(platform.ErrInvalidUsage, "tags label a new backup; action="+string(action)+" takes none",
			"Drop tags, or pass them with action=backup. Nothing was changed.")
	}
	var out, bad []string
	for _, t := range tags {
		t = strings.TrimSpace(t)
		switch {
		case t == "" || len(t) > maxBackupTagBytes || strings.ContainsFunc(t, unicode.IsControl):
			bad = append(bad, fmt.Sprintf("%q", platform.Clip(t, 30)))
		case !slices.Contains(out, t):
			out = append(out, t)
		}
	}
	if len(bad) == 0 && len(out) <= maxBackupTags {
		return out, nil
	}
	msg := fmt.Sprintf("%d tags, at most %d", len(out), maxBackupTags)
	if len(bad) > 0 {
		msg = "tag " + listSome(bad, ", ") + " is empty, has control characters or is too long"
		if len(bad) > 1 {
			msg = "tags " + listSome(bad, ", ") + " are empty, have control characters or are too long"
		}
	}
	return nil, platform.NewError(platform.ErrInvalidParameter, msg,
		fmt.Sprintf("Pass tags as a list of at most %d short words, e.g. [\"pre-delete\"] (the Zerops guide's form: 1-24 letters, digits, ':', '-' or '_'). Nothing was backed up.", maxBackupTags))
}

// tagRefused is the platform's refusal of a backup carrying tags, with the
// form the Zerops guide gives and tags turned into it; err as it is when
// every tag already has that form.
func tagRefused(err error, tags []string) error {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) || pe.Code != platform.ErrInvalidParameter {
		return err
	}
	var odd, fixed []string
	for _, t := range tags {
		if !platform.ValidBackupTag(t) {
			odd = append(odd, fmt.Sprintf("%q", platform.Clip(t, 30)))
		}
		for part := range strings.SplitSeq(t, ",") { // zcli's comma-joined list
			if part = strings.TrimSpace(part); part != "" {
				fixed = append(fixed, fmt.Sprintf("%q", platform.BackupTagForm(part)))
			}
		}
	}
	if len(odd) == 0 {
		return err
	}
	e := *pe
	e.Suggestion = "The Zerops guide's form for a tag is 1-24 letters, digits, ':', '-' or '_', which " + listSome(odd, ", ") +
		" leaves; back up again with tags=[" + strings.Join(fixed, ", ") + "]. Nothing was backed up."
	return &e
}

// keepNote says whether automatic deletion spares a manual backup tagged
// tags, given the service's protected tags, as the Zerops docs put it
// (features/backup, Backup Tagging), and how to keep one.
func keepNote(tags, protected []string) string {
	for _, t := range tags {
		if slices.Contains(protected, t) {
			return "Tagged " + strings.Join(tags, ", ") + ": " + t + " is a protected tag, so automatic deletion spares this backup (Zerops docs)."
		}
	}
	what := "Untagged"
	if len(tags) > 0 {
		what = "Tagged " + strings.Join(tags, ", ") + ", none protected"
	}
	way := "name a protected tag in the service's backup retention policy (Zerops UI; none is set here), then back up again with tags=[\"<that tag>\"]"
	if len(protected) > 0 {
		way = fmt.Sprintf("back up with tags=[%q] (protected here: %s)", protected[0], listSome(protected, ", "))
	}
	return what + ": a manual backup gets no daily/weekly/monthly tag and only a protected tag spares it from automatic deletion (Zerops docs); to keep one, " + way + "."
}

// backupAction creates a backup of svc carrying tags (ActionBackup) or
// lists its backups, filling res; a type the platform does not back up is
// refused by name.
func backupAction(ctx context.Context, c platform.Client, svc *platform.ServiceStack, tags []string, res *ManageResult) error {
	if !platform.BacksUp(svc.Type.VersionName) {
		way := "Keep this service's state in a backed-up service (e.g. a database or shared storage), or in the repository it deploys from."
		if svc.Type.Category == platform.CategoryObject {
			way = "I" + copyBucketOut(svc.Name)[1:] + " Nothing was changed."
		}
		return platform.NewError(platform.ErrInvalidUsage,
			fmt.Sprintf("%s (%s) has no platform backups: Zerops backs up only %s", svc.Name, svc.Type.VersionName, platform.BackedUpTypes()), way)
	}
	var before map[string]bool // the backups stored before this one
	if res.Action == ActionBackup {
		if l, err := c.ListBackups(ctx, svc.ID); err == nil {
			before = map[string]bool{}
			for _, f := range l.Files {
				before[f.Name] = true
			}
		}
		if err := c.CreateBackup(ctx, svc.ID, tags); err != nil {
			return tagRefused(asPlatformError(err, "backing up "+svc.Name), tags)
		}
	}
	list, err := c.ListBackups(ctx, svc.ID)
	if err != nil {
		return asPlatformError(err, "listing backups of "+svc.Name)
	}
	res.Backups = list.Files
	res.Restore = restoreWay(svc)
	if res.Action == ActionBackup {
		for _, f := range list.Files {
			if before != nil && !before[f.Name] {
				res.NewBackup = f.Name
			}
		}
		note := "Backup of " + svc.Name + " requested; the API reports no process to follow, and a large backup finishes in the background."
		if res.NewBackup != "" {
			note = "Backup of " + svc.Name + " stored: " + res.NewBackup + " (listed in backups)."
		}
		res.Notes = append(res.Notes, note, keepNote(tags, list.ProtectedTags))
	}
	res.Notes = append(res.Notes, retentionNote(svc, list))
	return nil
}

// restoreWays says, per service type, with which tool a downloaded backup
// is loaded back (the knowledge base's backups page and the type's own):
// the platform has no restore of its own, only the download.
var restoreWays = map[string]string{
	"postgresql":     "unzip it and load each dump with `pg_restore --no-owner -d \"<the service's connectionString>\" <file>.dump` (plain psql cannot read the custom format)",
	"mariadb":        "it is a mariabackup archive, not SQL: turn it into backup.sql with the zeropsio/recipe-mariadb-restore service's backup.sh, then load that with the mariadb client",
	"clickhouse":     "unpack the archive into an S3 bucket (an object-storage service works) and run RESTORE ALL FROM S3('<url>', '<access key>', '<secret>') as the super user, or ask the Zerops team to place it on the container",
	"qdrant":         "it is a Qdrant snapshot: upload it through Qdrant's snapshot restore API into a clean or new service",
	"elasticsearch":  "it holds elasticdump files (gzip JSON per index): load them with elasticdump or the Elasticsearch API",
	"meilisearch":    "it is a Meilisearch dump: import it into a clean or new service with Meilisearch's dump import, or re-index from your database",
	"nats":           "it holds the stored message state: restore it with the NATS CLI, following NATS's disaster-recovery steps",
	"valkey":         "load its data with Valkey's own tools; a cache is usually cheaper to let refill",
	"shared-storage": "extract it into the mount from a runtime that mounts the storage: `tar -xzf <file> -C /mnt/<hostname>`",
}

// predecessorRestore is how the latest backup of the service of svc's
// hostname that ZCP deleted before svc was created is restored into svc;
// "" when there is none.
func predecessorRestore(proj Project, svc *platform.ServiceStack) string {
	n, ok := proj.Memory.deletedService(proj.ID, svc.Name)
	name, _, _ := strings.Cut(n.backup, " of ")
	if !ok || name == "" || svc.Created.Before(n.at) {
		return ""
	}
	return "it was created after ZCP deleted the " + svc.Name + " of " + n.at.UTC().Format(time.RFC3339) +
		", whose data is in " + name + " (kept 7 days): restore " + backupInto(name, n.typ, svc.Name)
}

// restoreWay says how a backup of svc is restored: downloaded in the
// Zerops UI (the platform restores nothing itself), then loaded with its
// type's tool (restoreWays).
func restoreWay(svc *platform.ServiceStack) string {
	return "to restore, download the backup in the Zerops UI (the platform has no one-click restore); " + loadWay(svc.Type.VersionName, svc.Name)
}

// loadWay says with which tool a downloaded backup of host, a service of
// type typ ("postgresql@16", "postgresql:single@18"; "" when unknown), is
// loaded back (restoreWays).
func loadWay(typ, host string) string {
	name, _, _ := strings.Cut(strings.ToLower(typ), "@")
	name, _, _ = strings.Cut(name, ":")
	way, ok := restoreWays[name]
	if !ok {
		way = "load it with the service's own import tool (zerops_knowledge uri=zerops://docs/operations/backups)"
	}
	return strings.ReplaceAll(way, "<hostname>", host)
}

// retentionNote says how the platform keeps svc's backups; where its
// type's automatic backups are off until switched on (Valkey), that and
// where to switch them on.
func retentionNote(svc *platform.ServiceStack, l *platform.BackupList) string {
	auto := "no automatic backups"
	switch {
	case l.Period != "":
		auto = "automatic backups on schedule " + l.Period + " (UTC)"
	case platform.BackupsOffByDefault(svc.Type.VersionName):
		auto = fmt.Sprintf("no automatic backups: those of %s are off by default (its docs page); if %s holds data you need, switch them on in the Zerops GUI, the service's Backups List & Configuration",
			cmp.Or(svc.Type.VersionName, svc.Type.Name), svc.Name)
	}
	protected := ""
	if len(l.ProtectedTags) > 0 {
		protected = ", and every backup with a protected tag (" + listSome(l.ProtectedTags, ", ") + ")"
	}
	return fmt.Sprintf("%d backup(s); %s; kept: at least %d daily, %d weekly and %d monthly, at most %d in all%s.",
		len(l.Files), auto, l.MinDaily, l.MinWeekly, l.MinMonth, l.MaxFiles, protected)
}

// latestBackup is the newest of files (by time, else the last listed).
func latestBackup(files []platform.Backup) *platform.Backup {
	var best *platform.Backup
	for i := range files {
		if best == nil || !files[i].Created.Before(best.Created) {
			best = &files[i]
		}
	}
	return best
}

// copyBucketOut says how the files of the object storage host are kept:
// copied out of its S3-compatible bucket, not backed up by the platform.
func copyBucketOut(host string) string {
	return fmt.Sprintf("its files are in an S3-compatible bucket: copy them to storage of your own with an S3 client (rclone, aws s3 sync), "+
		"using its variables ${%[1]s_apiUrl}, ${%[1]s_bucketName}, ${%[1]s_accessKeyId} and ${%[1]s_secretAccessKey}.", host)
}

// deletionBackupNote names what of svc's data survives a deletion: its latest
// backup, that there is none and how to make one, or that its type has none.
// Empty for runtimes; a failing listing is named, never fatal.
func deletionBackupNote(ctx context.Context, c platform.Client, svc *platform.ServiceStack) string {
	if !platform.BacksUp(svc.Type.VersionName) {
		if svc.Type.Category == platform.CategoryUser {
			return ""
		}
		note := "The platform keeps no backups of " + svc.Type.VersionName + ": its data is gone with it."
		if svc.Type.Category == platform.CategoryObject { // walk 77: the way to keep the files came only at a backup
			note += " I" + copyBucketOut(svc.Name)[1:] // walk 82: "To keep the files, first: its files are …" read garbled
		}
		return note
	}
	list, err := c.ListBackups(ctx, svc.ID)
	if err != nil {
		return "Its backups could not be listed (" + err.Error() + "); check zerops_manage action=backups serviceHostname=" + svc.Name + " first."
	}
	b := latestBackup(list.Files)
	if b == nil {
		// Walk 86: "make one first" read as an order for a cache the user
		// called unused; whether its data matters is the user's to say.
		return svc.Name + " has no backup, so its data is gone with it; if that data matters, back it up first with zerops_manage action=backup serviceHostname=" + svc.Name + "."
	}
	when := ""
	if !b.Created.IsZero() {
		when = " of " + b.Created.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("Latest backup: %s%s (%d bytes); backups stay 7 days after the service is deleted.", b.Name, when, b.Size)
}
