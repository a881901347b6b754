package appsim

// Meilisearch: its binary (the official recipe's `./meilisearch`, which
// the build downloads) listens where --http-addr or MEILI_HTTP_ADDR say, as
// HOST:PORT, else on localhost:7700 (127.0.0.1 here, as resolved), and
// prints the address it took.

func meiliRecord() *tool {
	return &tool{name: "meilisearch", servers: map[string]ownAddr{"meilisearch": {host: "127.0.0.1", port: 7700,
		runs: []string{"meilisearch", "meilisearch *"}, addrFlags: []string{"--http-addr"}, addrVars: []string{"MEILI_HTTP_ADDR"},
		banner: "Server listening on:\t\"http://%s:%d\""}}}
}
