package ops

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// DeleteResult is the answer to a service deletion.
type DeleteResult struct {
	ServiceHostname string            `json:"serviceHostname"`
	ServiceID       string            `json:"serviceId"`
	Process         *platform.Process `json:"process,omitempty"`
	// Backup is the deleted service's latest backup ("name of time"), kept
	// after the deletion; "" when it has none.
	Backup string `json:"backup,omitempty"`
	// ReferencedBy names the variables that still reference the deleted
	// service, each service once ("app (DB_URL)", "app (DB_URL in
	// zerops.yml)", "app (DB_PASS as a service variable, DB_URL in zerops.yml)").
	ReferencedBy []string `json:"referencedBy,omitempty"`
	// HostNamedBy names the variables whose values name the deleted
	// service as a host (http://api:8080), as ReferencedBy does.
	HostNamedBy []string `json:"hostNamedBy,omitempty"`
	// Type is the deleted service's type, to create it again.
	Type string `json:"type,omitempty"`
	// ImportType is Type as an import writes it: a managed service's mode
	// in it (postgresql:single@16), so the import takes it without a warning.
	ImportType string `json:"-"`
}

// ImportType is svc's type as import.yml writes it: a managed service's
// mode as :single or :ha (postgresql:single@16), the form the docs prefer;
// any other service's version name as it is.
func ImportType(svc platform.ServiceStack) string {
	if svc.Type.Category != platform.CategoryStandard {
		return svc.Type.VersionName
	}
	typ, _ := withModeForm(svc.Type.VersionName, svc.Mode)
	return typ
}

// envSettleWait bounds how long a delete waits for ZCP's own variable
// changes still running before it reads which variables reference the
// service.
const envSettleWait = 15 * time.Second

// settleEnvChanges waits, bounded, for the variable changes ZCP made a
// moment ago that have not ended: the references a delete lists are read
// after them (walk 75c: API_HOST=${api_hostname}, set just before, was
// named only once api was gone). One it cannot read or that runs on is
// given up on.
func settleEnvChanges(ctx context.Context, proj Project) {
	for _, p := range recentProcesses(ctx, proj, nil) {
		if (p.ActionName == platform.ActionUpdateUserData || p.ActionName == platform.ActionUpdateProjectEnvs) && !p.IsTerminal() {
			_ = waitProcessEnd(ctx, proj.Client, p.ID, envSettleWait)
		}
	}
}

// Delete removes the service named hostname. Without confirm it does nothing
// and answers CONFIRM_REQUIRED: deletion cannot be undone.
func Delete(ctx context.Context, proj Project, hostname string, confirm bool) (*DeleteResult, error) {
	c, projectID := proj.Client, proj.ID
	svc, err := ResolveService(ctx, proj, hostname)
	if err != nil {
		return nil, err
	}
	settleEnvChanges(ctx, proj)
	if !confirm {
		msg := fmt.Sprintf("deleting %s needs confirm: true.", svc.Name)
		if note := deletionBackupNote(ctx, c, svc); note != "" {
			msg += " " + note
		}
		// Both kinds of variable are changed the same way: the fix is
		// stated once, after both lists.
		refs, named := referencesTo(ctx, proj, svc.Name), hostNamedBy(ctx, proj, svc.Name)
		var lists []string
		if len(refs) > 0 {
			lists = append(lists, "Variables that reference "+svc.Name+" stop resolving (their apps get the literal text): "+strings.Join(refs, ", "))
		}
		if len(named) > 0 {
			lists = append(lists, "Variables that name "+svc.Name+" as a host reach nothing once it is gone: "+strings.Join(named, ", "))
		}
		if len(lists) > 0 {
			msg += " " + strings.Join(lists, ". ") + "; change them (" + RefsChange(append(slices.Clone(refs), named...)) + ") or keep the service."
		} else {
			// walk 80: with nothing said, the agent scanned every
			// service's variables itself to learn that none used it.
			msg += " No variable of another service or of the project references " + svc.Name + " or names it as a host (code that names it itself is not seen here)."
		}
		if by := mountedBy(ctx, proj, svc.Name); len(by) > 0 {
			msg += " " + listSome(by, ", ") + " mount" + map[bool]string{true: "s", false: ""}[len(by) == 1] + " " + svc.Name + " at /mnt/" + svc.Name +
				": its files go with it; copy what they need elsewhere first or keep the service."
		}
		return nil, platform.NewError(platform.ErrConfirmRequired, msg,
			"Deletion is permanent (data included). Ask the user, then call again with confirm: true.")
	}
	backup := latestBackupName(ctx, c, svc)
	refs, named := referencesTo(ctx, proj, svc.Name), hostNamedBy(ctx, proj, svc.Name)
	proc, err := c.DeleteService(ctx, svc.ID)
	if err != nil {
		return nil, asPlatformError(err, "deleting "+svc.Name)
	}
	proj.noteChange(svc.ID, proc)
	proj.Memory.noteDeleted(projectID, svc, backup)
	return &DeleteResult{ServiceHostname: svc.Name, ServiceID: svc.ID, Process: proc, Backup: backup, ReferencedBy: refs, HostNamedBy: named, Type: svc.Type.VersionName, ImportType: ImportType(*svc)}, nil
}

// mountedBy names the project's services that mount hostname, a shared
// storage (their connections, as the service list carries them).
func mountedBy(ctx context.Context, proj Project, hostname string) []string {
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range services {
		if slices.Contains(s.Mounts, hostname) {
			out = append(out, s.Name)
		}
	}
	return out
}

// The words of a varsWhere entry that say where its keys are set, when
// some are in the service's zerops.yml.
const (
	inYml         = " in zerops.yml)"
	asServiceVar  = " as a service variable"
	asServiceVars = " as service variables"
)

// placesText is what varsWhere says of one service's keys: its own
// variables' (own) and its zerops.yml's (yml), both places in one entry so
// the service is named once: "DB_PASS as a service variable, DATABASE_URL
// in zerops.yml". "" when neither has a key.
func placesText(own, yml []string) string {
	switch {
	case len(yml) == 0:
		return strings.Join(own, ", ")
	case len(own) == 0:
		return strings.Join(yml, ", ") + strings.TrimSuffix(inYml, ")")
	}
	as := asServiceVar
	if len(own) > 1 {
		as = asServiceVars
	}
	return strings.Join(own, ", ") + as + ", " + strings.Join(yml, ", ") + strings.TrimSuffix(inYml, ")")
}

// RefsChange is where the variables referencesTo names (refs) are
// changed: service and project variables with zerops_env, those of a
// deployed zerops.yml there, then with a deploy.
func RefsChange(refs []string) string {
	yml, env := false, false
	for _, r := range refs {
		inFile := strings.HasSuffix(r, inYml)
		yml = yml || inFile
		env = env || !inFile || strings.Contains(r, asServiceVar) || strings.Contains(r, asServiceVars)
	}
	switch {
	case yml && env:
		return "zerops_env; those in zerops.yml there, then zerops_deploy"
	case yml:
		return "in zerops.yml, then zerops_deploy"
	}
	return "zerops_env"
}

// referencesTo names the variables of the project's other services, and
// the project's own, whose values reference ${hostname_…}: "app (DB_URL)",
// "app (DB_URL in zerops.yml)" for run.envVariables of the deployed
// zerops.yml (as the platform lists them, or as ZCP last deployed it),
// "project (CACHE_URL)". A service
// whose variables cannot be read is passed over.
func referencesTo(ctx context.Context, proj Project, hostname string) []string {
	return varsWhere(ctx, proj, hostname, referencing(hostname))
}

// referencing reports of a variable (key, value) whether its value holds a
// reference ${hostname_…}.
func referencing(hostname string) func(key, value string) bool {
	return func(_, v string) bool {
		return slices.ContainsFunc(envRefRe.FindAllStringSubmatch(v, -1), func(m []string) bool {
			host, _ := refParts(m)
			return host == hostname
		})
	}
}

// hostNamedBy names, as referencesTo does, the variables whose values
// name hostname as a host (see namesHost): no reference, so nothing
// resolves, but the host they name is gone with the service.
func hostNamedBy(ctx context.Context, proj Project, hostname string) []string {
	return varsWhere(ctx, proj, hostname, namesHost(hostname))
}

// namesHost reports of a variable (key, value) whether its value names
// hostname as a host (http://api:8080, db:5432, user@db/x, the bare
// hostname). A value that is the bare hostname alone names the host only
// under a key that says so (REDIS_HOST: redis); Laravel's CACHE_STORE:
// redis names a driver.
func namesHost(hostname string) func(key, value string) bool {
	re := regexp.MustCompile(`(^|://|@|[\s=,;])` + regexp.QuoteMeta(hostname) + `(:\d+|/|$|[\s,;?])`)
	return func(k, v string) bool {
		if strings.TrimSpace(v) == hostname {
			return hostKeyWord.MatchString(k)
		}
		return re.MatchString(v)
	}
}

// hostKeyWord is a variable name that says its value is a host. It is
// broader than hostvars.go's hostKeyRe on purpose: a delete names every
// variable a bare hostname value may reach (REDIS_HOST, KAFKA_BROKERS,
// CACHE_URL), whatever the kind, in any case; hostKeyRe keeps to
// <KIND>_HOST keys, whose kind names the fix.
var hostKeyWord = regexp.MustCompile(`(?i)(HOST|HOSTNAME|HOSTS|SERVER|SERVERS|ADDR|ADDRESS|ENDPOINT|NODES?|BROKERS?|CLUSTER|URL|URI|DSN)(_|$)`)

// varsWhere names the variables of the project's other services (their
// own, their zerops.yml's) and the project's whose values match.
func varsWhere(ctx context.Context, proj Project, hostname string, match func(key, value string) bool) []string {
	c, projectID := proj.Client, proj.ID
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	keysWith := func(envs []platform.EnvVar) []string {
		var keys []string
		for _, e := range envs {
			if match(e.Key, e.Content) {
				keys = append(keys, e.Key)
			}
		}
		return keys
	}
	var out []string
	for _, s := range services {
		if s.System || s.Name == hostname {
			continue
		}
		// The zerops.yml's variables: those the platform lists (type ENV)
		// and those of the zerops.yml ZCP last deployed, each key once.
		var ownKeys, ymlKeys []string
		if envs, err := c.GetServiceEnv(ctx, s.ID); err == nil {
			ownKeys = keysWith(slices.DeleteFunc(slices.Clone(envs), fromZeropsYml))
			ymlKeys = keysWith(slices.DeleteFunc(envs, func(e platform.EnvVar) bool { return !fromZeropsYml(e) }))
		}
		if yml, ok := proj.Memory.deployedEnv(projectID, s.ID); ok {
			for k, v := range yml {
				if match(k, v) {
					ymlKeys = append(ymlKeys, k)
				}
			}
		}
		slices.Sort(ymlKeys)
		if entry := placesText(ownKeys, slices.Compact(ymlKeys)); entry != "" {
			out = append(out, s.Name+" ("+entry+")")
		}
	}
	if envs, err := c.GetProjectEnv(ctx, projectID); err == nil {
		if keys := keysWith(envs); len(keys) > 0 {
			out = append(out, "project ("+strings.Join(keys, ", ")+")")
		}
	}
	return out
}
