// Package actors owns ZCP's long-lived actors: the API gateway, the process
// watcher, the deploy pool, the env writes and the knowledge index.
package actors
