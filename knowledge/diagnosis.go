package knowledge

import (
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// diagnosisBoost: a query that reads as a pasted log line ("FATAL ERROR:
// Reached heap limit …", "composer install Your requirements could not be
// resolved …") and that the log classifier diagnoses gives the diagnosis's
// document this much more score (measured on the tuned sets: 0.3 +3, 0.5
// +4, 0.8 +3, 1.0 +0; an override −13). Gentle, because a question that
// names a service or runtime often has its answer in that document
// ("FATAL: sorry, too many clients already" → pgbouncer in PostgreSQL's).
const diagnosisBoost = 0.5

// speechWords mark a question asked in the user's own words ("how much heap
// for a spring boot jar that gets OOM killed"), not a pasted line: its
// subject is the question, which a more specific document may answer.
var speechWords = map[string]bool{"how": true, "why": true, "what": true, "which": true, "where": true,
	"when": true, "should": true, "can": true, "do": true, "does": true, "i": true, "my": true, "we": true,
	"our": true, "me": true}

// buildWords say the lines a query quotes come from a build: the
// classifier then reads them as a build's (a "Killed" in a build is the
// build's memory, not the app's).
var buildWords = map[string]bool{"build": true, "builds": true, "building": true, "buildcommands": true,
	"compile": true, "compiling": true}

// pastedDiagnosis is the first specific diagnosis the log classifier reads
// in the topic of q (not in a clause that says what works), when q reads as
// a pasted line rather than a question in the user's words.
func pastedDiagnosis(q string) (diagnose.Diagnosis, bool) {
	topic, ok := pastedTopic(q)
	if !ok {
		return diagnose.Diagnosis{}, false
	}
	toks := tokenize(topic)
	stages := []diagnose.Stage{0}
	if slices.ContainsFunc(toks, func(t string) bool { return buildWords[t] }) {
		stages = []diagnose.Stage{diagnose.Build, 0}
	}
	for _, st := range stages {
		for _, d := range diagnose.Classify([]string{topic}, st) {
			if !diagnose.Generic(d.Signal) && d.Doc != "" { // a generic one routes nowhere
				return d, true
			}
		}
	}
	return diagnose.Diagnosis{}, false
}

// pastedTopic is the topic of q (not a clause that says what works) and
// whether it reads as a pasted line rather than a question in the user's
// words (a question mark, or a speech word such as "how" or "my").
func pastedTopic(q string) (string, bool) {
	topic, _ := splitContext(q)
	if strings.Contains(topic, "?") || slices.ContainsFunc(tokenize(topic), func(t string) bool { return speechWords[t] }) {
		return topic, false
	}
	return topic, true
}

// routeDiagnosis raises by diagnosisBoost the score of the document that
// explains what the log classifier reads in q, when it is among hits, and
// re-sorts them; it returns the diagnosis's signal (its section in that
// document), "" when nothing was raised.
func (ix *Index) routeDiagnosis(hits []scored, q string) string {
	d, ok := pastedDiagnosis(q)
	if !ok {
		return ""
	}
	i := slices.IndexFunc(hits, func(h scored) bool { return h.ID == d.Doc })
	if i < 0 {
		return ""
	}
	hits[i].Score *= 1 + diagnosisBoost
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].Score > hits[b].Score })
	return d.Signal
}
