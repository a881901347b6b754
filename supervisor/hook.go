package supervisor

import (
	"log/slog"
	"maps"
	"sync"

	"github.com/thejerf/suture/v4"
)

// EventHook logs suture events through slog (panics and stop timeouts at
// error, restarts at warn, backoff and resume at info) and counts restarts
// per service for the status dump. Safe for concurrent use: suture calls it
// from every supervisor of the tree.
type EventHook struct {
	log *slog.Logger

	mu       sync.Mutex
	restarts map[string]int // service name → failures (each followed by a restart or a backoff)
}

// NewEventHook returns a hook logging to l.
func NewEventHook(l *slog.Logger) *EventHook {
	return &EventHook{log: l.With("logger", "supervisor"), restarts: map[string]int{}}
}

// Hook is the suture.EventHook.
func (h *EventHook) Hook(e suture.Event) {
	switch ev := e.(type) {
	case suture.EventServicePanic:
		h.count(ev.ServiceName)
		h.log.Error("actor panicked",
			slog.String("supervisor", ev.SupervisorName), slog.String("actor", ev.ServiceName),
			slog.String("panic", ev.PanicMsg), slog.Bool("restarting", ev.Restarting),
			slog.Float64("failures", ev.CurrentFailures), slog.String("stack", ev.Stacktrace))
	case suture.EventServiceTerminate:
		h.count(ev.ServiceName)
		msg := "actor terminated; restarting"
		if !ev.Restarting {
			msg = "actor terminated; restart deferred until its group's backoff ends"
		}
		h.log.Warn(msg,
			slog.String("supervisor", ev.SupervisorName), slog.String("actor", ev.ServiceName),
			slog.Any("error", ev.Err), slog.Bool("restarting", ev.Restarting),
			slog.Float64("failures", ev.CurrentFailures))
	case suture.EventStopTimeout:
		h.log.Error("actor did not stop in time",
			slog.String("supervisor", ev.SupervisorName), slog.String("actor", ev.ServiceName))
	case suture.EventBackoff:
		h.log.Info("supervisor backing off after repeated failures", slog.String("supervisor", ev.SupervisorName))
	case suture.EventResume:
		h.log.Info("supervisor resuming", slog.String("supervisor", ev.SupervisorName))
	default:
		h.log.Info("supervisor event", slog.Any("event", e))
	}
}

func (h *EventHook) count(service string) {
	h.mu.Lock()
	h.restarts[service]++
	h.mu.Unlock()
}

// Restarts returns how often the named service failed (each failure is
// followed by a restart, at once or after its group's backoff).
func (h *EventHook) Restarts(service string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.restarts[service]
}

// AllRestarts returns a copy of the restart counts.
func (h *EventHook) AllRestarts() map[string]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return maps.Clone(h.restarts)
}
