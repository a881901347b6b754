package knowledge

import (
	"strings"
	"testing"
)

// TestRelevantSections_Passages: the line a question asks for in a long
// section left out is shown, under its heading and its table's header,
// without the rest of that section; what is shown stays within the budget.
func TestRelevantSections_Passages(t *testing.T) {
	t.Parallel()
	rows := ""
	for i := range 30 {
		rows += "| setting " + strings.Repeat("x", i%5+1) + " | some value |\n"
	}
	doc := func(first int) string {
		return "# T\n\nintro\n\n## Disk usage\n\n" + strings.Repeat("the disk fills with words. ", first) +
			"\n\n## Other\n\n" + strings.Repeat("filler words here. ", 120) + "\n\n| key | value |\n|---|---|\n" +
			rows[:len(rows)/2] + "| disk ceiling | 250 GB |\n" + rows[len(rows)/2:] +
			"\n" + strings.Repeat("more filler. ", 40) + "\n\n## Last\n\nnothing here\n"
	}
	opening := len("# T\n\nintro")
	tests := []struct {
		name        string
		first       int // sentences of the first section
		wantPassage bool
	}{
		{"room left shows the row", 60, true},
		{"no room shows none", sectionBudget / 27, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, om := relevantSections(doc(tt.first), []string{"disk", "ceiling"}, nil, newAnalyzer(nil), nil)
			if !strings.Contains(got, "## Disk usage") {
				t.Fatalf("the best section is not shown whole:\n%s", got)
			}
			if strings.Contains(got, "| disk ceiling | 250 GB |") != tt.wantPassage {
				t.Errorf("row shown %v, want %v:\n%s", !tt.wantPassage, tt.wantPassage, got)
			}
			if tt.wantPassage {
				if !strings.Contains(got, "## Other\n\n…\n\n| key | value |\n|---|---|\n| disk ceiling | 250 GB |\n\n…") {
					t.Errorf("the row is not under its heading and table header:\n%s", got)
				}
				if strings.Contains(got, "filler") || strings.Contains(got, "setting") || strings.Contains(got, "## Last") {
					t.Errorf("the rest of the section is shown:\n%s", got)
				}
			}
			if extra := len(got) - opening - len("\n\n## Disk usage\n\n") - tt.first*27; extra > sectionBudget-tt.first*27 && tt.wantPassage {
				t.Errorf("%d bytes beyond the first section, budget leaves %d", extra, sectionBudget-tt.first*27)
			}
			if strings.Join(om, ",") != "Other,Last" {
				t.Errorf("omitted %v, want Other,Last (a section shown in part is named)", om)
			}
		})
	}
}

// TestSplitPassages_Kinds: paragraphs, list items, table rows with their
// header, and a code block with the sentence that introduces it.
func TestSplitPassages_Kinds(t *testing.T) {
	t.Parallel()
	body := "A paragraph\nof two lines.\n\n- item one\n- item two\n\n### Sub\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nRun this:\n```sh\nzcli push\n```\n"
	got := splitPassages(body)
	want := []passage{
		{text: "A paragraph\nof two lines."},
		{text: "- item one"},
		{text: "- item two"},
		{sub: "### Sub", header: "| a | b |\n|---|---|", text: "| 1 | 2 |"},
		{sub: "### Sub", header: "| a | b |\n|---|---|", text: "| 3 | 4 |"},
		{sub: "### Sub", text: "Run this:\n```sh\nzcli push\n```"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d passages, want %d: %#v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("passage %d: %#v, want %#v", i, got[i], want[i])
		}
	}
}
