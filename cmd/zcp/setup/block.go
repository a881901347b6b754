package setup

import (
	"fmt"
	"strings"
)

// Managed-block markers: zcp init owns the text between them and nothing else.
const (
	mdBegin  = "<!-- ZCP:BEGIN -->"
	mdEnd    = "<!-- ZCP:END -->"
	sshBegin = "# ZCP:BEGIN"
	sshEnd   = "# ZCP:END"
)

// sshBlock relaxes host-key checking for the project's containers, which
// are recreated with new host keys on every deploy: for every host inside a
// Zerops container (its whole network is the project's), else for the
// project's service hostnames alone (bare and with the VPN's .zerops).
func sshBlock(hosts []string) string {
	pattern := "*"
	if len(hosts) > 0 {
		names := make([]string, 0, 2*len(hosts))
		for _, h := range hosts {
			names = append(names, h, h+".zerops")
		}
		pattern = strings.Join(names, " ")
	}
	return "Host " + pattern + "\n" + sshOptions
}

// sshOptions are the settings sshBlock applies to its hosts.
const sshOptions = `    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    ServerAliveInterval 15
    ServerAliveCountMax 3
    ConnectTimeout 10
`

// mergeBlock puts body between the begin and end marker lines of text: in
// place when the block exists, otherwise appended (or, with first, put
// before everything else). Text outside the block is kept byte for byte.
func mergeBlock(text, begin, end, body string, first bool) (string, error) {
	block := begin + "\n" + strings.TrimRight(body, "\n") + "\n" + end + "\n"
	b := lineIndex(text, begin)
	e := lineIndex(text, end)
	switch {
	case b < 0 && e < 0:
		if text == "" {
			return block, nil
		}
		if first {
			return block + "\n" + text, nil
		}
		sep := "\n"
		if strings.HasSuffix(text, "\n\n") {
			sep = ""
		} else if !strings.HasSuffix(text, "\n") {
			sep = "\n\n"
		}
		return text + sep + block, nil
	case b < 0 || e < b:
		return "", fmt.Errorf("it has %q without a matching %q before it; remove the stray marker line and run zcp init again", end, begin)
	case e < 0:
		return "", fmt.Errorf("it has %q without %q; remove the stray marker line and run zcp init again", begin, end)
	}
	after := len(text)
	if i := strings.IndexByte(text[e:], '\n'); i >= 0 {
		after = e + i + 1
	}
	return text[:b] + block + text[after:], nil
}

// lineIndex finds marker as a whole line and returns its offset, or -1.
func lineIndex(text, marker string) int {
	for off := 0; off < len(text); {
		line := text[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimRight(line, " \t\r") == marker {
			return off
		}
		off += len(line) + 1
	}
	return -1
}
