package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A build step the sandbox cannot follow (`npx prisma generate`) may have
// made files, but the run container still gets only deployFiles: an app
// whose deploy carries no node_modules fails to import its packages, and
// packages no install the sandbox read brings are unverified, never live
// (walk 8: every Node package counted as installed after such a step);
// the step itself is not run, so no such build is live (walk 27b).
func TestDeploy_UnfollowedBuildStepKeepsPackages(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [%s]
      deployFiles: %s
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node dist/main.js
`
	pkg := `{"name":"api","version":"1.0.0","scripts":{"build":"tsc"},"dependencies":{"@prisma/client":"^5.0.0","express":"^4.21.0"},"devDependencies":{"prisma":"^5.0.0","typescript":"^5.6.0"}}`
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/@prisma/client":{"version":"5.22.0"},"node_modules/express":{"version":"4.21.1"},"node_modules/prisma":{"version":"5.22.0","dev":true},"node_modules/typescript":{"version":"5.6.2","dev":true}}}`
	main := "import express from 'express';\nimport { PrismaClient } from '@prisma/client';\n%s\nconst app = express();\napp.listen(3000, '0.0.0.0');\n"
	tests := []struct {
		name, build, deploy, extra string
		verdict, want              string // want: a line the answer holds
	}{
		{name: "no node_modules deployed", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, package.json, prisma]",
			verdict: "not-answering", want: "Cannot find module 'express'"},
		{name: "node_modules deployed", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, node_modules, package.json, prisma]",
			verdict: "unverified", want: "`npx prisma generate` is not simulated"}, // the step itself is not run (walk 27b)
		{name: "a package no install lists", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, node_modules, package.json, prisma]",
			extra: "import _ from 'lodash';", verdict: "unverified", want: "lodash"},
		{name: "node_modules only the unfollowed step may make", build: "npx prisma generate, npx tsc", deploy: "[dist, node_modules, package.json, prisma]",
			verdict: "unverified", want: "npx prisma generate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":           fmt.Sprintf(yml, tt.build, tt.deploy),
				"package.json":         pkg,
				"package-lock.json":    lock,
				"tsconfig.json":        `{"compilerOptions":{"outDir":"dist","rootDir":"src","module":"commonjs","esModuleInterop":true}}`,
				"src/main.ts":          fmt.Sprintf(main, tt.extra),
				"prisma/schema.prisma": "generator client {\n  provider = \"prisma-client-js\"\n}\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prisma")
			answer := text(res)
			if m["verdict"] != tt.verdict || !strings.Contains(answer, tt.want) {
				t.Fatalf("verdict %v, want %s with %q: %s", m["verdict"], tt.verdict, tt.want, answer)
			}
		})
	}
}

// A web server answers a path with a file the deploy carries; a file only
// a build command the sandbox does not follow may have made (webpack
// Encore's `npm run build`) is not taken as served: the verdict is
// unverified, naming the file (walk 9: a Symfony app without
// documentRoot: public was answered live, its /var/www/index.php assumed
// made by Encore).
func TestDeploy_WebRootFileOnlyAnUnfollowedBuildMayMake(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: web
    build:
      base: [php@8.4, nodejs@22]
      buildCommands: [%s]
      deployFiles: ./
    run:
      base: php-apache@8.4
%s      ports: [{port: 80, httpSupport: true}]
`
	tests := []struct {
		name, build, docRoot string
		verdict, want        string
	}{
		{name: "no documentRoot, encore build", build: "composer install --no-dev, npm ci, npm run build", verdict: "unverified", want: "/var/www/index.php"},
		{name: "documentRoot public, encore build", build: "composer install --no-dev, npm ci, npm run build", docRoot: "      documentRoot: public\n", verdict: "unverified", want: "(which runs `encore production`) is not simulated"}, // the build itself is not run (walk 27b)
		{name: "no documentRoot, composer only", build: "composer install --no-dev", verdict: "degraded", want: "set `documentRoot: public/` in run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-apache@8.4\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			h.ownApp(t, map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.build, tt.docRoot),
				"composer.json":     `{"require":{"php":">=8.2","symfony/framework-bundle":"7.1.*"}}`,
				"package.json":      `{"name":"assets","version":"1.0.0","scripts":{"build":"encore production"},"devDependencies":{"@symfony/webpack-encore":"^4.7.0"}}`,
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"assets"},"node_modules/@symfony/webpack-encore":{"version":"4.7.0","dev":true}}}`,
				"public/index.php":  "<?php echo 'hi';\n",
				"assets/app.js":     "console.log('hi');\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "web"}, "webroot")
			answer := text(res)
			if m["verdict"] != tt.verdict || !strings.Contains(answer, tt.want) {
				t.Fatalf("verdict %v, want %s with %q: %s", m["verdict"], tt.verdict, tt.want, answer)
			}
		})
	}
}
