package supervisor

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// DefaultHardDeadline is how long shutdown may take after the first signal
// before the process is forced out.
const DefaultHardDeadline = 5 * time.Second

// SignalOptions configures HandleSignalsWith. Zero fields take the defaults.
type SignalOptions struct {
	Cancel       context.CancelFunc // cancels the root context on SIGINT/SIGTERM (required)
	Dump         func()             // writes the status dump on SIGUSR1 (nil: ignore SIGUSR1)
	Exit         func(code int)     // default os.Exit; tests inject their own
	HardDeadline time.Duration      // default 5 s
	Log          *slog.Logger       // default: no logging
}

// HandleSignals installs zcp's signal handling: SIGINT or SIGTERM cancels the
// root context and arms a 5 s hard deadline after which the process exits 1;
// a second SIGINT/SIGTERM exits 1 at once; SIGUSR1 calls dump; SIGPIPE is
// ignored (a closed client pipe must not kill zcp silently). stop uninstalls
// the handlers and disarms the deadline; call it once shutdown is complete.
func HandleSignals(ctx context.Context, cancel context.CancelFunc, dump func()) (stop func()) {
	return HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Dump: dump})
}

// HandleSignalsWith is HandleSignals with every part injectable.
func HandleSignalsWith(ctx context.Context, o SignalOptions) (stop func()) {
	if o.Exit == nil {
		o.Exit = os.Exit
	}
	if o.HardDeadline <= 0 {
		o.HardDeadline = DefaultHardDeadline
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Cancel == nil {
		o.Cancel = func() {}
	}
	signal.Ignore(syscall.SIGPIPE)
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, append([]os.Signal{syscall.SIGINT, syscall.SIGTERM}, dumpSignals...)...)

	quit := make(chan struct{})
	done := make(chan struct{})
	var (
		mu       sync.Mutex
		deadline *time.Timer
		stopped  bool
	)
	go func() {
		defer close(done)
		shutdowns := 0
		for {
			select {
			case <-quit:
				return
			case sig := <-sigs:
				if isDumpSignal(sig) {
					if o.Dump != nil {
						o.Dump()
					}
					continue
				}
				shutdowns++
				if shutdowns > 1 {
					o.Log.Error("second signal: exiting now", slog.String("signal", sig.String()))
					o.Exit(1)
					continue
				}
				o.Log.Info("signal: shutting down", slog.String("signal", sig.String()),
					slog.Duration("deadline", o.HardDeadline))
				mu.Lock()
				if !stopped {
					deadline = time.AfterFunc(o.HardDeadline, func() {
						mu.Lock()
						defer mu.Unlock()
						if stopped {
							return
						}
						o.Log.Error("shutdown deadline passed: forcing exit", slog.Duration("deadline", o.HardDeadline))
						o.Exit(1)
					})
				}
				mu.Unlock()
				o.Cancel()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(quit)
			<-done
			mu.Lock()
			stopped = true
			if deadline != nil {
				deadline.Stop()
			}
			mu.Unlock()
		})
	}
}

func isDumpSignal(sig os.Signal) bool {
	for _, d := range dumpSignals {
		if sig == d {
			return true
		}
	}
	return false
}
