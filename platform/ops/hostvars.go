package ops

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// literalHostIssues warns of a run.envVariables host variable of another
// service (DB_HOST, REDIS_HOST) written as a literal that reaches none:
// localhost, the app's own container, where no other service runs on
// Zerops; or a bare hostname no service of the project has. The fix names
// the project's services of the kind the name says. A warning: the
// service may be imported before the app starts.
func literalHostIssues(ctx context.Context, proj Project, vars []envVarAt) []platform.Issue {
	type cand struct {
		v    envVarAt
		kind string // the word of the key that names a kind of service
		host string // the host the value names: the value, or its URL's host
	}
	var cands []cand
	for _, v := range vars {
		if host, kind := urlHost(v); kind != "" {
			cands = append(cands, cand{v, kind, host})
			continue
		}
		kind, val := platform.HostKeyKind(v.key), strings.TrimSpace(v.value)
		if kind == "" || !strings.Contains(v.path, ".run.envVariables.") || !yamlcheck.IsLoopbackHost(val) && !platform.IsHostLabel(val) {
			continue
		}
		if !noSMTP(vars, v) {
			cands = append(cands, cand{v, kind, val})
		}
	}
	if len(cands) == 0 {
		return nil
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	var names []string
	for _, s := range services {
		if !s.System {
			names = append(names, s.Name)
		}
	}
	slices.Sort(names)
	var out []platform.Issue
	for _, c := range cands {
		key, val := platform.Clip(c.v.key, 60), c.host
		if !yamlcheck.IsLoopbackHost(val) && slices.Contains(names, val) {
			continue
		}
		kin := hostKin(c.kind, val, services)
		problem := fmt.Sprintf("%s: %s is the app's own container, and on Zerops every other service runs in a container of its own, reached by its hostname: nothing answers there", key, val)
		if !yamlcheck.IsLoopbackHost(val) {
			problem = fmt.Sprintf("%s: the project has no service %q (services: %s), so the app gets a host that does not resolve", key, val, listSome(names, ", "))
		}
		set := "Set " + key + " to "
		if val != strings.TrimSpace(c.v.value) { // a URL's host
			set = "In " + key + ", replace the host " + val + " with "
		}
		fix := set + "the hostname of the service it means (the project's services: " + listSome(names, ", ") + ")."
		switch {
		case len(kin) > 0:
			fix = set + diagnose.KinHosts(kin) + "."
		case kindLabel(c.kind) != "":
			// Walk 82: SMTP_HOST: mailpit was sent to the project's services,
			// none of which speaks SMTP.
			with := "to"
			if val != strings.TrimSpace(c.v.value) {
				with = "with"
			}
			fix = "No service of the project is " + kindLabel(c.kind) + " (services: " + listSome(names, ", ") + "): import one (zerops_import) and " +
				strings.ToLower(set[:1]) + set[1:] + "its hostname, or " + with + " the host of one outside the project."
		}
		out = append(out, platform.Issue{Path: c.v.path, Problem: problem, Fix: fix})
	}
	return out
}

// kindLabel names the kind of service word (a key's or a scheme's) says:
// "a mail (SMTP) server", "a postgresql service"; "" when it is not known.
func kindLabel(word string) string {
	switch word {
	case "mail", "smtp":
		return "a mail (SMTP) server"
	case "queue", "broker":
		return "a message broker"
	case "search":
		return "a search engine"
	case "memcached":
		return "a memcached server"
	}
	family := platform.KinFamilies[word]
	if family == nil {
		return ""
	}
	if len(family) > 1 && word != "db" && word != "database" {
		return "a " + strings.Join(family[:len(family)-1], ", ") + " or " + family[len(family)-1] + " service"
	}
	if len(family) > 1 {
		return "a database (" + strings.Join(family[:len(family)-1], ", ") + " or " + family[len(family)-1] + ")"
	}
	return "a " + family[0] + " service"
}

// hostKin are the project's services a host variable means: those of the
// kind its key (or URL's scheme) says, kind a word of
// platform.KinFamilies, and the service of that name too (DB_HOST: db);
// those of the kind host names (postgres: the postgresql services), when
// any, instead.
func hostKin(kind, host string, services []platform.ServiceStack) []diagnose.Kin {
	kin := kindKin(kind, services)
	if !yamlcheck.IsLoopbackHost(host) {
		if k := kinOf(host, "", services); len(k) > 0 {
			kin = k
		}
	}
	return kin
}

// kindKin are those of services (not the system's) of the kind word, a
// key of platform.KinFamilies, says, each with its type.
func kindKin(word string, services []platform.ServiceStack) []diagnose.Kin {
	var kin []diagnose.Kin
	for _, s := range services {
		if !s.System && slices.Contains(platform.KinFamilies[word], kindWord(s.Type.VersionName)) {
			kin = append(kin, diagnose.Kin{Name: s.Name, Type: s.Type.VersionName})
		}
	}
	return kin
}

// urlHost is, for a run.envVariables value that is a connection URL whose
// scheme names a kind of service (postgresql://, redis://, mongodb+srv://)
// and whose host is a bare hostname (walk 81: @postgres:5432 with the
// database named db went unsaid), that host and the kind; kind "" else.
// platform.URLHost reads the URL, as the sandbox does.
func urlHost(v envVarAt) (host, kind string) {
	if !strings.Contains(v.path, ".run.envVariables.") {
		return "", ""
	}
	return platform.URLHost(v.value)
}

// mailerKeys name the mail transport (Laravel's MAIL_MAILER, older
// MAIL_DRIVER); a mailer other than smtp (log, array, ses, postmark…)
// reaches no mail host.
var mailerKeys = []string{"MAIL_MAILER", "MAIL_DRIVER"}

// noSMTP reports whether v is a MAIL_ host variable its setup does not
// read: the same run.envVariables set a mailer other than smtp.
func noSMTP(vars []envVarAt, v envVarAt) bool {
	if !strings.HasPrefix(v.key, "MAIL_") {
		return false
	}
	env, _, _ := strings.Cut(v.path, ".run.envVariables.")
	return slices.ContainsFunc(vars, func(o envVarAt) bool {
		at, _, _ := strings.Cut(o.path, ".run.envVariables.")
		val := strings.ToLower(strings.TrimSpace(o.value))
		return at == env && slices.Contains(mailerKeys, o.key) && val != "" && val != "smtp"
	})
}
