package ops_test

import (
	"reflect"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

func TestSubdomainURLs_Table(t *testing.T) {
	t.Parallel()
	web := func(on bool, ports ...platform.Port) platform.ServiceStack {
		return platform.ServiceStack{Name: "appdev", SubdomainAccess: on, Ports: ports}
	}
	http := func(n int) platform.Port { return platform.Port{Port: n, HTTPRouting: true} }
	tests := []struct {
		name, host, generated string
		svc                   platform.ServiceStack
		want                  []string
	}{
		{"port 3000", "1df2.prg1.zerops.app", "", web(true, http(3000)), []string{"https://appdev-1df2-3000.prg1.zerops.app"}},
		{"port 80 has no port part", "1df2.prg1.zerops.app", "", web(true, http(80)), []string{"https://appdev-1df2.prg1.zerops.app"}},
		{"every HTTP port, not tcp ones", "1df2.prg1.zerops.app", "", web(true, http(80), platform.Port{Port: 5432}, http(8080)),
			[]string{"https://appdev-1df2.prg1.zerops.app", "https://appdev-1df2-8080.prg1.zerops.app"}},
		{"bare prefix: domain from the variable", "1df2", "https://appdev-1df2-3000.prg9.zerops.app", web(true, http(3000)),
			[]string{"https://appdev-1df2-3000.prg9.zerops.app"}},
		{"bare prefix, no variable yet", "1df2", "", web(true, http(3000)), nil},
		{"access off", "1df2.prg1.zerops.app", "", web(false, http(3000)), nil},
		{"no HTTP port", "1df2.prg1.zerops.app", "", web(true, platform.Port{Port: 6379}), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := ops.SubdomainURLs(tc.host, tc.svc, tc.generated); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("SubdomainURLs = %v, want %v", got, tc.want)
			}
		})
	}
}
