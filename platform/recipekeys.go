package platform

import "slices"

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

// RecipeKey reports whether key, unknown to the schema under the mapping
// (or the list of mappings) named parent, is one official recipes write.
func RecipeKey(parent, key string) bool {
	return slices.Contains(recipeKeys[parent], key)
}

// RecipeKeyIssue is the warning about such a key at path.
func RecipeKeyIssue(path, key string) Issue {
	if schemaKey := recipeSpellings[key]; schemaKey != "" {
		return Issue{Path: path, Kind: IssueUnknownKey,
			Problem: "\"" + key + "\" is not in the platform's schema, which names it " + schemaKey + ", but official Zerops recipes write it (the platform deploys them); whether the platform applies it as " + schemaKey + " is not known",
			Fix:     "Rename it to " + schemaKey + ", the schema's key, so that the value surely applies."}
	}
	return Issue{Path: path, Kind: IssueUnknownKey,
		Problem: "\"" + key + "\" is not in the platform's schema here, but official Zerops recipes write it (the platform deploys them)",
		Fix:     "Keep it if the platform takes it; if the platform refuses it, remove it (it changes nothing the app does)."}
}
