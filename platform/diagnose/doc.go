// Package diagnose turns build or runtime log lines into diagnoses: a stable
// signal id, its cause, a fix in Zerops terms (a zerops.yml key or a tool
// call), the log line that showed it and the knowledge document that explains
// it.
//
// The rules describe how the tools print their errors (npm, yarn, pnpm, bun,
// deno, node, pip, python, composer, php, go, cargo, dotnet, maven, gradle,
// java, nginx, the databases' clients and the Zerops build and runtime). A
// line is first scanned once for the rules' keywords; only the rules whose
// keywords occur run their regular expression. The package imports nothing
// from ZCP and is safe for concurrent use.
package diagnose
