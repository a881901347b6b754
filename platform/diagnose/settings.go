package diagnose

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Pydantic reports a model it could not build with a header, `N validation
// error(s) for <Model>`, then per error the field's location on a line of
// its own and the message indented below it: v2 `Field required
// [type=missing, …]`, v1 `field required (type=value_error.missing)`.
// pydantic-settings' BaseSettings (pydantic.BaseSettings in v1) fill a
// model's fields from environment variables, so a settings model's missing
// field is a variable that is not set.
const pydanticReport = `\b\d+ validation errors? for ([A-Za-z_]\w*)`

var (
	pydanticHeader = lazyregexp.New(pydanticReport)
	// settingsFrame is a traceback frame of pydantic-settings (v2) or
	// pydantic's env_settings (v1): the model being built is a settings one.
	settingsFrame = lazyregexp.New(`pydantic_settings[/.]|pydantic[/.]env_settings\b|\bBaseSettings\.__init__`)
	// fieldLoc is a location line: a field, or a nested one (a.b, a -> b).
	fieldLoc = lazyregexp.New(`^[A-Za-z_][\w.]*( -> [\w.]+)*$`)
	// settingsParse is pydantic-settings failing to parse a variable's value
	// (a list or dict field reads JSON), v2 and v1.
	settingsParse = lazyregexp.New(`SettingsError: error parsing (?:value for field "([^"]+)" from source "\w*Env\w*"|env var "([^"]+)")`)
)

// settingsContext is how many lines above a pydantic report are read for a
// pydantic-settings frame: the traceback that raised it.
const settingsContext = 30

// settingsReport reports whether the pydantic report in line (lines[n]) is
// about a settings model: its name ends in Settings, as BaseSettings
// subclasses are named, or the traceback above it is in pydantic-settings.
func settingsReport(lines []string, n int, line string) bool {
	m := pydanticHeader.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	if strings.HasSuffix(m[1], "Settings") {
		return true
	}
	for i := n - 1; i >= 0 && i >= n-settingsContext; i-- {
		if settingsFrame.MatchString(lines[i]) {
			return true
		}
	}
	return false
}

// settingsFields reads the report whose header is lines[n]: the fields
// missing, and those whose value the model rejected.
func settingsFields(lines []string, n int) (missing, invalid []string) {
	loc := ""
	for _, raw := range lines[n+1:] {
		l := stripStamp(stripANSI(raw))
		t := strings.TrimSpace(l)
		switch {
		case t == "" || strings.HasPrefix(t, "For further information visit"):
			continue
		case l != t && loc != "": // the message under a location
			if strings.HasPrefix(strings.ToLower(t), "field required") {
				missing = append(missing, loc)
			} else {
				invalid = append(invalid, loc)
			}
			loc = ""
		case l == t && fieldLoc.MatchString(t):
			loc = t
		default:
			return missing, invalid
		}
	}
	return missing, invalid
}

// envName is the variable pydantic-settings reads a field from: the
// field's name (matched in any case; a nested field's is its top field's,
// or joined by the env_nested_delimiter the class sets).
func envName(field string) string {
	field, _, _ = strings.Cut(field, " -> ")
	field, _, _ = strings.Cut(field, ".")
	return strings.ToUpper(field)
}

// settingsFix names, in d (missing-env-variable read from lines[n]), the
// variables a pydantic-settings model lacks or could not parse.
func (d *Diagnosis) settingsFix(lines []string, n int, stage Stage) {
	line := stripStamp(stripANSI(lines[n]))
	where, then := "`run.envVariables` of zerops.yml (then deploy) or as a secret with `zerops_env` (then restart)", ""
	if stage == Build {
		where, then = "`build.envVariables` of zerops.yml", " The build sees neither `run.envVariables` nor secrets, except by reference with the RUNTIME_ prefix (NAME: ${RUNTIME_NAME}); then deploy again."
	}
	if m := settingsParse.FindStringSubmatch(line); m != nil {
		v := envName(m[1] + m[2])
		d.Cause = fmt.Sprintf("pydantic-settings could not parse the environment variable %s: a list, dict or model field reads its value as JSON.", v)
		d.Fix = fmt.Sprintf("Set %s to valid JSON (e.g. [\"a\",\"b\"] for a list) in %s.%s", v, where, then)
		return
	}
	h := pydanticHeader.FindStringSubmatch(line)
	if h == nil {
		return
	}
	missing, invalid := settingsFields(lines, n)
	names := func(fields []string) string {
		vs := make([]string, len(fields))
		for i, f := range fields {
			vs[i] = envName(f)
		}
		return strings.Join(vs, ", ")
	}
	switch {
	case len(missing) > 0:
		d.Cause = fmt.Sprintf("The settings class %s reads %s from the environment (pydantic-settings; any case, after the class's env_prefix if it sets one), and the app's environment does not set it.", h[1], names(missing))
		d.Fix = fmt.Sprintf("Set %s in %s; a reference like ${db_connectionString} needs the service named before the underscore to exist.%s", names(missing), where, then)
	case len(invalid) > 0:
		d.Cause = fmt.Sprintf("The settings class %s rejected the value of %s, read from the environment (pydantic-settings): the message under each field says what it expects.", h[1], names(invalid))
		d.Fix = fmt.Sprintf("Set %s to a value of the field's type in %s; a literal ${…} there is a reference that did not resolve.%s", names(invalid), where, then)
	default:
		d.Cause = fmt.Sprintf("The settings class %s (pydantic-settings) could not be built from the environment: a variable it reads is not set, or its value is rejected (the lines below the report name each field).", h[1])
		d.Fix = fmt.Sprintf("Set each variable the report names in %s.%s", where, then)
	}
}
