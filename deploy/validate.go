package deploy

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Plan is a validated Request: every field is safe to place on a command line
// (and is single-quoted in the remote script anyway).
type Plan struct {
	Mode            string
	SourceService   string // SSH mode: the container to ssh into
	TargetServiceID string // the service zcli pushes to
	Setup           string // zerops.yml setup name, optional
	WorkingDir      string // remote (SSH) or local directory holding zerops.yml
}

var (
	serviceIDRe  = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	setupRe      = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	workingDirRe = regexp.MustCompile(`^[A-Za-z0-9/._-]+$`)
)

// maxWorkingDirLen bounds a working directory; real ones are far shorter.
const maxWorkingDirLen = 512

const modeHint = "Provide sourceService (SSH deploy: the hostname of the container holding the code, plus targetServiceId, optional setup and workingDir) or workingDir + serviceId (local deploy with the local zcli)."

// Validate detects the mode of req and checks every value that will reach a
// command line. Errors are *platform.PlatformError with code INVALID_PARAMETER
// (or INVALID_HOSTNAME for the source hostname) and never echo more than a
// short, quoted prefix of hostile input.
func Validate(req Request) (Plan, error) {
	switch {
	case req.SourceService != "":
		return validateSSH(req)
	case req.WorkingDir != "" && (req.ServiceID != "" || req.TargetServiceID != ""):
		return validateLocal(req)
	default:
		return Plan{}, platform.NewError(platform.ErrInvalidParameter,
			"deploy needs either sourceService or workingDir + serviceId", modeHint)
	}
}

func validateSSH(req Request) (Plan, error) {
	if err := platform.ValidateHostname(req.SourceService); err != nil {
		return Plan{}, fmt.Errorf("sourceService: %w", err)
	}
	target := req.TargetServiceID
	if target == "" {
		target = req.ServiceID
	}
	if target == "" {
		return Plan{}, platform.NewError(platform.ErrInvalidParameter,
			"targetServiceId is required for an SSH deploy",
			"Pass targetServiceId: the id of the service to push to (the source service's own id to deploy it onto itself).")
	}
	if err := checkServiceID("targetServiceId", target); err != nil {
		return Plan{}, err
	}
	if err := checkSetup(req.Setup); err != nil {
		return Plan{}, err
	}
	dir := req.WorkingDir
	if dir == "" {
		dir = DefaultWorkingDir
	}
	if err := checkWorkingDir(dir); err != nil {
		return Plan{}, err
	}
	return Plan{Mode: ModeSSH, SourceService: req.SourceService, TargetServiceID: target, Setup: req.Setup, WorkingDir: dir}, nil
}

func validateLocal(req Request) (Plan, error) {
	id := req.ServiceID
	if id == "" {
		id = req.TargetServiceID
	}
	if err := checkServiceID("serviceId", id); err != nil {
		return Plan{}, err
	}
	if err := checkSetup(req.Setup); err != nil {
		return Plan{}, err
	}
	if err := checkWorkingDir(req.WorkingDir); err != nil {
		return Plan{}, err
	}
	return Plan{Mode: ModeLocal, TargetServiceID: id, Setup: req.Setup, WorkingDir: req.WorkingDir}, nil
}

func checkServiceID(field, id string) error {
	if serviceIDRe.MatchString(id) {
		return nil
	}
	return platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("invalid %s %s", field, quoteForMessage(id)),
		"A service id is 1-64 characters of letters, digits, '_' and '-'; get it from zerops_discover.")
}

func checkSetup(setup string) error {
	if setup == "" || setupRe.MatchString(setup) {
		return nil
	}
	return platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("invalid setup %s", quoteForMessage(setup)),
		"setup is a zerops.yml setup name (e.g. \"dev\" or \"prod\"): 1-64 letters, digits, '_' or '-'; omit it to use the service's hostname.")
}

func checkWorkingDir(dir string) error {
	bad := func(why string) error {
		return platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("invalid workingDir %s: %s", quoteForMessage(dir), why),
			"workingDir is an absolute, clean path of letters, digits, '/', '.', '_' and '-' (default /var/www), with no '..'.")
	}
	switch {
	case len(dir) > maxWorkingDirLen:
		return bad("too long")
	case !workingDirRe.MatchString(dir):
		return bad("only letters, digits, '/', '.', '_' and '-' are allowed")
	case !strings.HasPrefix(dir, "/"):
		return bad("must be absolute")
	case path.Clean(dir) != dir: // an absolute clean path holds no '..' part
		return bad("must be a clean path (no '//', trailing '/', '.' or '..' parts)")
	}
	return nil
}

// quoteForMessage quotes hostile input (truncated) for an error message, so
// control characters and huge values never reach the agent raw.
func quoteForMessage(s string) string {
	const limit = 60
	r := []rune(s)
	if len(r) > limit {
		return fmt.Sprintf("%q…", string(r[:limit]))
	}
	return fmt.Sprintf("%q", s)
}

// shellQuote single-quotes s for a POSIX shell: inside single quotes nothing is
// special except the quote itself, which is closed, escaped and reopened.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
