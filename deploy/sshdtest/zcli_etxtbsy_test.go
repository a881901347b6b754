package sshdtest

import (
	"fmt"
	"os/exec"
	"sync"
	"testing"
)

// TestNewZcli_RunnableWhileOthersFork installs fake zclis and runs each at
// once while other goroutines do the same, so forks happen while scripts are
// being written. Without writeExecutable's lock a fork inherits a write
// descriptor and the exec fails with "text file busy" (CI saw it as a failed
// `zcli login`).
func TestNewZcli_RunnableWhileOthersFork(t *testing.T) {
	t.Parallel()
	const workers, rounds = 8, 40
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				z, err := installZcli(t.TempDir(), ZcliOptions{})
				if err != nil {
					errs <- err
					return
				}
				if out, err := exec.Command(z.Path(), "version").CombinedOutput(); err != nil {
					errs <- fmt.Errorf("run %s: %w: %s", z.Path(), err, out)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for err := range errs {
		if n++; n <= 3 {
			t.Error(err)
		}
	}
	if n > 0 {
		t.Fatalf("%d of %d runs failed", n, workers*rounds)
	}
}
