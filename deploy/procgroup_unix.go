//go:build unix

package deploy

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup starts the child in a process group of its own, so that
// killGroup reaches its children (ssh's, zcli's) too.
func setProcessGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the child's whole process group. The child is not reaped
// yet when exec calls Cancel, so its pid (the group id) cannot be reused.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}
