package diagnose

import (
	"strings"
	"testing"
)

// A dependency missing at run time is named, with the fix of its
// ecosystem: node_modules deployed for Node, the requirements installed by
// run.prepareCommands for Python; Node handed a .ts file gets the compile fix.
func TestClassify_MissingDependencyNamedWithItsFix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, signal string
		cause, fix         []string // each in the diagnosis' cause, fix
		notFix             []string
	}{
		{"NodeRequire", "Error: Cannot find module 'express'", "module-not-found-at-runtime",
			[]string{"`express`", "node_modules"}, []string{"`node_modules` and `package.json` to `build.deployFiles`", "`express` in package.json `dependencies`", "without one, `npm install`"}, []string{"prepareCommands", "after `npm ci` in"}},
		{"NodeImport", "Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@prisma/client' imported from /var/www/dist/db.js", "module-not-found-at-runtime",
			[]string{"`@prisma/client`"}, []string{"`node_modules` and `package.json` to `build.deployFiles`"}, nil},
		{"NodeTool", "sh: next: not found", "module-not-found-at-runtime",
			[]string{"`next`", "node_modules/.bin"}, []string{"`node_modules` and `package.json` to `build.deployFiles`"}, []string{"npx tsc"}},
		{"NodeDevTool", "/bin/sh: ts-node: not found", "module-not-found-at-runtime",
			[]string{"`ts-node`"}, []string{"build.deployFiles", "npx tsc"}, nil},
		{"PythonImport", "ModuleNotFoundError: No module named 'django.core'", "module-not-found-at-runtime",
			[]string{"`django`"}, []string{"`build.addToRunPrepare: [requirements.txt]`", "`run.prepareCommands: [python3 -m pip install"}, []string{"node_modules", "virtualenv"}},
		{"PythonCommand", "/bin/sh: gunicorn: not found", "module-not-found-at-runtime",
			[]string{"`gunicorn`", "pip"}, []string{"`build.addToRunPrepare: [requirements.txt]`", "`gunicorn` in requirements.txt"}, []string{"node_modules"}},
		{"PythonModuleRun", "/usr/local/bin/python3: No module named uvicorn", "module-not-found-at-runtime",
			[]string{"`uvicorn`"}, []string{"run.prepareCommands"}, nil},
		{"PhpVendor", "PHP Fatal error:  Uncaught Error: Failed opening required '/var/www/public/../vendor/autoload.php' (include_path='.:/usr/share/php') in /var/www/public/index.php on line 2", "module-not-found-at-runtime",
			[]string{"vendor/autoload.php"}, []string{"Add `vendor` to `build.deployFiles`", "composer install"}, []string{"node_modules", "requirements.txt"}},
		{"OtherCommand", "/bin/sh: ffmpeg: not found", "module-not-found-at-runtime",
			[]string{"`ffmpeg`"}, []string{"run.prepareCommands", "sudo apk add"}, []string{"node_modules", "requirements.txt"}},
		{"TypeScriptOnNode", `TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /var/www/src/index.ts`, "start-command-invalid",
			[]string{"TypeScript"}, []string{"npx tsc", "node dist/index.js"}, []string{"--bind"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify([]string{tt.line}, Runtime)
			if len(ds) == 0 || ds[0].Signal != tt.signal {
				t.Fatalf("diagnoses %+v, want %s first", ds, tt.signal)
			}
			d := ds[0]
			for _, c := range tt.cause {
				if !strings.Contains(d.Cause, c) {
					t.Errorf("cause %q lacks %q", d.Cause, c)
				}
			}
			for _, f := range tt.fix {
				if !strings.Contains(d.Fix, f) {
					t.Errorf("fix %q lacks %q", d.Fix, f)
				}
			}
			for _, f := range tt.notFix {
				if strings.Contains(d.Fix, f) {
					t.Errorf("fix %q has %q", d.Fix, f)
				}
			}
		})
	}
}

// A fix adding or moving a Node package names the build's package
// manager and its lock file, npm's when none is known.
func TestClassify_NodeFixNamesPackageManager(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		line      string
		stage     Stage
		code      *Code
		fix, lack string
	}{
		{"pnpm dev only", "Error: Cannot find module 'express'", Runtime,
			&Code{Modules: true, OmitsDev: true, DevOnly: []string{"express"}, PackageManager: "pnpm"}, "run `pnpm install`, which updates pnpm-lock.yaml", "`npm install"},
		{"npm dev only", "Error: Cannot find module 'express'", Runtime,
			&Code{Modules: true, OmitsDev: true, DevOnly: []string{"express"}}, "`npm install express --save-prod`", "pnpm"},
		{"yarn not deployed", "Error: Cannot find module 'express'", Runtime,
			&Code{PackageManager: "yarn"}, "`yarn install`, which reads yarn.lock", "npm ci"},
		{"bun base, not listed", "Error: Cannot find module 'express'", Runtime,
			&Code{Base: "bun@1.2", Modules: true, PackagesRead: true}, "`bun add express`", "npm"},
		{"pnpm bundler", `[vite]: Rollup failed to resolve import "dayjs" from "/build/source/src/main.ts".`, Build,
			&Code{PackageManager: "pnpm"}, "`pnpm add dayjs`", "`npm install"},
		{"yarn tsc", "src/index.ts(3,22): error TS2307: Cannot find module 'zod' or its corresponding type declarations.", Build,
			&Code{PackageManager: "yarn"}, "yarn add zod", "(npm install"},
		{"php whole tree, no composer", "PHP Warning:  require(/var/www/www/../vendor/autoload.php): Failed to open stream: No such file or directory in /var/www/www/index.php on line 5", Runtime,
			&Code{Base: "php-nginx@8.3", Whole: true, NoComposer: true}, "`composer install --optimize-autoloader --no-dev`", "Add `vendor` to `build.deployFiles`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, tt.stage, Options{Code: tt.code})
			if len(ds) == 0 {
				t.Fatal("no diagnosis")
			}
			if !strings.Contains(ds[0].Fix, tt.fix) || strings.Contains(ds[0].Fix, tt.lack) {
				t.Errorf("%s fix %q, want %q without %q", ds[0].Signal, ds[0].Fix, tt.fix, tt.lack)
			}
		})
	}
}
