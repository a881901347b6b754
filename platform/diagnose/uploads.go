package diagnose

import (
	"slices"
	"strings"
)

// localCMS is a CMS that writes the files users upload to a directory of
// the app's own tree, on the container's disk, unless a plugin or a
// setting moves them: how its tree's top (dirs ending in "/") or its
// package.json shows it, and that directory.
type localCMS struct {
	name, uploads string
	names         []string // all at the top of the tree
	pkg           string   // or this Node package among its dependencies
	// elsewhere are the prefixes of the Node packages that move its uploads
	// off the disk (Strapi's upload providers: the strapi-blog recipe sends
	// them to object storage with @strapi/provider-upload-aws-s3); local
	// names the one among them that keeps them there.
	elsewhere []string
	local     string
}

var localCMSes = []localCMS{
	{name: "WordPress", uploads: "wp-content/uploads", names: []string{"wp-content/", "wp-includes/"}},
	{name: "WordPress", uploads: "wp-content/uploads", names: []string{"wp-content/", "wp-config.php"}},
	{name: "WordPress", uploads: "wp-content/uploads", names: []string{"wp-content/", "wp-settings.php"}},
	{name: "Drupal", uploads: "sites/default/files", names: []string{"core/", "sites/", "modules/"}},
	{name: "Joomla", uploads: "images", names: []string{"administrator/", "components/", "libraries/"}},
	{name: "Strapi", uploads: "public/uploads", pkg: "@strapi/strapi",
		elsewhere: []string{"@strapi/provider-upload-", "strapi-provider-upload-"}, local: "@strapi/provider-upload-local"},
	{name: "Directus", uploads: "uploads", pkg: "directus"},
	{name: "Ghost", uploads: "content/images", pkg: "ghost"},
}

// LocalUploads names the CMS the top of a deployed tree (names, as
// ListSource gives them) or its Node packages show, and the directory it
// writes uploads to on the container's own disk; "" when none is seen, or
// when its packages hold a provider that stores them elsewhere.
func LocalUploads(names, packages []string) (cms, dir string) {
	for _, c := range localCMSes {
		switch {
		case c.pkg != "" && slices.Contains(packages, c.pkg) && slices.ContainsFunc(packages, c.storesElsewhere):
			return "", ""
		case c.pkg != "" && slices.Contains(packages, c.pkg):
			return c.name, c.uploads
		case len(c.names) > 0 && !slices.ContainsFunc(c.names, func(n string) bool { return !slices.Contains(names, n) }):
			return c.name, c.uploads
		}
	}
	return "", ""
}

// storesElsewhere reports whether pkg is a provider moving c's uploads off
// the container's disk.
func (c localCMS) storesElsewhere(pkg string) bool {
	return pkg != c.local && slices.ContainsFunc(c.elsewhere, func(p string) bool { return strings.HasPrefix(pkg, p) })
}
