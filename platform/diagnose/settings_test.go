package diagnose

import (
	"slices"
	"testing"
)

// A settings class's report (pydantic-settings, pydantic v1's BaseSettings)
// is missing-env-variable naming each variable, alone: no generic crash for
// its exception or the traceback header a server logged before it. A
// report about another model stays the app's crash.
func TestClassify_SettingsReportNamesItsVariables(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		stage    Stage
		lines    []string
		want     []string
		cause    []string // in the first diagnosis' cause
		fix      []string // and its fix
		notCause []string
	}{
		{"V2UnderUvicorn", Runtime, []string{"INFO:     Waiting for application startup.", "ERROR:    Traceback (most recent call last):",
			`  File "/var/www/app/config.py", line 14, in get_settings`, "    return Settings()",
			"pydantic_core._pydantic_core.ValidationError: 2 validation errors for Settings",
			"stripe_secret", "  Field required [type=missing, input_value={'debug': 'false'}, input_type=dict]",
			"    For further information visit https://errors.pydantic.dev/2.9/v/missing",
			"redis_url", "  Field required [type=missing, input_value={'debug': 'false'}, input_type=dict]",
			"ERROR:    Application startup failed. Exiting."},
			[]string{"missing-env-variable"}, []string{"Settings", "STRIPE_SECRET, REDIS_URL"}, []string{"Set STRIPE_SECRET, REDIS_URL in `run.envVariables`"}, nil},
		{"V1ModelNamedOtherwiseFoundByItsFrame", Runtime, []string{"Traceback (most recent call last):",
			`  File "/var/www/main.py", line 5, in <module>`, "    cfg = Config()",
			`  File "pydantic/env_settings.py", line 39, in pydantic.env_settings.BaseSettings.__init__`,
			"pydantic.error_wrappers.ValidationError: 1 validation error for Config",
			"SMTP_HOST", "  field required (type=value_error.missing)"},
			[]string{"missing-env-variable"}, []string{"Config", "SMTP_HOST"}, []string{"Set SMTP_HOST"}, nil},
		{"ValueRejected", Runtime, []string{"pydantic_core._pydantic_core.ValidationError: 1 validation error for ApiSettings",
			"port", "  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='${api_port}', input_type=str]"},
			[]string{"missing-env-variable"}, []string{"rejected the value of PORT"}, []string{"reference that did not resolve"}, []string{"does not set"}},
		{"InTheBuild", Build, []string{"$ python manage.py collectstatic --noinput", "pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings",
			"database_url", "  Field required [type=missing, input_value={}, input_type=dict]", "build command failed with exit code 1"},
			[]string{"missing-env-variable"}, []string{"DATABASE_URL"}, []string{"`build.envVariables`", "RUNTIME_"}, nil},
		{"JSONVariable", Runtime, []string{`pydantic_settings.sources.SettingsError: error parsing value for field "allowed_hosts" from source "EnvSettingsSource"`},
			[]string{"missing-env-variable"}, []string{"ALLOWED_HOSTS", "JSON"}, []string{"valid JSON"}, nil},
		{"RequestModelIsNoSettings", Runtime, []string{"ERROR:    Exception in ASGI application", "Traceback (most recent call last):",
			`  File "/var/www/.venv/lib/python3.12/site-packages/fastapi/routing.py", line 301, in app`,
			"pydantic_core._pydantic_core.ValidationError: 1 validation error for OrderOut", "total", "  Field required [type=missing, input_value={'id': 7}, input_type=dict]"},
			[]string{"app-crash"}, nil, nil, nil},
		{"KeyErrorUnderUvicornAlone", Runtime, []string{"ERROR:    Traceback (most recent call last):", `  File "/var/www/app/main.py", line 9, in lifespan`,
			"KeyError: 'SENTRY_DSN'", "ERROR:    Application startup failed. Exiting."},
			[]string{"missing-env-variable"}, nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v (%+v)", got, tt.want, ds)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, tt.notCause)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}
