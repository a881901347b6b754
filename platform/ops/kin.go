package ops

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// kinOf lists the project's services of the kind host names (a type or its
// usual word), or, when ZCP deleted host a moment ago, of the type it had
// (goneType, else ""), each with its type; none when the kind is unknown.
func kinOf(host, goneType string, services []platform.ServiceStack) []diagnose.Kin {
	family := platform.KinFamilies[strings.ToLower(host)]
	if family == nil {
		family = platform.KinFamilies[kinAffix(strings.ToLower(host))]
	}
	if goneType != "" {
		family = append(slices.Clone(family), kindWord(goneType))
	}
	var kin []diagnose.Kin
	for _, s := range services {
		if s.System || s.Name == host {
			continue
		}
		if slices.Contains(family, kindWord(s.Type.VersionName)) {
			kin = append(kin, diagnose.Kin{Name: s.Name, Type: s.Type.VersionName})
		}
	}
	return kin
}

// kinAffix is the longest word of platform.KinFamilies that host begins
// or ends with (apidb: db, pgmain: pg, rediscache: redis), or "": a
// hostname of its own often says the kind beside the app's name (at least two letters
// of it: dbb is a typo of db). Two-letter words other than db and pg end
// too many words (images: es) to say a kind.
func kinAffix(host string) string {
	best := ""
	for w := range platform.KinFamilies {
		short := len(w) < 3 && w != "db" && w != "pg" // es, s3: too common as a word's end
		if !short && (len(w) > len(best) || len(w) == len(best) && w < best) && len(host)-len(w) >= 2 && (strings.HasPrefix(host, w) || strings.HasSuffix(host, w)) {
			best = w
		}
	}
	return best
}

// deletedNote is a service ZCP deleted: its type (imp: as an import
// writes it) and the latest backup it had.
type deletedNote struct {
	typ, imp, backup string
	at               time.Time
}

// backupRetention is how long the platform keeps a deleted service's backups.
const backupRetention = 7 * 24 * time.Hour

// latestBackupName names svc's latest backup ("name of time"), or "".
func latestBackupName(ctx context.Context, c platform.Client, svc *platform.ServiceStack) string {
	if !platform.BacksUp(svc.Type.VersionName) {
		return ""
	}
	list, err := c.ListBackups(ctx, svc.ID)
	if err != nil || list == nil {
		return ""
	}
	b := latestBackup(list.Files)
	if b == nil {
		return ""
	}
	if b.Created.IsZero() {
		return b.Name
	}
	return b.Name + " of " + b.Created.UTC().Format(time.RFC3339)
}

// goneNote says that host was deleted a moment ago and names its latest
// backup, and says how to get it back; "", "" when ZCP did not delete it.
func goneNote(proj Project, host string) (note, recreate string) {
	n, ok := proj.Memory.deletedService(proj.ID, host)
	if !ok {
		return "", ""
	}
	s := host + " (" + n.typ + ") was deleted " + n.at.UTC().Format(time.RFC3339)
	if n.backup != "" {
		s += "; its latest backup is " + n.backup + " (kept 7 days)"
	} else {
		s += "; it left no backup"
	}
	return s, Recreate(host, n.imp, n.backup)
}

// Recreate says how to bring back host, a deleted service of type typ (as
// an import writes it: ImportType) whose latest backup is backup ("" for none): create it again, then
// restore the backup into it. The platform has no one-click restore.
func Recreate(host, typ, backup string) string {
	s := "create " + host + " again (zerops_import with hostname " + host
	if typ != "" {
		s += ", type " + typ
	}
	s += ")"
	if backup == "" {
		return s
	}
	name, _, _ := strings.Cut(backup, " of ")
	return s + ", then restore " + backupInto(name, typ, host)
}

// backupInto is what follows "restore" for the backup name of host, a
// service of type typ: where it is downloaded and with what it is loaded.
func backupInto(name, typ, host string) string {
	return "its backup " + name + " into it: download it in the Zerops UI, then " + loadWay(typ, host)
}

// kindWord is the type name of version name typ ("postgresql@16" → "postgresql").
func kindWord(typ string) string {
	base, _, _ := strings.Cut(typ, "@")
	return base
}

// recreatedNext is what created, hostnames an import just created, ask of
// the project: one ZCP deleted a moment ago comes back empty (its latest
// backup is what to restore into it), and the services whose variables
// reference one get its values only at their next start. rest are the
// hostnames the step does not name. types are the created services' types as
// the import writes them: a backup of another kind (PostgreSQL's, the
// hostname now MariaDB's) does not load into the new service.
func recreatedNext(ctx context.Context, proj Project, created []string, types map[string]string) (next platform.Step, rest []string) {
	restart := map[string]bool{}
	var refs, project []string
	for _, host := range created {
		named := false
		if n, ok := proj.Memory.deletedService(proj.ID, host); ok {
			named = true
			next = next.Say(host + " takes the hostname of the " + host + " deleted " + n.at.UTC().Format(time.RFC3339) + ", not its data: it starts empty. ")
			name, _, _ := strings.Cut(n.backup, " of ")
			newType := types[host]
			switch {
			case name != "" && platform.OtherKind(newType, n.typ):
				next = next.Say("It is a " + newType + ", the deleted one was a " + n.typ + ": its backup " + name +
					" does not load into it (kept 7 days, for a " + kindWord(n.typ) + " service). ")
			case name != "":
				next = next.Say("Restore " + backupInto(name, n.typ, host) + ". ")
			}
		}
		for _, r := range referencesTo(ctx, proj, host) {
			svc, _, _ := strings.Cut(r, " (")
			if slices.Contains(created, svc) {
				continue // created by this import too: it starts with the values
			}
			named = true
			refs = append(refs, r)
			if svc == "project" {
				project = append(project, r)
			} else {
				restart[svc] = true
			}
		}
		if !named {
			rest = append(rest, host)
		}
	}
	if len(refs) == 0 {
		return next, rest
	}
	next = next.Say("The variables referencing " + strings.Join(created, ", ") + " (" + strings.Join(refs, ", ") +
		") get the new values only when their services start again: ")
	names := slices.Sorted(maps.Keys(restart))
	for i, svc := range names {
		if i > 0 {
			next = next.Say(", ")
		}
		next = next.Call("zerops_manage", "action=restart", "serviceHostname="+svc)
	}
	if len(project) > 0 {
		if len(names) > 0 {
			next = next.Say("; ")
		}
		next = next.Say("project variables reach every service at its next restart")
	}
	return next.Say("."), rest
}

// kinVarKeys are the generated variables a variable's name may ask of a
// service, by the name's last word; the credentials only of the SQL
// databases, which generate them (zerops-platform facts: Generated).
var kinVarKeys = map[string]string{"HOST": "hostname", "HOSTNAME": "hostname", "PORT": "port", "USER": "user", "USERNAME": "user", "PASSWORD": "password", "PASS": "password"}

// kinVarOf reads name as another service's variable: the word of its kind
// (DB_HOST: "db") and the generated key it asks ("hostname"); "" when the
// name is not one.
func kinVarOf(name string) (word, key string) {
	first, last, ok := strings.Cut(name, "_")
	if !ok || strings.Contains(last, "_") {
		return "", ""
	}
	word, key = strings.ToLower(first), kinVarKeys[last]
	if platform.KinFamilies[word] == nil || key == "" {
		return "", ""
	}
	return word, key
}

// refForUnsetVars fits ds, svc's diagnoses, to a variable the app stopped
// without whose name asks another service's value (DB_HOST, DB_PASSWORD)
// where the project has one service of that kind that generates it: the
// fix gives the reference (${db_hostname}), not a value to guess.
func refForUnsetVars(ctx context.Context, proj Project, svc platform.ServiceStack, ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	var services []platform.ServiceStack
	for i := range ds {
		word, key := kinVarOf(ds[i].UnsetVariable())
		if key == "" {
			continue
		}
		if services == nil {
			all, err := listServices(ctx, proj)
			if err != nil {
				return ds
			}
			services = all
		}
		others := slices.DeleteFunc(slices.Clone(services), func(s platform.ServiceStack) bool { return s.ID == svc.ID })
		kin := kindKin(word, others)
		if len(kin) != 1 {
			continue
		}
		sql := slices.Contains([]string{"postgresql", "mariadb", "mysql"}, kindWord(kin[0].Type))
		if key != "hostname" && !sql {
			continue
		}
		whose := kin[0].Name + " is " + kin[0].Type
		if key == "password" {
			whose += "; the reference keeps the password out of the file"
		}
		ds[i].SetRef("${"+kin[0].Name+"_"+key+"}", whose)
	}
	return ds
}
