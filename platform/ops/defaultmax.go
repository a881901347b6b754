package ops

import (
	"fmt"

	"github.com/zeropsio/zcp/platform"
)

// unsetMaxNote says of the runtime svc, whose maxContainers in force is
// inForce, that nobody set it: the docs give minContainers a default (1)
// and maxContainers none, so the value is the platform's as ZCP reads it,
// not a promise. "" when the user set a maximum (svc's customAutoscaling
// has one), the value is unknown, or svc is no runtime.
func unsetMaxNote(svc platform.ServiceStack, inForce int) string {
	if !maxUnset(svc, inForce) {
		return ""
	}
	return fmt.Sprintf("maxContainers %d of %s is not one you set but the platform's (the docs give it no default); a maximum you set yourself (scale with zerops_manage) holds.",
		inForce, svc.Name)
}

// maxUnset reports whether inForce, the maxContainers in force of svc, is
// a runtime's maximum that nobody set (unsetMaxNote).
func maxUnset(svc platform.ServiceStack, inForce int) bool {
	return svc.Type.Category == platform.CategoryUser && inForce != 0 &&
		(svc.CustomAutoscaling == nil || svc.CustomAutoscaling.MaxContainers <= 0)
}
