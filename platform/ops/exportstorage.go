package ops

import (
	"context"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// bucketTemplate is what an import's raw policy writes for the bucket's
// name; the platform puts the new bucket's name in its place.
const bucketTemplate = "{{ .BucketName }}"

// keepStorage completes an exported object storage with what the platform's
// export may leave out and the import requires: its size (the quotaGBytes
// variable) and its policy (a template's name as exported; a custom one's
// document, or private when the bucket has none, from the bucket itself).
// What it cannot read it says, for the user to fill in; it never fails the
// export.
func keepStorage(ctx context.Context, proj Project, node *yaml.Node, byName map[string]platform.ServiceStack) string {
	host := mapValue(node, "hostname")
	if host == nil {
		return ""
	}
	svc, ok := byName[host.Value]
	if !ok || svc.Type.Category != platform.CategoryObject {
		return ""
	}
	policy := mapValue(node, "objectStoragePolicy")
	needSize := mapValue(node, "objectStorageSize") == nil
	needPolicy := mapValue(node, "objectStorageRawPolicy") == nil && (policy == nil || policy.Value == "custom" || policy.Value == "")
	if !needSize && !needPolicy {
		return ""
	}
	env, err := proj.Client.GetServiceEnv(ctx, svc.ID)
	vars := map[string]string{}
	if err == nil {
		for _, v := range env {
			vars[v.Key] = v.Content
		}
	}
	var unread []string
	if needSize {
		if n, err := strconv.Atoi(strings.TrimSpace(vars["quotaGBytes"])); err == nil && n > 0 {
			setKey(node, "objectStorageSize", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)})
		} else {
			unread = append(unread, host.Value+".objectStorageSize (1–100 GB)")
		}
	}
	if needPolicy {
		use, err := proj.Client.ObjectStorage(ctx, svc.ID)
		switch {
		case err != nil:
			unread = append(unread, host.Value+".objectStoragePolicy")
		case strings.TrimSpace(use.RawPolicy) == "":
			setKey(node, "objectStoragePolicy", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "private"})
		default:
			doc := use.RawPolicy
			if b := vars["bucketName"]; b != "" {
				doc = strings.ReplaceAll(doc, b, bucketTemplate)
			}
			dropKey(node, "objectStoragePolicy")
			setKey(node, "objectStorageRawPolicy", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: doc, Style: yaml.LiteralStyle})
		}
	}
	if len(unread) == 0 {
		return ""
	}
	return "Could not read " + strings.Join(unread, ", ") + ": set it before importing (zerops_knowledge: object storage)."
}

// setKey sets key in a mapping node, adding it at the end when missing.
func setKey(node *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == key {
			node.Content[i+1] = v
			return
		}
	}
	node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
}

// dropKey removes key from a mapping node.
func dropKey(node *yaml.Node, key string) {
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == key {
			node.Content = append(node.Content[:i], node.Content[i+2:]...)
			return
		}
	}
}
