package mcp

// Instructions is the initialize message: a relevance signal of about 45
// tokens naming the identity, the scope and the two entry points, no tool list.
const Instructions = "ZCP controls one Zerops project (PaaS: runtimes, databases, caches, storage). " +
	"For multi-step work such as creating services, deploying or debugging, start with zerops_workflow. " +
	"For how the platform works, call zerops_context."
