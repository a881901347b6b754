package ops

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// ExportResult is the project (or one service) as import YAML that
// zerops_import takes: services only, each secret a placeholder.
type ExportResult struct {
	YAML    string        `json:"yaml"`
	Secrets []string      `json:"secrets,omitempty"` // hostname.KEY of each placeholder to fill in
	Note    string        `json:"note,omitempty"`
	Next    platform.Step `json:"-"`
}

// Placeholder is what an exported secret's value becomes.
func Placeholder(key string) string { return "<fill in " + key + ">" }

// Export reads the platform's export of the project (hostname empty) or of
// one service and makes it importable and secret-free: the project section
// is dropped (an import into a project takes services only) and every
// secret value is replaced by a placeholder naming its key (a value made of
// references is no secret: it is kept).
func Export(ctx context.Context, proj Project, hostname string) (*ExportResult, error) {
	c, projectID := proj.Client, proj.ID
	var text string
	var err error
	if hostname != "" {
		svc, rerr := ResolveService(ctx, proj, hostname)
		if rerr != nil {
			return nil, rerr
		}
		text, err = c.ExportService(ctx, svc.ID)
	} else {
		text, err = c.ExportProject(ctx, projectID)
	}
	if err != nil {
		return nil, asPlatformError(err, "exporting")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, platform.NewError(platform.ErrAPIError, "the platform's export is not an import YAML mapping", "Retry; if it persists, write import.yml from zerops_discover.")
	}
	root := doc.Content[0]
	out := &ExportResult{}
	byName := map[string]platform.ServiceStack{}
	services, listErr := listServices(ctx, proj)
	for _, s := range services {
		byName[s.Name] = s
	}
	if listErr != nil {
		// What the services list completes is left as the platform wrote
		// it, and the answer says so: a runtime's shared-storage mount,
		// its scaling, a managed service's mode in the type form.
		out.Note = "The project's services could not be read (" + platform.Clip(platform.ErrorCode(listErr), 40) +
			"), so the export is not completed from them: a runtime's shared-storage `mount`, the scaling settings and the `:single`/`:ha` type form are only what the platform's export holds; " +
			"check them against zerops_discover before importing, or export again."
	}
	var kept []*yaml.Node
	var runtimes []string // the exported runtimes: the YAML carries none of their code
	var fromGit []string  // the exported runtimes with buildFromGit: built on import
	var data []string     // the exported services holding data: imported empty
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "project":
			out.Note = "The project section is left out: zerops_import adds services to the current project" + projectVarsNote(ctx, proj)
			continue
		case "services":
			for _, svc := range v.Content {
				if h := mapValue(svc, "hostname"); h != nil && holdsData(byName[h.Value]) {
					data = append(data, h.Value)
				}
				if h := mapValue(svc, "hostname"); h != nil && byName[h.Value].Type.Category == platform.CategoryUser {
					if g := mapValue(svc, "buildFromGit"); g != nil && g.Value != "" {
						fromGit = append(fromGit, h.Value) // the import builds it from its repository
					} else {
						runtimes = append(runtimes, h.Value)
					}
				}
				out.Secrets = append(out.Secrets, maskSecrets(svc)...)
				keepSettings(svc, byName)
				if note := keepStorage(ctx, proj, svc, byName); note != "" {
					out.Note = strings.TrimSpace(out.Note + " " + note)
				}
			}
			vars := exportedVars(ctx, proj, v.Content, byName)
			if note := goneRefsNote(ctx, proj, vars); note != "" {
				out.Note = strings.TrimSpace(out.Note + " " + note)
			}
			if note := leftOutRefsNote(v.Content, vars, byName); note != "" {
				out.Note = strings.TrimSpace(out.Note + " " + note)
			}
		}
		kept = append(kept, k, v)
	}
	root.Content = kept
	if note := runningChangesNote(ctx, proj, services, hostname); note != "" {
		out.Note = strings.TrimSpace(out.Note + " " + note)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, platform.NewError(platform.ErrInternal, "could not write the export", "Retry.")
	}
	out.YAML = buf.String()
	if len(out.Secrets) > 0 {
		out.Next = platform.Say("replace the placeholders of " + strings.Join(out.Secrets, ", ") + " with their values, then ")
	}
	out.Next = out.Next.Then(importWhere(hostname))
	if len(runtimes) > 0 {
		out.Next = out.Next.Say(" The YAML carries no code: once imported, deploy " + strings.Join(runtimes, ", ") + " (under the hostnames the import gives them) with ").Call("zerops_deploy")
		// Walk 82: "or it reaches these services" was said of a copy in
		// another project, whose references reach its own services only.
		if hostname != "" {
			out.Next = out.Next.Say("; a copy here under a new hostname needs a setup named after it, and its zerops.yml's ${host_KEY} references reach this project's services.")
		} else {
			out.Next = out.Next.Say("; its zerops.yml's ${host_KEY} references reach the services of the project it runs in, so under the same hostnames they need no change.")
		}
	}
	out.Next = out.Next.Then(noDataNote(data, byName, len(runtimes) > 0))
	if len(fromGit) > 0 {
		verb := " builds from its"
		if len(fromGit) > 1 {
			verb = " build from their"
		}
		said := " " + strings.Join(fromGit, ", ") + verb + " buildFromGit repository when imported: no deploy needed."
		if proj.Sandbox {
			said = " " + strings.Join(fromGit, ", ") + verb + " buildFromGit repository when imported on Zerops: no deploy needed there; " +
				"the sandbox builds nothing from git, so here deploy a local copy of the repository with zerops_deploy."
		}
		out.Next = out.Next.Say(said)
	}
	return out, nil
}

// holdsData reports whether svc keeps data an import does not carry: a
// managed service or a storage.
func holdsData(svc platform.ServiceStack) bool {
	switch svc.Type.Category {
	case platform.CategoryStandard, platform.CategoryShared, platform.CategoryObject:
		return true
	}
	return false
}

// noDataNote says that the data services of an export are imported empty
// and how their data moves (walk 86: an agent asked to copy the db would
// import the export and believe it had a copy): a backup loaded where the
// type keeps one, the bucket's files copied for object storage. No step
// when data is empty.
func noDataNote(data []string, byName map[string]platform.ServiceStack, either bool) platform.Step {
	if len(data) == 0 {
		return platform.Step{}
	}
	st := platform.Say(" The YAML carries no data: " + listSome(data, ", ") + " " + isAre(len(data)) + " created empty.")
	if either {
		st = platform.Say(" The YAML carries no data either: " + listSome(data, ", ") + " " + isAre(len(data)) + " created empty.")
	}
	var backed []string
	var bucket string
	for _, h := range data {
		switch svc := byName[h]; {
		case svc.Type.Category == platform.CategoryObject:
			bucket = h
		case platform.BacksUp(svc.Type.VersionName):
			backed = append(backed, h)
		}
	}
	if len(backed) > 0 {
		each := " back it up ("
		if len(backed) > 1 {
			each = " back up each ("
		}
		st = st.Say(" To move the data of "+listSome(backed, ", ")+":"+each).Call("zerops_manage", "action=backup", "serviceHostname="+backed[0]).
			Say(") and load the backup into the copy as zerops://docs/operations/backups shows.")
	}
	if bucket != "" {
		st = st.Say(" Copy " + bucket + "'s files from its bucket into the copy's with an S3 client (rclone, aws s3 sync).")
	}
	return st
}

// runningChangesNote says which changes of the project (of hostname's
// service, when given) have not ended: the export shows what is in force
// before they do (walk 76: a scale still PENDING was left out, silently).
// "" when none runs or the processes cannot be read.
func runningChangesNote(ctx context.Context, proj Project, services []platform.ServiceStack, hostname string) string {
	names := map[string]string{}
	var id string
	for _, s := range services {
		names[s.ID] = s.Name
		if s.Name == hostname {
			id = s.ID
		}
	}
	procs, ok := envProcesses(ctx, proj, id)
	if !ok {
		return ""
	}
	var running []string
	for _, p := range procs {
		if p.IsTerminal() || id != "" && p.ServiceStackID != id && !refersTo(p, id) {
			continue
		}
		what := string(p.ActionName)
		if n := names[p.ServiceStackID]; n != "" {
			what += " of " + n
		}
		if w := what + " (" + string(p.Status) + ", process " + p.ID + ")"; !slices.Contains(running, w) {
			running = append(running, w)
		}
	}
	if len(running) == 0 {
		return ""
	}
	return "Changes still running: " + strings.Join(running, ", ") + ". This export shows what was in force before they end; export again once they have ended (zerops_process with each processId and wait=true waits for it)."
}

// importWhere says where an export of the project (hostname empty) or of
// one service is imported: ZCP works in this project, which has each of
// its hostnames, so zerops_import here refuses them; another project's
// import takes it, and one service also here under a new hostname.
func importWhere(hostname string) platform.Step {
	if hostname != "" {
		return platform.Say("import it with ").Call("zerops_import").Say(" (dryRun: true first): here only after changing its hostname (" + hostname +
			" exists here), or as it is in another project, through a ZCP working there or `zcli project service-import <file>`.")
	}
	return platform.Say("import it into another project, which a ZCP working there does with ").Call("zerops_import").
		Say(" (dryRun: true first), or `zcli project service-import <file>`; not here: this project has each of its hostnames already. " +
			"To create a new project from it, put a `project:` block (its `name:`) above `services:` and use `zcli project project-import <file>` or the Zerops GUI's Import a project.")
}

// projectVarsNote ends the note on the project section: the keys of the
// project's own variables, which an import cannot carry (values left out:
// some are secrets), or how to set them when they cannot be read.
func projectVarsNote(ctx context.Context, proj Project) string {
	envs, err := proj.Client.GetProjectEnv(ctx, proj.ID)
	if err != nil {
		return " (set project variables with zerops_env action=set project=true)."
	}
	var keys []string
	for _, e := range envs {
		if e.Type != "SYSTEM" {
			keys = append(keys, e.Key)
		}
	}
	if len(keys) == 0 {
		return "; this project has no variables of its own."
	}
	return "; its variables " + strings.Join(keys, ", ") + " are not in this YAML: set them where you import it with zerops_env action=set project=true."
}

// maskSecrets replaces the values of a service's envSecrets and
// dotEnvSecrets, whatever their shape, with placeholders and returns
// hostname.KEY of each.
func maskSecrets(svc *yaml.Node) []string {
	if svc.Kind != yaml.MappingNode {
		return nil
	}
	host := ""
	if h := mapValue(svc, "hostname"); h != nil {
		host = h.Value
	}
	var keys []string
	for i := 0; i+1 < len(svc.Content); i += 2 {
		switch field := svc.Content[i].Value; field {
		case "envSecrets", "dotEnvSecrets":
			var named []string
			svc.Content[i+1], named = maskEnv(field, svc.Content[i+1])
			for _, k := range named {
				keys = append(keys, host+"."+k)
			}
		}
	}
	return keys
}

// maskEnv returns a copy of a secrets field with every value but references
// a placeholder, and the keys it masked: a map (KEY: value), a list of KEY=value lines or of
// maps, or one dotenv text (KEY=value lines). Anything else is replaced
// whole, named field[i].
func maskEnv(field string, v *yaml.Node) (*yaml.Node, []string) {
	if v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	var keys []string
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		return v, nil
	case v.Kind == yaml.MappingNode:
		out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for j := 0; j+1 < len(v.Content); j += 2 {
			key, val := v.Content[j].Value, v.Content[j+1]
			if val.Kind == yaml.ScalarNode && referencesOnly(val.Value) {
				out.Content = append(out.Content, v.Content[j], val)
				continue
			}
			out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key},
				&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: Placeholder(key)})
			keys = append(keys, key)
		}
		return out, keys
	case v.Kind == yaml.SequenceNode:
		out := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for j, item := range v.Content {
			if item.Kind == yaml.AliasNode && item.Alias != nil {
				item = item.Alias
			}
			switch key, val, ok := strings.Cut(item.Value, "="); {
			case item.Kind == yaml.ScalarNode && ok && referencesOnly(val):
				out.Content = append(out.Content, item)
			case item.Kind == yaml.MappingNode:
				m, named := maskEnv(field, item)
				out.Content = append(out.Content, m)
				keys = append(keys, named...)
			case item.Kind == yaml.ScalarNode && ok && strings.TrimSpace(key) != "":
				key = strings.TrimSpace(key)
				out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key + "=" + Placeholder(key)})
				keys = append(keys, key)
			default:
				name := fmt.Sprintf("%s[%d]", field, j)
				out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: Placeholder(name)})
				keys = append(keys, name)
			}
		}
		return out, keys
	}
	var lines []string
	for _, l := range strings.Split(v.Value, "\n") {
		if key, val, ok := strings.Cut(l, "="); ok && !strings.HasPrefix(strings.TrimSpace(l), "#") && strings.TrimSpace(key) != "" {
			if key = strings.TrimSpace(key); referencesOnly(val) {
				lines = append(lines, key+"="+strings.TrimSpace(val))
				continue
			}
			lines = append(lines, key+"="+Placeholder(key))
			keys = append(keys, key)
		}
	}
	if len(lines) == 0 && strings.TrimSpace(v.Value) != "" { // a value that is not KEY=value lines: all of it goes
		lines, keys = []string{Placeholder(field)}, []string{field}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: strings.Join(lines, "\n") + "\n", Style: yaml.LiteralStyle}, keys
}

// envRef is a reference to a variable: ${db_hostname}, ${appVersionId}.
var envRef = regexp.MustCompile(`\$\{[A-Za-z0-9_]+\}`)

// ownText is literal text long enough to be a secret of its own.
var ownText = regexp.MustCompile(`[A-Za-z0-9]{` + strconv.Itoa(platform.MinScrubbedSecret) + `,}`)

// referencesOnly reports whether an exported value is references, alone or
// joined by short literal text (a URL's scheme and punctuation): it holds
// no secret, and a placeholder would lose the wiring it is.
func referencesOnly(v string) bool {
	rest := envRef.ReplaceAllString(v, "")
	return rest != v && !ownText.MatchString(rest)
}
