package diagnose

import "testing"

func TestScanKestrelSettings_Table(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		ok            bool
		line          int
		literal       string
	}{
		{"endpoint on localhost", "{\n  \"Kestrel\": {\n    \"Endpoints\": {\n      \"Http\": { \"Url\": \"http://localhost:5000\" }\n    }\n  }\n}\n", true, 4, "localhost"},
		{"endpoint on 127.0.0.1", "{\n  \"Kestrel\": {\n    \"Endpoints\": {\n      \"Http\": {\n        \"Url\": \"http://127.0.0.1:8080\"\n      }\n    }\n  }\n}\n", true, 5, "127.0.0.1"},
		{"the recipe's every address", "{\n  \"Kestrel\": {\n    \"Endpoints\": {\n      \"Http1\": { \"Url\": \"http://0.0.0.0:5000\" },\n      \"Http2\": { \"Url\": \"http://[::]:5000\" }\n    }\n  }\n}\n", true, 0, ""},
		{"a Url outside Kestrel", "{\n  \"Api\": { \"Url\": \"http://localhost:9000\" }\n}\n", false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, ok := ScanKestrelSettings("appsettings.json", tt.content)
			if ok != tt.ok || c.Line != tt.line || c.Literal != tt.literal {
				t.Errorf("ScanKestrelSettings = line %d %q ok %v; want line %d %q ok %v", c.Line, c.Literal, ok, tt.line, tt.literal, tt.ok)
			}
		})
	}
}
