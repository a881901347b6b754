package knowledge

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// retrievalCase is one question and the documents that answer it: want is
// the best answer, also the alternatives that answer it as well (a realistic
// question often has two right documents); a hit on any of them counts.
// answer, when set, must match the top result's content: the document holds
// the answer itself, not only the topic.
type retrievalCase struct {
	question, want string
	also           []string
	answer         *regexp.Regexp
	line           int
}

func loadRetrievalCases(t *testing.T) []retrievalCase {
	t.Helper()
	return loadCases(t, "testdata/retrieval.txt")
}

// loadCases reads a question file: `question | uri[, uri…][ | answer pattern]`.
func loadCases(t *testing.T, path string) []retrievalCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open retrieval cases: %v", err)
	}
	defer func() { _ = f.Close() }()
	var cases []retrievalCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, " | ")
		if len(fields) < 2 || len(fields) > 3 {
			t.Fatalf("%s:%d: want `question | uri[, uri…][ | answer pattern]`", path, n)
		}
		var want []string
		for _, u := range strings.Split(fields[1], ",") {
			want = append(want, strings.TrimSpace(u))
		}
		c := retrievalCase{question: strings.TrimSpace(fields[0]), want: want[0], also: want[1:], line: n}
		if len(fields) == 3 {
			re, err := regexp.Compile("(?is)" + strings.TrimSpace(fields[2]))
			if err != nil {
				t.Fatalf("%s:%d: answer pattern: %v", path, n, err)
			}
			c.answer = re
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read retrieval cases: %v", err)
	}
	return cases
}

// TestRetrieval_Quality runs realistic agent questions against the embedded
// corpus and requires recall@3 ≥ 0.97 and recall@1 ≥ 0.85; of the questions
// with an answer pattern, at least 90% must find the answer in the top result.
func TestRetrieval_Quality(t *testing.T) {
	t.Parallel()
	cases := loadRetrievalCases(t)
	if len(cases) < 60 {
		t.Fatalf("%d retrieval cases, want at least 60", len(cases))
	}
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	folders := map[string]bool{}
	at1, at3 := 0, 0
	withAnswer, answered := 0, 0
	for _, c := range cases {
		folder, _, _ := strings.Cut(strings.TrimPrefix(c.want, URIPrefix), "/")
		folders[folder] = true
		accepted := append([]string{c.want}, c.also...)
		missing := false
		for _, u := range accepted {
			if _, ok := ix.Get(u); !ok {
				t.Errorf("retrieval.txt:%d: expected document %s does not exist", c.line, u)
				missing = true
			}
		}
		if missing {
			continue
		}
		res, err := ix.Search(c.question, 3)
		if err != nil {
			t.Errorf("retrieval.txt:%d: Search(%q): %v", c.line, c.question, err)
			continue
		}
		if c.answer != nil {
			withAnswer++
			top := ""
			if len(res.Hits) > 0 {
				if d, ok := ix.Get(res.Hits[0].URI); ok {
					top = d.Content
				}
			}
			if c.answer.MatchString(top) {
				answered++
			} else {
				t.Logf("NO ANSWER: %q → top %v lacks /%s/", c.question, firstURI(res.Hits), c.answer)
			}
		}
		rank := 0
		var got []string
		for i, h := range res.Hits {
			got = append(got, h.URI)
			if slices.Contains(accepted, h.URI) && rank == 0 {
				rank = i + 1
			}
		}
		switch {
		case rank == 1:
			at1++
			at3++
		case rank > 1:
			at3++
			t.Logf("rank %d: %q → want %s, got %v", rank, c.question, c.want, got)
		default:
			t.Logf("MISS: %q → want %s, got %v", c.question, c.want, got)
		}
	}
	r1 := float64(at1) / float64(len(cases))
	r3 := float64(at3) / float64(len(cases))
	ra := float64(answered) / float64(max(withAnswer, 1))
	summary := fmt.Sprintf("retrieval: %d questions, %d documents, recall@1 = %.3f, recall@3 = %.3f, answer in top result %d/%d = %.3f",
		len(cases), len(docs), r1, r3, answered, withAnswer, ra)
	t.Log(summary)
	fmt.Println(summary)
	for _, f := range []string{"services", "runtimes", "decisions", "pitfalls", "config", "env", "platform", "networking", "operations", "frameworks", "tools"} {
		if !folders[f] {
			t.Errorf("no retrieval question for folder %s", f)
		}
	}
	if r3 < 0.97 {
		t.Errorf("recall@3 = %.3f, want ≥ 0.97", r3)
	}
	if r1 < 0.85 {
		t.Errorf("recall@1 = %.3f, want ≥ 0.85", r1)
	}
	if withAnswer < 40 {
		t.Errorf("%d questions carry an answer pattern, want at least 40", withAnswer)
	}
	if ra < 0.9 {
		t.Errorf("answer in top result for %.3f of the questions with a pattern, want ≥ 0.9", ra)
	}
}

// firstURI names the top hit for a log line.
func firstURI(hits []Hit) string {
	if len(hits) == 0 {
		return "(none)"
	}
	return hits[0].URI
}

// TestRetrieval_RankingRules checks the ranking rules on the real corpus: a
// query naming a runtime and a managed service leads with the service; alias
// noise ("nightly" is not only cron, "cache" is not only Valkey) stays out of
// the top; operational words reach their documents. wantTop may list several
// right answers, separated by spaces.
func TestRetrieval_RankingRules(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	tests := []struct {
		query, wantTop, notTop string
	}{
		{"connect a flask app to valkey", "zerops://docs/services/valkey", ""},
		{"connect my express app to postgres", "zerops://docs/services/postgresql", ""},
		{"django with meilisearch", "zerops://docs/services/meilisearch", ""},
		{"rust nightly", "zerops://docs/runtimes/rust", "zerops://docs/config/zerops-yml-crontab"},
		{"build cache for node_modules", "", "zerops://docs/services/valkey"},
		{"too many clients from php-fpm", "zerops://docs/services/postgresql", ""},
		{"connection pooling", "zerops://docs/services/postgresql", ""},
		{"vpn", "zerops://docs/operations/vpn-local-development", ""},
		// "how long/many" asks a number: its second word names no topic
		{"how long can a build take", "zerops://docs/platform/build-pipeline zerops://docs/troubleshooting/slow-deploys", ""},
		{"how many containers can my api scale out to", "zerops://docs/platform/scaling", ""},
		{"too many connections", "zerops://docs/troubleshooting/database-connections", ""},
		{"rollback", "zerops://docs/operations/rollback-metrics-export", ""},
		{"413 upload", "zerops://docs/runtimes/php-tuning", ""},
		{"smtp", "zerops://docs/networking/smtp", ""},
		{"backups", "zerops://docs/operations/backups", ""},
		// an answer in one section of a broad document lifts that document (withSections)
		{"how do I stop a build that is still running", "zerops://docs/platform/processes", ""},
		{"ssh into the running container to debug", "zerops://docs/platform/containers-and-ssh zerops://docs/operations/ssh-and-mounts", ""},
		// symptoms and error messages lead to the document that explains them (issue 22)
		{"container exits with code 137", "zerops://docs/platform/scaling zerops://docs/troubleshooting/resources-limits", "zerops://docs/platform/containers-and-ssh"},
		{"the deploy fails: port 8 is invalid", "zerops://docs/networking/ports", ""},
		{"how do I set up a health check", "zerops://docs/config/zerops-yml-health-checks", ""},
		{"my service keeps restarting, is the container unhealthy", "zerops://docs/config/zerops-yml-health-checks", "zerops://docs/platform/containers-and-ssh"},
		{"change the backup schedule", "zerops://docs/operations/backups", ""},
		{"admin panel reachable only from our office IP", "zerops://docs/networking/public-access", "zerops://docs/tools/adminer"},
		{"curl to the zerops.app url gives 502", "zerops://docs/operations/troubleshoot-502", "zerops://docs/networking/subdomains"},
		// packages installed in the build container and not deployed: the pitfall that explains it leads
		{"node_modules missing at runtime", "zerops://docs/pitfalls/build-vs-run-containers", ""},
		{"Error: Cannot find module 'express' at runtime", "zerops://docs/pitfalls/build-vs-run-containers", ""},
		// a word with no topic of its own pulls no document by an alias
		{"php extension intl is missing", "zerops://docs/runtimes/php", "zerops://docs/services/postgresql"},
		{"the bundle calls the old API URL", "", "zerops://docs/networking/subdomains"},
		// a config key spelled as written names its document above the runtime it serves
		{"prepareCommands or buildCommands for the npm install", "zerops://docs/config/zerops-yml-build", "zerops://docs/runtimes/nodejs"},
		// a question that names a document's whole title is about that document
		{"Error: listen EADDRINUSE or connection refused, the app binds to localhost", "zerops://docs/pitfalls/binding-localhost", ""},
		// where a push starts is context; reaching a database from there is the VPN
		{"deploy the api from my machine with zcli", "zerops://docs/operations/deploy-with-zcli zerops://docs/tools/zcli", ""},
		{"pushed the repo with zcli from my laptop and the env file is missing in the container", "zerops://docs/operations/deploy-with-zcli", ""},
		{"reach the database from my machine", "zerops://docs/operations/vpn-local-development zerops://docs/operations/connect-to-managed-services", ""},
		// asking which service type to use is a choice: the decision document leads
		{"what service type do I add for a redis cache", "zerops://docs/decisions/choose-cache", ""},
		// a managed service named only as a participant of another topic: that topic's document leads
		{"mariadb ran out of disk space", "zerops://docs/troubleshooting/resources-limits", ""},
		// … but not when its own document uses the question's other words
		{"what port does mariadb listen on", "zerops://docs/services/mariadb", ""},
		// a pasted log line the classifier diagnoses: the diagnosis's document leads
		{"FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory", "zerops://docs/troubleshooting/resources-limits", ""},
		{"redis.exceptions.ConnectionError: Error 111 connecting to cache:6379. Connection refused.", "zerops://docs/troubleshooting/database-connections", ""},
		// a browser's net::ERR_ code names its network stack, not .NET
		{"net::ERR_CERT_COMMON_NAME_INVALID", "zerops://docs/networking/cloudflare-custom-domains", "zerops://docs/runtimes/dotnet"},
		{"how do I deploy a .net app", "zerops://docs/runtimes/dotnet", ""},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			res, err := ix.Search(tt.query, 3)
			if err != nil || len(res.Hits) == 0 {
				t.Fatalf("Search(%q): %v, %d hits", tt.query, err, len(res.Hits))
			}
			top := res.Hits[0].URI
			if tt.wantTop != "" && !slices.Contains(strings.Fields(tt.wantTop), top) {
				t.Errorf("top hit %s, want %s", top, tt.wantTop)
			}
			if tt.notTop != "" && top == tt.notTop {
				t.Errorf("top hit %s, want anything else", top)
			}
		})
	}
}
