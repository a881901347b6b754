package yamlcheck

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/schema"
)

// Document kinds the validators know.
const (
	KindZeropsYml = "zerops.yml"
	KindImportYml = "import.yml"
)

// ValidationResult is the verdict of a validation. VersionsChecked says
// whether bases and types were checked against the live catalog,
// SchemaChecked whether the document was checked against the platform's
// published schema (else by ZCP's own structural checks only).
type ValidationResult struct {
	Kind            string           `json:"kind"`
	Valid           bool             `json:"valid"`
	VersionsChecked bool             `json:"versionsChecked"`
	SchemaChecked   bool             `json:"schemaChecked"`
	Errors          []platform.Issue `json:"errors,omitempty"`
	Warnings        []platform.Issue `json:"warnings,omitempty"`
}

// Validate checks content offline as kind ("zerops.yml", "import.yml", or ""
// to detect it from the top-level keys). Problems in the document are
// reported in the result; an error is returned only when the input cannot be
// validated at all (too large, not YAML, kind unknown).
func Validate(content, kind string) (*ValidationResult, error) {
	return ValidateWith(content, kind, Live{})
}

// ValidateWith validates as Validate does and, with in, checks the bases of
// a zerops.yml (the types of an import.yml) against the live catalog and the
// HTTP ports of setups whose service is reached over its subdomain.
func ValidateWith(content, kind string, in Live) (*ValidationResult, error) {
	root, err := decodeYAML(content)
	if err != nil {
		return nil, err
	}
	kind = normalizeKind(kind)
	if kind == "" {
		kind = DetectKind(root)
	}
	var c checker
	sch := in.Schemas.ZeropsYml()
	if kind == KindImportYml {
		sch = in.Schemas.ImportYml()
	}
	if sch != nil && (kind == KindZeropsYml || kind == KindImportYml) {
		if err := bySchema(&c, sch, content); err != nil {
			return nil, err
		}
	}
	switch kind {
	case KindZeropsYml:
		checkZeropsYml(&c, root, content, in)
	case KindImportYml:
		preprocessorOff(&c, content, root)
		for _, s := range checkImportYml(&c, root, false) {
			if in.checksVersions() && s.Type != "" {
				checkCatalogType(&c, in.Catalog, s)
			}
		}
	default:
		return nil, invalidParam("cannot tell whether this is a zerops.yml or an import.yml",
			`Pass kind "zerops.yml" or "import.yml"; a zerops.yml starts with "zerops:", an import.yml with "services:".`)
	}
	c.oneCausePerPath()
	c.finish()
	return &ValidationResult{Kind: kind, Valid: len(c.errors) == 0, VersionsChecked: in.checksVersions(), SchemaChecked: c.bySchema,
		Errors: c.errors, Warnings: c.warnings}, nil
}

// bySchema validates content against the platform's schema: its errors are
// the document's, and ZCP's own checks of keys and value types are muted.
// A key the platform drops silently (a service's envVariables) is left to
// the warning that says so.
func bySchema(c *checker, sch *schema.Schema, content string) error {
	errs, warns, err := sch.ValidateYAML(content)
	if err != nil {
		return invalidParam("not valid YAML: "+platform.Clip(err.Error(), 200),
			"Fix the YAML syntax (indentation uses spaces; lists start with '- ').")
	}
	c.bySchema = true
	defer func() { c.schemaErrors = len(c.errors) }()
	for _, is := range errs {
		if is.Kind == platform.IssueUnknownKey && strings.HasPrefix(is.Path, "services[") && strings.HasSuffix(is.Path, ".envVariables") {
			continue
		}
		e := c.errf(is.Path, "%s", is.Problem)
		e.Fix, e.Kind = is.Fix, is.Kind
	}
	for _, is := range warns {
		c.warnf(is.Path, "%s", is.Problem).Fix = is.Fix
	}
	return nil
}

func normalizeKind(kind string) string {
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "zerops.yml", "zerops.yaml", "zerops", "zeropsyml":
		return KindZeropsYml
	case "import.yml", "import.yaml", "import", "importyml":
		return KindImportYml
	case "":
		return ""
	}
	return "?"
}

// DetectKind guesses the document kind from its top-level keys ("" when unsure).
func DetectKind(root any) string {
	if l, ok := root.([]any); ok && len(l) > 0 { // the list without its key
		first, _ := l[0].(map[string]any)
		switch {
		case first["setup"] != nil:
			return KindZeropsYml
		case first["hostname"] != nil:
			return KindImportYml
		}
		return ""
	}
	m, ok := root.(map[string]any)
	if !ok {
		return ""
	}
	if _, ok := m["zerops"]; ok {
		return KindZeropsYml
	}
	if _, ok := m["services"]; ok {
		return KindImportYml
	}
	if _, ok := m["project"]; ok {
		return KindImportYml
	}
	if len(legacySetups(root)) > 0 || len(earliestKeys(root)) > 0 {
		return KindZeropsYml // the format before zerops:
	}
	return ""
}

// decodeYAML parses content (≤ platform.MaxFileSize) into plain Go values.
func decodeYAML(content string) (any, error) {
	if len(content) > platform.MaxFileSize {
		return nil, platform.NewError(platform.ErrFileTooLarge,
			fmt.Sprintf("document is %d kB, the limit is %d kB", len(content)/1024, platform.MaxFileSize/1024),
			"Split the services over several imports.")
	}
	if strings.TrimSpace(content) == "" {
		return nil, invalidParam("the document is empty", "Pass the YAML as content, or filePath pointing at it.")
	}
	var root any
	if err := yaml.Unmarshal([]byte(content), &root); err != nil {
		return nil, invalidParam("not valid YAML: "+platform.Clip(err.Error(), 200),
			"Fix the YAML syntax (indentation uses spaces; lists start with '- ').")
	}
	return root, nil
}

func invalidParam(msg, suggestion string) *platform.PlatformError {
	return platform.NewError(platform.ErrInvalidParameter, msg, suggestion)
}
