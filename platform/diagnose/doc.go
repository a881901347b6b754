// Package diagnose turns build or runtime log lines into diagnoses: a signal
// (listed in the README), its cause, a fix in Zerops terms, the evidence line
// and a document. It imports nothing from ZCP and is safe for concurrent use.
package diagnose
