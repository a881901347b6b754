package ops

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// ExportResult is the project (or one service) as import YAML that
// zerops_import takes: services only, each secret a placeholder.
type ExportResult struct {
	YAML    string   `json:"yaml"`
	Secrets []string `json:"secrets,omitempty"` // hostname.KEY of each placeholder to fill in
	Note    string   `json:"note,omitempty"`
	Next    string   `json:"next"`
}

// Placeholder is what an exported secret's value becomes.
func Placeholder(key string) string { return "<fill in " + key + ">" }

// Export reads the platform's export of the project (hostname empty) or of
// one service and makes it importable and secret-free: the project section
// is dropped (an import into a project takes services only) and every
// secret value is replaced by a placeholder naming its key.
func Export(ctx context.Context, c platform.Client, projectID, hostname string) (*ExportResult, error) {
	var text string
	var err error
	if hostname != "" {
		svc, rerr := ResolveService(ctx, c, projectID, hostname)
		if rerr != nil {
			return nil, rerr
		}
		text, err = c.ExportService(ctx, svc.ID)
	} else {
		text, err = c.ExportProject(ctx, projectID)
	}
	if err != nil {
		return nil, asPlatformError(err, "exporting")
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, platform.NewError(platform.ErrAPIError, "the platform's export is not an import YAML mapping", "Retry; if it persists, write import.yml from zerops_discover.")
	}
	root := doc.Content[0]
	out := &ExportResult{}
	var kept []*yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "project":
			out.Note = "The project section is left out: zerops_import adds services to the current project (set project variables with zerops_env and project: true)."
			continue
		case "services":
			for _, svc := range v.Content {
				out.Secrets = append(out.Secrets, maskSecrets(svc)...)
			}
		}
		kept = append(kept, k, v)
	}
	root.Content = kept
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, platform.NewError(platform.ErrInternal, "could not write the export", "Retry.")
	}
	out.YAML = buf.String()
	if len(out.Secrets) > 0 {
		out.Next = fmt.Sprintf("Next: replace the placeholders of %s with their values, then zerops_import with this YAML (dryRun: true first) in a project without these hostnames.", strings.Join(out.Secrets, ", "))
	} else {
		out.Next = "Next: zerops_import with this YAML (dryRun: true first) in a project without these hostnames."
	}
	return out, nil
}

// maskSecrets replaces the values of a service's envSecrets and
// dotEnvSecrets with placeholders and returns hostname.KEY of each.
func maskSecrets(svc *yaml.Node) []string {
	if svc.Kind != yaml.MappingNode {
		return nil
	}
	host := ""
	if h := mapValue(svc, "hostname"); h != nil {
		host = h.Value
	}
	var keys []string
	for i := 0; i+1 < len(svc.Content); i += 2 {
		v := svc.Content[i+1]
		switch svc.Content[i].Value {
		case "envSecrets":
			for j := 0; j+1 < len(v.Content); j += 2 {
				key := v.Content[j].Value
				v.Content[j+1] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: Placeholder(key)}
				keys = append(keys, host+"."+key)
			}
		case "dotEnvSecrets":
			var lines []string
			for _, l := range strings.Split(v.Value, "\n") {
				if key, _, ok := strings.Cut(l, "="); ok && !strings.HasPrefix(strings.TrimSpace(l), "#") {
					key = strings.TrimSpace(key)
					lines = append(lines, key+"="+Placeholder(key))
					keys = append(keys, host+"."+key)
				}
			}
			svc.Content[i+1] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: strings.Join(lines, "\n") + "\n", Style: yaml.LiteralStyle}
		}
	}
	return keys
}
