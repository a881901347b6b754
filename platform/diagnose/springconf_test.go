package diagnose

import "testing"

func TestScanSpringConfig_Forms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, src      string
		line, portLine       int
		literal              string
		readsHost, readsPort bool
		ok                   bool
	}{
		{"properties", "application.properties", "spring.application.name=x\nserver.address=127.0.0.1\nserver.port=3000\n", 2, 3, "127.0.0.1", false, false, true},
		{"properties colon", "application.properties", "server.address: localhost\n", 1, 0, "localhost", false, false, true},
		{"yaml block", "application.yml", "spring:\n  application:\n    name: x\nserver:\n  port: 3000 # api\n  address: \"localhost\"\n  ssl:\n    port: 8443\n", 6, 5, "localhost", false, false, true},
		{"yaml flat key", "application.yaml", "server.address: ::1\n", 1, 0, "::1", false, false, true},
		{"placeholders", "application.properties", "server.address=${HOST:127.0.0.1}\nserver.port=${PORT:8080}\n", 0, 0, "", true, true, true},
		{"every address", "application.properties", "server.address=0.0.0.0\n", 0, 0, "", false, false, false},
		{"another key", "application.yml", "spring:\n  server:\n    address: localhost\n", 0, 0, "", false, false, false},
		{"commented", "application.properties", "# server.address=127.0.0.1\n", 0, 0, "", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, ok := ScanSpringConfig(tt.file, tt.src)
			if ok != tt.ok || c.Line != tt.line || c.PortLine != tt.portLine || c.Literal != tt.literal || c.ReadsHost != tt.readsHost || c.ReadsPort != tt.readsPort {
				t.Errorf("ScanSpringConfig = %+v, %v; want line %d, port line %d, literal %q, reads host %v, port %v, ok %v",
					c, ok, tt.line, tt.portLine, tt.literal, tt.readsHost, tt.readsPort, tt.ok)
			}
		})
	}
}
