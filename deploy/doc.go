// Package deploy pushes code to Zerops services ([Run]) over SSH into a
// sibling container running `zcli push`, or through a local zcli, and follows
// the build. No value the agent sends reaches a local shell; the API token
// reaches the remote zcli only through ssh's stdin.
package deploy
