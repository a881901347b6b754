// Package mcp is ZCP's MCP surface: the go-sdk server and its options, the
// instructions, the 14 zerops_* tools (one file each, a constructor returning
// definition and handler), the knowledge documents as resources, the
// conversion of errors into tool results, progress notifications for async
// operations, the middleware around every call (panic recovery,
// read-only filtering, audit log, in-flight tracking), and the stdio
// transport, which reads frames itself so that no input ends a session.
//
// Tools are typed: a handler takes an input struct and returns an output
// struct, whose schemas the SDK's jsonschema inference derives and tools/list
// publishes. All but one register through the SDK's AddTool[In, Out], which
// also validates every result against its schema. zerops_knowledge, the call
// an agent makes most and waits on without any API work, registers through
// the raw AddTool with the same schemas and argument validation
// (newDirectTool) so its answer is encoded once; its results are held to
// the schema by the tests.
//
// In read-only mode (Deps.ReadOnly, ZCP_READ_ONLY=1) only tools annotated
// read-only are registered; zerops_env and zerops_process, which can also
// mutate, are replaced by variants limited to get and status, and every
// mutating call is answered READ_ONLY naming the setting.
//
// The operations themselves live in platform/ops; this package only adapts
// them to MCP. MCP types never leave it.
package mcp
