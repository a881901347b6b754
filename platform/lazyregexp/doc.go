// Package lazyregexp is a regular expression compiled on its first use, so that starting the binary does not compile the expressions a run never uses.
package lazyregexp
