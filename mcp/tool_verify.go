package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type verifyInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"default: every runtime"`
	Path            string `json:"path,omitempty" jsonschema:"path to GET (default /)"`
}

// verifyOutput is zerops_verify's answer: ops.VerifyResult with its next
// steps in words.
type verifyOutput struct {
	Verdict  platform.Verdict `json:"verdict"`
	Services []serviceHealth  `json:"services"`
	Next     string           `json:"next"`
}

// serviceHealth is one service's health with its next step in words, left
// out for the service whose next step the answer's is.
type serviceHealth struct {
	ops.ServiceHealth
	Next string `json:"next,omitempty"`
}

func verifyAnswer(res *ops.VerifyResult) verifyOutput {
	out := verifyOutput{Verdict: res.Verdict, Next: nextText(res.Next)}
	if res.Services != nil {
		out.Services = make([]serviceHealth, len(res.Services))
	}
	for i, h := range res.Services {
		out.Services[i] = serviceHealth{h, nextText(h.Next)}
	}
	return out
}

func (s *Server) verifyTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_verify",
		Description: "Is it live? HTTP GET of a runtime's ports (and subdomain), status and log errors since the deploy: verdict healthy/degraded/failing (sandbox: unverified when unsure; not-deployed: no code reached it yet) with the diagnosis and fix.",
		Annotations: readOnlyAnn("Verify a service"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in verifyInput) (verifyOutput, error) {
		res, err := ops.Verify(ctx, s.verifyEnv(), ops.VerifyParams{Hostname: in.ServiceHostname, Path: in.Path})
		if err != nil {
			return verifyOutput{}, err
		}
		return verifyAnswer(res), nil
	})
}

// verifyEnv is what a verify (or a deploy's verdict) runs with.
func (s *Server) verifyEnv() ops.VerifyEnv {
	return ops.VerifyEnv{Client: s.deps.Client, Logs: s.deps.Logs, ProjectID: s.projectID(), Memory: s.deps.Memory, Prober: s.deps.Prober}
}
