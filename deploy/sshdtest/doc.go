// Package sshdtest is a test helper: it runs a real OpenSSH sshd on
// 127.0.0.1 with generated keys, writes an ssh client config whose Host
// aliases (appdev, appstage, …) reach it, and installs a fake `zcli` on the
// session's PATH. The fake zcli records its arguments and, on `push`, drives a
// fake Zerops API's push endpoints with curl (so a build really appears in
// platform/fakeapi), printing zcli-like output. Switches make a push fail,
// hold until released, or drop the ssh connection after a successful push.
//
// [NewZcli] installs the same fake zcli into a plain directory for local-mode
// tests. Both are for tests only; a Server is safe for concurrent use by the
// goroutines of one test.
package sshdtest
