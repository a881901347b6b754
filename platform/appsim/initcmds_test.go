package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// The run.initCommands forms of the official recipes: the ones the sandbox
// models leave the start checked; any other is named as not run, never
// taken to succeed.
func TestRun_InitCommandsTheSandboxDoesNotRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		init  string
		unrun bool
	}{
		{"artisan cache (laravel-jetstream)", "php artisan view:cache", false},
		{"artisan migrate in sudo and zsc execOnce (laravel-minimal)", "sudo -E -u zerops -- zsc execOnce ${appVersionId} -- php artisan migrate --force", false},
		{"django migrate (django)", "zsc execOnce migrate-${ZEROPS_appVersionId} -- python manage.py migrate", false},
		{"chmod of deployed scripts (jenkins)", "chmod +x /var/www/utils/*.sh", false},
		{"chown of a deployed folder (nette)", "chown -R zerops:zerops /var/www/temp/", false},
		{"chown of a folder not deployed", "chown -R zerops:zerops /var/www/var/", true},
		{"a seeder (filament)", "sudo -E -u zerops -- zsc execOnce initialize -- php artisan db:seed --force", true},
		{"a console migration (nette)", "zsc execOnce $appVersionId -- php /var/www/bin/console migrations:continue", true},
		{"an npm script (nestjs)", "zsc execOnce $ZEROPS_appVersionId npm run typeorm:migrate", true},
		{"a script (mattermost)", "./migrate.sh", true},
		{"a zsc command other than execOnce (prometheus-grafana)", "zsc envReplace prometheus.yml.tmpl prometheus.yml", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "php-nginx@8.4", DeployFiles: []string{"./"}, Prep: appsim.Prep{Init: []string{tc.init}}}
			fs := files(map[string]string{"artisan": "<?php\n", "manage.py": "print('django')\n", "bin/console": "<?php\n",
				"utils/init.sh": "#!/bin/sh\n", "temp/.keep": "", "migrate.sh": "#!/bin/sh\n", "public/index.php": "<?php echo 'ok';\n"})
			b := appsim.Build(&d, fs, fixedTime)
			run := appsim.Run(&d, fs, &b, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
			got := strings.Join(run.Unchecked, "\n")
			if named := strings.Contains(got, "the sandbox does not run `"+tc.init+"`"); named != tc.unrun || run.Crash != nil {
				t.Errorf("unchecked %q, crash %v; want the command named as not run: %v", got, run.Crash, tc.unrun)
			}
		})
	}
}

// Beside init commands it does not run, the ones it judges by their files
// and the database address alone are named as such (walk 76, recipe-django:
// collectstatic and createsuperuser were named, migrate was left out).
func TestRun_InitCommandsJudgedAreNamedBesideUnrun(t *testing.T) {
	t.Parallel()
	migrate := "zsc execOnce migrate-${ZEROPS_appVersionId} -- python manage.py migrate"
	d := appsim.Setup{RunBase: "php-nginx@8.4", DeployFiles: []string{"./"}, Prep: appsim.Prep{Init: []string{migrate, "python manage.py collectstatic --noinput", "mkdir -p /var/www/tmp"}}}
	fs := files(map[string]string{"manage.py": "print('django')\n", "public/index.php": "<?php echo 'ok';\n"})
	b := appsim.Build(&d, fs, fixedTime)
	got := strings.Join(appsim.Run(&d, fs, &b, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed").Unchecked, "\n")
	if !strings.Contains(got, "does not run `python manage.py collectstatic --noinput`; of `"+migrate+"` it checked only that the files are deployed") || strings.Contains(got, "mkdir") {
		t.Errorf("unchecked %q: want collectstatic unrun and migrate named as judged by its files, mkdir not named", got)
	}
}
