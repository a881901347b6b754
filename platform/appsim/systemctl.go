package appsim

import (
	"path"
	"slices"
)

// systemctlVerbs are systemctl's verbs (systemctl --help, and the
// compatibility aliases its manual keeps: reload-or-try-restart,
// condrestart, force-reload…; sleep from newer systemd): another is
// refused before anything runs. A verb missing here would fail a real
// command: when unsure, add it.
var systemctlVerbs = []string{"list-units", "list-automounts", "list-paths", "list-sockets", "list-timers", "is-active", "is-failed",
	"status", "show", "cat", "help", "list-dependencies", "start", "stop", "reload", "restart", "try-restart", "reload-or-restart",
	"try-reload-or-restart", "isolate", "kill", "clean", "freeze", "thaw", "set-property", "bind", "mount-image", "service-log-level",
	"service-log-target", "reset-failed", "whoami", "list-unit-files", "enable", "disable", "reenable", "preset", "preset-all",
	"is-enabled", "mask", "unmask", "link", "revert", "add-wants", "add-requires", "edit", "get-default", "set-default",
	"list-machines", "list-jobs", "cancel", "show-environment", "set-environment", "unset-environment", "import-environment",
	"daemon-reload", "daemon-reexec", "log-level", "log-target", "service-watchdogs", "is-system-running", "default", "rescue",
	"emergency", "halt", "poweroff", "reboot", "kexec", "soft-reboot", "exit", "switch-root", "suspend", "hibernate",
	"hybrid-sleep", "suspend-then-hibernate", "condreload", "condrestart", "condstop", "force-reload",
	"reload-or-try-restart", "sleep"}

// systemctlRule judges systemctl (under sudo too) in an Ubuntu container:
// a verb it does not have exits 1 with its own line. handled is false for
// any other command, a known verb, or no verb.
func systemctlRule(os string, words []string) (lines []Line, code int, handled bool) {
	if len(words) > 1 && path.Base(words[0]) == "sudo" {
		words = words[1:]
	}
	if os != "ubuntu" || len(words) < 2 || path.Base(words[0]) != "systemctl" {
		return nil, 0, false
	}
	verb := ""
	if rest := nonFlags(words[1:]); len(rest) > 0 {
		verb = rest[0]
	}
	if verb == "" || slices.Contains(systemctlVerbs, verb) {
		return nil, 0, false
	}
	return []Line{{3, "Unknown command verb " + verb + "."}}, 1, true
}
