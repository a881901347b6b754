package diagnose

import (
	"slices"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// unknownVerbRe is systemctl's line for a verb it does not have.
var unknownVerbRe = lazyregexp.New(`^Unknown command verb '?([\w-]+)'?\.`)

// systemctlCommon are the verbs an init command runs, which a misspelt
// one is compared with.
var systemctlCommon = []string{"start", "stop", "restart", "reload", "enable", "disable", "status", "daemon-reload", "reload-or-restart", "try-restart"}

// systemctlVerbFix fits d, a failed init command, to systemctl refusing a
// verb in the lines before it: the verb is named, and the one meant when
// it is one slip from a common verb.
func (d *Diagnosis) systemctlVerbFix(before []string) {
	var verb string
	for _, l := range slices.Backward(before) {
		if m := unknownVerbRe.FindStringSubmatch(l); m != nil {
			verb = m[1]
			break
		}
	}
	if verb == "" {
		return
	}
	d.Cause = "systemctl has no verb `" + verb + "` (it printed `Unknown command verb " + verb + ".`), so the init command exits 1 and the app is not started."
	d.Fix = "Correct `" + verb + "` in `run.initCommands` to a systemctl verb (`systemctl --help` lists them: start, restart, enable…); then deploy again."
	for _, v := range systemctlCommon {
		if slip(verb, v) {
			d.Fix = "Correct `systemctl " + verb + "` to `systemctl " + v + "` in `run.initCommands` (`" + verb + "` is `" + v + "` misspelt); then deploy again."
			break
		}
	}
}
