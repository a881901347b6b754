package diagnose

// This file owns one family: a PHP extension the base lacks (its functions
// or classes undefined, PDO's driver, Composer's platform check), its rule
// and the fix naming the extension's Alpine package.

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// phpExtensions maps what PHP reports undefined (a function's prefix, a
// global class) to the extension that defines it and its Alpine package's
// suffix (php84-<suffix>), most specific first.
var phpExtensions = []struct{ name, ext, pkg string }{
	{"mb_", "mbstring", "mbstring"}, {"iconv", "iconv", "iconv"}, {"imagick", "imagick", "pecl-imagick"},
	{"image", "gd", "gd"}, {"gd_", "gd", "gd"}, {"curl", "curl", "curl"},
	{"bcadd", "bcmath", "bcmath"}, {"bcsub", "bcmath", "bcmath"}, {"bcmul", "bcmath", "bcmath"}, {"bcdiv", "bcmath", "bcmath"},
	{"bcmod", "bcmath", "bcmath"}, {"bcpow", "bcmath", "bcmath"}, {"bccomp", "bcmath", "bcmath"}, {"bcscale", "bcmath", "bcmath"}, {"bcsqrt", "bcmath", "bcmath"},
	{"gmp", "gmp", "gmp"}, {"sodium_", "sodium", "sodium"}, {"ctype_", "ctype", "ctype"}, {"zip", "zip", "zip"},
	{"simplexml", "simplexml", "simplexml"}, {"xmlwriter", "xmlwriter", "xmlwriter"}, {"xmlreader", "xmlreader", "xmlreader"}, {"xml_", "xml", "xml"},
	{"dom", "dom", "dom"}, {"xslt", "xsl", "xsl"}, {"openssl_", "openssl", "openssl"}, {"pcntl_", "pcntl", "pcntl"}, {"posix_", "posix", "posix"},
	{"socket_", "sockets", "sockets"}, {"exif_", "exif", "exif"}, {"finfo", "fileinfo", "fileinfo"}, {"mime_content_type", "fileinfo", "fileinfo"},
	{"grapheme_", "intl", "intl"}, {"normalizer", "intl", "intl"}, {"idn_to_", "intl", "intl"}, {"transliterator", "intl", "intl"},
	{"collator", "intl", "intl"}, {"numfmt_", "intl", "intl"}, {"numberformatter", "intl", "intl"}, {"intl", "intl", "intl"},
	{"locale_", "intl", "intl"}, {"locale", "intl", "intl"}, {"resourcebundle", "intl", "intl"}, {"spoofchecker", "intl", "intl"},
	{"apcu_", "apcu", "pecl-apcu"}, {"redis", "redis", "pecl-redis"}, {"memcached", "memcached", "pecl-memcached"},
	{"mongodb", "mongodb", "pecl-mongodb"}, {"amqp", "amqp", "pecl-amqp"}, {"igbinary_", "igbinary", "pecl-igbinary"},
	{"yaml_", "yaml", "pecl-yaml"}, {"mysqli", "mysqli", "mysqli"}, {"pg_", "pgsql", "pgsql"}, {"sqlite3", "sqlite3", "sqlite3"},
	{"soap", "soap", "soap"}, {"ftp_", "ftp", "ftp"}, {"ldap_", "ldap", "ldap"}, {"imap_", "imap", "imap"},
	{"gz", "zlib", "zlib"}, {"zlib_", "zlib", "zlib"}, {"bz", "bz2", "bz2"}, {"gettext", "gettext", "gettext"},
	{"tidy", "tidy", "tidy"}, {"opcache_", "opcache", "opcache"}, {"pdo", "pdo", "pdo"},
}

// phpExtMissing is PHP calling a function, or making an object of a global
// class, that an extension the PHP it runs on lacks would define (a
// namespaced call falls back to the global function, so PHP names it in
// the caller's namespace); PDO finding no driver for its DSN; Composer's
// platform check, at install or at run time.
const phpExtMissing = `Call to undefined function (\\?[A-Za-z_]\w*\\)*(mb_|iconv|image[a-z]|gd_|curl_|bc(add|sub|mul|div|mod|pow|powmod|comp|scale|sqrt)\(|gmp_|sodium_|ctype_|zip_|simplexml_|xml_|xmlwriter_|dom_|openssl_|pcntl_|posix_|socket_|exif_|finfo_|mime_content_type|grapheme_|normalizer_|idn_to_|transliterator_|collator_|numfmt_|locale_|intl|apcu_|igbinary_|yaml_|mysqli_|pg_|ftp_|ldap_|imap_|gz(compress|uncompress|encode|decode|deflate|inflate|open|file)|zlib_|bz(open|compress|decompress)|gettext|tidy_|opcache_)|` +
	`Class ["']\\?(Redis|RedisCluster|Imagick|ImagickPixel|ZipArchive|IntlDateFormatter|NumberFormatter|Collator|Normalizer|Locale|Transliterator|IntlChar|ResourceBundle|Spoofchecker|SoapClient|SoapServer|Memcached|MongoDB\\+Driver\\+\w+|AMQP\w+|SQLite3|XSLTProcessor|DOMDocument|DOMXPath|SimpleXMLElement|XMLReader|XMLWriter|PDO|finfo|GMP|mysqli|CURLFile)["'] not found|` +
	`\bcould not find driver\b|(?i:requires ext-[\w-]+ .{0,40}-> it is missing from your system)|require the following PHP extensions to be installed: `

// phpExtRe reads phpExtMissing; phpExtName the name a line gives.
var (
	phpExtRe   = lazyregexp.New(phpExtMissing)
	phpExtName = lazyregexp.New(`Call to undefined function (?:\\?[A-Za-z_]\w*\\)*(\w+)\(|Class ["']\\?([\w\\]+)["'] not found|requires ext-([\w-]+)|PHP extensions to be installed: ([\w-]+)|\bConnection: (\w+)\b`)
)

// phpExtension is the extension and its Alpine package's suffix that text
// (a phpExtMissing line) shows the PHP lacks; "" for the package when it
// does not say.
func phpExtension(text string) (ext, pkg string) {
	m := phpExtName.FindStringSubmatch(text)
	if m == nil {
		return "", ""
	}
	switch {
	case m[3] != "" || m[4] != "": // Composer names the extension itself
		ext = strings.ToLower(m[3] + m[4])
		for _, e := range phpExtensions {
			if e.ext == ext {
				return ext, e.pkg
			}
		}
		return ext, ext
	case m[5] != "": // PDO's driver for Laravel's connection
		driver := map[string]string{"pgsql": "pdo_pgsql", "postgres": "pdo_pgsql", "mysql": "pdo_mysql", "mariadb": "pdo_mysql", "sqlite": "pdo_sqlite"}[strings.ToLower(m[5])]
		return driver, driver
	case strings.Contains(text, "could not find driver"):
		return "", ""
	}
	name := strings.ToLower(m[1] + m[2])
	name = name[strings.LastIndex(name, `\`)+1:]
	if strings.HasPrefix(strings.ToLower(m[2]), `mongodb\`) {
		name = "mongodb"
	}
	for _, e := range phpExtensions {
		if strings.HasPrefix(name, e.name) {
			return e.ext, e.pkg
		}
	}
	return "", ""
}

// phpExtSpecs are this family's rules.
var phpExtSpecs = []ruleSpec{
	{build: "runtime-version-mismatch", runtime: "module-not-found-at-runtime", keys: []string{"call to undefined function", "not found", "could not find driver", "-> it is missing from your system", "php extensions to be installed"}, re: phpExtMissing},
}

// phpExtFix fits d, read from text, to a PHP extension the base lacks:
// the run base's at run time (run.prepareCommands), the build base's in
// the build (build.prepareCommands, where Composer checks it).
func (d *Diagnosis) phpExtFix(text string, stage Stage) {
	if d.Signal != "module-not-found-at-runtime" && d.Signal != "runtime-version-mismatch" || !phpExtRe.MatchString(text) {
		return
	}
	ext, pkg := phpExtension(text)
	what, install := "a PHP extension", "sudo apk add --no-cache php84-<extension>"
	if ext != "" {
		what, install = "the PHP extension `"+ext+"`", "sudo apk add --no-cache php84-"+pkg
	}
	if strings.Contains(text, "could not find driver") && ext == "" {
		what, install = "the PDO driver of its database (`pdo_pgsql` or `pdo_mysql`)", "sudo apk add --no-cache php84-pdo_pgsql"
	}
	prefix := " (the prefix follows the PHP version: php83- for 8.3; `php -m` over SSH lists what is loaded)"
	if stage == Build {
		d.Cause = "The build's PHP lacks " + what + " that the project requires: the `php@X` build base has fewer extensions than the run bases."
		d.Fix = "Install it in `build.prepareCommands`: `" + install + "`" + prefix + ", and in `run.prepareCommands` too if the run base lacks it; not with --ignore-platform-reqs. Then deploy again."
		return
	}
	d.Cause = "The run container's PHP lacks " + what + " that the app calls: PHP reports its functions or classes undefined (not a bug in the code, nor a Composer package)."
	d.Fix = "Install it in `run.prepareCommands`: `" + install + "`" + prefix + "; add it to `build.prepareCommands` as well when Composer checks it. Then deploy again."
}
