package diagnose

import (
	"strings"
	"testing"
)

// TestClassify_SpringDataSourceFixNamesEachDatabase: Spring's missing
// DataSource URL is fixed with the JDBC URL of the project's database,
// whichever it is (walk7b: a MariaDB project was shown a PostgreSQL URL only).
func TestClassify_SpringDataSourceFixNamesEachDatabase(t *testing.T) {
	t.Parallel()
	ds := Classify([]string{"Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured."}, Runtime)
	if len(ds) == 0 || ds[0].Signal != "missing-env-variable" {
		t.Fatalf("want missing-env-variable first, got %v", signalIDs(ds))
	}
	for _, want := range []string{"SPRING_DATASOURCE_URL", "jdbc:postgresql://", "jdbc:mariadb://"} {
		if !strings.Contains(ds[0].Fix, want) {
			t.Errorf("fix lacks %q: %s", want, ds[0].Fix)
		}
	}
}
