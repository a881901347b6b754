package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// maxNamedProjects bounds how many project names a TOKEN_MULTI_PROJECT error lists.
const maxNamedProjects = 5

// Discover checks the token and settles the project ZCP manages: the scoped
// project when creds carries one (zcli scope), otherwise the token's only
// project. It returns the identity to run as, or a *platform.PlatformError
// whose message names the fix.
func Discover(ctx context.Context, c platform.Client, creds *Credentials) (*Info, error) {
	if creds == nil || creds.Token == "" {
		return nil, platform.NewError(platform.ErrAuthRequired, "no credentials",
			"Set "+EnvAPIKey+" or run `zcli login <token>`, then restart ZCP.")
	}
	user, err := c.GetUserInfo(ctx)
	if err != nil {
		return nil, userInfoError(err, creds.Source)
	}
	if user.ClientID == "" {
		return nil, platform.NewError(platform.ErrAuthAPIError, "the token's user belongs to no Zerops organisation",
			"Use a token of a user who is a member of the organisation that owns the project.")
	}
	info := &Info{Token: creds.Token, APIURL: creds.APIURL, ClientID: user.ClientID, Source: creds.Source}

	if creds.ScopeProjectID != "" {
		p, err := c.GetProject(ctx, creds.ScopeProjectID)
		if err != nil {
			return nil, scopeError(err, creds.ScopeProjectID)
		}
		info.ProjectID, info.ProjectName = p.ID, p.Name
		return info, nil
	}

	projects, err := c.ListProjects(ctx, user.ClientID)
	if err != nil {
		return nil, wrap(err, "listing the token's projects failed")
	}
	switch len(projects) {
	case 0:
		return nil, platform.NewError(platform.ErrTokenNoProject, "the token has access to no project",
			"Create a project in the Zerops GUI (or import one) and use a token with access to it; then restart ZCP.")
	case 1:
		info.ProjectID, info.ProjectName = projects[0].ID, projects[0].Name
		return info, nil
	}
	names := make([]string, 0, maxNamedProjects)
	for i, p := range projects {
		if i == maxNamedProjects {
			names = append(names, "…")
			break
		}
		names = append(names, p.Name)
	}
	return nil, platform.NewError(platform.ErrTokenMultiProject,
		fmt.Sprintf("the token accesses %d projects (%s); ZCP manages exactly one", len(projects), strings.Join(names, ", ")),
		"Use a project-scoped token: create a token limited to one project in the Zerops GUI"+zcliScopeHint(creds.Source)+"; then restart ZCP.")
}

func zcliScopeHint(source string) string {
	if source == SourceZcli {
		return ", or run `zcli scope project` to pick one"
	}
	return ""
}

// userInfoError explains a failed token check with the fix for its source.
func userInfoError(err error, source string) error {
	fix := "Set " + EnvAPIKey + " to a valid Zerops personal access token, then restart ZCP."
	if source == SourceZcli {
		fix = "Run `zcli login <token>` with a valid Zerops personal access token (or set " + EnvAPIKey + "), then restart ZCP."
	}
	pe := asPlatformError(err)
	out := &platform.PlatformError{Code: pe.Code, HTTPStatus: pe.HTTPStatus, APICode: pe.APICode, RetryAfter: pe.RetryAfter, Err: err}
	switch pe.Code {
	case platform.ErrAuthInvalidToken, platform.ErrPermissionDenied:
		out.Code = platform.ErrAuthInvalidToken
		out.Message = "authentication failed: the token is invalid or revoked"
		out.Suggestion = fix
	case platform.ErrAuthTokenExpired:
		out.Message = "authentication failed: the token has expired"
		out.Suggestion = fix
	case platform.ErrNetworkError, platform.ErrAPITimeout, platform.ErrCanceled, platform.ErrAPIRateLimited:
		out.Message = "could not check the token: " + pe.Message
		out.Suggestion = pe.Suggestion
	default:
		out.Code = platform.ErrAuthAPIError
		out.Message = "could not check the token: " + pe.Message
		out.Suggestion = "Retry in a moment; check ZEROPS_API_HOST points at the Zerops API of your region."
	}
	return out
}

// scopeError explains a scoped project that cannot be read.
func scopeError(err error, projectID string) error {
	pe := asPlatformError(err)
	out := &platform.PlatformError{Code: pe.Code, HTTPStatus: pe.HTTPStatus, APICode: pe.APICode, RetryAfter: pe.RetryAfter, Err: err,
		Message:    fmt.Sprintf("the zcli-scoped project %s was not found or is not accessible: %s", platform.Clip(projectID, 60), pe.Message),
		Suggestion: "Run `zcli scope project` to pick a project this token can access (or `zcli scope reset`), then restart ZCP."}
	switch pe.Code {
	case platform.ErrNotFound, platform.ErrTokenNoProject, platform.ErrPermissionDenied, platform.ErrInvalidParameter:
		out.Code = platform.ErrTokenNoProject
	}
	return out
}

// wrap prefixes a platform error's message with context, keeping its code.
func wrap(err error, what string) error {
	pe := asPlatformError(err)
	out := *pe
	out.Message = what + ": " + pe.Message
	out.Err = err
	return &out
}

// asPlatformError views err as a PlatformError, wrapping foreign errors as API_ERROR.
func asPlatformError(err error) *platform.PlatformError {
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		return pe
	}
	return &platform.PlatformError{Code: platform.ErrAPIError, Message: err.Error(), Err: err}
}
