package platform

// Verdict is what a check of a service came to: a verify's of what runs
// on it, and a followed deploy's of what it deployed, which a deploy
// derives from the verify of its own version. One type for both.
type Verdict string

// A verify's verdicts, from best to worst.
const (
	VerdictHealthy Verdict = "healthy"
	// VerdictNotDeployed: a runtime no code of the user's has reached yet
	// (READY_TO_DEPLOY, or started without code): nothing of theirs runs,
	// and nothing is broken; the step is its first deploy.
	VerdictNotDeployed Verdict = "not-deployed"
	// VerdictUnverified: the sandbox's simulated app answered, but the
	// sandbox could not read what decides that (zcp sandbox only); a
	// deploy's too.
	VerdictUnverified Verdict = "unverified"
	// VerdictDegraded: it answers, but not everywhere or its log shows
	// errors; a deploy's too.
	VerdictDegraded Verdict = "degraded"
	VerdictFailing  Verdict = "failing"
)

// A followed deploy's verdicts (beside degraded and unverified).
const (
	VerdictLive         Verdict = "live"          // the new version answers HTTP and its log is clean
	VerdictNotAnswering Verdict = "not-answering" // deployed, but nothing answers HTTP
	VerdictBuildFailed  Verdict = "build-failed"  // the build (or preparing the runtime image) failed; the version deployed before stays ACTIVE
	// VerdictDeployFailed: the build passed, but the new version's
	// containers never became ready (an init command or the start failed,
	// or the readiness check never passed): the app version ends
	// DEPLOY_FAILED and the version deployed before stays ACTIVE.
	VerdictDeployFailed  Verdict = "deploy-failed"
	VerdictDeployed      Verdict = "deployed"       // ACTIVE, but nothing could be probed from here
	VerdictStopped       Verdict = "stopped"        // deployed to a stopped service: nothing runs until it is started
	VerdictReplaced      Verdict = "replaced"       // a later deploy replaced this one's version before it was checked
	VerdictCancelled     Verdict = "cancelled"      // the build was cancelled before it deployed; the version deployed before stays ACTIVE
	VerdictTargetDeleted Verdict = "target-deleted" // the target was deleted while the deploy ran: nothing of it runs
)
