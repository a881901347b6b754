package diagnose

// DocPrefix begins every Diagnosis.Doc.
const DocPrefix = "zerops://docs/"

// The knowledge documents the diagnoses point to, one per signal family.
const (
	docBuild    = DocPrefix + "troubleshooting/build-failures"
	docStart    = DocPrefix + "troubleshooting/runtime-crashes"
	docNetwork  = DocPrefix + "troubleshooting/networking-ports"
	docDatabase = DocPrefix + "troubleshooting/database-connections"
	docLimits   = DocPrefix + "troubleshooting/resources-limits"
)

// signal is what a diagnosis says besides its evidence; rank orders the
// diagnoses of one log, the more specific (and so the likelier root) cause first.
type signal struct {
	id, cause, fix, doc string
	rank                int
}

// signals lists every signal the rules can name.
var signals = []signal{
	// Build.
	{"zerops-yml-invalid", "zerops.yml could not be read or lacks what the build needs (a syntax error, an unknown key, a setup that does not exist or a base the catalog lacks).",
		"Fix zerops.yml: check its YAML, that `zerops[].setup` names the service being deployed and that `build.base`/`run.base` name catalog versions (`zerops_validate` checks all of it); `zerops_knowledge` on zerops.yml lists the keys.", docBuild, 100},
	{"runtime-version-mismatch", "The project needs another version of the language or runtime than the build or run base provides.",
		"Set `build.base` (and `run.base`) in zerops.yml to the version the project requires (e.g. nodejs@22, python@3.12, php@8.3, go@1, java@21).", docBuild, 95},
	{"lockfile-mismatch", "The lock file is missing or out of step with the manifest, and the install runs in frozen/locked mode.",
		"Regenerate the lock file locally (npm install, yarn, pnpm install, composer update, go mod tidy, cargo update, poetry lock, pipenv lock), commit it with the manifest and deploy again; or use a non-frozen install in `build.buildCommands`.", docBuild, 92},
	{"npm-missing-script", "The build runs a package.json script (or deno task) that the project does not define.",
		"Correct the script name in `build.buildCommands` (or add the script to package.json's \"scripts\").", docBuild, 91},
	{"dependency-not-found", "A dependency cannot be resolved: its name or version does not exist in the registry, the versions the manifest asks for conflict, or the registry/repository is unreachable.",
		"Fix the dependency's name or version in the manifest (package.json, requirements.txt, composer.json, go.mod, Cargo.toml, .csproj, pom.xml/build.gradle, deno.json) and deploy again.", docBuild, 90},
	{"build-out-of-memory", "The build process ran out of memory and was killed.",
		"Give the build more memory (e.g. NODE_OPTIONS=--max-old-space-size in `build.envVariables`, smaller build parallelism) or lower the build's footprint; the build container's resources are Zerops's, so cut the work per step.", docLimits, 89},
	{"prepare-reads-deploy-files", "`run.prepareCommands` read /var/www, but they build the runtime image before the deploy puts the files there.",
		"Move the commands that need the deployed files (cd /var/www, installs from its manifest, migrations) to `run.initCommands` (they run in /var/www at each start) or to `build.buildCommands`; keep OS packages in `run.prepareCommands` (`build.addToRunPrepare` copies files they need).", docBuild, 93},
	{"prepare-command-failed", "A prepare command (installing OS packages into the build or run image) failed.",
		"Fix `build.prepareCommands` / `run.prepareCommands`: use the package manager of the base with sudo (commands run as the zerops user): `sudo apk add --no-cache` on Alpine (the default), `sudo apt-get install -y` on Ubuntu (`os: ubuntu`), each followed by existing package names.", docBuild, 88},
	{"compile-error", "The code does not compile: the compiler or bundler reported an error in the source.",
		"Fix the reported file and line in the source and deploy again; `build.buildCommands` stays as is.", docBuild, 80},
	{"deploy-files-missing", "A path listed in deployFiles does not exist after the build commands ran.",
		"Make `build.deployFiles` name paths the build actually produces (e.g. the output directory of the build command), or fix the build so it produces them.", docBuild, 85},
	{"build-timeout", "The build ran longer than the time it is allowed and was stopped.",
		"Shorten the build: cache dependencies with `build.cache`, drop work from `build.buildCommands`, or build outside and deploy artefacts.", docBuild, 70},
	{"build-command-failed", "A build command exited with a non-zero status.",
		"Read the lines before the failure, fix that command in `build.buildCommands` (or the code it builds) and deploy again.", docBuild, 10},

	// Start and crash.
	{"init-command-failed", "A `run.initCommands` command failed, so the app is not started: at a deploy the new version ends DEPLOY_FAILED and is not deployed (init commands run at every container start, before `run.start`).",
		"Fix the init command the log names: a file it runs must be in `build.deployFiles`, a package install belongs in `run.prepareCommands` (with sudo), and a migration against a database still starting needs `zsc execOnce ${appVersionId} --retryUntilSuccessful --` before the command; every init command must exit 0.", docStart, 21},
	{"start-file-missing", "The start command names a file that is not in the deployed files.",
		"Make `run.start` name a file the build produces, and include it (and its directory) in `build.deployFiles`.", docStart, 90},
	{"start-command-invalid", "The start command passes an option its program does not accept, so it prints its usage and exits.",
		"Correct `run.start` to options the program accepts (its usage line lists them):" + pyStartOptions + unsetOption, docStart, 89},
	{"module-not-found-at-runtime", "The running app imports a dependency that is not in the deployed files.",
		"Get the dependencies into the run container, which has only the deployed files: add `node_modules` (Node) or `vendor` (PHP) to `build.deployFiles`; for Python, `build.addToRunPrepare: [requirements.txt]` and `pip install -r requirements.txt` in `run.prepareCommands` (packages installed by `build.buildCommands` stay in the build container). Keep the package in the manifest's runtime dependencies.", docStart, 86},
	{"missing-env-variable", "The app needs an environment variable that is not set (or a reference that did not resolve).",
		"Set it in zerops.yml `run.envVariables` (or as a secret with `zerops_env`); a reference like ${db_hostname} needs the service named before the underscore to exist.", docStart, 84},
	{"permission-denied", "The app tried to write, execute or bind something it has no permission for.",
		"Write only under the app's directory or /tmp, mark scripts executable in the build (chmod +x in `build.buildCommands`), and listen on a port above 1024 declared in `run.ports`.", docStart, 60},
	{"readiness-check-failed", "The new version never passed `deploy.readinessCheck`, so it was not deployed.",
		"Fix what the lines before it show (the app exits, or listens elsewhere), or make the check match the app: `httpGet` on a port the app listens on at 0.0.0.0 and a path that answers 2xx, or an `exec` command that exits 0; then deploy again.", docStart, 20},
	{"health-check-failed", "The running app fails `run.healthCheck`, so the platform disconnects each container from the balancer and restarts it after the check's failureTimeout.",
		"Make the check match the app: `httpGet` on the port the app listens on (one of `run.ports`) and a path that answers 2xx within 5 s, or an `exec` command that exits 0; then zerops_deploy (zerops.yml changes need a redeploy).", docStart, 19},
	{"app-crash", "The app threw an unhandled error and exited.",
		"Read the stack trace's first frame in the app's code, fix it and deploy again; `zerops_logs` shows the lines around it.", docStart, 10},

	// Networking.
	{"host-not-found", "The app connects to a hostname that does not resolve in the project's private network.",
		"Point the app at a service that exists (`zerops_discover` lists them). Where a reference gives the host, change only its hostname and keep the variable after it (${postgres_connectionString} becomes ${db_connectionString} when the database service is db), where it is set: `run.envVariables` in zerops.yml (then deploy), or a service or project variable (`zerops_env`, then restart).", docNetwork, 83},
	{"connection-refused", "The app calls another server's port and the connection is refused: nothing listens at that address (the server is down, listens on another port or only on its own localhost, or the address is wrong).",
		"Call another service as http://hostname:port, with its hostname and the port its `run.ports` declares (`zerops_discover` lists both); localhost or 127.0.0.1 is the app's own container. Check that the service called is ACTIVE (`zerops_discover`) and that its log (`zerops_logs`) shows it listening on 0.0.0.0 on that port.", docNetwork, 78},
	{"https-between-services", "The app speaks HTTPS to another service over the private network, which serves plain HTTP.",
		"Call other services as http://hostname:port inside the project; HTTPS ends at the Zerops balancer (subdomain or domain).", docNetwork, 80},
	{"port-in-use", "The app tries to listen on a port another process already holds.",
		"Start one server per port: remove a second listener or pick another port, and declare the port the app listens on in `run.ports`.", docNetwork, 76},
	{"listening-on-localhost", "The app listens on localhost (127.0.0.1), so the balancer and other services cannot reach it.",
		"Bind to 0.0.0.0 on the port declared in `run.ports` where the code sets its address: Node `listen(<port>, '0.0.0.0')`, Bun.serve/Deno.serve `hostname: '0.0.0.0'`, Flask `app.run(host=\"0.0.0.0\")`, Go `http.ListenAndServe(\":<port>\", …)`; or bind it in `run.start` (gunicorn `--bind 0.0.0.0:<port>`, uvicorn `--host 0.0.0.0 --port <port>`). Only if the code reads a HOST variable does HOST=0.0.0.0 do it instead: a service variable (zerops_env action=set variables=[\"HOST=0.0.0.0\"] restart=true, no deploy) or `run.envVariables`.", docNetwork, 75},
	{"wrong-port", "Nothing listens on the declared port: the app listens on another port than `run.ports` declares.",
		"Make the app listen on the port in `run.ports` (e.g. PORT in `run.envVariables`, where the code reads it), or change `run.ports` to the port the app uses; if PORT is set and the log still shows another port, the code ignores it (a hardcoded port): change the code.", docNetwork, 74},
	{"request-too-large", "A request body exceeded the size the server accepts.",
		"Raise the body or upload limit in the app or web server config (e.g. client_max_body_size, upload_max_filesize, the framework's body limit) and deploy again.", docNetwork, 40},
	{"upstream-timeout", "A request took longer than the proxy or server waits, and timed out.",
		"Find the slow call (a query, an outbound request); move long work out of the request, or raise the server's timeout; `zerops_manage action=scale` if the app is starved of CPU.", docNetwork, 35},

	// Databases.
	{"db-tls-mismatch", "The database client and server disagree on TLS: one requires SSL, the other does not offer it.",
		"Connect without TLS inside the project (e.g. sslmode=disable in the connection string in `run.envVariables`); the private network needs no TLS.", docDatabase, 82},
	{"db-auth-failed", "The database rejected the credentials.",
		"Use the generated credentials by reference in `run.envVariables` (e.g. ${db_user}, ${db_password}, ${db_connectionString}) instead of typed values; `zerops_env` shows them.", docDatabase, 81},
	{"db-connection-refused", "Nothing accepts connections at the database's address: a wrong host or port, or the database is not running.",
		"Point the app at the database service by its generated variables in `run.envVariables` (for a service named db: ${db_hostname}:${db_port}), not localhost, and check with `zerops_discover` that it is ACTIVE.", docDatabase, 78},
	{"too-many-connections", "The database refused a connection because all its connection slots are taken.",
		"Lower the app's connection pool size (per container × containers), or give the database more resources with `zerops_manage action=scale`.", docDatabase, 77},
	{"db-schema-missing", "The app queries a table, column or database that does not exist yet: migrations have not run.",
		"Run the migrations on deploy in `run.initCommands` (e.g. `zsc execOnce ${appVersionId} --` followed by the migrate command).", docDatabase, 72},

	// Resources.
	{"disk-full", "A disk ran out of space.",
		"Free space (logs, caches, uploads) or give the service more disk with `zerops_manage action=scale` (minDisk/maxDisk).", docLimits, 94},
	{"out-of-memory", "The app ran out of memory and was killed or aborted.",
		OOMLeak + " If it holds steady and needs more: when `zerops_metrics` shows RAM at its limit, raise maxRam with `zerops_manage action=scale` (at most 48 GB); when " + OOMRuntimeLimit, docLimits, 79},
}

// OOMLeak is how every answer about an app out of memory tells a leak from
// a steady need (the out-of-memory fix, its rewrite at the platform's most
// RAM, the metrics of a service at its RAM ceiling), so that none of them
// contradicts another.
const OOMLeak = "If RAM climbs until the app dies, and again after each restart, it is a leak: fix the code (more memory only delays it)."

// OOMRuntimeLimit completes "when …": the one case where the runtime's own
// memory limit is the fix, RAM left unused below the container's limit.
const OOMRuntimeLimit = "RAM stays below it, the runtime's own limit stopped the app: raise that (NODE_OPTIONS --max-old-space-size, -Xmx, PHP memory_limit) in `run.envVariables`."

// pyStartOptions is the part of start-command-invalid's fix that names
// Python servers' bind options (gunicornOptions, then uvicorn's): left out
// for an app of another language, uvicorn's for gunicorn's own error.
const (
	pyStartOptions  = gunicornOptions + " uvicorn takes --host 0.0.0.0 --port <port>."
	gunicornOptions = " gunicorn binds with --bind 0.0.0.0:<port> and has no --host or --port;"
)

// unsetOption is the part of start-command-invalid's fix for a usage error
// a variable that expands to nothing may cause: left out where the error
// names an option the program does not have.
const unsetOption = " An option left without its value is a variable the container does not set: a `$PORT` in `run.start` expands to nothing unless PORT is set, so set it in `run.envVariables` (PORT: \"<port>\") or write the port."

// signalByID indexes signals.
var signalByID = func() map[string]*signal {
	m := make(map[string]*signal, len(signals))
	for i := range signals {
		m[signals[i].id] = &signals[i]
	}
	return m
}()

// Signals lists every signal id the classifier can name.
func Signals() []string {
	ids := make([]string, len(signals))
	for i, s := range signals {
		ids[i] = s.id
	}
	return ids
}

// Docs lists the distinct knowledge URIs the diagnoses point to.
func Docs() []string {
	seen := map[string]bool{}
	var docs []string
	for _, s := range signals {
		if !seen[s.doc] {
			seen[s.doc] = true
			docs = append(docs, s.doc)
		}
	}
	return docs
}

// DocOf is the knowledge URI of signal id; "" for an unknown id.
func DocOf(id string) string {
	if s := signalByID[id]; s != nil {
		return s.doc
	}
	return ""
}
