// Package auth resolves who ZCP acts as and on which project.
//
// It owns credential loading ([LoadCredentials]: the ZEROPS_ZCP_API_KEY
// environment variable first, then zcli's cli.data) and discovery ([Discover]:
// the token's user, organisation and its single project). The result, [Info],
// lives in memory only and never prints its token.
package auth
