// Package platform is ZCP's model of Zerops: domain types, the [Client] interface, [PlatformError] and its codes, service types, the type catalog and hostname rules.
//
// Layers, enforced by TestLayers_ImportDirections: platform imports only
// editdist (edit distances, near keys); zeropsyml (the zerops.yml model),
// lazyregexp (regular expressions compiled on first use) and editdist import
// no ZCP package; diagnose (the log classifier) imports only lazyregexp and
// editdist; editdist may be imported by every package under platform/. Its sub-packages zeropsapi (the zerops-go adapter), yamlcheck
// (the zerops.yml and import.yml validators) and appsim (the app simulator)
// import only platform and zeropsyml (appsim also lazyregexp), yamlcheck also
// schema (the platform's published JSON schemas, which imports only
// platform), fakeapi (the fake API) also appsim, auth platform and zeropsapi,
// ops (the operations) also yamlcheck, schema and diagnose (with lazyregexp).
// Nothing under
// platform/ imports deploy, knowledge, actors, mcp, supervisor or cmd.
// deploy and knowledge import only platform/...; actors adds knowledge; mcp
// adds actors and deploy; supervisor adds mcp; nothing imports cmd.
package platform
