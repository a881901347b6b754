package yamlcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// cronField is one field of the five the docs give run.crontab's timing:
// its name and the range of its numbers; names (JAN, MON) as crontab(5)
// reads them where it takes them.
type cronField struct {
	name     string
	min, max int
	names    []string // index + min is the number a name stands for
}

var cronFields = []cronField{
	{name: "minute", min: 0, max: 59},
	{name: "hour", min: 0, max: 23},
	{name: "day of month", min: 1, max: 31},
	{name: "month", min: 1, max: 12, names: []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}},
	{name: "day of week", min: 0, max: 7, names: []string{"SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"}},
}

// cronMacros are the shorthands some crons take, as the five fields.
var cronMacros = map[string]string{
	"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
	"@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
}

// cronExamples is the fix's reminder of the format, from the docs' examples.
const cronExamples = `five fields, minute hour day-of-month month day-of-week, e.g. "0 5 * * *" (daily at 5:00) or "*/10 * * * *" (every 10 minutes)`

// cronTimingIssue checks a run.crontab timing against the format the docs
// give it (five space-separated fields of standard cron) and names the
// fix; "" when it reads as one. The schema takes any string, so this is a
// warning: the docs, not the platform's refusal, are what it is checked
// against.
func cronTimingIssue(timing string) (problem, fix string) {
	t := strings.TrimSpace(timing)
	if t == "" {
		return "", ""
	}
	quoted := strconv.Quote(platform.Clip(t, 60))
	if strings.HasPrefix(t, "@") {
		problem = quoted + " is a shorthand the Zerops docs do not list: timing is the five-field cron format"
		if five, ok := cronMacros[strings.ToLower(t)]; ok {
			return problem, fmt.Sprintf("Write it as five fields: timing: %q.", five)
		}
		return problem, "Write " + cronExamples + "."
	}
	fields := strings.Fields(t)
	switch n := len(fields); {
	case n == 6 && cronFieldsIssue(fields[1:]) == "" && cronValueIssue(fields[0], cronField{name: "second", max: 59}) == "":
		return fmt.Sprintf("%s has 6 fields: timing is the five-field cron format (minute first); a leading seconds field, as Quartz or node-cron take it, is not part of it", quoted),
			fmt.Sprintf("Drop the seconds field: timing: %q (the finest step is one minute).", strings.Join(fields[1:], " "))
	case n != 5:
		return fmt.Sprintf("%s has %d fields: timing is the five-field cron format", quoted, n), "Write " + cronExamples + "."
	}
	if issue := cronFieldsIssue(fields); issue != "" {
		return quoted + ": " + issue, "Write " + cronExamples + "; the ranges are minute 0–59, hour 0–23, day of month 1–31, month 1–12, day of week 0–7 (0 and 7 are Sunday)."
	}
	return "", ""
}

// cronFieldsIssue is what is wrong with the first of five fields that does
// not read as standard cron, "" when none.
func cronFieldsIssue(fields []string) string {
	for i, f := range fields {
		if issue := cronValueIssue(f, cronFields[i]); issue != "" {
			return issue
		}
	}
	return ""
}

// cronValueIssue checks one field: a comma list of *, N, N-M or a name,
// each with an optional /step.
func cronValueIssue(v string, f cronField) string {
	for _, item := range strings.Split(v, ",") {
		base, step, stepped := strings.Cut(item, "/")
		if stepped {
			if n, err := strconv.Atoi(step); err != nil || n < 1 {
				return fmt.Sprintf("the %s field's step %q is no positive number", f.name, platform.Clip(step, 20))
			}
		}
		if base == "*" {
			continue
		}
		lo, hi, isRange := strings.Cut(base, "-")
		ends := []string{lo}
		if isRange {
			ends = append(ends, hi)
		}
		for _, end := range ends {
			if _, ok := f.number(end); !ok {
				return fmt.Sprintf("the %s field's %q is not a value from %d to %d", f.name, platform.Clip(end, 20), f.min, f.max)
			}
		}
	}
	return ""
}

// number reads a value of f: a number in its range or one of its names.
func (f cronField) number(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= f.min && n <= f.max
	}
	for i, name := range f.names {
		if strings.EqualFold(s, name) {
			return f.min + i, true
		}
	}
	return 0, false
}
