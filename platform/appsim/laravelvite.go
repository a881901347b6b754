package appsim

import (
	"fmt"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Laravel's @vite directive reads public/build/manifest.json, which
// `vite build` with laravel-vite-plugin writes: a page whose view has the
// directive answers 500 when the deploy lacks the manifest (no asset build
// ran, or its output was left out of deployFiles). Its health route does
// not render the app's views and still answers.

// laravelRootRoute is routes/web.php's route for / and what it returns up
// to the next route: `Route::get('/', fn () => view('welcome'))`,
// `Route::inertia('/', 'Home')`, `Route::view('/', 'welcome')`.
var laravelRootRoute = lazyregexp.New(`Route::(get|view|inertia|any)\(\s*['"]/['"]\s*,([\s\S]*?)(?:Route::|$)`)

// laravelViewName is the view a route renders: view('x'), Route::view's
// second argument, View::make('x').
var laravelViewName = lazyregexp.New(`(?:\bview\(|View::make\(|^\s*)['"]([\w.-]+)['"]`)

// bladeExtends is a Blade view's @extends('layouts.app').
var bladeExtends = lazyregexp.New(`@extends\(\s*['"]([\w.-]+)['"]`)

// laravelViteFatal is what Laravel logs answering GET / when the view the
// route for / renders (or the layout it extends) has @vite and the deploy
// carries no public/build/manifest.json the build may have made; nil when
// it renders, or the sandbox cannot tell.
func (r *runSim) laravelViteFatal() []Line {
	if r.deployed("artisan") == "" || r.deployed("public/hot") != "" {
		return nil
	}
	const manifest = "public/build/manifest.json"
	if r.deployed(manifest) != "" || r.producedAt(manifest) {
		return nil
	}
	if cfg, ok := r.quietText("vite.config.js"); ok && strings.Contains(cfg, "buildDirectory") {
		return nil // the manifest is elsewhere
	}
	routes, ok := r.quietText("routes/web.php")
	if !ok {
		return nil
	}
	m := laravelRootRoute.FindStringSubmatch(routes)
	if m == nil {
		return nil
	}
	view := ""
	switch body := m[2]; {
	case m[1] == "inertia" || strings.Contains(body, "Inertia::render(") || strings.Contains(body, "inertia("):
		view = "app" // Inertia's root view
	case m[1] == "view" || strings.Contains(body, "view(") || strings.Contains(body, "View::make("):
		v := laravelViewName.FindStringSubmatch(body)
		if v == nil {
			return nil
		}
		view = v[1]
	default:
		return nil
	}
	for range 2 { // the view, then the layout it extends
		file := path.Join("resources/views", strings.ReplaceAll(view, ".", "/")+".blade.php")
		src, ok := r.quietText(file)
		if !ok {
			return nil
		}
		if strings.Contains(src, "@vite(") {
			msg := fmt.Sprintf("Vite manifest not found at: %s/%s (View: %s/%s)", RunRoot, manifest, RunRoot, file)
			return []Line{{3, fmt.Sprintf("production.ERROR: %s {\"exception\":\"[object] (Illuminate\\\\View\\\\ViewException(code: 0): %s at %s/vendor/laravel/framework/src/Illuminate/Foundation/Vite.php:934)\"}",
				msg, msg, RunRoot)}}
		}
		e := bladeExtends.FindStringSubmatch(src)
		if e == nil {
			return nil
		}
		view = e[1]
	}
	return nil
}

// quietText is deployedText without recording the file as read for the
// start command (missinghost.go): what a page renders is not its start.
func (r *runSim) quietText(rel string) (string, bool) {
	src := r.deployed(rel)
	if r.files == nil || src == "" {
		return "", false
	}
	return r.files.Read(src)
}
