package yamlcheck

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/schema"
)

// ImportContext is what a service import is checked against besides its text.
type ImportContext struct {
	// Catalog is the live type catalog; empty: types and versions are not checked.
	Catalog *platform.Catalog
	// Existing lists the project's services, read after the structure is
	// checked; nil or an error: hostnames are not checked.
	Existing func() ([]platform.ServiceStack, error)
	// Schemas are the platform's published schemas; nil: not fetched.
	Schemas *schema.Set
}

// ImportService is one service entry of an import.yml.
type ImportService struct {
	Path      string // "services[i](hostname)"
	Hostname  string
	Type      string
	Mode      string
	Subdomain bool     // enableSubdomainAccess: true
	Mount     []string // the hostnames its mount: lists
	Git       bool     // buildFromGit names a repository
	Override  bool     // override: true
	// Redeploys: the project has a runtime of this hostname, which
	// override: true keeps and has redeployed instead of a new service.
	Redeploys bool
}

// ImportReport is the verdict on an import.yml for a service import: every
// service entry, and every problem and warning (never nil).
type ImportReport struct {
	Services         []ImportService
	HostnamesChecked bool
	SchemaChecked    bool // against the platform's published schema
	Problems         []platform.Issue
	Warnings         []platform.Issue
}

// CheckImport checks an import.yml for a service import: structure, each
// type and version against in.Catalog, and hostnames against the project's.
// Every check runs whatever an earlier one found. An error is returned only
// when content cannot be read at all (empty, too large, not YAML).
func CheckImport(content string, in ImportContext) (*ImportReport, error) {
	root, err := decodeYAML(content)
	if err != nil {
		return nil, err
	}
	var ch checker
	if sch := in.Schemas.ImportYml(); sch != nil {
		if err := bySchema(&ch, sch, content); err != nil {
			return nil, err
		}
	}
	services := checkImportYml(&ch, root, true)
	preprocessorOff(&ch, content, root)
	if in.Catalog != nil && !in.Catalog.Empty() {
		for _, s := range services {
			if s.Type != "" {
				checkCatalogType(&ch, in.Catalog, s)
			}
		}
	}
	rep := &ImportReport{Services: services, SchemaChecked: ch.bySchema}
	var existing []platform.ServiceStack
	if in.Existing != nil {
		var err error
		if existing, err = in.Existing(); err == nil {
			rep.HostnamesChecked = true
			checkHostnamesFree(&ch, services, existing)
		}
	}
	checkMounts(&ch, services, existing, rep.HostnamesChecked)
	if m, ok := root.(map[string]any); ok && m["project"] != nil {
		// The project: section goes whole (its problem says so): an issue
		// inside it would name a fix for what goes.
		inProject := func(i platform.Issue) bool { return strings.HasPrefix(i.Path, "project.") }
		ch.errors, ch.warnings = slices.DeleteFunc(ch.errors, inProject), slices.DeleteFunc(ch.warnings, inProject)
	}
	ch.oneCausePerPath()
	// A refused value goes, replaced as its problem's fix says: a warning
	// on it would name a fix for what goes (redis@7 → redis:single@7).
	ch.warnings = slices.DeleteFunc(ch.warnings, func(w platform.Issue) bool {
		return slices.ContainsFunc(ch.errors, func(e platform.Issue) bool { return e.Path == w.Path })
	})
	ch.finish()
	rep.Problems, rep.Warnings = nonNilIssues(ch.errors), nonNilIssues(ch.warnings)
	return rep, nil
}

// checkCatalogType checks one service's type against the live catalog; a
// malformed type was already reported by the structural check.
func checkCatalogType(ch *checker, cat *platform.Catalog, s ImportService) {
	if _, err := platform.ParseServiceType(s.Type); err != nil {
		return
	}
	chk := cat.Check(s.Type)
	if !chk.OK {
		ch.errf(s.Path+".type", "%s: %s", platform.Clip(s.Type, 60), chk.Problem).Fix = chk.Fix
		return
	}
	if chk.Note != "" && chk.Parsed.OS == "alpine" {
		ch.warnf(s.Path+".type", "%s", chk.Note).Fix = "Write the type without alpine/ and set os: ubuntu in the build and run sections of zerops.yml."
	}
	// A managed type the offline list does not know still needs its mode.
	if chk.Type.Category == platform.CategoryStandard && !slices.Contains(managedTypes, chk.Parsed.Name) && chk.Parsed.Mode == "" && s.Mode == "" {
		missingMode(ch, s.Path, s.Type, chk.Parsed)
	}
}

// checkHostnamesFree reports hostnames the project already uses; one whose
// service is being deleted is only a warning (the import waits for it). A
// runtime's is taken by override: true (services[i].Redeploys): the import
// reference says the platform then redeploys the existing runtime.
func checkHostnamesFree(ch *checker, services []ImportService, existing []platform.ServiceStack) {
	byName := map[string]platform.ServiceStack{}
	for _, s := range existing {
		byName[s.Name] = s
	}
	var taken []ImportService // the plain collisions, said once for all (walk 81)
	for i, s := range services {
		old, ok := byName[s.Hostname]
		switch {
		case !ok || s.Hostname == "":
		case old.Status == platform.ServiceDeleting:
			ch.warnf(s.Path+".hostname", "%q is still being deleted", s.Hostname).Fix = "Nothing to do: the import waits for the deletion to finish."
		case s.Override && Overridable(old):
			services[i].Redeploys = true
			if s.Type != "" && !platform.VersionWithin(s.Type, old.Type.VersionName) {
				// Undocumented: the platform may refuse it or redeploy
				// the runtime as it is; ZCP does not know which.
				ch.warnf(s.Path+".type", "override: true redeploys the existing %s, a %s, and this import says %s: the import reference does not say whether a redeploy changes a runtime's type",
					s.Hostname, old.Type.VersionName, platform.Clip(s.Type, 60)).Fix = fmt.Sprintf(
					"Write type: %s to redeploy %s as the type it is; for a %s service give it another hostname (and move the references to it); or import as it is and check %s's type with zerops_discover afterwards.",
					old.Type.VersionName, s.Hostname, platform.Clip(s.Type, 60), s.Hostname)
			}
		case s.Override:
			p := ch.errf(s.Path+".hostname", "%q already exists in the project as a %s, a managed service, and override: true works only for runtime services (the import reference)", s.Hostname, old.Type.VersionName)
			p.Fix = fmt.Sprintf("Remove override: true (it replaces runtime services only) and reuse the existing %s: drop it from the import and wire to it by hostname; or give the new service another hostname.", s.Hostname)
			if platform.OtherKind(s.Type, old.Type.VersionName) {
				p.Fix = fmt.Sprintf("Give the new service another hostname and change the references to it (${%s_...} in zerops.yml and the import) to that hostname; override replaces runtime services only, and the existing one is a %s.", s.Hostname, old.Type.VersionName)
			}
		case platform.OtherKind(s.Type, old.Type.VersionName):
			// A recipe's db (postgresql) over the project's db (mariadb):
			// reusing it would wire the app to the wrong engine.
			ch.errf(s.Path+".hostname", "%q already exists in the project as a %s, not the %s this import wants", s.Hostname, old.Type.VersionName, s.Type).Fix = fmt.Sprintf(
				"Give the new service another hostname and change the references to it (${%s_...} in zerops.yml and the import) to that hostname; the existing %s cannot stand in for a %s.", s.Hostname, s.Hostname, s.Type)
		default:
			taken = append(taken, s)
		}
	}
	takenHostnames(ch, taken, byName, len(services))
}

// takenHostnames says the hostnames of taken, the import's services whose
// hostname a service of the same kind holds (byName), are in use: one error
// for each alone, one for all when several (walk 81: a project's own
// export, dry-run here, said the same fix eight times); of services, the
// import's count, all taken reads as an export of this project.
func takenHostnames(ch *checker, taken []ImportService, byName map[string]platform.ServiceStack, services int) {
	if len(taken) > 1 {
		names := make([]string, len(taken))
		for i, s := range taken {
			names[i] = strconv.Quote(s.Hostname)
		}
		fix := "Reuse the existing services: drop them from the import and deploy to them or wire to them by hostname; or give the new services other hostnames."
		if slices.ContainsFunc(taken, func(s ImportService) bool { return s.Git && Overridable(byName[s.Hostname]) }) {
			fix += " A runtime with buildFromGit may instead take override: true, for the platform to redeploy the existing one from it (runtimes only)."
		}
		if len(taken) == services {
			fix += " Every service of this import exists here already: an export of this project is imported into another project, not this one."
		}
		ch.errf(taken[0].Path+".hostname", "%s already exist in the project", platform.JoinClipped(names, ", ", 300)).Fix = fix
		return
	}
	for _, s := range taken {
		// A managed service (a database, storage) takes no deploy:
		// reusing it is wiring to it.
		old := byName[s.Hostname]
		fix := fmt.Sprintf("Reuse the existing %s: drop it from the import and wire to it by hostname; or give the new service another hostname.", s.Hostname)
		if Overridable(old) {
			fix = fmt.Sprintf("Reuse the existing %s: drop it from the import and deploy to it or wire to it by hostname; or give the new service another hostname.", s.Hostname)
		}
		if Overridable(old) && s.Git { // without code the redeploy has nothing to build
			fix += fmt.Sprintf(" Or, to have the platform redeploy the existing runtime %s from this import's buildFromGit, add override: true to it (the import reference: runtimes only).", s.Hostname)
		}
		ch.errf(s.Path+".hostname", "%q already exists in the project", s.Hostname).Fix = fix
	}
}

// Overridable reports whether an import's override: true takes the hostname
// of s: the import reference says override works for runtime services only
// (without its category, s is judged by its type's name).
func Overridable(s platform.ServiceStack) bool {
	if s.Type.Category != "" {
		return s.Type.Category == platform.CategoryUser
	}
	k := platform.Kind(s.Type.VersionName)
	return k != "" && !slices.Contains(managedTypes, k)
}

func nonNilIssues(l []platform.Issue) []platform.Issue {
	if l == nil {
		return []platform.Issue{}
	}
	return l
}

// checkMounts warns of a mount that can mount nothing: one naming a service
// that is no shared storage, or (with the project's services known) one
// that neither the file nor the project has. The facts do not say the
// platform refuses either, so these are warnings, not problems.
func checkMounts(ch *checker, services []ImportService, existing []platform.ServiceStack, projectKnown bool) {
	inFile := map[string]string{}
	for _, s := range services {
		if t, err := platform.ParseServiceType(s.Type); err == nil && s.Hostname != "" {
			inFile[s.Hostname] = t.Name
		}
	}
	inProject := map[string]platform.ServiceStack{}
	for _, s := range existing {
		if !s.System {
			inProject[s.Name] = s
		}
	}
	const fix = "List in mount: only shared-storage hostnames (type shared-storage, in this import or already in the project); a database or object storage is reached over the network by its hostname."
	for _, s := range services {
		if len(s.Mount) > 0 && !s.Git {
			// The import reference: mount needs buildFromGit; the
			// shared-storage guide: a runtime waiting for code at import
			// does not pick the mount up. Whether the import is refused
			// for it the facts do not say.
			ch.warnf(s.Path+".mount", "mount without buildFromGit: the docs say a runtime imported without code does not get the mount").Fix =
				"Add buildFromGit (the app's repository) to mount it at import; or, once the runtime is deployed, connect the storage in the GUI (the shared storage's connections) and deploy the runtime again."
		}
		for _, m := range s.Mount {
			typ, known := inFile[m]
			if !known {
				if old, ok := inProject[m]; ok {
					typ, known = old.Type.Name, true
					if old.Type.Category == platform.CategoryShared {
						typ = "shared-storage"
					}
				}
			}
			switch {
			case !known && projectKnown:
				ch.warnf(s.Path+".mount", "no service %q in this import or the project: it mounts nothing", platform.Clip(m, 40)).Fix =
					"Add the shared-storage service to this import (type: shared-storage, mode: NON_HA) or fix the hostname. " + fix
			case known && !slices.Contains(storageTypes[2:], strings.ToLower(typ)):
				ch.warnf(s.Path+".mount", "%q is a %s service, and only shared storage can be mounted", platform.Clip(m, 40), platform.Clip(typ, 40)).Fix = fix
			}
		}
	}
}
