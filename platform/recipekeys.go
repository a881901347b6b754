package platform

import (
	"fmt"
	"math"
	"slices"
)

// recipeKeys are keys official Zerops recipes write where the platform's
// schema (as the facts copy it) has no such key, by the key they sit
// under: the recipes deploy, so the platform takes them. A validator warns
// about them and never refuses.
var recipeKeys = map[string][]string{
	"ports": {"description"}, // recipe-prometheus-grafana: a port's label
	// recipe-graylog's import: its CPU bounds, which the schema names
	// minCpu and maxCpu (recipeSpellings).
	"verticalAutoscaling": {"minVCpu", "maxVCpu"},
}

// recipeSpellings are, of recipeKeys, those that spell a key the schema
// has otherwise: whether the platform reads them as that key is not known.
var recipeSpellings = map[string]string{"minVCpu": "minCpu", "maxVCpu": "maxCpu"}

// minCores and maxCores are the whole cores a container's CPU bounds take (minCpu,
// maxCpu), as the platform's import checks them.
const minCores, maxCores = 1, 8

// RecipeKey reports whether key, unknown to the schema under the mapping
// (or the list of mappings) named parent, is one official recipes write.
func RecipeKey(parent, key string) bool {
	return slices.Contains(recipeKeys[parent], key)
}

// RecipeKeyIssue is the warning about such a key at path, whose value is
// value (nil: not read). A value the schema's key would refuse (the gitlab
// recipe's minVCpu: 20, past 8 cores) is not renamed as it is: the fix
// names the range.
func RecipeKeyIssue(path, key string, value any) Issue {
	if schemaKey := recipeSpellings[key]; schemaKey != "" {
		fix := "Rename it to " + schemaKey + ", the schema's key, so that the value surely applies."
		if n, ok := number(value); ok && (n != math.Trunc(n) || n < minCores || n > maxCores) {
			fix = fmt.Sprintf("Rename it to %s, the schema's key, and set it to whole cores from %d to %d: as %s, %g is refused.",
				schemaKey, minCores, maxCores, schemaKey, n)
		}
		return Issue{Path: path, Kind: IssueUnknownKey,
			Problem: "\"" + key + "\" is not in the platform's schema, which names it " + schemaKey + ", but official Zerops recipes write it (the platform deploys them); whether the platform applies it as " + schemaKey + " is not known",
			Fix:     fix}
	}
	return Issue{Path: path, Kind: IssueUnknownKey,
		Problem: "\"" + key + "\" is not in the platform's schema here, but official Zerops recipes write it (the platform deploys them)",
		Fix:     "Keep it if the platform takes it; if the platform refuses it, remove it (it changes nothing the app does)."}
}

// number is v as a number, when it is one (YAML and JSON decode to these).
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
