package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
)

// apiPusher is the sandbox's deployer. There is no container to ssh into in
// the simulated project, so it performs what `zcli push` does — create an app
// version, upload an archive, start build-and-deploy — directly through the
// simulated API. Requests are validated exactly as for a real deploy.
// Safe for concurrent use.
type apiPusher struct {
	client platform.Client
}

// sandboxZeropsYml is the configuration the simulated build is given.
const sandboxZeropsYml = `zerops:
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

// Deploy implements mcp.Deployer.
func (p *apiPusher) Deploy(ctx context.Context, req deploy.Request) (*deploy.Result, error) {
	plan, err := deploy.Validate(req)
	if err != nil {
		return nil, err
	}
	started := time.Now()
	res := &deploy.Result{
		Mode: plan.Mode, SourceService: plan.SourceService, TargetServiceID: plan.TargetServiceID,
		Setup: plan.Setup, WorkingDir: plan.WorkingDir, Started: started,
	}
	av, err := p.client.CreateAppVersion(ctx, plan.TargetServiceID, "sandbox-"+started.UTC().Format("20060102-150405"))
	if err != nil {
		return nil, err
	}
	if err := p.client.UploadAppVersion(ctx, av.ID, strings.NewReader("simulated archive")); err != nil {
		return nil, err
	}
	if _, err := p.client.BuildAndDeploy(ctx, av.ID, sandboxZeropsYml, plan.Setup); err != nil {
		return nil, err
	}
	res.Output = []string{
		"(sandbox) simulated zcli push: archive uploaded",
		fmt.Sprintf("(sandbox) app version %s created for service %s", av.ID, plan.TargetServiceID),
		"BUILD ARTEFACTS READY TO DEPLOY",
		"Deploying service",
	}
	res.Duration = time.Since(started)
	return res, nil
}
