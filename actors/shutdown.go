package actors

// Stopper is an actor that can be stopped for good when no loop of it runs.
// The supervisor calls Shutdown on every actor once its tree has stopped: an
// actor whose loop crashed and was not restarted (suture was backing off, or
// stopping) would otherwise keep callers waiting for a loop that never comes.
type Stopper interface {
	Shutdown()
}

var (
	_ Stopper = (*Gateway)(nil)
	_ Stopper = (*Watcher)(nil)
	_ Stopper = (*DeployPool)(nil)
	_ Stopper = (*EnvWrites)(nil)
	_ Stopper = (*KnowledgeIndex)(nil)
)

// Shutdown stops the pool for good if no loop runs (a crashed run's jobs
// were cancelled when it crashed). Safe for concurrent use; a no-op once
// stopped or while a loop runs.
func (p *DeployPool) Shutdown() {
	p.life.shutdown(p.idleStatus)
}

// Shutdown stops the index for good if no loop runs. Safe for concurrent
// use; a no-op once stopped or while a loop runs.
func (k *KnowledgeIndex) Shutdown() {
	k.life.shutdown(k.idleStatus)
}
