package knowledge

import "errors"

// Briefing assembles the pre-YAML briefing for a runtime and managed services.
func Briefing(runtime string, services []string) (string, error) {
	return "", errors.New("knowledge briefing: not implemented yet")
}
