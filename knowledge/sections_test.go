package knowledge

import (
	"slices"
	"strings"
	"testing"
)

// TestSearch_TopSections: a search answers the top document's opening and
// the sections the query is about, names the rest, and SearchFull answers
// the whole document (issue 36 Deliver 3).
func TestSearch_TopSections(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query, uri, want string
		notWant          []string
	}{
		{"set maxmemory-policy allkeys-lru on valkey", "zerops://docs/services/valkey", "## Eviction: `maxmemory-policy`", []string{"## Generated env variables"}},
		{"how do I install the pgvector extension in postgres", "zerops://docs/services/postgresql", "## Extensions", []string{"## Ports"}},
		{"allow only some ip addresses to reach my public domain", "zerops://docs/networking/public-access", "## Let only some IP addresses in", []string{"## Balancer request logs"}},
		// a word's stem, not its prefix: "worker" is not "workload" or "workers"
		{"how do I give my worker the postgres password", "zerops://docs/services/postgresql", "## Generated env variables", []string{"## Scaling profiles"}},
		// an alias of the question's word finds its heading ("backed" → backup)
		{"does valkey get backed up", "zerops://docs/services/valkey", "## Backups", nil},
		// a type's mode (postgresql:single@18) is a word of its section; "postgres" names the document, not a section
		{"move a single postgres to ha without losing data", "zerops://docs/services/postgresql", "## import.yml", nil},
		// a word of a snake_case identifier finds the section writing it (DB_PASSWORD: ${db_password})
		{"the password variable of postgres for my api", "zerops://docs/services/postgresql", "## Connect from an app", nil},
		// what the title word stands for is the subject too: "laravel" adds "php", which
		// is in every section of the Laravel document and must not pick its PHP-version one
		{"laravel zerops.yml example", "zerops://docs/frameworks/laravel", "## zerops.yml", []string{"## Operate it: scaling, php artisan in production, PHP version upgrade, restart"}},
	}
	for _, tt := range tests {
		res, err := ix.Search(tt.query, 3)
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q): %v", tt.query, err)
		}
		if res.Hits[0].URI != tt.uri {
			t.Errorf("%q: top %s, want %s", tt.query, res.Hits[0].URI, tt.uri)
			continue
		}
		d, _ := ix.Get(tt.uri)
		if !strings.Contains(res.TopContent, tt.want) || !strings.HasPrefix(res.TopContent, strings.SplitN(d.Content, "\n## ", 2)[0]) {
			t.Errorf("%q: sections lack the opening or %q:\n%s", tt.query, tt.want, res.TopContent)
		}
		for _, nw := range tt.notWant { // whole: a passage of it is named among the omitted
			if strings.Contains(res.TopContent, nw) && !slices.Contains(res.TopOmitted, strings.TrimPrefix(nw, "## ")) {
				t.Errorf("%q: sections hold %q whole", tt.query, nw)
			}
		}
		if len(res.TopContent) >= len(d.Content) || len(res.TopOmitted) == 0 {
			t.Errorf("%q: %d of %d bytes, omitted %v: not a part", tt.query, len(res.TopContent), len(d.Content), res.TopOmitted)
		}
		full, err := ix.SearchFull(tt.query, 3)
		if err != nil || full.TopContent != d.Content || len(full.TopOmitted) != 0 {
			t.Errorf("%q: SearchFull is not the whole document", tt.query)
		}
	}
}

// TestRelevantSections_Cases: short documents stay whole, headings inside
// code fences do not split, and with no matching section the first one is
// kept.
func TestRelevantSections_Cases(t *testing.T) {
	t.Parallel()
	short := "# T\n\nintro\n\n## A\n\na\n\n## B\n\nb\n"
	if got, om := relevantSections(short, []string{"b"}, nil, newAnalyzer(nil), nil); got != short || om != nil {
		t.Errorf("short document cut: %q %v", got, om)
	}
	long := "# T\n\nintro\n\n## Alpha\n\n" + strings.Repeat("alpha words here. ", 120) +
		"\n```sh\n## not a heading\n```\n\n## Beta\n\n" + strings.Repeat("beta words here. ", 120) +
		"\n\n## Gamma\n\n" + strings.Repeat("gamma words here. ", 120) + "\n"
	got, om := relevantSections(long, []string{"gamma"}, nil, newAnalyzer(nil), nil)
	if !strings.HasPrefix(got, "# T\n\nintro") || !strings.Contains(got, "## Gamma") || strings.Contains(got, "## Beta") {
		t.Errorf("gamma: %q", got[:min(len(got), 200)])
	}
	if strings.Join(om, ",") != "Alpha,Beta" {
		t.Errorf("omitted %v, want Alpha,Beta (the fenced line is no heading)", om)
	}
	got, _ = relevantSections(long, []string{"nothing"}, nil, newAnalyzer(nil), nil)
	if !strings.Contains(got, "## Alpha") || strings.Contains(got, "## Gamma") {
		t.Errorf("no match keeps the first section only")
	}
	// A diagnosis's section (lead) is shown even where the words match another.
	got, _ = newDocSections(long, newAnalyzer(nil)).relevant("Beta", []string{"gamma"}, nil, newAnalyzer(nil), nil)
	if shown := sectionTitles(got); len(shown) == 0 || shown[0] != "Beta" {
		t.Errorf("lead Beta: shows %v, want Beta first", shown)
	}
}

func TestIdentWords_Parts(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"DB_PASSWORD: ${db_password}", "db password\ndb password\n"},
		{"cache node_modules", "node modules\n"},
		{"a _leading and trailing_ underscore", ""},
		{"no identifiers here", ""},
		{"set minRam on PostgreSQL", "min ram\n"},
		{"## deploy-files-missing", "deploy files missing\n"},
	}
	for _, tt := range tests {
		if got := identWords(tt.text); got != tt.want {
			t.Errorf("identWords(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestCompounds_Runs(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"set max_connections high", "maxconnections"},
		{"## deploy-files-missing", "deployfiles deployfilesmissing filesmissing"},
		{"deployFiles: ./dist and minRam", "deployfiles minram"},
		{"plain words only, DB", ""},
	}
	for _, tt := range tests {
		var got []string
		for c := range compounds(tt.text) {
			got = append(got, c)
		}
		slices.Sort(got)
		if strings.Join(got, " ") != tt.want {
			t.Errorf("compounds(%q) = %v, want %s", tt.text, got, tt.want)
		}
	}
}

// TestRelevantSections_Phrases: typed words an identifier joins ("max
// connections", "deployFiles") choose the section that writes the
// identifier (max_connections, a deploy-files-… heading) over sections that
// use the words apart.
func TestRelevantSections_Phrases(t *testing.T) {
	t.Parallel()
	filler := strings.Repeat("more text here. ", 140) // one section fills the budget
	doc := "# T\n\nintro\n\n## Pool\n\nconnections and connections again, max of max. " + filler +
		"\n\n## Limits\n\nthe max_connections setting follows RAM. " + filler +
		"\n\n## deploy-files-missing\n\nthe path is absent. " + filler +
		"\n\n## Other\n\nconnections to deploy, and more files. " + filler + "\n"
	for _, tt := range []struct {
		terms []string
		want  string
	}{
		{[]string{"max", "connections"}, "## Limits"},
		{[]string{"deployfiles"}, "## deploy-files-missing"},
	} {
		got, _ := relevantSections(doc, tt.terms, nil, newAnalyzer(nil), nil)
		if shown := sectionTitles(got); len(shown) != 1 || "## "+shown[0] != tt.want {
			t.Errorf("%v: shows %v, want %s", tt.terms, shown, tt.want)
		}
	}
}

// TestSearch_AskedSectionShown: the section whose asks hold the question's
// words is shown even when no section's text uses them (the section index
// picks the lead; the text scorer alone would show the first section).
func TestSearch_AskedSectionShown(t *testing.T) {
	t.Parallel()
	filler := func(w string) string { return strings.Repeat(w+" lorem ipsum dolor sit amet consectetur. ", 40) }
	content := "# Backups\n\nWhat is kept and for how long.\n\n" +
		"## Schedule\n\n" + filler("cron") + "\n\n" +
		"## Formats\n\n" + filler("archive") + "\n\n" +
		"## Restore\n\n" + filler("import") + "\n"
	docs := []Document{
		{URI: URIPrefix + "operations/backups", Title: "Backups", Content: content,
			Asks: map[string][]string{"Restore": {"bring yesterday's rows back"}}},
		{URI: URIPrefix + "platform/overview", Title: "Overview", Content: "# Overview\n\nProjects hold services.\n"},
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	res, err := ix.Search("how do I bring yesterday's rows back", 2)
	if err != nil || firstURI(res.Hits) != URIPrefix+"operations/backups" {
		t.Fatalf("Search: %v, hits %+v", err, res)
	}
	if !strings.Contains(res.TopContent, "## Restore") || strings.Contains(res.TopContent, "## Schedule") {
		t.Errorf("shown %v, omitted %v: want Restore, not Schedule", sectionTitles(res.TopContent), res.TopOmitted)
	}
}

// TestRelevantSections_TitleWordInHeading: the title's words are in every
// section, so they weigh nothing in the body; a heading that repeats one
// the query typed is about that part of the subject. "ssh into the
// container to debug" on "Containers and SSH" showed the build-container
// section (its body says "debug mode"), not the one headed "SSH into a
// running container".
func TestRelevantSections_TitleWordInHeading(t *testing.T) {
	t.Parallel()
	filler := func(w string) string { return strings.Repeat(w+" sentence of this section. ", 80) }
	doc := "# Containers and SSH\n\nWhat a container is.\n\n" +
		"## Build containers\n\n" + filler("build") + "Pause a build with debug mode. BUILD-END\n\n" +
		"## SSH into a running container\n\n" + filler("runtime") + "Run ssh appdev from the zcp service. SSH-END\n\n" +
		"## What persists\n\n" + filler("persist") + "\n"
	got, _ := relevantSections(doc, []string{"ssh", "container", "debug"}, nil, newAnalyzer(nil), nil)
	if !strings.Contains(got, "SSH-END") || strings.Contains(got, "BUILD-END") {
		t.Errorf("shows %v, want the whole SSH section and not the build section's", sectionTitles(got))
	}
}
