package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A docker service's container started without the host's network: the
// Zerops docs start every docker service with `docker run --network=host`
// (compose: `network_mode: host`), so the deploy answer names that as the
// likely cause, and its fix, instead of an unverified verdict that names
// nothing (walk9). The sandbox does not look inside the container: it says
// "likely", never live or not answering.
func TestDeploy_DockerWithoutHostNetwork(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, start string
		files       map[string]string
		want        string // "" when the network is the host's
	}{
		{name: "run with -p", start: "docker run -p 8000:8000 crccheck/hello-world:1.0.0", want: "`--network=host`"},
		{name: "run detached without network", start: "docker run --rm -e PORT crccheck/hello-world:1.0.0", want: "`--network=host`"},
		{name: "network flag after the image is the image's", start: "docker run crccheck/hello-world:1.0.0 --network=host", want: "`--network=host`"},
		{name: "run on the host network", start: "docker run --network=host crccheck/hello-world:1.0.0"},
		{name: "run on the host network, split", start: "docker run --rm --network host crccheck/hello-world:1.0.0"},
		{name: "compose without host network", start: "docker compose up --force-recreate",
			files: map[string]string{"docker-compose.yaml": "services:\n  api:\n    image: crccheck/hello-world:1.0.0\n    ports:\n      - \"8000:8000\"\n"},
			want:  "`network_mode: host`"},
		{name: "compose on the host network", start: "docker compose up --force-recreate",
			files: map[string]string{"docker-compose.yaml": "services:\n  api:\n    image: crccheck/hello-world:1.0.0\n    network_mode: host\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: alpine@3.20
      deployFiles: ./
    run:
      base: docker@26.1
      prepareCommands:
        - docker image pull crccheck/hello-world:1.0.0
      ports:
        - port: 8000
          httpSupport: true
      start: ` + tt.start + "\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			if m["verdict"] != "unverified" {
				t.Fatalf("verdict %v, want unverified (the sandbox cannot see inside docker): %s", m["verdict"], text(res))
			}
			named := strings.Contains(reason, "network") && strings.Contains(reason, "likely")
			switch {
			case tt.want == "" && named:
				t.Errorf("the host network is used, yet the reason blames the network: %s", reason)
			case tt.want != "" && (!named || !strings.Contains(reason, tt.want)):
				t.Errorf("the reason does not name %s as the likely cause: %s", tt.want, text(res))
			}
		})
	}
}
