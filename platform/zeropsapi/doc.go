// Package zeropsapi implements [platform.Client] over the official zerops-go SDK, and [platform.LogFetcher] over the project's log backend.
package zeropsapi
