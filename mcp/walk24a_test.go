package mcp_test

import (
	"testing"
)

// walk24aNext is a Next.js frontend (the nextjs-strapi-blog recipe's
// scripts) whose start script is script, started by `yarn run start` with
// env in run.envVariables and 3000 declared.
func walk24aNext(script string, env map[string]string) map[string]string {
	return map[string]string{
		"package.json": `{"name":"blog-front","private":true,"scripts":{"build":"next build","start":"` + script + `"},"dependencies":{"next":"13.1.6","react":"18.2.0","react-dom":"18.2.0"}}` + "\n",
		"zerops.yml": setupYml{base: "nodejs@22", build: []string{"yarn", "yarn run build"}, deploy: "[.next, node_modules, package.json]",
			port: 3000, env: env, start: "yarn run start"}.String(),
	}
}

// TestDeploy_NextPortFlagInScriptWalk24a: `next start -p 8080` in the
// package.json script, 3000 declared. Next takes -p before PORT, yet the
// answer offered PORT: "3000" as a fix; with it set, the same answer came
// back (a loop). Next listens on 3000 unless -p or PORT says otherwise:
// listening elsewhere with PORT unset (or set to another port) means a -p
// in the command.
func TestDeploy_NextPortFlagInScriptWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "-p 8080 in the script", files: walk24aNext("next start -p 8080", nil), verdict: "not-answering", signal: "wrong-port",
			next: []string{"-p 3000", "package.json"}, lacks: []string{`PORT: \"3000\"`},
			then: []deployCase{
				{name: "PORT set as told before", files: walk24aNext("next start -p 8080", map[string]string{"PORT": "3000"}), verdict: "not-answering",
					signal: "wrong-port", next: []string{"-p 3000"}, lacks: []string{`set PORT: \"3000\"`}},
				{name: "the flag fixed", files: walk24aNext("next start -p 3000", nil), verdict: "live"},
			}},
		{name: "PORT 8080 as a variable", files: walk24aNext("next start", map[string]string{"PORT": "8080"}), verdict: "not-answering", signal: "wrong-port",
			next: []string{`PORT: "3000"`}},
	})
}
