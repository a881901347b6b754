package diagnose

import (
	"strings"
	"testing"
)

func TestClassify_DeployFilesMissingNamesTheBuiltFolder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		line   string
		built  []string
		deploy []string // build.deployFiles as written
		fix    string   // in the fix; "": the generic one
	}{
		{"vite's dist", `ERROR: deployFiles: "build" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)"}, []string{"build"}, "write `dist` in place of `build`, then"},
		// The tilde is kept where it was written, and offered nowhere else
		// (walk 75: "(a folder with `/~` after it …)" beside `.next`,
		// which next start needs as the folder itself).
		{"a tilde entry", `ERROR: deployFiles: "build/~" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)"}, []string{"build/~"}, "write `dist/~` in place of `build/~`, then"},
		{"next's folder", `ERROR: deployFiles: "public" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{".next (next build)"}, []string{"node_modules", "package.json", "public"}, "write `.next` in place of `public`, then"},
		{"two tools", `ERROR: deployFiles: "out" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)", "lib (tsc)"}, nil, "write `dist` or `lib` in place of `out`"},
		{"under the built folder", `ERROR: deployFiles: "dist/server.js" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (tsc)"}, nil, ""},
		{"nothing read", `ERROR: deployFiles: "build" does not exist in /build/source after the build commands; nothing to deploy`,
			nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Build, Options{Code: &Code{Built: tt.built, DeployFiles: tt.deploy}})
			if len(ds) == 0 || ds[0].Signal != "deploy-files-missing" {
				t.Fatalf("diagnoses %+v, want deploy-files-missing", ds)
			}
			if tt.fix == "" {
				if strings.Contains(ds[0].Cause, "the build wrote") {
					t.Errorf("cause %q names a built folder", ds[0].Cause)
				}
				return
			}
			if !strings.Contains(ds[0].Fix, tt.fix) || !strings.Contains(ds[0].Cause, "the build wrote") || strings.Contains(ds[0].Fix, "a folder with") {
				t.Errorf("cause %q fix %q, want %q", ds[0].Cause, ds[0].Fix, tt.fix)
			}
		})
	}
}

// `next start` without a build: the fix follows what the build does. A
// build running `next build` needs its folder deployed (or, deployed,
// the start to look where it is), not next build run.
func TestClassify_NextNoBuildFollowsTheBuild(t *testing.T) {
	t.Parallel()
	const line = "Error: Could not find a production build in the '.next' directory. Try building your app with 'next build' before starting the production server."
	tests := []struct {
		name      string
		line      string
		code      *Code
		fix, lack string
	}{
		{"built, not deployed", line, &Code{Built: []string{".next (next build)"}, DeployFiles: []string{"node_modules", "package.json"}},
			"Add `.next` to `build.deployFiles`", "Run `next build`"},
		{"built, deployed", line, &Code{Built: []string{".next (next build)"}, DeployFiles: []string{".next", "node_modules"}},
			"Start Next.js from the folder", "Run `next build`"},
		{"built, whole tree", line, &Code{Built: []string{".next (next build)"}, DeployFiles: []string{"./"}},
			"Start Next.js from the folder", "Add `.next`"},
		{"a monorepo's app", "Error: Could not find a production build in the '/var/www/apps/web/.next' directory.", &Code{Built: []string{".next (next build)"}, DeployFiles: []string{"apps/web/node_modules"}},
			"Add `apps/web/.next` to `build.deployFiles`", "Run `next build`"},
		{"vite's build only", line, &Code{Built: []string{"dist (vite build)"}, DeployFiles: []string{"dist"}},
			"Run `next build` in `build.buildCommands`", "Start Next.js"},
		{"nothing read", line, nil, "Run `next build` in `build.buildCommands`", "Start Next.js"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Runtime, Options{Code: tt.code})
			if len(ds) == 0 || ds[0].Signal != "deploy-files-missing" {
				t.Fatalf("diagnoses %+v, want deploy-files-missing", ds)
			}
			if !strings.Contains(ds[0].Fix, tt.fix) || strings.Contains(ds[0].Fix, tt.lack) {
				t.Errorf("fix %q, want %q without %q", ds[0].Fix, tt.fix, tt.lack)
			}
		})
	}
}
