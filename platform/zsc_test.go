package platform_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestStartsService_Commands(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"sudo systemctl start kibana", true},
		{"sudo service nginx restart", true},
		{"systemctl enable --now redis", true},
		{"/etc/init.d/postgresql start", true},
		{"node worker.js &", true},
		{"nohup node server.js > /tmp/log 2>&1", true},
		{"redis-server --daemonize yes", true},
		{"sudo nginx", true},
		{"php-fpm8.3", true},
		{"docker compose up -d", true},
		{"./start-services.sh", true},
		{"bash scripts/boot.sh", true},
		{"sudo -u zerops -n bash linuxgsm.sh q3server", true},
		{"/var/www/migrate.sh", true},
		{"sudo chmod +x /var/www/migrate.sh", false},
		{"cp boot.sh /tmp/", false},
		{"sudo cp -f kibana/kibana.yml /etc/kibana/kibana.yml", false},
		{"sudo chown -R kibana /etc/kibana", false},
		{"zsc execOnce ${appVersionId} -- php artisan migrate --force", false},
		{"node migrate.js 2>&1 | tee /tmp/migrate.log", false},
		{"npm run db:push && echo done", false},
		{"systemctl status kibana", false},
	} {
		if got := platform.StartsService(tc.cmd); got != tc.want {
			t.Errorf("StartsService(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

func TestIdleStart_Starts(t *testing.T) {
	t.Parallel()
	for start, want := range map[string]bool{"zsc noop --silent": true, "zsc noop": true, "  zsc   noop ": true,
		"npm start": false, "zsc execOnce x -- node a.js": false, "zsc": false,
		"sleep infinity": true, "exec sleep 3600": true, "while true; do sleep 10000; done": true, "while :; do sleep 1; done": true,
		"tail -f log/console/q3server-console.log": true, "tail -F /dev/null": true,
		"sleep 5 && node a.js": false, "while true; do node a.js; sleep 1; done": false, "tail -n 5 x.log": false} {
		if got := platform.IdleStart(start); got != want {
			t.Errorf("IdleStart(%q) = %v, want %v", start, got, want)
		}
	}
}
