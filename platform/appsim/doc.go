// Package appsim decides, without running anything, what a deployed app does
// on Zerops: [Build] reads a setup's build commands against the uploaded
// files, [Run] its start commands against what the deploy put in /var/www and
// the environment. Inputs and outputs are plain values and no state outlives
// a call.
package appsim
