package appsim

// Directus: `directus start` serves on HOST and PORT, every address and
// 8055 unless set, as its configuration options document them. What it
// does beyond its address (its database, its bootstrap) is not read: a
// start that answers is unverified.

func directusRecord() *tool {
	return &tool{name: "directus", servers: map[string]ownAddr{"directus start": {lang: "node", host: "0.0.0.0", port: 8055,
		runs: []string{"directus start"}, hostVars: []string{"HOST"}, portVars: []string{"PORT"},
		banner: "Server started at http://%s:%d",
		unread: "what Directus does beyond its address (its database, storage and bootstrap are not simulated; the sandbox reads only HOST and PORT, as Directus documents them)"}}}
}
