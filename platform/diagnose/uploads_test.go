package diagnose

import "testing"

func TestLocalUploads_Table(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name            string
		names, packages []string
		cms, dir        string
	}{
		{"wordpress tree", []string{"index.php", "wp-admin/", "wp-content/", "wp-includes/", "wp-config.php"}, nil, "WordPress", "wp-content/uploads"},
		{"wordpress without wp-includes", []string{"wp-content/", "wp-config.php", "zerops.yml"}, nil, "WordPress", "wp-content/uploads"},
		{"drupal", []string{"core/", "modules/", "sites/", "index.php"}, nil, "Drupal", "sites/default/files"},
		{"joomla", []string{"administrator/", "components/", "libraries/", "configuration.php"}, nil, "Joomla", "images"},
		{"strapi", []string{"package.json"}, []string{"@strapi/strapi", "pg"}, "Strapi", "public/uploads"},
		{"strapi with an S3 upload provider", []string{"package.json"}, []string{"@strapi/strapi", "@strapi/provider-upload-aws-s3", "pg"}, "", ""},
		{"strapi with a community provider", []string{"package.json"}, []string{"@strapi/strapi", "strapi-provider-upload-cloudinary"}, "", ""},
		{"strapi with the local provider", []string{"package.json"}, []string{"@strapi/strapi", "@strapi/provider-upload-local"}, "Strapi", "public/uploads"},
		{"laravel", []string{"app/", "public/", "storage/", "artisan"}, nil, "", ""},
		{"a wp-content directory alone", []string{"wp-content/", "index.html"}, nil, "", ""},
		{"express", []string{"package.json", "server.js"}, []string{"express"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if cms, dir := LocalUploads(tt.names, tt.packages); cms != tt.cms || dir != tt.dir {
				t.Errorf("LocalUploads = %q, %q; want %q, %q", cms, dir, tt.cms, tt.dir)
			}
		})
	}
}
