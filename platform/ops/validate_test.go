package ops_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/schema"
)

func TestValidate_SaysWhenVersionsWereNotChecked(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types := catalogOf(t, c)
	doc := "zerops:\n  - setup: appdev\n    run: {base: nodejs@99, start: x}\n"
	offline, err := ops.Validate(ctx, ops.Project{Client: nil, ID: ""}, doc, "", ops.Published{})
	if err != nil {
		t.Fatal(err)
	}
	if !offline.Valid || offline.VersionsChecked || !strings.Contains(issueText(offline.Warnings), "versions could not be checked") {
		t.Errorf("offline = %+v, want valid with a warning that versions were not checked", offline)
	}
	live, err := ops.Validate(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, doc, "", ops.Published{Types: types})
	if err != nil {
		t.Fatal(err)
	}
	if live.Valid || !live.VersionsChecked || strings.Contains(issueText(live.Warnings), "versions could not") {
		t.Errorf("live = %+v, want nodejs@99 refused and the versions checked", live)
	}
	// A version the facts list is no error, whatever its age.
	old, err := ops.Validate(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, strings.Replace(doc, "nodejs@99", "nodejs@18", 1), "", ops.Published{Types: types})
	if err != nil || !old.Valid {
		t.Errorf("nodejs@18 = %+v, %v; want valid", old, err)
	}
}

// schemasOf fetches the schemas the fake serves over HTTP, as zcp does.
func schemasOf(t *testing.T, fake *fakeapi.Server) *schema.Set {
	t.Helper()
	st := schema.NewStore(schema.Config{BaseURL: fake.URL()})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	st.Start(ctx)
	st.Wait(ctx)
	return st.Get(ctx, 0)
}

func TestValidate_AgainstTheSchemaOrLabelledWithout(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	doc := "zerops:\n  - setup: app\n    run:\n      base: nodejs@22\n      start: node x\n      ports:\n        - port: 3000\n          httpSuport: true\n"

	up, _ := newFake(t, 0)
	set := schemasOf(t, up)
	if set == nil {
		t.Fatal("no schema from the fake")
	}
	res, err := ops.Validate(ctx, ops.Project{Client: nil, ID: ""}, doc, "", ops.Published{Schemas: set})
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid || !res.SchemaChecked || len(res.Errors) != 1 || res.Errors[0].Path != "zerops[0].run.ports[0].httpSuport" ||
		!strings.Contains(res.Errors[0].Fix, "httpSupport") {
		t.Fatalf("with the schema = %+v, want the schema's error at its path", res)
	}
	if strings.Contains(issueText(res.Warnings), "without the platform's schema") {
		t.Errorf("labelled offline with a schema: %v", res.Warnings)
	}

	down, _ := newFake(t, 0)
	down.InjectFault(fakeapi.Fault{PathPrefix: "/api/rest/public/settings/", Status: http.StatusServiceUnavailable})
	if s := schemasOf(t, down); s != nil {
		t.Fatal("a schema with the endpoints down")
	}
	res, err = ops.Validate(ctx, ops.Project{Client: nil, ID: ""}, doc, "", ops.Published{})
	if err != nil {
		t.Fatal(err)
	}
	if res.SchemaChecked || !strings.Contains(issueText(res.Warnings), "checked without the platform's schema") {
		t.Fatalf("without the schema = %+v, want the offline label", res)
	}
}

func issueText(l []platform.Issue) string {
	var b strings.Builder
	for _, is := range l {
		b.WriteString(is.String() + "\n")
	}
	return b.String()
}

// TestValidate_OneCausePerValue: a made-up version is flagged by the schema's
// enum and by the live catalog; the answer gives it one problem, the
// catalog's, which names the newest version.
func TestValidate_OneCausePerValue(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	types, err := c.ListServiceStackTypes(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	doc := "services:\n  - hostname: api\n    type: nodejs@99\n"
	res, err := ops.Validate(t.Context(), ops.Project{}, doc, "import.yml", ops.Published{Types: types, Schemas: schemasOf(t, fake)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid || !res.SchemaChecked || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Fix, "nodejs@24") {
		t.Fatalf("errors = %s; want one, naming nodejs@24", issueText(res.Errors))
	}
}

// TestCheckImport_OneCausePerValue is the same for the import dry run.
func TestCheckImport_OneCausePerValue(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	types, err := c.ListServiceStackTypes(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	doc := "services:\n  - hostname: api\n    type: nodejs@99\n"
	res, err := ops.CheckImport(t.Context(), ops.Project{}, doc, ops.Published{Types: types, Schemas: schemasOf(t, fake)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Fix, "nodejs@24") {
		t.Fatalf("problems = %s; want one, naming nodejs@24", issueText(res.Problems))
	}
}
