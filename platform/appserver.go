package platform

import "regexp"

// appServerRe is a start command that serves HTTP itself: a PHP, Node or
// Python development server, a static file server.
var appServerRe = regexp.MustCompile(`\bartisan\s+(serve|octane:start)\b|\bphp\b.*\s-S\b|\bsymfony\s+(serve|server:start)\b|\bserver:(run|start)\b|\bfrankenphp\b|\brr\s+serve\b|` +
	`(^|[\s/])(serve|http-server|live-server|node|nodemon|next|nuxt|vite)(\s|$)|\bnpm\s+(start|run)\b|\bhttp\.server\b`)

// ServesHTTPItself reports whether start, a run.start on a runtime whose
// own web server serves the deployed files (php-nginx, php-apache),
// starts a web server of the app's own; any other start there may be a
// worker's (a queue consumer, a scheduler), which needs it.
func ServesHTTPItself(start string) bool { return appServerRe.MatchString(start) }
