package fakeapi

import (
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// maxStartAttempts bounds the logged restarts of a crash-looping app.
const maxStartAttempts = 10

// restartDelay is the wait before start attempt n+1 (n ≥ 1): 2, 4, 8, 16 s,
// then 30 s.
func restartDelay(n int) time.Duration {
	return min(time.Duration(1<<min(n, 5))*time.Second, 30*time.Second)
}

// appStarted writes what av's app prints when its containers start at at:
// the start command, then where it listens, or why it exits (the first of
// its start attempts; advance logs the next ones).
func (st *state) appStarted(s *service, av *appVersion, at time.Time) {
	d := av.deployed
	if d == nil {
		return
	}
	base := orStr(d.RunBase, s.Version.Name)
	// The app reads its environment as it is now: a secret or project
	// variable set since the deploy counts from this start on.
	// A port the system picks (PORT unset, no fallback) is another at each start.
	av.starts++
	av.keepUserEnv(s)
	env, refs := st.startEnv(s, d)
	run := appsim.Run(d, av.runFiles, av.built, base, env, fmt.Sprintf("%s#%d", av.ID, av.starts))
	av.sim, av.runStart, av.attempts, av.startRefs = &run, at, 1, refs
	s.runs = append(s.runs, appRun{At: at, OutOfMemory: run.OutOfMemory()})
	for i, c := range s.Containers {
		t := at.Add(time.Duration(i) * time.Millisecond)
		if start := d.StartText(); start != "" {
			st.addLog(s, t, 6, 16, s.Name, c, fmt.Sprintf("Starting app version %s on %s: %s", av.ID, base, start))
		} else {
			st.addLog(s, t, 6, 16, s.Name, c, fmt.Sprintf("App version %s deployed on %s", av.ID, base))
		}
		if run.Crash != nil {
			st.logCrash(s, av, c, t, 1) // the processes that run log on
		}
		for _, l := range run.Lines {
			st.addLog(s, t, l.Sev, 16, s.Name, c, l.Msg)
		}
		for _, l := range appsim.ListenLines(run) {
			st.addLog(s, t, 6, 16, s.Name, c, l)
		}
		if run.HealthFail != "" {
			st.addLog(s, t, 3, 16, s.Name, c, run.HealthFail)
		}
	}
}

// startIfRunning starts av's app on s, just deployed at at, unless s is
// stopped: a deploy does not start a stopped service (the facts do not say
// it does; ZCP takes the safe reading), so av runs once s is started.
func (st *state) startIfRunning(s *service, av *appVersion, at time.Time) {
	if s.Status == platform.ServiceStopped || s.Status == platform.ServiceStopping {
		return
	}
	st.appStarted(s, av, at)
}

// logCrash writes one failed start attempt of a crash-looping app.
func (st *state) logCrash(s *service, av *appVersion, container string, at time.Time, attempt int) {
	run := av.run()
	for _, l := range run.Crash {
		st.addLog(s, at, l.Sev, 16, s.Name, container, l.Msg)
	}
	st.addLog(s, at, 3, 16, s.Name, container, fmt.Sprintf("App version %s exited with code %d (start attempt %d); restarting in %s",
		av.ID, run.ExitCode(), attempt, restartDelay(attempt)))
}

// logRestarts writes the start attempts of a crash-looping app that are due
// by now, while av is its service's running version (until its replacement).
func (av *appVersion) logRestarts(st *state, now time.Time) {
	if av.runStart.IsZero() || av.attempts >= maxStartAttempts || av.run().Crash == nil {
		return
	}
	s := st.services[av.ServiceID]
	if s == nil || s.Status != platform.ServiceActive {
		return
	}
	until := now
	switch av.statusAt(now) {
	case platform.AppVersionActive:
	case platform.AppVersionBackup:
		until = av.LastUpdate // replaced by a newer deploy then: no attempt after it
	default:
		return
	}
	for av.attempts < maxStartAttempts {
		next := av.runStart
		for n := 1; n <= av.attempts; n++ {
			next = next.Add(restartDelay(n))
		}
		if next.After(until) {
			return
		}
		av.attempts++
		for _, c := range s.Containers {
			st.logCrash(s, av, c, next, av.attempts)
		}
	}
}

// run is what av does once deployed; a version without a deployed setup
// (started without code) runs nothing.
func (av *appVersion) run() appsim.RunResult {
	switch {
	case av.deployed == nil:
		return appsim.RunResult{}
	case av.sim != nil:
		return *av.sim
	}
	return appsim.Declared(av.deployed, av.deployed.RunBase)
}
