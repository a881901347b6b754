// Package sshdtest runs a real OpenSSH sshd on 127.0.0.1 for tests, with a
// fake `zcli` whose push drives the fake API's push endpoints. A Server is
// safe for concurrent use by the goroutines of one test.
package sshdtest
