package ops

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// IssuesError is a refusal that comes with its problems as {path, problem,
// fix} items, the shape a dry run answers; the mcp layer adds them to the
// error result. It unwraps to the PlatformError.
type IssuesError struct {
	*platform.PlatformError
	Problems []platform.Issue
	// Brief is the error's text for an answer that lists Problems beside it:
	// the message with each problem but not its fix, which Problems gives.
	// Empty: the message.
	Brief string
}

// Unwrap returns the PlatformError.
func (e *IssuesError) Unwrap() error { return e.PlatformError }

// apiIssues turns the platform's import problems into issues whose paths
// point into the file as the dry run's do ("services[1](db).mode"). The API
// names a field as "<hostname>.<field>", or gives it as the value of a
// "parameter" key; "reason" and "serviceStackTypeVersion" carry no path.
func apiIssues(problems []platform.APIProblem, planned []PlannedService) []platform.Issue {
	index := map[string]int{}
	for i, s := range planned {
		index[s.Hostname] = i
	}
	path := func(p string) string {
		host, field, ok := strings.Cut(p, ".")
		if i, known := index[host]; ok && known {
			return fmt.Sprintf("services[%d](%s).%s", i, host, field)
		}
		return p
	}
	var out []platform.Issue
	for _, p := range problems {
		if len(p.Metadata) == 0 {
			out = append(out, platform.Issue{Problem: p.Error, Fix: apiFix(p.Code, "")})
			continue
		}
		for key, reasons := range p.Metadata {
			switch key {
			case "parameter":
				for _, r := range reasons {
					out = append(out, platform.Issue{Path: path(r), Problem: p.Error, Fix: apiFix(p.Code, r)})
				}
			case "serviceStackTypeVersion": // the value is the type: point at the services using it
				for _, r := range reasons {
					found := false
					for i, s := range planned {
						if s.Type == r {
							out = append(out, platform.Issue{Path: fmt.Sprintf("services[%d](%s).type", i, s.Hostname),
								Problem: p.Error + ": " + r, Fix: apiFix(p.Code, key)})
							found = true
						}
					}
					if !found {
						out = append(out, platform.Issue{Problem: p.Error + ": " + r, Fix: apiFix(p.Code, key)})
					}
				}
			case "reason":
				out = append(out, platform.Issue{Problem: p.Error + ": " + strings.Join(reasons, "; "), Fix: apiFix(p.Code, key)})
			default:
				out = append(out, platform.Issue{Path: path(key), Problem: p.Error + ": " + strings.Join(reasons, "; "), Fix: apiFix(p.Code, key)})
			}
		}
	}
	return clipIssues(out)
}

// apiFix says what to write instead, by the API's code and the field.
func apiFix(code, field string) string {
	mode := strings.HasSuffix(field, ".mode")
	switch {
	case code == "projectImportMissingParameter" && mode:
		return "Add mode: NON_HA (or HA) to this service: a database, cache or shared storage whose type does not carry the mode needs one."
	case code == "projectImportInvalidParameter" && mode:
		return "Remove mode: this service type takes none (object storage), or use HA or NON_HA."
	case code == "serviceStackTypeNotFound" || strings.HasSuffix(field, ".type") || field == "serviceStackTypeVersion":
		return "Use a type and version from the live catalog (zerops_knowledge lists them), e.g. nodejs@22 or postgresql@16."
	case code == "yamlValidationInvalidYaml":
		return "Fix the YAML at the line named (indentation, a missing colon or quote); zerops_import with the import.yml as content and dryRun=true checks it."
	case code == "zeropsYamlInvalidParameter":
		return "Fix this zerops.yml field as the problem says; zerops_validate checks the file."
	}
	return "Change this field as the problem says and import again; zerops_import with the import.yml as content and dryRun=true checks the file."
}

// clipIssues bounds the issues and their texts, as the checker does.
func clipIssues(in []platform.Issue) []platform.Issue {
	if len(in) > platform.MaxIssues {
		in = in[:platform.MaxIssues]
	}
	for i := range in {
		in[i].Path = platform.Clip(in[i].Path, platform.MaxIssueText)
		in[i].Problem = platform.Clip(in[i].Problem, platform.MaxIssueText)
	}
	return in
}
