package deploy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// APIPusher deploys without zcli or a container: it does what `zcli push`
// does — create an app version, upload an archive, start build-and-deploy —
// directly through a platform.Client. `zcp sandbox` uses it, since the
// simulated project has no container to ssh into, and so do tests that need a
// build to appear. Requests are validated exactly as for a real deploy.
// Safe for concurrent use.
type APIPusher struct {
	client     platform.Client
	zeropsYaml string
}

// apiPushZeropsYml is the configuration an API push sends with its build.
const apiPushZeropsYml = `zerops:
  - setup: app
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: [dist, package.json, node_modules]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node dist/server.js
`

// NewAPIPusher returns an APIPusher pushing through c.
func NewAPIPusher(c platform.Client) *APIPusher {
	return &APIPusher{client: c, zeropsYaml: apiPushZeropsYml}
}

// Deploy validates req and pushes to its target through the API. The Result's
// Output mimics the lines zcli prints.
func (p *APIPusher) Deploy(ctx context.Context, req Request) (*Result, error) {
	plan, err := Validate(req)
	if err != nil {
		return nil, err
	}
	started := time.Now()
	av, err := p.client.CreateAppVersion(ctx, plan.TargetServiceID, "api-push-"+started.UTC().Format("20060102-150405"))
	if err != nil {
		return nil, fmt.Errorf("create app version: %w", err)
	}
	if err := p.client.UploadAppVersion(ctx, av.ID, strings.NewReader("archive")); err != nil {
		return nil, fmt.Errorf("upload app version: %w", err)
	}
	if _, err := p.client.BuildAndDeploy(ctx, av.ID, p.zeropsYaml, plan.Setup); err != nil {
		return nil, fmt.Errorf("build and deploy: %w", err)
	}
	return &Result{
		Mode: plan.Mode, SourceService: plan.SourceService, TargetServiceID: plan.TargetServiceID,
		Setup: plan.Setup, WorkingDir: plan.WorkingDir, Started: started, Duration: time.Since(started),
		Output: []string{
			"archive uploaded through the API (no zcli)",
			"app version " + av.ID + " created",
			"BUILD ARTEFACTS READY TO DEPLOY",
			"Deploying service " + plan.TargetServiceID,
		},
	}, nil
}
