package platform

// SandboxUnverifiedHeader is the header with which the simulated project's
// HTTP (zcp sandbox) marks an answer it gave without reading what decides
// it (the port an app binds, a server it does not know): its value names
// what was not checked. Only a sandbox probe reads it; on the platform the
// app's own answer decides.
const SandboxUnverifiedHeader = "X-Zcp-Sandbox-Unverified"
