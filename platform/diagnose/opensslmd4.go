package diagnose

// This file holds the family of webpack 4's MD4 hash refused by OpenSSL 3
// (runtime-version-mismatch) and its fix.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// opensslMD4 is OpenSSL 3 refusing the MD4 hash webpack 4 asks Node.js for:
// the error's message, or the code line of the error object Node prints.
const opensslMD4 = `(?i)error:0308010C:digital envelope routines::unsupported|\bERR_OSSL_EVP_UNSUPPORTED\b`

var opensslMD4Re = lazyregexp.New(opensslMD4)

// opensslMD4Specs are this family's rules.
var opensslMD4Specs = []ruleSpec{
	{build: "runtime-version-mismatch", runtime: "runtime-version-mismatch", keys: []string{"0308010c", "err_ossl_evp_unsupported"}, re: opensslMD4},
}

// opensslMD4Fix fits d, read from text, to webpack 4 on a Node.js whose
// OpenSSL refuses MD4: no nodejs base of the catalog is older than 18, so
// the fix is the legacy provider or a webpack 5 build tool.
func (d *Diagnosis) opensslMD4Fix(text string) {
	if d.Signal != "runtime-version-mismatch" || !opensslMD4Re.MatchString(text) {
		return
	}
	d.Cause = "The build tool runs on webpack 4 (react-scripts 4, Vue CLI 4, Angular 11 and older), which hashes with MD4; the OpenSSL 3 of Node.js 17 and newer refuses it, and every nodejs base has Node.js 18 or newer."
	d.Fix = "Set `NODE_OPTIONS: --openssl-legacy-provider` in `build.envVariables` of zerops.yml, or move the project to a build tool on webpack 5 (react-scripts 5, Vue CLI 5, a newer Angular); then deploy again."
}
