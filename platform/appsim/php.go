package appsim

import (
	"fmt"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// PHP: `php FILE`, PHP's built-in server (php -S), Laravel's artisan
// serve, the files a front controller requires; php-nginx and php-apache
// serve it on port 80 (webroot.go).

func phpRecord() *tool {
	return &tool{name: "php", names: []string{"php"}, lang: "php", run: phpTool, webServer: []string{"php-nginx", "php-apache"}, runBases: []string{"php*"},
		missingEntry: func(file, _ string) []Line { return []Line{{3, "Could not open input file: " + file}} },
		hostNotFound: func(host string) string {
			return fmt.Sprintf("PHP Warning:  php_network_getaddresses: getaddrinfo for %s failed: Name or service not known", host)
		},
		servers:     map[string]ownAddr{"php -S": {lang: "php", banner: "PHP Development Server (http://%s:%d) started"}},
		serverStart: func(_ *runSim, _ string, args []string, _ map[string]string) (startCmd, bool) { return phpServer(args) },
		banners:     map[string]string{"artisan": "   INFO  Server running on [http://%s:%d]."},
		envRead:     `getenv\(['"]%[1]s['"]\)`, readsAtLoad: true,
		// PDO and mysqli connect as they are made; pg_connect; phpredis's
		// connect.
		connects: lazyregexp.New(`(?i)\bnew\s+\\?(?:PDO|mysqli)\s*\(|\b(?:mysqli_connect|mysqli_real_connect|pg_p?connect)\s*\(|->p?connect\s*\(`)}
}

// phpRequireRe is a PHP file's require of a file by its path:
// require __DIR__ . '/../vendor/autoload.php', require_once 'x.php'.
var phpRequireRe = lazyregexp.New(`(?m)^\s*(?:require|include)(?:_once)?\s*\(?\s*(__DIR__\s*\.\s*)?['"]([^'"]+\.php)['"]`)

// phpRequireMissing is what PHP logs when the front controller at rel
// (relative to /var/www) requires a file the deploy does not carry (composer's
// vendor/autoload.php left out of deployFiles); nil when it runs.
func (r *runSim) phpRequireMissing(rel string) []Line {
	src, ok := r.deployedText(rel)
	if !ok {
		return nil
	}
	for _, m := range phpRequireRe.FindAllStringSubmatchIndex(src, -1) {
		req := src[m[4]:m[5]]
		shown, target := req, CleanRel(req)
		if m[2] >= 0 { // __DIR__ . '…'
			shown = path.Join(RunRoot, path.Dir(rel)) + req
			target = CleanRel(path.Join(path.Dir(rel), req))
		} else if !strings.HasPrefix(req, "/") {
			target = CleanRel(path.Join(path.Dir(rel), req))
		}
		if strings.HasPrefix(target, "../") || r.deployed(target) != "" || r.producedAt(target) || phpGuarded(src[:m[0]], req) {
			continue
		}
		line := strings.Count(src[:m[4]], "\n") + 1
		at := fmt.Sprintf("in %s on line %d", path.Join(RunRoot, rel), line)
		return []Line{{4, fmt.Sprintf("PHP Warning:  require(%s): Failed to open stream: No such file or directory %s", shown, at)},
			{3, fmt.Sprintf("PHP Fatal error:  Uncaught Error: Failed opening required '%s' (include_path='.:/usr/share/php') %s", shown, at)}}
	}
	return nil
}

// phpGuarded reports whether the code before a require of req tests that
// the file exists first (Laravel's `if (file_exists(__DIR__ .
// '/../storage/framework/maintenance.php'))`): a missing file is then
// skipped, not fatal.
func phpGuarded(before, req string) bool {
	for _, fn := range []string{"file_exists(", "is_file(", "is_readable("} {
		for i := strings.Index(before, fn); i >= 0; {
			arg := strings.TrimSpace(before[i+len(fn):])
			arg = strings.TrimSpace(strings.TrimPrefix(arg, "__DIR__"))
			arg = strings.TrimSpace(strings.TrimPrefix(arg, "."))
			if strings.HasPrefix(arg, "'"+req+"'") || strings.HasPrefix(arg, `"`+req+`"`) {
				return true
			}
			j := strings.Index(before[i+len(fn):], fn)
			if j < 0 {
				break
			}
			i += len(fn) + j
		}
	}
	return false
}

// phpServer is PHP's built-in server, php -S ADDR:PORT.
func phpServer(args []string) (startCmd, bool) {
	v, ok := flagValue(args, "-S")
	if !ok {
		return startCmd{}, false
	}
	s := ownAddrs["php -S"]
	l := addrPort(v, Addr{})
	if l.port == 0 {
		return startCmd{lang: s.lang}, true
	}
	return s.at(s.lang, &Addr{normHost(l.host), l.port}), true
}

// phpTool runs a file, or Laravel's `artisan serve` (127.0.0.1:8000).
func phpTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if f := firstFile(args, "-c", "-d"); f == "artisan" && len(args) > 1 && args[1] == "serve" {
		return startCmd{lang: "php", listen: flagListen(args, env, "127.0.0.1", 8000), banner: serverBanners["artisan"]}, true
	}
	return r.entry("php", firstFile(args, "-c", "-d"), args, env), true
}
