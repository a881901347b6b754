package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

func TestBuild_PackageManagersRunInstalledBinaries(t *testing.T) {
	t.Parallel()
	nuxt := map[string]string{"package.json": `{"scripts": {"build": "nuxt build"}, "devDependencies": {"nuxt": "^3"}}`,
		"yarn.lock": "", "pnpm-lock.yaml": "", "app.vue": "<template/>"}
	tests := []struct {
		name     string
		commands []string
		deploy   string
		failure  string // "": the build passes
	}{
		{"yarn runs nuxi after an install", []string{"yarn", "yarn nuxi generate"}, ".output/public/~", ""},
		{"pnpm runs nuxi after an install", []string{"pnpm i", "pnpm nuxi generate"}, ".output/public/~", ""},
		{"npx runs nuxi", []string{"npm i", "npx nuxi generate"}, ".output/public/~", ""},
		{"yarn without an install has no binary", []string{"yarn nuxi generate"}, "./", "build command failed"},
		{"a script typo with nothing installed", []string{"yarn biuld"}, "./", "build command failed"},
		{"a script typo after an install", []string{"yarn", "yarn biuld"}, "./", "build command failed"},
		{"pnpm run is scripts only", []string{"pnpm i", "pnpm run nuxi generate"}, "./", "build command failed"},
		{"npm run never runs a binary", []string{"npm i", "npm run nuxi"}, "./", "build command failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tt.commands, DeployFiles: []string{tt.deploy}, RunBase: "static"}
			res := appsim.Build(&d, files(nuxt), fixedTime)
			if (tt.failure == "") != (res.Failure == "") || !strings.Contains(res.Failure, tt.failure) {
				t.Errorf("failure %q, want %q; lines %v", res.Failure, tt.failure, res.Lines)
			}
		})
	}
}
