// Package diagnose turns build or runtime log lines into diagnoses: a stable
// signal id, its cause, a fix in Zerops terms (a zerops.yml key or a tool
// call), the log line that showed it and the knowledge document that explains
// it.
//
// The signals, by family (each family has one zerops://docs/troubleshooting
// document):
//
//	build-failures:       build-command-failed, npm-missing-script, dependency-not-found,
//	                      lockfile-mismatch, compile-error, runtime-version-mismatch,
//	                      deploy-files-missing, build-timeout, zerops-yml-invalid,
//	                      prepare-command-failed
//	runtime-crashes:      start-file-missing, module-not-found-at-runtime,
//	                      missing-env-variable, permission-denied, app-crash
//	networking-ports:     port-in-use, listening-on-localhost, wrong-port, host-not-found,
//	                      https-between-services, request-too-large, upstream-timeout
//	database-connections: db-connection-refused, db-auth-failed, db-tls-mismatch,
//	                      too-many-connections, db-schema-missing
//	resources-limits:     build-out-of-memory, out-of-memory, disk-full
//
// The rules describe how the tools print their errors (npm, yarn, pnpm, bun,
// deno, node, pip, python, composer, php, go, cargo, dotnet, maven, gradle,
// java, nginx, the databases' clients and the Zerops build and runtime). A
// line is first scanned once for the rules' keywords; only the rules whose
// keywords occur run their regular expression. The package imports nothing
// from ZCP and is safe for concurrent use.
package diagnose
