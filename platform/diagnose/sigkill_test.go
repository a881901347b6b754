package diagnose

import "testing"

// A worker killed by signal 9 with no word of memory is the OOM killer's;
// a kill after a timeout, a stop or a restart is not memory.
func TestClassify_Signal9IsOutOfMemoryUnlessStopped(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"CeleryWorkerLost", Runtime, []string{"[2026-11-30 08:00:00,100: ERROR/MainProcess] Task handler raised error: WorkerLostError('Worker exited prematurely: signal 9 (SIGKILL) Job: 3.')"}, "out-of-memory", ""},
		{"PhpFpmChildKilled", Runtime, []string{"[30-Nov-2026 08:00:00] WARNING: [pool www] child 41 exited on signal 9 (SIGKILL) after 20.118604 seconds from start"}, "out-of-memory", ""},
		{"SupervisordKilled", Runtime, []string{"2026-11-30 08:00:00,001 WARN exited: queue (terminated by SIGKILL; not expected)"}, "out-of-memory", ""},
		{"PythonSubprocessDied", Runtime, []string{"RuntimeError: ffmpeg died with <Signals.SIGKILL: 9>."}, "out-of-memory", ""},
		{"NpmChildKilledInBuild", Build, []string{"npm error path /build/source", "npm error command failed", "npm error signal SIGKILL", "npm error command sh -c vite build"}, "build-out-of-memory", ""},
		{"CeleryHardTimeLimitIsNotMemory", Runtime, []string{"[2026-11-30 08:00:00,100: ERROR/MainProcess] Hard time limit (300s) exceeded for reports.render[9f1c]", "[2026-11-30 08:00:00,200: ERROR/MainProcess] Process 'ForkPoolWorker-1' pid:31 exited with 'signal 9 (SIGKILL)'"}, "", ""},
		{"FpmTimeoutIsNotMemory", Runtime, []string{`[30-Nov-2026 08:00:00] WARNING: [pool www] child 41, script '/var/www/public/index.php' (request: "GET /index.php") execution timed out (30.1 sec), terminating`, "[30-Nov-2026 08:00:00] WARNING: [pool www] child 41 exited on signal 9 (SIGKILL) after 30.2 seconds from start"}, "upstream-timeout", ""},
		{"SupervisorStopIsNone", Runtime, []string{"2026-11-30 08:00:00,001 INFO stopped: queue (terminated by SIGKILL)"}, "", ""},
		{"ClusterRestartIsNone", Runtime, []string{"worker 88 died (SIGKILL), restarting"}, "", ""},
	}
	runFamilyCases(t, tests)
}
