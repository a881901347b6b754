package fakeapi

import (
	"encoding/json"
	"net/http"
)

// errorJSON is the API's error envelope: {"error":{"code","message","meta"}}.
type errorJSON struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Meta    any    `json:"meta"`
}

func apiErr(status int, code, message string, meta any) (int, any) {
	return status, errorJSON{Error: errorBody{Code: code, Message: message, Meta: meta}}
}

func errNotFound(code, message string) (int, any) {
	return apiErr(http.StatusNotFound, code, message, nil)
}

func errInvalid(message string, meta any) (int, any) {
	return apiErr(http.StatusBadRequest, "invalidUserInput", message, meta)
}

// defaultCode names the API error code a fault with only a status reports.
func defaultCode(status int) string {
	switch {
	case status == http.StatusUnauthorized:
		return "notAuthorized"
	case status == http.StatusForbidden:
		return "insufficientPermissions"
	case status == http.StatusNotFound:
		return "notFound"
	case status == http.StatusTooManyRequests:
		return "tooManyRequests"
	case status >= 500:
		return "internalServerError"
	}
	return "invalidUserInput"
}

// writeJSON writes v as the answer; v must marshal (all views do).
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internalServerError","message":"fakeapi: cannot encode answer","meta":null}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeAPIError writes an error envelope with no meta.
func writeAPIError(w http.ResponseWriter, status int, code, message string) {
	_, v := apiErr(status, code, message, nil)
	writeJSON(w, status, v)
}
