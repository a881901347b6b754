package fakeapi_test

import (
	"net/http"
	"path"
	"strconv"
	"strings"
	"testing"
)

// Servers with an address of their own (a default host, a default port, a
// permission) listen there unless their flags, variables or config say
// otherwise, and say so in their own words; the declared port answers only
// when that is 0.0.0.0 on it.
func TestRun_ServersListenWhereTheyDefault(t *testing.T) {
	t.Parallel()
	django := func(start string) map[string]string {
		return map[string]string{"zerops.yml": appYml("appstage", "python@3.12", start, 8000, ""),
			"manage.py": "import os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mysite.settings')\n", "mysite/settings.py": "DEBUG = False\n"}
	}
	phpS := func(start string) map[string]string {
		return map[string]string{"zerops.yml": strings.Replace(appYml("appstage", "alpine@3.22", start, 8000, ""),
			"    run:\n", "    run:\n      prepareCommands: [sudo apk add php84]\n", 1), "index.php": "<?php echo 'ok';\n"}
	}
	one := func(base, start string, port int, env, file, src string) map[string]string {
		y := appYml("appstage", base, start, port, env)
		if base == "deno@2" {
			y = strings.ReplaceAll(y, "base: deno@2", "base: deno@2\n      os: ubuntu") // deno has no Alpine image
		}
		out := map[string]string{"zerops.yml": y, file: src}
		if strings.HasPrefix(base, "ruby") {
			out["Gemfile"] = "source 'https://rubygems.org'\n" // bundle exec needs it deployed
		}
		return out
	}
	// next and vite come from node_modules, which the deploy (./) carries.
	npm := func(script string, port int, env string) map[string]string {
		return map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "npm start", port, env),
			"package.json": `{"scripts":{"start":"` + script + `"}}`, ".next/BUILD_ID": "x\n", "dist/index.html": "<p>ok</p>\n",
			"node_modules/.package-lock.json": "{}\n"}
	}
	spring := func(start string, port int, env string, extra map[string]string) map[string]string {
		f := map[string]string{"zerops.yml": appYml("appstage", "java@21", start, port, env), "target/app.jar": "PK\x03\x04",
			"pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n"}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	kestrel := func(port int, env string, extra map[string]string) map[string]string {
		f := map[string]string{"zerops.yml": appYml("appstage", "dotnet@8", "dotnet App.dll", port, env), "App.dll": "MZ\x90\x00"}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	const bunOK = "Bun.serve({ fetch(req) { return new Response('ok') } })\n"
	const denoOK = "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"
	tests := []runCase{
		// Django's runserver binds 127.0.0.1:8000 unless given an address.
		{"DjangoRunserverDefault", django("python manage.py runserver"), 8000, http.StatusBadGateway,
			[]string{"Starting development server at http://127.0.0.1:8000/"}, []string{"0.0.0.0"}},
		{"DjangoRunserverBarePort", django("python manage.py runserver 8000"), 8000, http.StatusBadGateway,
			[]string{"Starting development server at http://127.0.0.1:8000/"}, nil},
		{"DjangoRunserverAllInterfaces", django("python manage.py runserver 0.0.0.0:8000"), 8000, http.StatusOK,
			[]string{"Starting development server at http://0.0.0.0:8000/"}, nil},
		{"DjangoRunserverAfterAnOptionValue", django("python manage.py runserver --settings mysite.settings 0.0.0.0:8000"), 8000, http.StatusOK,
			[]string{"Starting development server at http://0.0.0.0:8000/"}, nil},
		{"DjangoRunserverZeroShorthand", django("python3 manage.py runserver 0:8000"), 8000, http.StatusOK,
			[]string{"Starting development server at http://0.0.0.0:8000/"}, nil},
		{"DjangoModuleRunserver", django("python -m django runserver --settings=mysite.settings"), 8000, http.StatusBadGateway,
			[]string{"Starting development server at http://127.0.0.1:8000/"}, nil},
		{"NpxNextStart", one("nodejs@22", "npx next start", 8080, "", ".next/BUILD_ID", "x\n"), 8080, http.StatusBadGateway,
			[]string{"started server on 0.0.0.0:3000"}, nil},
		{"DjangoManageMissing", map[string]string{"zerops.yml": appYml("appstage", "python@3.12", "python manage.py runserver 0.0.0.0:8000", 8000, "")},
			8000, http.StatusBadGateway, []string{"can't open file '/var/www/manage.py'"}, []string{"Starting development server"}},
		// PHP's built-in server listens only on the address it is given.
		{"PhpBuiltinLocalhost", phpS("php -S localhost:8000"), 8000, http.StatusBadGateway,
			[]string{"Development Server (http://127.0.0.1:8000) started"}, []string{"Could not open input file"}},
		{"PhpBuiltinAllInterfaces", phpS("php -S 0.0.0.0:8000 index.php"), 8000, http.StatusOK,
			[]string{"Development Server (http://0.0.0.0:8000) started"}, nil},
		// Bun.serve and Deno.serve: the options' hostname, else every address;
		// their own default ports.
		{"BunServeHostnameLocalhost", one("bun@1.2", "bun run index.ts", 3000, "", "index.ts",
			"Bun.serve({ port: 3000, hostname: \"localhost\", fetch(req) { return new Response('ok') } })\n"),
			3000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:3000"}, nil},
		{"BunServeDefaultPort", one("bun@1.2", "bun run index.ts", 8080, "", "index.ts", bunOK),
			8080, http.StatusBadGateway, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"BunServePortFromEnv", one("bun@1.2", "bun run index.ts", 8080, "        PORT: \"8080\"\n", "index.ts", bunOK),
			8080, http.StatusOK, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"DenoServeHostname", one("deno@2", "deno run --allow-net main.ts", 8000, "", "main.ts",
			"Deno.serve({ port: 8000, hostname: \"127.0.0.1\" }, () => new Response('ok'))\n"),
			8000, http.StatusBadGateway, []string{"Listening on 127.0.0.1:8000"}, nil},
		{"DenoServeDefaultPort", one("deno@2", "deno run --allow-net main.ts", 3000, "", "main.ts", "Deno.serve(() => new Response('ok'))\n"),
			3000, http.StatusBadGateway, []string{"Listening on 0.0.0.0:8000"}, nil},
		{"DenoServeAllowAll", one("deno@2", "deno run -A main.ts", 8000, "", "main.ts", denoOK),
			8000, http.StatusOK, []string{"Listening on 0.0.0.0:8000"}, []string{"NotCapable"}},
		// Deno 2 cannot prompt for a permission without a terminal.
		{"DenoWithoutAllowNet", one("deno@2", "deno run main.ts", 8000, "", "main.ts", denoOK),
			8000, http.StatusBadGateway, []string{`error: Uncaught (in promise) NotCapable: Requires net access to "0.0.0.0:8000", run again with the --allow-net flag`,
				"exited with code 1"}, []string{"Listening"}},
		{"DenoAllowNetAfterTheScript", one("deno@2", "deno run main.ts --allow-net", 8000, "", "main.ts", denoOK),
			8000, http.StatusBadGateway, []string{"NotCapable: Requires net access"}, nil},
		// fastapi dev binds 127.0.0.1, fastapi run every address.
		{"FastapiDev", one("python@3.12", "fastapi dev main.py --port 8000", 8000, "", "main.py", "app = FastAPI()\n"),
			8000, http.StatusBadGateway, []string{"Uvicorn running on http://127.0.0.1:8000"}, nil},
		{"FastapiRun", one("python@3.12", "fastapi run main.py", 8000, "", "main.py", "app = FastAPI()\n"),
			8000, http.StatusOK, []string{"Uvicorn running on http://0.0.0.0:8000"}, nil},
		// rails server and rackup bind localhost in development.
		{"RailsServerDevelopment", one("ruby@3.4", "bundle exec rails server -p 3000", 3000, "", "config.ru", "run Rails.application\n"),
			3000, http.StatusBadGateway, []string{"* Listening on http://127.0.0.1:3000"}, nil},
		{"RailsServerBinding", one("ruby@3.4", "bin/rails server -b 0.0.0.0 -p 3000", 3000, "", "config.ru", "run Rails.application\n"),
			3000, http.StatusOK, []string{"* Listening on http://0.0.0.0:3000"}, nil},
		{"RailsServerProduction", one("ruby@3.4", "bundle exec rails s", 3000, "        RAILS_ENV: production\n", "config.ru", "run Rails.application\n"),
			3000, http.StatusOK, []string{"* Listening on http://0.0.0.0:3000"}, nil},
		{"Rackup", one("ruby@3.4", "rackup", 9292, "", "config.ru", "run App\n"),
			9292, http.StatusBadGateway, []string{"* Listening on http://127.0.0.1:9292"}, nil},
		{"RackupHost", one("ruby@3.4", "bundle exec rackup -o 0.0.0.0 -p 3000", 3000, "", "config.ru", "run App\n"),
			3000, http.StatusOK, []string{"* Listening on http://0.0.0.0:3000"}, nil},
		// next start: 3000 unless -p or PORT.
		{"NextStartDefaultPort", npm("next start", 8080, ""), 8080, http.StatusBadGateway,
			[]string{"started server on 0.0.0.0:3000"}, []string{":8080"}},
		{"NextStartPortFlag", npm("next start -p 8080", 8080, ""), 8080, http.StatusOK, []string{"started server on 0.0.0.0:8080"}, nil},
		{"NextStartPortVariable", npm("next start", 8080, "        PORT: \"8080\"\n"), 8080, http.StatusOK, []string{"started server on 0.0.0.0:8080"}, nil},
		// vite preview: localhost:4173 unless --host and --port.
		{"VitePreviewDefaultPort", npm("vite preview --host", 3000, ""), 3000, http.StatusBadGateway,
			[]string{"Local:   http://localhost:4173/"}, nil},
		{"VitePreviewLocalhost", npm("vite preview --port 3000", 3000, ""), 3000, http.StatusBadGateway,
			[]string{"Network: use --host to expose"}, nil},
		{"VitePreviewHostAndPort", npm("vite preview --host --port 3000", 3000, ""), 3000, http.StatusOK,
			[]string{"Local:   http://localhost:3000/"}, []string{"use --host"}},
		{"VitePreviewConfigPort", func() map[string]string {
			f := npm("vite preview", 3000, "")
			f["vite.config.js"] = "export default { preview: { port: 3000, host: true } }\n"
			return f
		}(), 3000, http.StatusOK, []string{"Local:   http://localhost:3000/"}, nil},
		// Spring Boot: 8080 unless server.port or SERVER_PORT.
		{"SpringBootDefaultPort", spring("java -jar target/app.jar", 3000, "", nil), 3000, http.StatusBadGateway,
			[]string{"Tomcat started on port 8080 (http)"}, nil},
		{"SpringBootServerPortVariable", spring("java -jar target/app.jar", 3000, "        SERVER_PORT: \"3000\"\n", nil), 3000, http.StatusOK,
			[]string{"Tomcat started on port 3000 (http)"}, nil},
		{"SpringBootPropertiesPort", spring("java -jar target/app.jar", 3000, "", map[string]string{
			"src/main/resources/application.properties": "server.port=${PORT:3000}\n"}), 3000, http.StatusOK,
			[]string{"Tomcat started on port 3000 (http)"}, nil},
		{"SpringBootArgument", spring("java -jar target/app.jar --server.port=3000", 3000, "", nil), 3000, http.StatusOK,
			[]string{"Tomcat started on port 3000 (http)"}, nil},
		// A Go binary listens where the main.go it was built from says.
		{"GoBinaryFromSourceLocalhost", func() map[string]string {
			f := one("go@1", "./app", 8080, "", "main.go", goImports("package main\nfunc main() { http.ListenAndServe(\"localhost:8080\", nil) }\n"))
			f["zerops.yml"] = strings.Replace(f["zerops.yml"], "deployFiles: ./", "buildCommands: [go build -o app main.go]\n      deployFiles: ./", 1)
			return f
		}(), 8080, http.StatusBadGateway, []string{"Listening on 127.0.0.1:8080"}, nil},
		{"GoBinaryFromSourceAllInterfaces", func() map[string]string {
			f := one("go@1", "./app", 8080, "", "main.go", goImports("package main\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n"))
			f["zerops.yml"] = strings.Replace(f["zerops.yml"], "deployFiles: ./", "buildCommands: [go build -o app main.go]\n      deployFiles: ./", 1)
			return f
		}(), 8080, http.StatusOK, []string{"Listening on 0.0.0.0:8080"}, nil},
		// Go's PORT fallbacks: `if port == "" { port = "8080" }` after os.Getenv, and cmp.Or.
		{"GoBinaryPortFallbackIfEmpty", goBuilt("package main\nfunc main() {\n\tport := os.Getenv(\"PORT\")\n\tif port == \"\" {\n\t\tport = \"8080\"\n\t}\n\thttp.ListenAndServe(\":\"+port, nil)\n}\n", ""),
			8080, http.StatusOK, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"GoBinaryPortFallbackIfInit", goBuilt("package main\nfunc main() {\n\tvar addr string\n\tif addr = os.Getenv(\"PORT\"); addr == \"\" { addr = \"8080\" }\n\tlog.Fatal(http.ListenAndServe(\":\"+addr, nil))\n}\n", ""),
			8080, http.StatusOK, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"GoBinaryPortFallbackCmpOr", goBuilt("package main\nfunc main() {\n\tport := cmp.Or(os.Getenv(\"PORT\"), \"8080\")\n\thttp.ListenAndServe(\":\"+port, nil)\n}\n", ""),
			8080, http.StatusOK, []string{"Listening on 0.0.0.0:8080"}, nil},
		{"GoBinaryPortFallbackVariableWins", goBuilt("package main\nfunc main() {\n\tport := os.Getenv(\"PORT\")\n\tif port == \"\" {\n\t\tport = \"8080\"\n\t}\n\thttp.ListenAndServe(\":\"+port, nil)\n}\n", "        PORT: \"9000\"\n"),
			8080, http.StatusBadGateway, []string{"Listening on 0.0.0.0:9000"}, nil},
		{"GoBinaryPortNoFallback", goBuilt("package main\nfunc main() {\n\tport := os.Getenv(\"PORT\")\n\tif port == \"\" {\n\t\tlog.Fatal(\"PORT 8080 expected\")\n\t}\n\thttp.ListenAndServe(\":\"+port, nil)\n}\n", ""),
			8080, http.StatusBadGateway, []string{"Listening on 0.0.0.0:"}, []string{"0.0.0.0:8080"}},
		// Kestrel: http://localhost:5000 unless ASPNETCORE_URLS (or --urls, appsettings).
		{"KestrelDefault", kestrel(5000, "", nil), 5000, http.StatusBadGateway,
			[]string{"Now listening on: http://localhost:5000"}, nil},
		{"KestrelUrlsVariable", kestrel(5000, "        ASPNETCORE_URLS: http://0.0.0.0:5000\n", nil), 5000, http.StatusOK,
			[]string{"Now listening on: http://0.0.0.0:5000"}, nil},
		{"KestrelHttpPorts", kestrel(8080, "        ASPNETCORE_HTTP_PORTS: \"8080\"\n", nil), 8080, http.StatusOK,
			[]string{"Now listening on: http://0.0.0.0:8080"}, nil},
		{"KestrelAppsettings", kestrel(8080, "", map[string]string{"appsettings.json": `{"Urls": "http://*:8080"}`}), 8080, http.StatusOK,
			[]string{"Now listening on: http://0.0.0.0:8080"}, nil},
		{"KestrelCodeUnread", kestrel(8080, "", map[string]string{"Program.cs": "app.Urls.Add(url);\napp.Run();\n"}), 8080, http.StatusOK,
			[]string{"not checked: where the app listens", "run.ports declares (8080)"}, []string{"Listening on"}},
	}
	runCases(t, tests)
}

// goBuilt is a Go app whose build makes ./app from main.go (src), started
// as ./app on port 8080 with env.
func goBuilt(src, env string) map[string]string {
	y := appYml("appstage", "go@1", "./app", 8080, env)
	y = strings.Replace(y, "deployFiles: ./", "buildCommands: [go build -o app main.go]\n      deployFiles: ./", 1)
	return map[string]string{"zerops.yml": y, "main.go": goImports(src)}
}

// goImports is Go source src with the imports of the packages it uses
// (cmp, log, net/http, os): the sandbox fails a build of Go code that
// does not compile.
func goImports(src string) string {
	var imps []string
	for _, p := range []string{"cmp", "log", "net/http", "os"} {
		if strings.Contains(src, path.Base(p)+".") {
			imps = append(imps, strconv.Quote(p))
		}
	}
	return strings.Replace(src, "package main\n", "package main\n\nimport ("+strings.Join(imps, "; ")+")\n\n", 1)
}
