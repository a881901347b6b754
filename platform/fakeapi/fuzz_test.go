package fakeapi

import (
	"strings"
	"testing"
	"time"
)

func FuzzImportYAML(f *testing.F) {
	for _, seed := range []string{
		"services:\n  - hostname: api\n    type: nodejs@22\n",
		"services:\n  - hostname: db\n    type: postgresql:ha@18\n    mode: HA\n",
		"project:\n  name: x\nservices: []\n",
		"services:\n  - hostname: a\n    type: alpine/nodejs@22\n    startWithoutCode: true\n    envSecrets:\n      A: b\n",
		"services: [{hostname: &a x, type: *a}]",
		"services:\n  - hostname: Api-1\n    type: valkey@8\n    minContainers: 3\n",
		"",
		"services: !!binary aGVsbG8=",
	} {
		f.Add(seed)
	}
	st := newState(Options{}.withDefaults(), time.Now())
	st.seedDemo()
	f.Fuzz(func(t *testing.T, src string) {
		file, err := parseImportYAML(src)
		if err != nil {
			if file != nil {
				t.Fatal("file returned with an error")
			}
			return
		}
		if len(file.Services) == 0 || file.Project != nil {
			t.Fatalf("accepted a file without services or with a project: %q", src)
		}
		plans, whole := st.planImport(st.demoID, file)
		for _, p := range plans {
			if len(whole) > 0 {
				continue // the request is refused as a whole
			}
			if (p.err == nil) == (p.version == nil) {
				t.Fatalf("plan has both or neither of error and version: %+v", p)
			}
			if p.err == nil && p.mode != "HA" && p.mode != "NON_HA" {
				t.Fatalf("mode %q", p.mode)
			}
		}
	})
}

func FuzzEnvFile(f *testing.F) {
	for _, seed := range []string{
		"A=1\nB=2\n",
		"# comment\n\nexport KEY=\"quoted value\"\r\nOTHER='x'\n",
		"1BAD=x",
		"NOEQUALS",
		"A=1\nA=2\n",
		"K==\n",
		"\"\n",
		"_=\xff\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, content string) {
		pairs, err := parseEnvFile(content)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, kv := range pairs {
			if !envKeyRe.MatchString(kv.Key) || seen[kv.Key] {
				t.Fatalf("bad or repeated key %q from %q", kv.Key, content)
			}
			seen[kv.Key] = true
			if strings.Contains(kv.Value, "\n") {
				t.Fatalf("value spans lines: %q", kv.Value)
			}
		}
	})
}
