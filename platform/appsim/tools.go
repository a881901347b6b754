package appsim

import (
	"slices"
	"strings"
)

// runTool judges a start command that runs one tool (args: what follows
// its name; depth as command's): where its entry is, where it listens, how
// it fails. false: the tool does not take these arguments as a start the
// sandbox reads, and the command is judged as any other.
type runTool func(r *runSim, name string, args []string, env map[string]string, depth int) (startCmd, bool)

// runTools are the tools a start runs, by toolName. Filled in init: a tool
// that follows a script goes back through command, which reads this map.
var runTools map[string]runTool

func init() {
	runTools = map[string]runTool{"npm": npmTool, "node": nodeTool, "python": pythonTool,
		"gunicorn": pyServerTool, "uvicorn": pyServerTool, "hypercorn": pyServerTool, "flask": flaskTool,
		"php": phpTool, "bun": bunTool, "deno": denoTool, "java": javaTool, "go": goRunTool, "ruby": rubyTool,
		"dotnet": dotnetTool}
}

// toolName is the tool a command's name runs: node (node22, nodemon, tsx,
// ts-node) and python (python3, python3.12) by family, else the name.
func toolName(name string) string {
	switch {
	case strings.HasPrefix(name, "node") || name == "tsx" || name == "ts-node":
		return "node"
	case strings.HasPrefix(name, "python"):
		return "python"
	}
	return name
}

// npmTool follows `npm start` / `npm run X` into package.json's script.
func npmTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	if depth >= 3 {
		return startCmd{}, false
	}
	return r.npmStart(args, env, depth), true
}

// nodeTool runs a file: Node 22 refuses to start without the file
// --env-file names.
func nodeTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if bad := r.envFiles(args, env); bad != "" {
		return startCmd{lang: "node", exit: 9, crash: []Line{{3, "node: " + bad + ": not found"}}}, true
	}
	return r.entry("node", firstFile(args, "-r", "--require", "--import", "--loader", "--experimental-loader",
		"--env-file", "--title", "-C", "--conditions"), args, env), true
}

// pythonTool runs a file, or a module (-m) with its own arguments.
func pythonTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if i := slices.Index(args, "-m"); i >= 0 && i+1 < len(args) {
		return r.pyModule(args[i+1], args[i+2:], env), true
	}
	return r.entry("python", firstFile(args, "-X", "-W"), args, env), true
}

// pyServerTool is gunicorn, uvicorn or hypercorn.
func pyServerTool(r *runSim, name string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return r.pyServer(name, args, env), true
}

// flaskTool is the flask command.
func flaskTool(_ *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return flaskRun(args, env), true
}

// phpTool runs a file, or Laravel's `artisan serve` (127.0.0.1:8000).
func phpTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if f := firstFile(args, "-c", "-d"); f == "artisan" && len(args) > 1 && args[1] == "serve" {
		return startCmd{lang: "php", listen: flagListen(args, env, "127.0.0.1", 8000), banner: serverBanners["artisan"]}, true
	}
	return r.entry("php", firstFile(args, "-c", "-d"), args, env), true
}

// bunTool: `bun run X` and `bun X` run package.json's script X before a
// file X.
func bunTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	rest := args
	if len(rest) > 0 && rest[0] == "run" {
		rest = rest[1:]
	}
	if text, ok := r.projectTask(firstFile(rest), "package.json"); ok && depth < 3 {
		return r.resolveIn(text, env, depth+1), true
	}
	return r.entry("bun", firstFile(rest), args, env), true
}

// denoTool: `deno task X` runs deno.json(c)'s task X (or package.json's
// script X); `deno run` and `deno serve` a file and the modules it
// imports, `deno run` only with the permission to listen.
func denoTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	if len(args) > 0 && args[0] == "task" {
		if text, ok := r.projectTask(firstFile(args[1:], "--config", "-c", "--cwd"),
			"deno.json", "deno.jsonc", "package.json"); ok && depth < 3 {
			return r.resolveIn(text, env, depth+1), true
		}
		return startCmd{lang: "deno"}, true
	}
	rest := args
	if len(rest) > 0 && (rest[0] == "run" || rest[0] == "serve") {
		rest = rest[1:]
	}
	file := firstFile(rest, "--config", "-c", "--import-map", "--port", "--host")
	c := r.entry("deno", file, args, env)
	if c.crash == nil && r.files != nil && file != "" {
		if crash, failed := r.denoModules(r.path(file)); failed {
			return crash, true
		}
	}
	if len(args) > 0 && args[0] == "serve" {
		if c.crash == nil {
			// deno serve listens on --host (0.0.0.0) and --port (8000).
			c.listen = flagListen(rest, env, "0.0.0.0", 8000)
		}
		return c, true
	}
	return denoPermitted(c, rest[:max(slices.Index(rest, file), 0)]), true
}

// javaTool runs a jar (a Spring Boot one listens as its record says).
func javaTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if jar := valueAfter(args, "-jar"); jar != "" {
		return r.springBoot(r.entry("java", jar, args, env), args, env), true
	}
	return startCmd{lang: "java"}, true
}

// goRunTool is `go run file.go`.
func goRunTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if len(args) < 2 || args[0] != "run" || !strings.HasSuffix(args[1], ".go") {
		return startCmd{}, false
	}
	return r.entry("go", args[1], args[2:], env), true
}

// rubyTool runs a file (a Sinatra one listens as its record says).
func rubyTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return r.entry("ruby", firstFile(args, "-I", "-r"), args, env), true
}

// dotnetTool runs an app's dll on Kestrel.
func dotnetTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if len(args) == 0 || !strings.HasSuffix(args[0], ".dll") {
		return startCmd{}, false
	}
	return r.kestrel(r.entry("dotnet", args[0], args[1:], env), args[1:], env), true
}
