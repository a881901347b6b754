// Package auth resolves who ZCP acts as and on which project: credentials
// ([LoadCredentials]) and discovery ([Discover]); [Info] never prints its token.
package auth
