package policy

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// ActionTools names the tool that performs each action, for the decision
// table (a rule naming tools is shown for the tool an agent would use).
var ActionTools = map[Action]string{
	ActionStart: "zerops_manage", ActionStop: "zerops_manage", ActionRestart: "zerops_manage",
	ActionScale: "zerops_manage", ActionBackup: "zerops_manage", ActionDelete: "zerops_delete",
	ActionEnvSet: "zerops_env", ActionEnvDelete: "zerops_env", ActionDeploy: "zerops_deploy",
	ActionRollback: "zerops_deploy", ActionSubdomain: "zerops_subdomain", ActionImport: "zerops_import",
	ActionCancel: "zerops_process", ActionRead: "zerops_discover",
}

// WriteTable writes the decision of each action for each target (a scale
// without limits asked), each cell naming its rule by number, then the rules.
func (p *Policy) WriteTable(w io.Writer, targets []Target) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "service\tkind\t%s\n", strings.Join(names(Actions), "\t"))
	used := map[string]int{}
	var order []string
	for _, t := range targets {
		cells := []string{t.Hostname, orDash(t.Kind)}
		for _, a := range Actions {
			v := p.Decide(Call{Tool: ActionTools[a], Action: a, Targets: []Target{t}})
			n, ok := used[v.Rule]
			if !ok {
				order = append(order, v.Rule)
				n = len(order)
				used[v.Rule] = n
			}
			cells = append(cells, fmt.Sprintf("%s[%d]", v.Decision, n))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("decision table: %w", err)
	}
	fmt.Fprintln(w, "\nrules:")
	for i, src := range order {
		desc := src
		if at := slices.IndexFunc(p.rules, func(r Rule) bool { return r.Source == src }); at >= 0 {
			desc = p.rules[at].describe()
		}
		fmt.Fprintf(w, "  [%d] %s\n", i+1, desc)
	}
	for _, r := range p.rules {
		if r.Above != nil {
			fmt.Fprintf(w, "  also: %s\n", r.describe())
		}
	}
	_, err := fmt.Fprintln(w, "(a cell is the decision for that action with the tool that performs it; \"also\" rules apply to scales above their limits)")
	return err
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
