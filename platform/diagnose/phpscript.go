package diagnose

// This file owns one family: a FastCGI server (php-fpm) finding no script
// where the web server's root points, and the fix naming deployFiles and
// run.documentRoot.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// scriptUnknown is a FastCGI server (php-fpm, as nginx or Apache relays
// it) finding no PHP script at the path the web server sent: the files
// are not where the server's root points.
const scriptUnknown = `Primary script unknown|Unable to open primary script: \S+ \(No such file or directory\)|^\s*No input file specified\.?\s*$`

// phpScriptSpecs are the rules of a FastCGI server finding no script.
var phpScriptSpecs = []ruleSpec{
	{build: "", runtime: "deploy-files-missing", keys: []string{"primary script", "no input file specified"}, re: scriptUnknown},
}

// scriptUnknownRe reads scriptUnknown; scriptPathRe the script php-fpm
// could not open.
var (
	scriptUnknownRe = lazyregexp.New(scriptUnknown)
	scriptPathRe    = lazyregexp.New(`Unable to open primary script: (\S+)`)
)

// phpScriptFix fits d, deploy-files-missing read from a FastCGI server's
// line (text), to the script the server found nothing at. It reports
// whether text was such a line.
func (d *Diagnosis) phpScriptFix(text string) bool {
	if !scriptUnknownRe.MatchString(text) {
		return false
	}
	what := "the PHP script the web server asked for"
	if m := scriptPathRe.FindStringSubmatch(text); m != nil {
		what = "`" + m[1] + "`"
	}
	d.Cause = "PHP-FPM finds no file at " + what + ": the PHP files were not deployed where the web server's document root points (deployFiles), or the root points elsewhere."
	d.Fix = "Make `build.deployFiles` include the app's PHP files (`.` or the folders holding them), and set `run.documentRoot` to the folder that holds the front controller (index.php; `public` for Laravel and Symfony); then deploy again."
	return true
}
