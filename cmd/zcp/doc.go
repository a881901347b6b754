// Command zcp is the ZCP binary: an MCP server over stdio that gives an LLM
// agent control of one Zerops project.
//
//	zcp                 serve MCP over stdio (ZEROPS_ZCP_API_KEY, or a zcli login)
//	zcp sandbox         serve MCP over stdio against a built-in simulated project
//	zcp sandbox --api   serve only the simulated Zerops API over HTTP
//	zcp version         print the version
//
// This package is wiring only: it dispatches on os.Args[1] with the standard
// flag package and assembles the parts the other packages own.
package main
