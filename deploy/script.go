package deploy

import "strings"

// Exit codes the remote script uses for its own steps, so a failure can be
// told apart from zcli push's.
const (
	exitNoToken     = 96  // stdin carried no token
	exitNoDir       = 97  // cd into the working directory failed
	exitLoginFailed = 95  // zcli login failed
	exitNoZcli      = 127 // zcli is not on the container's PATH (the shell's own code)
)

// remoteScript is the one command string ssh hands to the remote login shell
// (POSIX sh syntax; bash and dash both run it). Every value from the plan is
// single-quoted although validation already restricted it to safe characters.
//
// The token arrives on stdin and is read into a shell variable, so it is in
// no argument list here and only in zcli login's on the container. Stdin then
// stays open: a watcher waits for its EOF, which comes when the local ssh is
// killed (cancel, timeout, shutdown) and the connection drops, and kills the
// push, because sshd does not signal a session's processes when its client
// goes away.
func remoteScript(p Plan) string {
	push := "zcli push --service-id " + shellQuote(p.TargetServiceID)
	if p.Setup != "" {
		push += " --setup " + shellQuote(p.Setup)
	}
	steps := []string{
		"exec 3<&0 </dev/null",
		`IFS= read -r tok <&3 && [ -n "$tok" ] || { echo 'zcp: no token on stdin' >&2; exit 96; }`,
		"command -v zcli >/dev/null 2>&1 || { echo 'zcp: zcli not found on PATH' >&2; exit 127; }",
		"cd " + shellQuote(p.WorkingDir) + " || exit 97",
		`zcli login -- "$tok" 3<&- || exit 95`,
		"tok=",
		push + " 3<&- & p=$!",
		"{ cat >/dev/null; kill $p; } <&3 >/dev/null 2>&1 & w=$!",
		"exec 3<&-",
		"wait $p; rc=$?",
		"kill $w 2>/dev/null",
		"exit $rc",
	}
	return strings.Join(steps, "; ")
}
