package mcp_test

import "testing"

// walk28bPMA is the phpmyadmin recipe as an agent writes it in today's
// format: the build downloads and unzips phpMyAdmin into public/, moves
// its files up out of the release folder, and deploys public; php-apache
// serves run.documentRoot public. deploy is its build.deployFiles.
func walk28bPMA(deploy string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: phpmyadmin\n    build:\n      base: php@8.3\n      buildCommands:\n" +
			"        - curl https://files.phpmyadmin.net/phpMyAdmin/5.2.1/phpMyAdmin-5.2.1-english.zip -o pma.zip\n" +
			"        - unzip pma.zip -d public\n        - cd public; cd phpMyAdmin-5.2.1-english; mv * ../;\n" +
			"        - rm -r ./public/phpMyAdmin-5.2.1-english pma.zip\n        - mv ./public/config.sample.inc.php ./public/config.inc.php\n" +
			"      deployFiles: " + deploy + "\n    run:\n      base: php-apache@8.3\n      documentRoot: public\n",
		"README.md": "phpMyAdmin in front of the project's MariaDB.\n",
	}
}

// TestDeploy_DocumentRootOfAFolderDeployedByItsContentsWalk28b: with
// build.deployFiles `./public/~` (public's contents at the top of
// /var/www) and run.documentRoot public, Apache's root /var/www/public
// does not exist: 404. The answer was "set run.documentRoot in zerops.yml
// to the deployed folder that holds the index (`public` for Laravel and
// Symfony …)", which it already is: done, the same 404 and the same
// answer. It says that `~` moved the folder's contents up.
func TestDeploy_DocumentRootOfAFolderDeployedByItsContentsWalk28b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: phpmyadmin\n    type: php-apache@8.3\n    enableSubdomainAccess: true\n"
	var cases []deployCase
	for _, deploy := range []string{"./public/~", "public/~", "[public/~, README.md]"} {
		cases = append(cases, deployCase{name: deploy, services: svc, dir: "pma", target: "phpmyadmin", files: walk28bPMA(deploy), verdict: "degraded",
			next: []string{"without `~`", "remove run.documentRoot"}, lacks: []string{"`public` for Laravel"},
			then: []deployCase{{name: "public deployed as itself", files: walk28bPMA("./public"), verdict: "unverified", reason: []string{"/var/www/public/index.php"}}}})
	}
	runWalkCases(t, cases)
}
