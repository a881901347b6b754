package platform_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// zeropsYmlOnlyKeys are keys only a zerops.yml holds (not an import.yml,
// not ZCP's own files): a struct with a yaml tag naming one models it.
var zeropsYmlOnlyKeys = []string{
	"zerops", "extends", "deployFiles", "buildCommands", "prepareCommands", "initCommands",
	"addToRunPrepare", "startCommands", "readinessCheck", "healthCheck", "temporaryShutdown",
	"httpSupport", "crontab", "documentRoot", "siteConfigPath", "envReplace", "httpGet", "retryPeriod",
	"execPeriod", "disconnectTimeout", "recoveryTimeout", "allContainers",
}

// TestZeropsYml_OneModel: zerops.yml is decoded by one package,
// platform/zeropsyml (issue 31). No non-test file elsewhere declares a
// struct whose yaml tags name a key only zerops.yml holds; read the file
// with zeropsyml.Parse and its key sets from zeropsyml.Fields instead.
func TestZeropsYml_OneModel(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	var found []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata"):
			return filepath.SkipDir
		case d.IsDir() && filepath.ToSlash(path) == "../platform/zeropsyml":
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok {
				if key := zeropsYmlKey(st); key != "" {
					found = append(found, fset.Position(st.Pos()).String()+": a struct tagged yaml:\""+key+"\"")
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Error(f + " models zerops.yml: use platform/zeropsyml's model (Parse, Fields) instead")
	}
}

// zeropsYmlKey is the first zerops.yml-only key st's yaml tags name, "" for none.
func zeropsYmlKey(st *ast.StructType) string {
	for _, field := range st.Fields.List {
		if field.Tag == nil {
			continue
		}
		tag, err := strconv.Unquote(field.Tag.Value)
		if err != nil {
			continue
		}
		name, _, _ := strings.Cut(reflect.StructTag(tag).Get("yaml"), ",")
		if slices.Contains(zeropsYmlOnlyKeys, name) {
			return name
		}
	}
	return ""
}
