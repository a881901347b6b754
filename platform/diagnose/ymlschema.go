package diagnose

// This file owns one family: zerops.yml's validation errors by the key
// path they name, and the fix renaming an unknown key to zerops.yml's own.

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// ymlSchemaLine is the validation of zerops.yml naming a key by its path
// (zerops[0].run, zerops.0.build.base, run.ports[0].httpSupport), as a
// JSON-schema validator words it, on a line of its own or a list's item;
// a file's name before the colon (build.sh:) is none (scriptFileLine).
const ymlSchemaLine = `^\s*([-*•]\s+)?(\[\w+\]\s*)?(zerops(\[\d+\]|\.\d+)(\.[\w-]+|\[\d+\])*|(build|run|deploy)(\.[\w-]+|\[\d+\])+):\s+(?i:(.*\b(additional propert(y|ies)|is not allowed|not allowed|is required|are required|unknown (field|key|property)|invalid type|must be|must have|does not match|is not one of|not supported)\b)|(invalid|unknown|required|missing|unsupported|expected|must)\b)`

// scriptFileLine is a line led by a file's name (run.sh:, build.gradle:),
// not a key's path.
const scriptFileLine = `^\s*([-*•]\s+)?\S*\.(sh|bash|js|cjs|mjs|ts|py|gradle|kts|rb|php|go|json|ya?ml|toml|lock|txt|log|bat|ps1|exs?|java|cs|rs):`

// ymlNotValid is a heading saying zerops.yml did not pass validation.
const ymlNotValid = `(?i)\bzerops\.ya?ml\b.{0,40}\b(is not valid|not valid|failed validation|validation failed|did not pass validation|failed to validate)`

// ymlSchemaRe reads ymlSchemaLine.
var ymlSchemaRe = lazyregexp.New(ymlSchemaLine)

// ymlSchemaContext is how many lines below the heading are read for the
// key paths it lists.
const ymlSchemaContext = 10

// noSchemaLineBelow reports whether no line shortly below the heading
// lines[n] names a key by its path: that line, naming what to change, is
// the better evidence.
func noSchemaLineBelow(lines []string, n int, _ string) bool {
	for i := n + 1; i < len(lines) && i <= n+ymlSchemaContext; i++ {
		if ymlSchemaRe.MatchString(stripStamp(stripANSI(lines[i]))) {
			return false
		}
	}
	return true
}

// ymlUnknownKey reads a key the validation does not know and the section
// it was under (gojsonschema's "additional property", Python jsonschema's
// "('x' was unexpected)", a decoder's "unknown field").
var ymlUnknownKey = lazyregexp.New(`(?i)(?:zerops(?:\[\d+\]|\.\d+)\.)?((?:build|run|deploy)(?:\.[\w-]+|\[\d+\])*):\s+(?:additional property "?([\w-]+)"? is not allowed|additional properties are not allowed \('([\w-]+)' was unexpected\)|unknown (?:field|key|property) "?([\w-]+)"?)`)

// ymlKeyNames maps keys often written for zerops.yml's own to those.
var ymlKeyNames = map[string]string{
	"startcommand": "start", "startcmd": "start", "command": "start", "cmd": "start",
	"buildcommand": "buildCommands", "build_commands": "buildCommands", "commands": "buildCommands",
	"deployfile": "deployFiles", "deploy_files": "deployFiles", "files": "deployFiles",
	"env": "envVariables", "envs": "envVariables", "environment": "envVariables", "envvars": "envVariables", "variables": "envVariables", "env_variables": "envVariables",
	"port": "ports", "initcommand": "initCommands", "init_commands": "initCommands", "preparecommand": "prepareCommands", "prepare_commands": "prepareCommands",
	"healthcheck": "healthCheck", "documentroot": "documentRoot", "document_root": "documentRoot", "readinesscheck": "readinessCheck",
}

// ymlKeyFix fits d, zerops-yml-invalid read from text, to a key the
// validation does not know: the key, where it is, and the name zerops.yml
// has for it when it is a known slip.
func (d *Diagnosis) ymlKeyFix(text string) {
	if d.Signal != "zerops-yml-invalid" {
		return
	}
	m := ymlUnknownKey.FindStringSubmatch(text)
	if m == nil {
		return
	}
	section, key := m[1], m[2]+m[3]+m[4]
	d.Cause = "zerops.yml has a key `" + key + "` under `" + section + "` that the platform's validation does not know, so the deploy stops before the build."
	if name, ok := ymlKeyNames[strings.ToLower(key)]; ok && name != key {
		d.Fix = "Rename `" + section + "." + key + "` to `" + section + "." + name + "` in zerops.yml (`zerops_validate` checks the file; `zerops_knowledge` on zerops.yml lists the keys), then deploy again."
		return
	}
	d.Fix = "Remove `" + key + "` from `" + section + "` in zerops.yml or correct its name (`zerops_validate` checks the file; `zerops_knowledge` on zerops.yml lists the keys), then deploy again."
}

// ymlSpecs are this family's rules.
var ymlSpecs = []ruleSpec{
	{build: "zerops-yml-invalid", runtime: "", keys: []string{"zerops[", "zerops.", "build.", "run.", "deploy."}, re: ymlSchemaLine, not: scriptFileLine},
	{build: "zerops-yml-invalid", runtime: "zerops-yml-invalid", keys: []string{"zerops.yml", "zerops.yaml"}, re: ymlNotValid, near: noSchemaLineBelow},
}
