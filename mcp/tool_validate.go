package mcp

import (
	"context"
	"path"
	"path/filepath"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

type validateInput struct {
	Content  string `json:"content,omitempty" jsonschema:"the YAML"`
	FilePath string `json:"filePath,omitempty" jsonschema:"or a file (relative to working dir)"`
	Kind     string `json:"kind,omitempty" jsonschema:"zerops.yml or import.yml; default: detected"`
}

type validateOutput struct {
	yamlcheck.ValidationResult
	Next string `json:"next"`
}

func (s *Server) validateTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_validate",
		Description: "Check zerops.yml or import.yml against the platform's schema and live catalog, plus ports, hostnames and references (warnings).",
		Annotations: readOnlyAnn("Validate YAML"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in validateInput) (validateOutput, error) {
		content, err := s.readContent(ctx, in.Content, in.FilePath)
		if err != nil {
			return validateOutput{}, err
		}
		var c platform.Client
		if s.projectKnown() {
			c = s.deps.Client
		}
		res, err := ops.Validate(ctx, ops.Project{Client: c, ID: s.projectID(), Memory: s.deps.Memory}, content, in.Kind, s.published(ctx))
		if err != nil {
			return validateOutput{}, err
		}
		next := "Next: fix the errors and validate again."
		if res.Valid {
			dir := "" // a file below ZCP's working directory is deployed from where it is
			if d := path.Dir(filepath.ToSlash(in.FilePath)); in.Content == "" && d != "." {
				dir = d // absolute too (walk 75c: the last push's folder was named instead)
			}
			next = "Next: deploy: " + stepText(ops.DeployNext(ctx, ops.Project{Client: c, ID: s.projectID(), Memory: s.deps.Memory}, content, dir)) + "."
			if res.Kind == yamlcheck.KindImportYml {
				next = "Next: zerops_import with the import.yml as content and dryRun=true checks it against the live catalog and the project, then import."
			}
			if w := warningsFirst(res.Warnings, "validate", next[len("Next: "):]); w != "" {
				next = w
			}
		}
		return validateOutput{*res, next}, nil
	})
}

// readContent returns inline content, or the file at path under the working
// directory; exactly one of them must be given.
func (s *Server) readContent(ctx context.Context, content, path string) (string, error) {
	switch {
	case content != "" && path != "":
		return "", platform.NewError(platform.ErrInvalidParameter, "pass content or filePath, not both",
			"content is the YAML itself; filePath points at a file relative to the working directory.")
	case content != "":
		if len(content) > platform.MaxFileSize {
			return "", platform.NewError(platform.ErrFileTooLarge, "content is larger than 100 kB", "Split it; the platform accepts at most 100 kB.")
		}
		return content, nil
	case path != "":
		return ops.ReadFileInDir(ctx, s.deps.WorkDir, path)
	}
	return "", platform.NewError(platform.ErrInvalidParameter, "content or filePath is required",
		"Pass the YAML as content, or filePath relative to the working directory.")
}
