package fakeapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/apiError"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/types"
)

// A build refuses a zerops.yml whose pushed setup holds keys the platform
// does not know (zeropsYamlInvalidParameter, each key in the meta) and
// starts no build; keys of the setup it extends are read too, of other
// setups not, and aliases are followed.
func TestBuildAndDeploy_UnknownZeropsYmlKeysRefused(t *testing.T) {
	t.Parallel()
	const typos = "zerops:\n  - setup: app\n    build:\n      base: nodejs@22\n      buildCommand: [npm ci]\n      deployFiles: ./\n" +
		"    run: &run\n      base: nodejs@22\n      start: node index.js\n      port: [{port: 3000}]\n" +
		"  - setup: other\n    run: *run\n    colour: blue\n"
	tests := []struct {
		name, yml, setup string
		want             []string // meta paths; none: the build starts
	}{
		{"pushed setup's typos", typos, "app", []string{"zerops[0].build.buildCommand", "zerops[0].run.port"}},
		{"through an alias", typos, "other", []string{"zerops[1].run.port", "zerops[1].colour"}},
		{"the extended setup's typos", "zerops:\n  - setup: base\n    run: {base: nodejs@22, start: x, prots: []}\n  - setup: app\n    extends: base\n    run: {strat: y}\n", //nolint:misspell // the typos are the test
			"app", []string{"zerops[1].run.strat", "zerops[0].run.prots"}},
		{"unknown root key", "zerops:\n  - setup: app\nzerops2: []\n", "app", []string{"zerops2"}},
		// Commands are lists (the sandbox's reading: the facts are silent,
		// a list always works): a string is refused at its key.
		{"commands as strings", "zerops:\n  - setup: app\n    build: {base: nodejs@22, buildCommands: npm --version, deployFiles: ./}\n" +
			"    run: {base: nodejs@22, start: node server.js, initCommands: node migrate.js, prepareCommands: [sudo apk add git]}\n",
			"app", []string{"zerops[0].build.buildCommands", "zerops[0].run.initCommands"}},
		{"ports as a number", "zerops:\n  - setup: app\n    run: {base: nodejs@22, start: x, ports: 3000}\n", "app", []string{"zerops[0].run.ports"}},
		{"healthCheck keys are known", "zerops:\n  - setup: app\n    run: {base: nodejs@22, start: x, healthCheck: {httpGet: {port: 3000, path: /}, failureTimeout: 60, disconnectTimeout: 30, recoveryTimeout: 30, execPeriod: 10}}\n", "app", nil},
		{"readinessCheck keys are known", "zerops:\n  - setup: app\n    deploy: {readinessCheck: {httpGet: {port: 3000, path: /}, failureTimeout: 60, retryPeriod: 10}}\n    run: {base: nodejs@22, start: x}\n", "app", nil},
		{"each check's period is the other's unknown key", "zerops:\n  - setup: app\n    deploy: {readinessCheck: {httpGet: {port: 3000, path: /}, execPeriod: 10}}\n    run: {base: nodejs@22, start: x, healthCheck: {httpGet: {port: 3000, path: /}, retryPeriod: 10}}\n",
			"app", []string{"zerops[0].deploy.readinessCheck.execPeriod", "zerops[0].run.healthCheck.retryPeriod"}},
		// recipe-prometheus-grafana labels a port; the platform deploys it.
		{"a port's description, as official recipes write it", "zerops:\n  - setup: app\n    run: {base: alpine@latest, start: x, ports: [{port: 10000, description: gRPC server}]}\n", "app", nil},
		{"port key inside ports is known", "zerops:\n  - setup: app\n    run: {base: nodejs@22, start: x, ports: [{port: 3000, httpSupport: true}]}\n", "app", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			ctx := context.Background()
			cr, err := h.PostServiceStackAppVersion(ctx, sid(srv.ServiceID("appstage")), body.PostAppVersion{})
			av := out(t, cr.Output, err)
			ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, strings.NewReader("archive"))
			out(t, ur.Output, err)
			br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id},
				body.PutAppVersionBuildAndDeploy{ZeropsYaml: types.MediumText(tt.yml), ZeropsYamlSetup: types.NewStringNull(tt.setup)})
			if tt.want == nil {
				out(t, br.Output, err)
				return
			}
			bErr := outErr(t, br.Output, err)
			if code := apiCode(bErr); code != "zeropsYamlInvalidParameter" {
				t.Fatalf("code %q (%v), want zeropsYamlInvalidParameter", code, bErr)
			}
			var ae apiError.Error
			if !errors.As(bErr, &ae) {
				t.Fatal("not an API error")
			}
			raw, _ := json.Marshal(ae.GetMeta())
			var meta []struct {
				Code     string              `json:"code"`
				Metadata map[string][]string `json:"metadata"`
			}
			if err := json.Unmarshal(raw, &meta); err != nil {
				t.Fatalf("meta %s: %v", raw, err)
			}
			var got []string
			for _, m := range meta {
				for k := range m.Metadata {
					got = append(got, k)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("meta paths %v, want %v", got, tt.want)
			}
			if st := appVersions(t, h, srv.ServiceID("appstage"))[string(av.Id)].Status; st != "UPLOADING" && st != "" {
				t.Errorf("a refused build left the app version %s", st)
			}
		})
	}
}
