package yamlcheck

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// checkPorts warns of a setup's httpGet check asking a port its run.ports
// do not declare. The platform runs the check inside the container against
// localhost:<port>, so any port the app listens on answers it: a warning,
// not an error. But an app listening only where run.ports says fails such a
// check: a readiness check never passes (the deploy fails), a health check
// restarts each container after its failureTimeout. A setup without ports
// of its own (php-nginx's 80, a parent's by extends) is left alone.
func checkPorts(c *checker, s setupAt) {
	if s.Run == nil || len(s.Run.Ports) == 0 {
		return
	}
	var declared []int
	for _, p := range s.Run.Ports {
		if p.Keys.Has("port") {
			declared = append(declared, p.Port)
		}
	}
	if len(declared) == 0 {
		return
	}
	if s.Deploy != nil {
		checkPort(c, s, "deploy.readinessCheck", s.Deploy.ReadinessCheck, declared,
			"it never passes and the deploy fails (the previous version stays)")
	}
	checkPort(c, s, "run.healthCheck", s.Run.HealthCheck, declared,
		"it fails, and each container is restarted after its failureTimeout")
}

// checkPort warns when check, s's key, is an httpGet check whose port is
// not among declared; fails says what follows when nothing answers there.
func checkPort(c *checker, s setupAt, key string, check *zeropsyml.Check, declared []int, fails string) {
	at := s.Path() + "." + key
	if check == nil || check.HTTPGet == nil || !s.bad.ok(check.HTTPGet.Keys, at+".httpGet", "port") {
		return
	}
	asked := check.HTTPGet.Port
	if !portInRange(asked) || slices.Contains(declared, asked) {
		return
	}
	list := make([]string, len(declared))
	for i, d := range declared {
		list[i] = strconv.Itoa(d)
	}
	to := fmt.Sprintf("%d, the port run.ports declares", declared[0])
	if len(declared) > 1 {
		to = "the declared port the app serves the check on (" + strings.Join(list, ", ") + ")"
	}
	c.warnf(at+".httpGet.port", "%s asks port %d, which run.ports does not declare (%s): the check GETs localhost:%d inside the container, so unless the app also listens on %d, %s",
		key, asked, strings.Join(list, ", "), asked, asked, fails).Fix = fmt.Sprintf("Set %s.httpGet.port to %s, unless the app serves the check on %d too.", key, to, asked)
}
