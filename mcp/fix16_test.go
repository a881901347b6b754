package mcp_test

import "testing"

// nestApp is the official nestjs-postgres-api recipe's app in short: built
// by `nest build` (tsconfig.build.json extends tsconfig.json, outDir
// ./dist), started by `npm run start:prod` (`node dist/main`), declared on
// port, its src/main.ts ending in listen.
func nestApp(port, listen string) map[string]string {
	return map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - npm i
        - npm run build
      deployFiles:
        - ./dist
        - node_modules
        - package.json
    run:
      base: nodejs@22
      ports:
        - port: ` + port + `
          httpSupport: true
      start: npm run start:prod
`,
		"package.json":         `{"name":"api","version":"0.0.0","scripts":{"prebuild":"rimraf dist","build":"nest build","start:prod":"node dist/main"},"dependencies":{"@nestjs/core":"8.0.0","@nestjs/common":"8.0.0","@nestjs/platform-express":"8.0.0","reflect-metadata":"0.1.13","rimraf":"3.0.2","rxjs":"7.2.0"},"devDependencies":{"@nestjs/cli":"8.0.0","typescript":"4.3.5"}}`,
		"nest-cli.json":        `{"collection": "@nestjs/schematics", "sourceRoot": "src"}`,
		"tsconfig.json":        `{"compilerOptions": {"module": "commonjs", "target": "es2017", "outDir": "./dist", "baseUrl": "./", "incremental": true}}`,
		"tsconfig.build.json":  `{"extends": "./tsconfig.json", "exclude": ["node_modules", "test", "dist", "**/*spec.ts"]}`,
		"src/main.ts":          "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.enableCors();\n  await " + listen + ";\n}\nbootstrap();\n",
		"src/app.module.ts":    "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class AppModule {}\n",
		"test/app.e2e-spec.ts": "import { AppModule } from './../src/app.module';\n\ndescribe('app', () => { it('runs', () => {}); });\n",
	}
}

// The official nestjs-postgres-api recipe starts `node dist/main`, which
// `nest build` compiles from src/main.ts: ZCP reads that source, so the
// port and bind fixes name its listen line, not a variable the code never
// reads (walk 15: "where the code reads a port variable, set it").
func TestDeploy_NestCompiledStartReadsItsSource(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "port written in src/main.ts", files: nestApp("8080", "app.listen(3000)"), verdict: "not-answering",
			says: []string{"src/main.ts, line 7", "Setting PORT alone changes nothing"}, signal: "wrong-port",
			lacks: []string{"where the code reads a port variable"}},
		{name: "localhost bound in src/main.ts", files: nestApp("3000", "app.listen(3000, '127.0.0.1')"), verdict: "not-answering",
			says: []string{"src/main.ts, line 7", "app.listen(3000, '0.0.0.0')"}, signal: "listening-on-localhost",
			lacks: []string{"HOST=0.0.0.0"}},
	})
}
