package platform

import (
	"fmt"
	"strings"
)

// NullEnvIssue is the one warning for the variables of an env mapping at
// path (zerops.yml's run.envVariables) written as YAML null, as official
// recipes write some: outside the platform's schema, which wants want
// ("string or number or boolean"), but not refused (facts). What the
// platform sets for a null is not documented, and the warning says so. One
// key gets its own path; several are listed under the mapping's path.
func NullEnvIssue(path string, keys []string, want string) Issue {
	const unknown = "what the platform sets for a null variable (an empty value, or none) is not documented"
	if len(keys) == 1 {
		return Issue{Path: Clip(path+"."+Clip(keys[0], 40), MaxIssueText),
			Problem: "null value: the platform's schema wants " + want + "; " + unknown,
			Fix:     `Keep it if the app works with it. To be sure what the app gets, write "" for an empty value, or remove the key.`}
	}
	shown := make([]string, 0, min(len(keys), 8))
	for _, k := range keys[:min(len(keys), 8)] {
		shown = append(shown, Clip(k, 40))
	}
	list := strings.Join(shown, ", ")
	if more := len(keys) - len(shown); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return Issue{Path: Clip(path, MaxIssueText),
		Problem: Clip(fmt.Sprintf("%d variables are null, where the platform's schema wants %s; %s: %s", len(keys), want, unknown, list), MaxIssueText),
		Fix:     `Keep them if the app works with them. To be sure what the app gets, write "" for an empty value, or remove the keys.`}
}
