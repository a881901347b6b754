package appsim

import "github.com/zeropsio/zcp/platform/lazyregexp"

// Prerender: an entry file that calls the prerender package's server
// factory listens as that factory does, on every address, on its options'
// port, else PORT, else 3000. Chrome, which it drives, is not simulated:
// a start that answers is unverified.

func prerenderRecord() *tool {
	return &tool{name: "prerender", servers: map[string]ownAddr{"prerender": {lang: "node", host: "0.0.0.0", port: 3000,
		uses:    lazyregexp.New(`\brequire\(\s*['"]prerender['"]\s*\)|\bfrom\s+['"]prerender['"]`),
		setPort: lazyregexp.New(`\bprerender\(\s*\{[^}]*?\bport\s*:\s*([^,}\n]+)`), portVars: []string{"PORT"},
		banner: "Prerender server accepting requests on port %[2]d",
		unread: "what Prerender renders (the Chrome it drives, at the chromeLocation its options name, is not simulated: it must be installed in the run container, as the recipe's run.prepareCommands do)"}}}
}
