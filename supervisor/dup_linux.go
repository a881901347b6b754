package supervisor

import "golang.org/x/sys/unix"

// dup2 makes newfd a copy of oldfd (Linux on arm64 has only dup3).
func dup2(oldfd, newfd int) error { return unix.Dup3(oldfd, newfd, 0) }
