package diagnose

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// nativeOtherPlatformRe reads a native module built for another platform;
// nativeRuntime the platform the module's loader names (sharp's
// "linuxmusl-x64", Prisma's "linux-musl-openssl-3.0.x").
var (
	nativeOtherPlatformRe = lazyregexp.New(nativeOtherPlatform)
	nativeRuntime         = lazyregexp.New(`using the ([\w-]+) runtime|(?:current platform|runtime) "([^"]+)"`)
)

// nodeABI is Node refusing a native module built for another Node
// version; nodeABIModule the line before, naming the module, where Node
// wraps the message.
var (
	nodeABI         = lazyregexp.New(`NODE_MODULE_VERSION|compiled against a different Node\.js version`)
	nodeABIModuleRe = lazyregexp.New(nodeABIModule)
)

// nodeABIModule is the start of Node's refusal of a native module.
const nodeABIModule = `The module '\S+\.node'\s*$`

// nodeABINext reports whether the line after lines[n] says the module
// was built by another Node version.
func nodeABINext(lines []string, n int, _ string) bool {
	return matchWithin(lines, n+1, 1, nodeABI)
}

// nativeFix fits d, module-not-found-at-runtime read from text, to a native
// module whose binary is for another platform than the run container: the
// package is there, its build for this OS, C library or CPU is not. It
// reports whether text was that line.
func (d *Diagnosis) nativeFix(text string) bool {
	abi := nodeABI.MatchString(text) || nodeABIModuleRe.MatchString(text)
	if !abi && !nativeOtherPlatformRe.MatchString(text) {
		return false
	}
	if abi {
		d.Cause = "A native module in the deployed dependencies was built by another Node.js version (another NODE_MODULE_VERSION) than the run container's."
		d.Fix = "Give `build.base` and `run.base` the same nodejs version, so the install in `build.buildCommands` builds the module for the Node that runs it (or `npm rebuild` on the run base), and never upload a node_modules installed elsewhere; then deploy again."
		return true
	}
	platform := "the run container's platform"
	if m := nativeRuntime.FindStringSubmatch(text); m != nil {
		platform = "`" + m[1] + m[2] + "`"
		if strings.Contains(m[1]+m[2], "musl") {
			platform += " (Alpine, musl)"
		}
	}
	d.Cause = "A native module in the deployed dependencies was installed or built for another platform (OS, C library or CPU) than the run container, so its binary for " + platform + " is missing: the build installed for another base, or node_modules came from another machine."
	d.Fix = "Install the dependencies in `build.buildCommands` on the OS the app runs on (`build.os`/`run.os`, or the bases' alpine/ubuntu prefix, alike: musl and glibc binaries differ), with optional dependencies (`npm ci --include=optional`; for sharp, `npm install --os=linux --libc=musl --cpu=x64 sharp` adds Alpine's), and never upload a node_modules installed elsewhere; then deploy again."
	return true
}

// sharedLib is a loader not finding a system library; its group the
// library's file name.
var sharedLib = lazyregexp.New(`error while loading shared libraries: ([^\s:]+)|([^\s:'"]+\.so[\w.]*): cannot open shared object file|Error loading shared library ([^\s:]+)`)

// sharedLibFix fits d, module-not-found-at-runtime read from text, to a
// system library the run container lacks (libGL for OpenCV, libvips, a
// database client's): an OS package, not one of the app's dependencies. It
// reports whether text was that line.
func (d *Diagnosis) sharedLibFix(text string) bool {
	m := sharedLib.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	lib := m[1] + m[2] + m[3]
	d.Cause = "The run container lacks the system library `" + lib + "` that the app or one of its native packages loads: OS packages installed by `build.prepareCommands` stay in the build container."
	d.Fix = "Install the OS package that provides `" + lib + "` in `run.prepareCommands` with sudo (`sudo apk add --no-cache <package>` on Alpine, the default; `sudo apt-get install -y <package>` on Ubuntu), or use a build of the native package that bundles it; then deploy again."
	return true
}

// assetManifestRe reads a framework's missing asset manifest; manifestPath
// the path it names.
var (
	assetManifestRe = lazyregexp.New(assetManifestMissing)
	manifestPath    = lazyregexp.New(`(/var/www/\S+?|\S+\.json)["':)\s]`)
)

// manifestFix fits d, deploy-files-missing read from text, to a framework
// finding no build manifest of its assets at run time: the asset build's
// output is not in the deployed files. It reports whether text was that line.
func (d *Diagnosis) manifestFix(text string) bool {
	if !assetManifestRe.MatchString(text) {
		return false
	}
	what := "the manifest of its built assets"
	if m := manifestPath.FindStringSubmatch(text + " "); m != nil {
		what = "`" + m[1] + "`"
	}
	d.Cause = "The app finds no " + what + ": the asset build did not run in `build.buildCommands`, or its output directory was not deployed (the run container has only the deployed files)."
	d.Fix = "Run the asset build in `build.buildCommands` (e.g. `npm ci && npm run build` for Vite, Mix or Encore; `python manage.py collectstatic --noinput` for Django; `mix phx.digest` for Phoenix) and make `build.deployFiles` include its output (e.g. `public/build`, or `./`); then deploy again."
	return true
}

// notWritableRe reads a framework's words for a path it may not write;
// writablePath the path it names.
var (
	notWritableRe = lazyregexp.New(notWritable)
	writablePath  = lazyregexp.New(`["'](/[^"']+)["']|[\s(](/[^\s)]*[^\s.,:;"')])`)
)

// writableFix fits d, permission-denied read from text, to a framework's
// "unable to write"/"not writable" of a path: a directory the app writes
// at run time, made by another user or missing.
func (d *Diagnosis) writableFix(text string) {
	if d.Signal != "permission-denied" || !notWritableRe.MatchString(text) {
		return
	}
	what := "a directory it writes at run time"
	if m := writablePath.FindStringSubmatch(text); m != nil {
		what = "`" + m[1] + m[2] + "`"
	}
	d.Cause = "The app cannot write " + what + " (its cache, logs or uploads): the directory is missing, or another user owns it (made with sudo, it is root's; the app runs as `zerops`), or it is on a read-only file system."
	d.Fix = "Create the directory in `build.buildCommands` without sudo (e.g. `mkdir -p var/cache var/log`) so the deployed tree holds it owned by `zerops`, or `chown` it to `zerops` (check with `ls -la` over SSH); write only under /var/www or /tmp, logs best to stdout; then deploy again."
}

// mysqlTLS is a MySQL or MariaDB client's refusal to go on without the
// TLS the server does not offer.
var mysqlTLS = lazyregexp.New(`(?i)does not support secure conn+ection|HANDSHAKE_NO_SSL_SUPPORT|ssl not enabled in the server|\b(mysql\w*|mariadb)\b`)

// mysqlTLSFix fits d, db-tls-mismatch read from text, to a MySQL or
// MariaDB client: its options, not PostgreSQL's sslmode.
func (d *Diagnosis) mysqlTLSFix(text string) {
	if d.Signal != "db-tls-mismatch" || !mysqlTLS.MatchString(text) || dbPostgres.MatchString(text) {
		return
	}
	d.Fix = "Connect without TLS inside the project: drop the client's SSL option from the connection settings in `run.envVariables` or the code (mysql2/mysql `ssl`, a URL's `ssl-mode=REQUIRED` or `sslaccept=strict`, JDBC `useSSL=true`/`sslMode=REQUIRED`); the private network needs no TLS."
}

// dbPostgres is a line naming PostgreSQL or its clients.
var dbPostgres = lazyregexp.New(`(?i)\b(postgres\w*|psycopg\w*|pgx?|pq|asyncpg|npgsql|postgrex|5432|6432)\b`)
