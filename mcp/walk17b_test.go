package mcp_test

import (
	"testing"
)

// The official mailhog recipe builds with `go install <module>@<version>`
// and no go.mod of its own: with a version after the path the go command
// installs that module in module mode, outside any main module, so it
// needs none (walk 17: the sandbox failed the build with `go.mod file not
// found` and told the agent to run `go mod init`).
func TestDeploy_GoInstallAtVersionNeedsNoGoMod(t *testing.T) {
	t.Parallel()
	yml := func(build ...string) string {
		return setupYml{base: "go@1", build: build, deploy: "[MailHog]", port: 8025, start: "./MailHog"}.String()
	}
	runDeployCases(t, []deployCase{
		{name: "install at a version, binary copied from GOPATH", files: map[string]string{
			"zerops.yml": yml("go install github.com/mailhog/MailHog@v1.0.1", "cd ~/go/bin && cp MailHog /build/source/MailHog")},
			verdict: "live|unverified", lacks: []string{"go.mod file not found", "go mod init"}},
		{name: "install at latest with GOBIN", files: map[string]string{
			"zerops.yml": yml("GOBIN=/build/source go install github.com/mailhog/MailHog@latest")},
			verdict: "live|unverified", lacks: []string{"go.mod file not found", "go mod init"}},
		// Without a version the path names a package of the main module,
		// which needs go.mod.
		{name: "install without a version", files: map[string]string{
			"zerops.yml": yml("go install github.com/mailhog/MailHog")},
			verdict: "build-failed", says: []string{"go.mod file not found"}},
	})
}
