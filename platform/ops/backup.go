package ops

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Backup actions of Manage.
const (
	ActionBackup  ManageAction = "backup"
	ActionBackups ManageAction = "backups"
)

// backupAction creates a backup of svc (ActionBackup) or lists its backups,
// filling res; a type the platform does not back up is refused by name.
func backupAction(ctx context.Context, c platform.Client, svc *platform.ServiceStack, res *ManageResult) error {
	if !platform.BacksUp(svc.Type.VersionName) {
		return platform.NewError(platform.ErrInvalidUsage,
			fmt.Sprintf("%s (%s) has no platform backups: Zerops backs up only %s", svc.Name, svc.Type.VersionName, platform.BackedUpTypes()),
			"Keep this service's state in a backed-up service (e.g. a database or shared storage), or in the repository it deploys from.")
	}
	var before map[string]bool // the backups stored before this one
	if res.Action == ActionBackup {
		if l, err := c.ListBackups(ctx, svc.ID); err == nil {
			before = map[string]bool{}
			for _, f := range l.Files {
				before[f.Name] = true
			}
		}
		if err := c.CreateBackup(ctx, svc.ID); err != nil {
			return asPlatformError(err, "backing up "+svc.Name)
		}
	}
	list, err := c.ListBackups(ctx, svc.ID)
	if err != nil {
		return asPlatformError(err, "listing backups of "+svc.Name)
	}
	res.Backups = list.Files
	res.Restore = restoreWay(svc.Type.VersionName)
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
		res.Notes = append(res.Notes, note)
	}
	res.Notes = append(res.Notes, retentionNote(list))
	return nil
}

// restoreWay says how a backup of a service of typeVersion is restored:
// in the Zerops UI, but ClickHouse's (its knowledge page) with RESTORE ALL
// FROM S3 or by the Zerops team.
func restoreWay(typeVersion string) string {
	if name, _, _ := strings.Cut(strings.ToLower(typeVersion), "@"); strings.HasPrefix(name, "clickhouse") {
		return "download it in the Zerops UI; a ClickHouse backup is restored by unpacking the archive into an S3 bucket " +
			"(an object-storage service works) and running RESTORE ALL FROM S3('<url>', '<access key>', '<secret>') as the super user, " +
			"or by asking the Zerops team to place it on the container"
	}
	return "restore and download are in the Zerops UI"
}

// retentionNote says how the platform keeps a service's backups.
func retentionNote(l *platform.BackupList) string {
	auto := "no automatic backups"
	if l.Period != "" {
		auto = "automatic backups on schedule " + l.Period + " (UTC)"
	}
	return fmt.Sprintf("%d backup(s); %s; kept: at least %d daily, %d weekly and %d monthly, at most %d in all.",
		len(l.Files), auto, l.MinDaily, l.MinWeekly, l.MinMonth, l.MaxFiles)
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

// deletionBackupNote names what of svc's data survives a deletion: its latest
// backup, that there is none and how to make one, or that its type has none.
// Empty for runtimes; a failing listing is named, never fatal.
func deletionBackupNote(ctx context.Context, c platform.Client, svc *platform.ServiceStack) string {
	if !platform.BacksUp(svc.Type.VersionName) {
		if svc.Type.Category == platform.CategoryUser {
			return ""
		}
		return "The platform keeps no backups of " + svc.Type.VersionName + ": its data is gone with it."
	}
	list, err := c.ListBackups(ctx, svc.ID)
	if err != nil {
		return "Its backups could not be listed (" + err.Error() + "); check zerops_manage action=backups serviceHostname=" + svc.Name + " first."
	}
	b := latestBackup(list.Files)
	if b == nil {
		return svc.Name + " has no backup: make one first with zerops_manage action=backup serviceHostname=" + svc.Name + "."
	}
	when := ""
	if !b.Created.IsZero() {
		when = " of " + b.Created.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("Latest backup: %s%s (%d bytes); backups stay 7 days after the service is deleted.", b.Name, when, b.Size)
}
