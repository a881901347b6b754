// Package actorstest helps tests outside package actors run an actor: every
// actor waits for its Serve loop, so a test that uses one serves it first.
package actorstest
