package mcp

// StepText is stepText for the tests outside the package.
var StepText = stepText
