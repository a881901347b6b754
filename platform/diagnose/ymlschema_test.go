package diagnose

import "testing"

// zerops.yml's validation errors read by the key path they name (an
// unknown key renamed to zerops.yml's own); a script file's name before
// the colon is no key path.
func TestClassify_ZeropsYmlErrorByKeyPath(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"YmlAdditionalProperty", Build, []string{"ERROR: zerops.yml is not valid:", `  - zerops[0].build: additional property "buildCommand" is not allowed`}, "zerops-yml-invalid", "`build.buildCommands`"},
		{"YmlDottedPath", Build, []string{"zerops.0.run: Additional property envs is not allowed"}, "zerops-yml-invalid", "`run.envVariables`"},
		{"YmlInvalidType", Build, []string{"* run.ports.0.httpSupport: Invalid type. Expected: boolean, given: string"}, "zerops-yml-invalid", ""},
		{"YmlRequired", Build, []string{`- zerops[1].run: "start" is required`}, "zerops-yml-invalid", ""},
		{"YmlHeadingAlone", Build, []string{"ERROR: zerops.yml is not valid:", "  - the setup named api was not found"}, "zerops-yml-invalid", ""},
		{"ScriptFileLineIsNotYml", Build, []string{"build.sh: invalid option -- 'z'"}, "", ""},
		{"YmlKeyMust", Build, []string{"[BUILD_VALIDATION] build.deployFiles: must not be empty"}, "zerops-yml-invalid", ""},
		{"YmlValidIsNone", Build, []string{"zerops.yml is valid, 2 setups found"}, "", ""},
		{"YmlKeyPathInvalid", Build, []string{"build.base: invalid value nodejs@99"}, "zerops-yml-invalid", ""},
		{"YmlSetupKeyPathRequired", Build, []string{"zerops[0].run.start: is required"}, "zerops-yml-invalid", ""},
		{"YmlTaggedKeyPathUnknown", Build, []string{"[zerops] deploy.readinessCheck.httpGet.scheme: unknown value ftp"}, "zerops-yml-invalid", ""},
	}
	runFamilyCases(t, tests)
}
