package diagnose

import (
	"strings"
	"testing"
)

func TestClassify_DeployFilesMissingNamesTheBuiltFolder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		line  string
		built []string
		fix   string // in the fix; "": the generic one
	}{
		{"vite's dist", `ERROR: deployFiles: "build" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)"}, "write `dist` in place of `build`"},
		{"a tilde entry", `ERROR: deployFiles: "build/~" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)"}, "write `dist` in place of `build`"},
		{"two tools", `ERROR: deployFiles: "out" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (vite build)", "lib (tsc)"}, "write `dist` or `lib` in place of `out`"},
		{"under the built folder", `ERROR: deployFiles: "dist/server.js" does not exist in /build/source after the build commands; nothing to deploy`,
			[]string{"dist (tsc)"}, ""},
		{"nothing read", `ERROR: deployFiles: "build" does not exist in /build/source after the build commands; nothing to deploy`,
			nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Build, Options{Code: &Code{Built: tt.built}})
			if len(ds) == 0 || ds[0].Signal != "deploy-files-missing" {
				t.Fatalf("diagnoses %+v, want deploy-files-missing", ds)
			}
			if tt.fix == "" {
				if strings.Contains(ds[0].Cause, "the build wrote") {
					t.Errorf("cause %q names a built folder", ds[0].Cause)
				}
				return
			}
			if !strings.Contains(ds[0].Fix, tt.fix) || !strings.Contains(ds[0].Cause, "the build wrote") {
				t.Errorf("cause %q fix %q, want %q", ds[0].Cause, ds[0].Fix, tt.fix)
			}
		})
	}
}
