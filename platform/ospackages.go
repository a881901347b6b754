package platform

// osPackagePairs are OS packages whose name differs between Debian/Ubuntu
// (apt) and Alpine (apk), each name absent from the other OS's index: the
// Ubuntu name first, Alpine's second. Only names known to be one OS's
// alone are listed; a name both share (git, curl, ffmpeg, imagemagick,
// libffi-dev) is no mistake.
var osPackagePairs = [][2]string{
	{"build-essential", "build-base"},
	{"libvips-dev", "vips-dev"},
	{"libssl-dev", "openssl-dev"},
	{"zlib1g-dev", "zlib-dev"},
	{"libsqlite3-dev", "sqlite-dev"},
	{"libyaml-dev", "yaml-dev"},
	{"libcurl4-openssl-dev", "curl-dev"},
	{"libreadline-dev", "readline-dev"},
	{"libmagickwand-dev", "imagemagick-dev"},
	{"default-libmysqlclient-dev", "mariadb-dev"},
	{"libglib2.0-dev", "glib-dev"},
	{"python3-pip", "py3-pip"},
}

// OSPackageName is, for a package name the OS os ("alpine" or "ubuntu")
// has no package of, the name of the same package there; false when pkg is
// no other OS's name the table knows.
func OSPackageName(os, pkg string) (string, bool) {
	for _, p := range osPackagePairs {
		switch {
		case os == "alpine" && pkg == p[0]:
			return p[1], true
		case os == "ubuntu" && pkg == p[1]:
			return p[0], true
		}
	}
	return "", false
}
