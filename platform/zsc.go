package platform

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// IdleStart reports whether start (a run.start) only keeps the container
// up and starts no server: `zsc noop`, the docs' start for that, or a
// shell's way to wait forever, as official recipes write it (zabbix's
// `while true; do sleep 10000; done`, quake3-server's `tail -f` of a log):
// `sleep N`, `tail -f FILE`, a `while true` loop that only sleeps.
func IdleStart(start string) bool {
	f := strings.Fields(start)
	if len(f) > 0 && f[0] == "exec" {
		f = f[1:]
	}
	switch {
	case len(f) >= 2 && f[0] == "zsc" && f[1] == "noop":
		return true
	case len(f) == 2 && f[0] == "sleep":
		return true
	case len(f) == 3 && f[0] == "tail" && (f[1] == "-f" || f[1] == "-F"):
		return true
	}
	return idleLoop.MatchString(strings.Join(f, " "))
}

// idleLoop is a shell loop that only sleeps: `while true; do sleep N; done`
// (or `while :`).
var idleLoop = regexp.MustCompile(`^while (true|:) ?; ?do sleep \S+ ?;? ?done$`)

// StartsService reports whether cmd, a command a setup runs besides its
// start (run.initCommands, run.prepareCommands), may leave a process
// running after it ends, a server the start did not start: a service
// manager told to start one, a background `&`, a detaching wrapper (nohup,
// setsid, screen, supervisord, docker …), a program that detaches itself
// (nginx, php-fpm …) or an option telling one to, or a shell script run
// by its path or a shell (not one only named, as chmod does), whose
// commands are not read. It errs towards true: when it is true, what
// answers is not known.
func StartsService(cmd string) bool {
	if backgrounds(cmd) {
		return true
	}
	for _, simple := range strings.FieldsFunc(cmd, func(r rune) bool { return strings.ContainsRune(";|&()\n", r) }) {
		words := strings.Fields(simple)
		for i, w := range words {
			words[i] = strings.Trim(w, `"'`)
		}
		managed := false
		for i, w := range words {
			name := path.Base(w)
			switch {
			case detachers[name] || strings.HasPrefix(name, "php-fpm") || detachFlags[w] || strings.HasPrefix(w, "--daemonize="):
				return true
			case serviceManagers[name] || strings.HasPrefix(w, "/etc/init.d/"):
				managed = true
			case i == firstWord(words) && (strings.HasSuffix(name, ".sh") || strings.HasPrefix(w, "./")),
				strings.HasSuffix(name, ".sh") && i > 0 && shells[path.Base(words[i-1])]:
				// A script run by its path or by a shell; one only named
				// (`chmod +x migrate.sh`) runs nothing.
				return true
			}
		}
		if managed && slices.ContainsFunc(words, func(w string) bool { return serviceStarts[w] }) {
			return true
		}
	}
	return false
}

// backgrounds reports whether cmd has a lone `&`: not `&&`, nor part of a
// redirection (`2>&1`, `&>`).
func backgrounds(cmd string) bool {
	for i := 0; i < len(cmd); i++ {
		if cmd[i] != '&' {
			continue
		}
		if i+1 < len(cmd) && (cmd[i+1] == '&' || cmd[i+1] == '>') {
			i++
			continue
		}
		if i > 0 && (cmd[i-1] == '>' || cmd[i-1] == '<') {
			continue
		}
		return true
	}
	return false
}

// firstWord is the index in words of the command a simple command runs:
// past sudo (and its options), env, exec and variable assignments.
func firstWord(words []string) int {
	i := 0
	for i < len(words) {
		w := words[i]
		switch {
		case w == "sudo" || w == "env" || w == "exec" || w == "command":
			i++
		case strings.HasPrefix(w, "-") && i > 0:
			i++
		case strings.Contains(w, "=") && !strings.HasPrefix(w, "="):
			i++
		default:
			return i
		}
	}
	return i
}

// shells run a script named after them (`bash boot.sh`).
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ash": true, "source": true, ".": true}

// detachers are programs that leave a process running when they end: they
// run one detached, or detach themselves by default.
var detachers = map[string]bool{
	"nohup": true, "setsid": true, "daemon": true, "daemonize": true, "start-stop-daemon": true,
	"supervisord": true, "supervisorctl": true, "pm2": true, "forever": true, "screen": true, "tmux": true,
	"docker": true, "docker-compose": true, "podman": true,
	"nginx": true, "apachectl": true, "apache2ctl": true, "httpd": true, "pg_ctl": true, "pg_ctlcluster": true,
	"mysqld_safe": true, "sshd": true,
}

// detachFlags are options that tell a server to detach itself.
var detachFlags = map[string]bool{"--daemon": true, "--daemonize": true, "-daemon": true, "--detach": true, "--fork": true, "--background": true}

// serviceManagers start services by name; serviceStarts are their words
// for starting one (now, or at each boot).
var (
	serviceManagers = map[string]bool{"systemctl": true, "service": true, "rc-service": true, "rc-update": true, "initctl": true}
	serviceStarts   = map[string]bool{"start": true, "restart": true, "reload-or-restart": true, "try-restart": true, "enable": true, "--now": true, "add": true}
)
