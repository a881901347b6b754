package appsim

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// .NET: `dotnet APP.dll` on Kestrel, which listens where its code,
// appsettings.json, --urls or ASPNETCORE_URLS say.

func dotnetRecord() *tool {
	return &tool{name: "dotnet", names: []string{"dotnet"}, lang: "dotnet", run: dotnetTool, build: dotnetBuild,
		missingEntry: func(file, _ string) []Line {
			return []Line{{3, fmt.Sprintf("The application '%s' does not exist.", file)}}
		},
		// The runtime's resolver failing on Linux, as an unhandled exception
		// prints it; the hostname is not in the line.
		hostNotFound: func(string) string {
			return "Unhandled exception. System.Net.Sockets.SocketException (00000005, 0xFFFDFFFF): Name or service not known"
		},
		servers: map[string]ownAddr{"kestrel": {host: "127.0.0.1", port: 5000,
			banner: "info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://%s:%d",
			local:  "info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://localhost:%[2]d"}},
		// Program.cs's top-level statements run as the app starts.
		envRead: `Environment\.GetEnvironmentVariable\(\s*"%[1]s"\s*\)|Configuration\[\s*"%[1]s"\s*\]`, readsAtLoad: true,
		// StackExchange.Redis's Connect (abortConnect by default), a
		// connection opened (Open) on the line that reads the variable.
		connects: lazyregexp.New(`\bConnectionMultiplexer\.Connect(?:Async)?\(|\.Open(?:Async)?\(\s*\)`)}
}

var (
	csBindRe       = lazyregexp.New(`UseUrls\(|Urls\.Add\(|\.Listen\w*\(|\.Run\(\s*"`)
	csURLRe        = lazyregexp.New(`(?:UseUrls|Urls\.Add|\.Run)\(\s*"([^"]+)"`)
	csListenRe     = lazyregexp.New(`\.Listen(AnyIP|Localhost)\(\s*(\d{2,5})\s*[,)]`)
	kestrelURLRe   = lazyregexp.New(`(?is)"Kestrel"\s*:.*?"Url"\s*:\s*"([^"]+)"`)
	configURLsRe   = lazyregexp.New(`(?i)"Urls"\s*:\s*"([^"]+)"`)
	kestrelDefault = Addr{"127.0.0.1", 5000}
)

// kestrel judges a .NET app c: ASP.NET Core listens on http://localhost:5000
// unless its code, appsettings.json, --urls, ASPNETCORE_URLS (DOTNET_URLS)
// or ASPNETCORE_HTTP_PORTS say otherwise, in that order.
func (r *runSim) kestrel(c startCmd, args []string, env map[string]string) startCmd {
	if c.crash != nil || c.listen != nil || r.files == nil {
		return c
	}
	s := ownAddrs["kestrel"]
	src, ok := r.files.Read("Program.cs") // the source the build compiled
	if ok {
		r.readCode("Program.cs", src)
	}
	if ok && csBindRe.MatchString(src) {
		if m := csListenRe.FindStringSubmatch(src); m != nil {
			n, _ := strconv.Atoi(m[2])
			return s.at("dotnet", &Addr{map[string]string{"AnyIP": "0.0.0.0", "Localhost": "127.0.0.1"}[m[1]], n})
		}
		if m := csURLRe.FindStringSubmatch(src); m != nil {
			if l, ok := urlAddr(m[1]); ok {
				return s.at("dotnet", &l)
			}
		}
		return c // bound in code this does not read: not judged
	}
	settings, _ := r.deployedText(r.path("appsettings.json"))
	urls, _ := flagValue(args, "--urls")
	candidates := []string{firstMatch(kestrelURLRe, settings), urls, firstVar(env, []string{"ASPNETCORE_URLS", "DOTNET_URLS"}), firstMatch(configURLsRe, settings)}
	if p := firstVar(env, []string{"ASPNETCORE_HTTP_PORTS", "DOTNET_HTTP_PORTS"}); p != "" {
		candidates = append(candidates, "http://*:"+strings.Split(p, ";")[0])
	}
	for _, u := range candidates {
		if u == "" {
			continue
		}
		if l, ok := urlAddr(expand(u, env)); ok {
			return s.at("dotnet", &l)
		}
		return c
	}
	return s.at("dotnet", &Addr{kestrelDefault.host, kestrelDefault.port})
}

// urlAddr reads the first of ASP.NET's URLs (http://+:8080;…): + and *
// are every address.
func urlAddr(urls string) (Addr, bool) {
	u := strings.TrimSpace(strings.Split(urls, ";")[0])
	_, u, _ = strings.Cut(u, "://")
	u, _, _ = strings.Cut(u, "/")
	i := strings.LastIndex(u, ":")
	if i < 0 {
		return Addr{}, false
	}
	n, err := strconv.Atoi(u[i+1:])
	if err != nil {
		return Addr{}, false
	}
	h := u[:i]
	if h == "+" || h == "*" {
		h = "0.0.0.0"
	}
	return Addr{normHost(h), n}, true
}

// dotnetTool runs an app's dll on Kestrel.
func dotnetTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if len(args) == 0 || !strings.HasSuffix(args[0], ".dll") {
		return startCmd{}, false
	}
	return r.kestrel(r.entry("dotnet", args[0], args[1:], env), args[1:], env), true
}

// assemblyNameRe reads a project file's <AssemblyName>.
var assemblyNameRe = lazyregexp.New(`<AssemblyName>\s*([^<\s]+)\s*</AssemblyName>`)

// dotnetBuild is `dotnet publish -o DIR` (or `dotnet build -o DIR`, the
// dotnet recipe's) of the one project file in the directory (or the one it
// names): it makes DIR/<assembly>.dll, the assembly named by the project's
// <AssemblyName>, else its file name, with its .deps.json,
// .runtimeconfig.json, .pdb and the apphost beside it, and copies
// appsettings*.json (and, publishing, wwwroot). Anything else (no -o, a solution,
// several projects, a name in a property) makes what the sandbox does not
// know.
func dotnetBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	dir := valueAfter(args, "-o", "--output")
	if len(args) == 0 || (args[0] != "publish" && args[0] != "build") || dir == "" || b.files == nil {
		return otherBuildTool(b, name, args, depth)
	}
	var projects []string
	for _, a := range nonFlags(args[1:]) {
		if a != dir && strings.HasSuffix(a, ".csproj") {
			projects = append(projects, path.Join(b.cwd, a))
		}
	}
	if len(projects) == 0 {
		for p := range b.files.paths {
			if path.Dir(p) == path.Clean(orStr(b.cwd, ".")) && strings.HasSuffix(p, ".csproj") {
				projects = append(projects, p)
			}
		}
	}
	if len(projects) != 1 || !b.files.Has(projects[0]) || slices.ContainsFunc(nonFlags(args[1:]), func(a string) bool { return strings.HasSuffix(a, ".sln") }) {
		return otherBuildTool(b, name, args, depth)
	}
	src, ok := b.files.Read(projects[0])
	if !ok {
		return otherBuildTool(b, name, args, depth)
	}
	asm := strings.TrimSuffix(path.Base(projects[0]), ".csproj")
	if m := assemblyNameRe.FindStringSubmatch(src); m != nil {
		asm = m[1]
	}
	if strings.ContainsAny(asm, "$()") {
		return otherBuildTool(b, name, args, depth)
	}
	for _, f := range []string{asm + ".dll", asm + ".pdb", asm + ".deps.json", asm + ".runtimeconfig.json", asm} {
		b.produce(path.Join(dir, f))
	}
	// The Web SDK copies the settings beside the dll (build and publish
	// alike, as they are: Kestrel reads its endpoints there); publish
	// alone copies wwwroot.
	for _, f := range []string{"appsettings.json", "appsettings.Production.json", "appsettings.Development.json"} {
		if src := path.Join(b.cwd, f); b.files.Has(src) {
			b.copied(b.rel(path.Join(dir, f)), CleanRel(src))
		}
	}
	if f := path.Join(b.cwd, "wwwroot"); args[0] == "publish" && b.files.Has(f) {
		b.produce(path.Join(dir, "wwwroot"))
	}
	return 0, false, true
}
