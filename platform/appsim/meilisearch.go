package appsim

// Meilisearch: its binary (the official recipe's `./meilisearch`, which
// the build downloads) listens where --http-addr or MEILI_HTTP_ADDR say, as
// HOST:PORT, else on localhost:7700 (127.0.0.1 here, as resolved), and
// prints the address it took. The binary itself is not read: a start
// that answers is unverified.

func meiliRecord() *tool {
	return &tool{name: "meilisearch", servers: map[string]ownAddr{"meilisearch": {host: "127.0.0.1", port: 7700,
		runs: []string{"meilisearch", "meilisearch *"}, addrFlags: []string{"--http-addr"}, addrVars: []string{"MEILI_HTTP_ADDR"},
		banner: "Server listening on:\t\"http://%s:%d\"",
		unread: "what the meilisearch binary does beyond its address (downloaded by the build or the start, it is not in the source; the sandbox reads only MEILI_HTTP_ADDR or --http-addr, as Meilisearch documents them)"}}}
}
