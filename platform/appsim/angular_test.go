package appsim_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

func TestAngularOutput_Builders(t *testing.T) {
	t.Parallel()
	const app = `{"projects":{"shop":{"architect":{"build":{"builder":"@angular/build:application","options":{"outputPath":"dist/shop"}}}}}}`
	tests := []struct{ name, src, want string }{
		{"application builder", app, "dist/shop/browser"},
		{"object form", `{"projects":{"a":{"architect":{"build":{"builder":"@angular-devkit/build-angular:application","options":{"outputPath":{"base":"out","browser":""}}}}}}}`, "out"},
		{"browser builder", `{"projects":{"a":{"architect":{"build":{"builder":"@angular-devkit/build-angular:browser","options":{"outputPath":"dist/a"}}}}}}`, "dist/a"},
		{"two projects", `{"projects":{"a":{},"b":{}}}`, ""},
		{"another builder", `{"projects":{"a":{"architect":{"build":{"builder":"x:custom","options":{"outputPath":"o"}}}}}}`, ""},
		{"not json", "{", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := appsim.AngularOutput(tt.src); got != tt.want {
				t.Errorf("AngularOutput = %q, want %q", got, tt.want)
			}
		})
	}
}
