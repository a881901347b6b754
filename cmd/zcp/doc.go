// Command zcp is the ZCP binary, the MCP server for one Zerops project; `zcp
// help` lists its commands (usage in main.go). This package is wiring only.
package main
