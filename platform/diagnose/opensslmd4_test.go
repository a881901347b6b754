package diagnose

import "testing"

// Webpack 4 (react-scripts 4, Vue CLI 4, older Angular) hashes with MD4,
// which the OpenSSL 3 of Node.js 17 and newer refuses: every nodejs base
// in the catalog. The build stops on the OpenSSL error, whichever line of
// it the log shows; the fix is the legacy provider or webpack 5, not a
// Node version the catalog lacks. A healthy build naming the flag is
// nothing.
func TestClassify_OpenSSLRefusesWebpack4Hash(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ReactScripts4OnNode18", Build, []string{"Creating an optimized production build...",
			"Error: error:0308010C:digital envelope routines::unsupported",
			"    at new Hash (node:internal/crypto/hash:69:19)",
			"    at Object.createHash (node:crypto:133:10)", "Node.js v18.20.4", "error Command failed with exit code 1."}, "runtime-version-mismatch", "--openssl-legacy-provider"},
		{"ErrorObjectCodeLine", Build, []string{"  library: 'digital envelope routines',", "  reason: 'unsupported',",
			"  code: 'ERR_OSSL_EVP_UNSUPPORTED'", "}"}, "runtime-version-mismatch", "webpack 5"},
		{"VueCliWording", Build, []string{" ERROR  Error: error:0308010C:digital envelope routines::unsupported",
			"Error: error:0308010C:digital envelope routines::unsupported", "npm ERR! code ELIFECYCLE"}, "runtime-version-mismatch", "--openssl-legacy-provider"},
		{"HealthyWithTheFlag", Build, []string{"$ NODE_OPTIONS=--openssl-legacy-provider react-scripts build",
			"Creating an optimized production build...", "Compiled successfully."}, "", ""},
	}
	runFamilyCases(t, tests)
}
