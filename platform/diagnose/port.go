package diagnose

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// ephemeralLow is where Linux's ephemeral ports begin: what an app told no
// port (listen(undefined), port 0) gets, anew at each start.
const ephemeralLow = 32768

// portFix rewrites d, a wrong-port diagnosis from line, to name the port the
// app listens on and the declared one. An app that listens elsewhere while
// PORT is set ignores PORT: setting it again cannot help. Where it offers
// moving `run.ports` to the app's port instead, it moves a failed readiness
// check that asked the declared port with it (opt.checkedPort).
func (d *Diagnosis) portFix(line string, opt Options) {
	got, ok := announcedPort(line)
	if !ok || len(opt.Ports) == 0 {
		return
	}
	want := strconv.Itoa(opt.Ports[0])
	movePorts := opt.movePorts(opt.Ports[0])
	if d.webServerPortFix(opt.WebServer, got, want) || d.startPortFix(opt.startPort, got, want, movePorts) {
		return
	}
	if d.nitroPortFix(got, want, movePorts, opt) {
		return
	}
	set, inYml := opt.setVar("PORT")
	if inYml && set == got {
		d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: `run.envVariables` of the deployed zerops.yml set PORT to %s, and they win over any service or project variable.", got, want, set)
		d.Fix = fmt.Sprintf("Set PORT: \"%s\" in `run.envVariables` of zerops.yml (a PORT service variable cannot override it), or %s %s; then zerops_deploy (zerops.yml changes need a redeploy).", want, movePorts, got)
		return
	}
	if d.nextPortFix(line, set, got, want, movePorts) || d.serverPortFix(line, opt, got, want, movePorts) {
		return
	}
	if set != "" && set != got {
		d.Cause = fmt.Sprintf("The app listens on %s although PORT is set to %s: the code ignores PORT (the port is hardcoded), so nothing listens on %s.", got, set, want)
		d.Fix = fmt.Sprintf("Setting PORT again changes nothing. Change the code to listen on the PORT variable%s (or on %s), or %s %s.", portRead(langOf(opt.Runtime)), want, movePorts, got)
		return
	}
	if n, _ := strconv.Atoi(got); n >= ephemeralLow && set == "" {
		d.Cause = fmt.Sprintf("The app listens on %s, a port the system picked, not on the declared port %s: the code reads a PORT variable that is not set and has no fallback (or asks for port 0), so the port changes at every start.", got, want)
		d.Fix = fmt.Sprintf("Set PORT: \"%s\" in `run.envVariables` (or give the code a fallback or a literal port %s); declaring %s in `run.ports` cannot work, the next start picks another.", want, want, got)
		return
	}
	if c := opt.Code; c != nil && c.Read && !c.ReadsPort && c.PortLine > 0 && portNumber.FindString(c.PortText) == got {
		// ZCP read the file run.start starts: its listen call writes the
		// port the log shows, and the file reads no PORT, so setting PORT
		// would cost a deploy and change nothing.
		d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: the port is written in the code (%s, line %d: `%s`), which reads no PORT variable.",
			got, want, c.File, c.PortLine, c.PortText)
		// The PORT route needs both halves: code that reads an unset PORT
		// listens on a port the system picks.
		d.Fix = fmt.Sprintf("Setting PORT alone changes nothing. Change the code to listen on %s; or make it read the PORT variable%s and set PORT: \"%s\" in `run.envVariables`; or %s %s.",
			want, portRead(langOf(opt.Runtime)), want, movePorts, got)
		return
	}
	if c := opt.Code; c != nil && c.Read && c.PortVar != "" {
		if v, _ := opt.setVar(c.PortVar); v == "" {
			// ZCP read the file run.start starts: it takes its port from
			// this variable, which nothing sets, so its fallback is used.
			d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: %s reads its port from %s, which is not set, so it falls back to %s.", got, want, c.File, c.PortVar, got)
			d.Fix = fmt.Sprintf("Set %s: \"%s\" in `run.envVariables` of zerops.yml, then zerops_deploy; or %s %s.", c.PortVar, want, movePorts, got)
			return
		}
	}
	d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s.", got, want)
	d.Fix = fmt.Sprintf("Make the app listen on %s: where the code reads a port variable, set it (PORT: \"%s\" in `run.envVariables`); if PORT is set already and the log still shows %s, the code ignores it (a hardcoded port): change the code to read PORT%s or listen on %s. Or %s %s.", want, want, got, portRead(langOf(opt.Runtime)), want, movePorts, got)
}

// movePorts is how a fix words moving the declared port, want, to the
// app's: "change `run.ports` to", naming with it each check the pushed
// zerops.yml (Code) points at want, and a readiness check that never
// passed there, or the next deploy's check fails on the old port.
func (opt Options) movePorts(want int) string {
	keys := []string{"`run.ports`"}
	c := opt.Code
	if c != nil && c.HealthPort == want {
		keys = append(keys, "`run.healthCheck.httpGet.port`")
	}
	switch {
	case c != nil && c.ReadyPort == want:
		keys = append(keys, "`deploy.readinessCheck.httpGet.port`")
	case opt.checkedPort:
		keys = append(keys, "the readiness check's port")
	}
	if len(keys) == 1 {
		return "change " + keys[0] + " to"
	}
	return "change " + strings.Join(keys[:len(keys)-1], ", ") + " and " + keys[len(keys)-1] + " to"
}

// nextBanner is `next start`'s line saying where it listens.
var nextBanner = lazyregexp.New(`started server on .*url: https?://`)

// nextPortFix fits d to `next start` listening on got, not want: Next
// takes its port from -p, else PORT, else 3000. On another port than 3000
// with PORT not set to it, the command that starts Next gives the port
// (its -p, or a PORT= written before it), which no PORT variable changes:
// offering one would loop. It reports whether line is Next's and so.
func (d *Diagnosis) nextPortFix(line, set, got, want, movePorts string) bool {
	if !nextBanner.MatchString(line) || got == "3000" || set == got {
		return false
	}
	why := "PORT is not set"
	if set != "" {
		why = "PORT is " + set + ", which -p overrides"
	}
	d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: `next start` takes its port from -p before PORT (%s), so the command that starts it gives %s.", got, want, why, got)
	d.Fix = fmt.Sprintf("Write `-p %s` in place of the port `next start` is given (its `-p %s`, or a PORT=%s written before it) in `run.start` or the package.json script it runs (no PORT variable changes it), or %s %s; then zerops_deploy again.",
		want, got, got, movePorts, got)
	d.envOnly = false
	return true
}

// serverPortFix fits d to a server whose own line (line) shows where it
// listens: its way to another port, or the config line ZCP read that sets
// it. It reports whether line is such a server's.
func (d *Diagnosis) serverPortFix(line string, opt Options, got, want, movePorts string) bool {
	for _, s := range localServers {
		if s.port != "" && s.line.MatchString(line) {
			if c := opt.Code; c != nil && c.Read && !c.ReadsPort && c.PortLine > 0 && portNumber.FindString(c.PortText) == got &&
				!slices.Contains(SpringConfigs, c.File) && c.File != "appsettings.json" {
				// The code the start runs writes the port (Flask's
				// app.run(port=8000)): how the server picks one unless
				// told is beside the point; portFix names the line.
				return false
			}
			d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s.", got, want)
			d.Fix, d.envOnly = strings.ReplaceAll(s.port, "<port>", want), s.envOnly
			if c := opt.Code; c != nil && c.PortLine > 0 && (slices.Contains(SpringConfigs, c.File) || c.File == "appsettings.json") && portNumber.FindString(c.PortText) == got {
				// ZCP read the config line that sets the port: changing it
				// keeps the setting where the user wrote it.
				d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: %s, line %d sets `%s`.", got, want, c.File, c.PortLine, c.PortText)
				d.Fix = fmt.Sprintf("Change `%s` in %s, line %d to `%s`, then zerops_deploy; or %s %s.",
					c.PortText, c.File, c.PortLine, strings.Replace(c.PortText, got, want, 1), movePorts, got)
				d.envOnly = false
			}
			if m := serviceVarFix.FindStringSubmatch(d.Fix); m != nil && s.envOnly {
				if v, ok := opt.YmlEnv[m[1]]; ok {
					d.Fix = fmt.Sprintf("`run.envVariables` of the deployed zerops.yml set %s to %s, and they win over a service variable: set %s: %s there, then zerops_deploy.", m[1], v, m[1], m[2])
					d.envOnly = false
				}
			}
			return true
		}
	}
	return false
}

// webServerPortFix fits d to a runtime whose own web server (server)
// serves on port 80: run.ports and run.start go. It reports whether
// server is one.
func (d *Diagnosis) webServerPortFix(server, got, want string) bool {
	if server == "" {
		return false
	}
	d.Cause = fmt.Sprintf("%s serves the app with its own web server on port 80 (the log shows a listener on %s): nothing listens on the declared port %s.", server, got, want)
	d.Fix = fmt.Sprintf("Remove `run.ports` (and `run.start`) from zerops.yml: %s needs neither, its web server serves the deployed files on 80 by itself; then zerops_deploy.", server)
	return true
}

// startPortFix fits d to a port the start command gives (flag, its
// option as the log shows it): fixed there, as no PORT variable changes
// it. It reports whether flag gives the port got.
func (d *Diagnosis) startPortFix(flag, got, want, movePorts string) bool {
	if flag == "" || !strings.HasSuffix(flag, got) {
		return false
	}
	fixed := strings.TrimSuffix(flag, got) + want
	d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: the start command gives that port (`%s`).", got, want, flag)
	d.Fix = fmt.Sprintf("Write `%s` instead of `%s` in `run.start` of zerops.yml (or the script it runs; no PORT variable changes a port the command gives), or %s %s; then zerops_deploy again.", fixed, flag, movePorts, got)
	d.envOnly = false
	return true
}

// nitroPortFix fits d, a wrong-port diagnosis, to NITRO_PORT set to the
// port the app listens on: Nuxt's server (Nitro) reads it before PORT, so
// setting PORT, or a port in the built code, changes nothing.
func (d *Diagnosis) nitroPortFix(got, want, movePorts string, opt Options) bool {
	v, inYml := opt.setVar("NITRO_PORT")
	if v == "" || v != got {
		return false
	}
	// Nuxt's server (Nitro) reads NITRO_PORT before PORT: setting
	// PORT, or a port in the built code, changes nothing.
	if inYml {
		d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: `run.envVariables` of the deployed zerops.yml set NITRO_PORT to %s, which Nuxt's server (Nitro) reads before PORT.", got, want, v)
		d.Fix = fmt.Sprintf("Set NITRO_PORT: \"%s\" in `run.envVariables` of zerops.yml (they win over a service variable), or %s %s; then zerops_deploy (zerops.yml changes need a redeploy).", want, movePorts, got)
		return true
	}
	d.Cause = fmt.Sprintf("The app listens on %s, not on the declared port %s: NITRO_PORT is set to %s as a service or project variable, and Nuxt's server (Nitro) reads it before PORT.", got, want, v)
	d.Fix = fmt.Sprintf("Set NITRO_PORT to %s: a service variable (zerops_env action=set variables=[\"NITRO_PORT=%s\"] restart=true, no deploy).", want, want)
	d.envOnly = true
	return true
}

// serviceVarFix is the variable and value a server's port fix sets.
var serviceVarFix = lazyregexp.New(`set (\w+)=(\S+) as a service variable`)

// readinessAsked finds the port an httpGet readiness check that never
// passed asked.
var readinessAsked = lazyregexp.New(`readiness check never passed: GET https?://[^/:\s]+:(\d+)`)

// readinessPortFix fits d, a readiness check that never passed (line), to
// a check asking a port the app does not listen on while lines show the
// one port it does: the check moves to the app, named with both ports. A
// check on a port run.ports (declared) lacks says so, and where the app's
// port is not shown, offers the declared one or the check's port declared.
func (d *Diagnosis) readinessPortFix(line string, lines []string, declared []int) {
	m := readinessAsked.FindStringSubmatch(line)
	if m == nil {
		return
	}
	asked, _ := strconv.Atoi(m[1])
	off := "" // the check's port, when run.ports lacks it
	if len(declared) > 0 && !slices.Contains(declared, asked) {
		off = fmt.Sprintf("Port %s, which the check asks, is not among `run.ports` (%s): ", m[1], joinPorts(declared))
	}
	ports := ListenPorts(lines)
	if len(ports) == 1 && ports[0] != asked {
		app := strconv.Itoa(ports[0])
		d.Cause = fmt.Sprintf("The new version never passed `deploy.readinessCheck`, so it was not deployed: the check asks port %s, where nothing listens, and the app listens on %s.", m[1], app)
		d.Fix = fmt.Sprintf("%sset `deploy.readinessCheck.httpGet.port` to %s, the port the app listens on (its path must answer 2xx there); then deploy again.", off, app)
		if off == "" {
			d.Fix = "S" + d.Fix[1:]
		}
		return
	}
	if off == "" || len(ports) > 0 {
		return
	}
	d.Cause = fmt.Sprintf("The new version never passed `deploy.readinessCheck`, so it was not deployed: the check asks port %s, and nothing listens there.", m[1])
	d.Fix = fmt.Sprintf("%sset `deploy.readinessCheck.httpGet.port` to %d if the app listens where `run.ports` says; if it listens on %s, add %s to `run.ports` instead. Then deploy again.",
		off, declared[0], m[1], m[1])
}

// healthAsked finds the port an httpGet health check that failed asked.
var healthAsked = lazyregexp.New(`health ?check failed: GET https?://[^/:\s]+:(\d+)`)

// healthPortFix fits d, a failing health check (line), to a check asking
// a port the app does not listen on while lines show the one port it
// does: the check moves to the app, named with both ports.
func (d *Diagnosis) healthPortFix(line string, lines []string) {
	m := healthAsked.FindStringSubmatch(line)
	if m == nil {
		return
	}
	ports := ListenPorts(lines)
	if len(ports) != 1 || strconv.Itoa(ports[0]) == m[1] {
		return
	}
	d.Cause = fmt.Sprintf("`run.healthCheck` asks port %s, where nothing listens (the app listens on %d): the check fails, so the platform disconnects each container from the balancer and restarts it after the check's failureTimeout, again and again.", m[1], ports[0])
	d.Fix = fmt.Sprintf("Set `run.healthCheck.httpGet.port` to %d, the port the app listens on (its path must answer 2xx there); then zerops_deploy (zerops.yml changes need a redeploy).", ports[0])
}

// declared are the run.ports opt knows: the service's, else those of the
// zerops.yml ZCP pushed (Code); nil when neither is known.
func (opt Options) declared() []int {
	if len(opt.Ports) == 0 && opt.Code != nil {
		return opt.Code.Ports
	}
	return opt.Ports
}

// joinPorts lists ports as "3000, 8080".
func joinPorts(ports []int) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, ", ")
}
