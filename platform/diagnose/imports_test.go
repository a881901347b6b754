package diagnose

import (
	"slices"
	"testing"
)

func TestRelativeImports_Forms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, src string
		want            []string
	}{
		{"es from", "main.ts", "import { a } from './config/db.ts'\nimport b from \"../x.ts\"\n", []string{"config/db.ts"}},
		{"from a subfolder", "config/db.ts", "import * as s from \"../db/schema.ts\";\n", []string{"db/schema.ts"}},
		{"require and dynamic import", "index.js", "const r = require('./routes');\nconst m = await import('./lib/m.js');\n", []string{"routes", "lib/m.js"}},
		{"comment and package", "index.js", "// import x from './old.js'\nimport express from 'express';\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := RelativeImports(tt.file, tt.src); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCodeUndeployed_Coverage(t *testing.T) {
	t.Parallel()
	imports := []string{"config/db.ts", "db/schema.ts", "routes", "lib/m.js"}
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"files one by one", []string{"main.ts", "config", "routes.js"}, []string{"db/schema.ts", "lib/m.js"}},
		{"whole tree", []string{"./"}, nil},
		{"a tilde is not mapped", []string{"dist/~", "main.ts"}, nil},
		{"folders", []string{"db/", "lib", "routes/"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &Code{Imports: imports, DeployFiles: tt.files}
			if got := c.undeployed("config/db.ts"); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
