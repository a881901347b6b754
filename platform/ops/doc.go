// Package ops holds the MCP-agnostic operations behind ZCP's tools, each over a [platform.Client], answering plain values or a *platform.PlatformError with a suggestion.
package ops
