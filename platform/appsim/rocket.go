package appsim

import (
	"bufio"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Rocket (Rust) listens where its configuration says: 127.0.0.1:8000
// unless Rocket.toml (its [default] table, the profile's, then [global])
// or ROCKET_ADDRESS and ROCKET_PORT, which win, say otherwise; the profile
// is ROCKET_PROFILE, else the build's (release for a --release build).
// Code that builds its own configuration is not read.

// rocketUses finds a Rocket app; rocketOwnConfig, code that configures it
// itself (a custom figment or Config).
var (
	rocketUses      = lazyregexp.New(`#\[launch\]|\brocket::build\(\)|\brocket::custom\(`)
	rocketOwnConfig = lazyregexp.New(`\brocket::custom\(|\bConfig\s*\{|\.configure\(|\bFigment::|\.merge\(\(\s*"(?:address|port)"`)
)

// rocketBanner is the line Rocket prints once it listens.
const rocketBanner = "Rocket has launched from http://%s:%d"

// rocket judges a Rocket app whose main source is src, started with env;
// false when src is no Rocket app.
func (r *runSim) rocket(src string, env map[string]string) (startCmd, bool) {
	if !rocketUses.MatchString(src) {
		return startCmd{}, false
	}
	if rocketOwnConfig.MatchString(src) || env["ROCKET_CONFIG"] != "" {
		r.unsure = append(r.unsure, "where Rocket listens (the code, or ROCKET_CONFIG, gives it a configuration of its own, which the sandbox does not read)")
		return startCmd{lang: "rust", named: true}, true
	}
	host, port := "127.0.0.1", 8000
	profile := "debug"
	if build := " " + strings.Join(r.d.BuildCommands, " ") + " "; strings.Contains(build, " --release ") || strings.Contains(build, " -r ") {
		profile = "release"
	}
	profile = orStr(env["ROCKET_PROFILE"], profile)
	if toml, ok := r.deployedText(r.path("Rocket.toml")); ok {
		for _, table := range []string{"default", profile, "global"} {
			h, p := rocketTable(toml, table)
			host = orStr(h, host)
			if p > 0 {
				port = p
			}
		}
	}
	host = orStr(env["ROCKET_ADDRESS"], host)
	if v := env["ROCKET_PORT"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			r.unsure = append(r.unsure, "where Rocket listens (ROCKET_PORT is "+strconv.Quote(clip(v, 40))+", not a port)")
			return startCmd{lang: "rust", named: true}, true
		}
		port = n
	}
	return startCmd{lang: "rust", listen: &Addr{normHost(host), port}, banner: rocketBanner}, true
}

// rocketTable is the address and port the TOML table name of src sets
// ("", 0 where it does not).
func rocketTable(src, name string) (host string, port int) {
	in := false
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			in = strings.Trim(line, "[] ") == name
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !in || !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if i := strings.Index(v, "#"); i >= 0 && !strings.HasPrefix(v, `"`) {
			v = strings.TrimSpace(v[:i])
		}
		switch strings.TrimSpace(k) {
		case "address":
			if u, err := strconv.Unquote(strings.Fields(v + " ")[0]); err == nil {
				host = u
			}
		case "port":
			if n, err := strconv.Atoi(v); err == nil {
				port = n
			}
		}
	}
	return host, port
}
