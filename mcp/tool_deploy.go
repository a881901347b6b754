package mcp

import (
	"context"
	"fmt"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type deployInput struct {
	SourceService   string `json:"sourceService,omitempty" jsonschema:"SSH mode: hostname of the container holding the code"`
	TargetService   string `json:"targetService,omitempty" jsonschema:"hostname to deploy to (default: sourceService)"`
	TargetServiceID string `json:"targetServiceId,omitempty" jsonschema:"or the target's id"`
	Setup           string `json:"setup,omitempty" jsonschema:"zerops.yml setup name, e.g. dev or prod"`
	WorkingDir      string `json:"workingDir,omitempty" jsonschema:"directory with zerops.yml (SSH default /var/www)"`
	ServiceID       string `json:"serviceId,omitempty" jsonschema:"local mode: target service id"`
}

type deployOutput struct {
	Mode            string        `json:"mode"`
	SourceService   string        `json:"sourceService,omitempty"`
	TargetService   string        `json:"targetService,omitempty"`
	TargetServiceID string        `json:"targetServiceId"`
	Setup           string        `json:"setup,omitempty"`
	Output          []string      `json:"output,omitempty"`
	DurationMS      int64         `json:"pushDurationMs"`
	Build           *buildOutcome `json:"build,omitempty"`
	Next            string        `json:"next"`
}

type buildOutcome struct {
	AppVersionID string `json:"appVersionId"`
	Status       string `json:"status"`
	Note         string `json:"note,omitempty"`
}

func (s *Server) deployTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_deploy",
		Description: "Push code and run the build and deploy pipeline. SSH mode: sourceService (the container with the code) to targetService (default itself). Local mode: workingDir + serviceId. Reports build progress when asked.",
		Annotations: mutatingAnn("Deploy code", false, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in deployInput) (deployOutput, error) {
		if s.deps.Deployer == nil {
			return deployOutput{}, platform.NewError(platform.ErrInvalidUsage, "deploy is not configured in this ZCP",
				"Deploy from the zcp service inside the project (SSH mode) or install zcli for local mode.")
		}
		dreq, targetName, err := s.resolveDeploy(ctx, in)
		if err != nil {
			return deployOutput{}, err
		}
		target := dreq.TargetServiceID
		if dreq.SourceService == "" {
			target = dreq.ServiceID
		}
		pr := s.progressFor(ctx, req)
		follow := pr.enabled() && s.deps.Watcher != nil
		var res *deploy.Result
		var since time.Time
		job := func(ctx context.Context) error {
			// Inside the target's pool slot no other push of ours can add a
			// version, so the newest one now is the last before this push.
			if follow {
				since = s.buildBaseline(ctx, target)
			}
			r, err := s.deps.Deployer.Deploy(ctx, dreq)
			res = r
			return err
		}
		if s.deps.Pool != nil {
			err = s.deps.Pool.Run(ctx, target, job)
		} else {
			err = job(ctx)
		}
		if err != nil {
			return deployOutput{}, err
		}
		if res == nil {
			return deployOutput{}, platform.NewError(platform.ErrDeployFailed, "the deploy returned no result", "Check zerops_events for the target service.")
		}
		out := deployOutput{Mode: res.Mode, SourceService: res.SourceService, TargetService: targetName,
			TargetServiceID: res.TargetServiceID, Setup: res.Setup, Output: res.Output, DurationMS: res.Duration.Milliseconds()}
		if out.TargetServiceID == "" {
			out.TargetServiceID = target
		}
		if !follow {
			out.Next = fmt.Sprintf("Next: the build runs on the platform; follow it with zerops_events serviceHostname=%s, then check zerops_logs.", orDefault(targetName, "<target>"))
			return out, nil
		}
		if since.IsZero() {
			since = res.Started.Add(-buildSinceSlack)
		}
		build, err := s.followBuild(ctx, pr, out.TargetServiceID, targetName, since)
		if err != nil {
			return deployOutput{}, err
		}
		out.Build = build
		switch build.Status {
		case platform.AppVersionActive:
			out.Next = "Next: the new version is live; verify it (zerops_logs, the subdomain or curl from the zcp service)."
		default:
			out.Next = fmt.Sprintf("Next: %s; follow it with zerops_events serviceHostname=%s.", orDefault(build.Note, "the build has not finished"), orDefault(targetName, "<target>"))
		}
		return out, nil
	})
}

// resolveDeploy turns the arguments into a deploy.Request: SSH mode when
// sourceService is given (target defaults to the source itself), local mode
// with workingDir + serviceId.
func (s *Server) resolveDeploy(ctx context.Context, in deployInput) (deploy.Request, string, error) {
	req := deploy.Request{Setup: in.Setup, WorkingDir: in.WorkingDir}
	if in.TargetService != "" && in.TargetServiceID != "" {
		return req, "", platform.NewError(platform.ErrInvalidParameter, "pass targetService or targetServiceId, not both", "targetService is a hostname; targetServiceId an id.")
	}
	if in.SourceService == "" {
		if in.WorkingDir == "" || (in.ServiceID == "" && in.TargetServiceID == "" && in.TargetService == "") {
			return req, "", platform.NewError(platform.ErrInvalidParameter, "nothing to deploy from",
				"Pass sourceService (SSH deploy from a runtime container) or workingDir + serviceId (local deploy).")
		}
		id, name := in.ServiceID, ""
		if id == "" {
			id = in.TargetServiceID
		}
		if in.TargetService == "" {
			svc, err := ops.ServiceByID(ctx, s.deps.Client, s.projectID(), id)
			if err != nil {
				return req, "", err
			}
			name = svc.Name
		}
		if in.TargetService != "" {
			svc, err := ops.ResolveService(ctx, s.deps.Client, s.projectID(), in.TargetService)
			if err != nil {
				return req, "", err
			}
			id, name = svc.ID, svc.Name
		}
		req.ServiceID = id
		return req, name, nil
	}
	services, err := ops.ListServices(ctx, s.deps.Client, s.projectID())
	if err != nil {
		return req, "", err
	}
	var source, target *platform.ServiceStack
	for i := range services {
		if services[i].Name == in.SourceService {
			source = &services[i]
		}
		if (in.TargetService != "" && services[i].Name == in.TargetService) || (in.TargetServiceID != "" && services[i].ID == in.TargetServiceID) {
			target = &services[i]
		}
	}
	if source == nil {
		_, err := ops.ResolveService(ctx, s.deps.Client, s.projectID(), in.SourceService)
		return req, "", err
	}
	switch {
	case in.TargetService == "" && in.TargetServiceID == "":
		target = source
	case target == nil && in.TargetService != "":
		_, err := ops.ResolveService(ctx, s.deps.Client, s.projectID(), in.TargetService)
		return req, "", err
	case target == nil:
		return req, "", platform.NewError(platform.ErrServiceNotFound, fmt.Sprintf("no service with id %q in this project", platform.Clip(in.TargetServiceID, 40)),
			"Use targetService with a hostname from zerops_discover.")
	}
	req.SourceService = source.Name
	req.TargetServiceID = target.ID
	return req, target.Name, nil
}

// buildFailed reports whether an app version status (or a set pipelineFailed)
// means the build or deploy failed.
func buildFailed(v platform.AppVersion) bool {
	if v.Build != nil && v.Build.PipelineFailed != nil {
		return true
	}
	switch v.Status {
	case platform.AppVersionBuildFailed, platform.AppVersionBuildValidationFailed,
		platform.AppVersionPreparingRuntimeFailed, platform.AppVersionDeployFailed, platform.AppVersionCancelled:
		return true
	}
	return false
}

// followBuild reports the build started by the push until it is ACTIVE or
// failed. A failure is BUILD_FAILED carrying the last build-log lines.
func (s *Server) followBuild(ctx context.Context, pr *progress, serviceID, name string, since time.Time) (*buildOutcome, error) {
	ch, err := s.deps.Watcher.SubscribeBuild(ctx, serviceID, since)
	if err != nil {
		// The push itself succeeded; following its build is a bonus, so a
		// watcher that cannot take the subscription is a note, not a failure.
		return &buildOutcome{Note: "could not follow the build (" + err.Error() + ")"}, nil //nolint:nilerr // see above
	}
	label := orDefault(name, serviceID)
	out := &buildOutcome{}
	var last platform.AppVersion
	for {
		select {
		case <-ctx.Done():
			out.Note = "stopped waiting: the call was cancelled; the build keeps running"
			return out, nil
		case u, ok := <-ch:
			if !ok {
				if out.Note == "" {
					out.Note = "stopped waiting; the build keeps running"
				}
				return out, nil
			}
			if u.AppVersion.ID != "" {
				last = u.AppVersion
				out.AppVersionID, out.Status = last.ID, last.Status
			}
			if !u.Final {
				if last.Status == platform.AppVersionActive || buildFailed(last) {
					continue // the result reports the end, not a notification (lessons #1)
				}
				pr.send(fmt.Sprintf("Deploying %s: %s (%s)", label, orDefault(last.Status, "WAITING"), seconds(u.Elapsed)))
				continue
			}
			if u.Err != nil {
				out.Note = errorPayload(u.Err)["error"].(string) + "; the build keeps running"
				return out, nil //nolint:nilerr // the watch ended, not the build: the note says so
			}
			if buildFailed(last) {
				return nil, s.buildFailure(ctx, last, label)
			}
			return out, nil
		}
	}
}

// buildFailure is the BUILD_FAILED error with the build log's last lines.
func (s *Server) buildFailure(ctx context.Context, v platform.AppVersion, label string) error {
	te := &toolError{
		PlatformError: platform.NewError(platform.ErrBuildFailed,
			fmt.Sprintf("the build of %s ended %s", label, v.Status),
			"Read the log lines below (or zerops_logs buildId="+v.ID+"), fix zerops.yml or the code, and deploy again."),
		Extra: map[string]any{"appVersionId": v.ID, "status": v.Status},
	}
	entries, err := ops.BuildLog(ctx, s.deps.Client, s.deps.Logs, s.projectID(), v, 30)
	if err != nil || len(entries) == 0 {
		return te
	}
	lines := make([]string, 0, len(entries))
	for _, e := range entries {
		lines = append(lines, strings.TrimRight(e.Message, "\n"))
	}
	te.Extra["buildLog"] = lines
	return te
}

// buildBaseline returns the time after which a build belongs to the push
// about to start: just after the creation of the service's newest app version,
// by the platform's own clock, so that clock skew between this container and
// the platform cannot hide the new build. The zero time means "unknown".
func (s *Server) buildBaseline(ctx context.Context, serviceID string) time.Time {
	versions, err := s.deps.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: serviceID, Limit: 1})
	if err != nil {
		return time.Time{}
	}
	if len(versions) == 0 {
		return time.Unix(0, 1) // no earlier version: any version is this push's
	}
	return versions[0].Created.Add(time.Millisecond)
}

// buildSinceSlack widens the build search window before the push started,
// used only when the baseline could not be read.
const buildSinceSlack = 2 * time.Second

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
