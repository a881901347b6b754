package sshdtest

// zcliScript is the fake zcli, a POSIX sh script. %[1]s is the state
// directory (already single-quoted). Every invocation appends a record of its
// arguments (NUL-separated, the token of `login` masked) under calls/.
// `login` stores the token for later pushes; `push` honours the switch files
// written by Zcli: hold (block on hold.fifo; with hold-child, in a child
// process whose pid goes to push.child), fail (exit 1 with its text) and
// exit255 (drop the ssh connection after the success output).
const zcliScript = `#!/bin/sh
S=%[1]s
seq=$(date +%%s%%N)
case "$1" in
login)
	printf '%%s\0' login -- '***' > "$S/calls/$seq-$$"
	tok=
	if [ "$2" = "--" ]; then tok=$3; else tok=$2; fi
	if [ -z "$tok" ]; then echo "Error: a token is required" >&2; exit 1; fi
	( umask 077
	  printf '%%s' "$tok" > "$S/token"
	  printf 'Authorization: Bearer %%s\n' "$tok" > "$S/auth-header" )
	echo "You are logged in."
	exit 0
	;;
push)
	printf '%%s\0' "$@" > "$S/calls/$seq-$$"
	shift
	sid=
	setup=
	while [ $# -gt 0 ]; do
		case "$1" in
		--service-id) sid=$2; shift 2 ;;
		--setup) setup=$2; shift 2 ;;
		*) echo "Error: unknown flag $1" >&2; exit 2 ;;
		esac
	done
	if [ -z "$sid" ]; then echo "Error: --service-id is required" >&2; exit 2; fi
	pwd > "$S/push.cwd"
	echo $$ > "$S/push.pid.tmp" && mv "$S/push.pid.tmp" "$S/push.pid"
	if [ -e "$S/hold" ] && [ -e "$S/hold-child" ]; then
		# Block in a child process (as a real tool's helper would), so a test
		# tells a kill of the whole process group from a kill of zcli alone.
		sh -c 'echo $$ > "$1/push.child.tmp" && mv "$1/push.child.tmp" "$1/push.child" && read -r _ < "$1/hold.fifo"' zcli-hold "$S"
	elif [ -e "$S/hold" ]; then
		read -r _ < "$S/hold.fifo"
	fi
	echo "Pushing to service $sid"
	if [ -e "$S/fail" ]; then
		echo "Error: $(cat "$S/fail")" >&2
		exit 1
	fi
	api=$(cat "$S/api-url" 2>/dev/null)
	if [ -n "$api" ]; then
		if [ ! -s "$S/auth-header" ]; then echo "Error: not logged in, run zcli login" >&2; exit 1; fi
		# Like zcli: zerops.yaml or zerops.yml from the working directory.
		yf=
		for f in zerops.yaml zerops.yml; do
			if [ -f "$f" ]; then yf=$f; break; fi
		done
		if [ -z "$yf" ]; then echo "Error: zerops.yml not found in $(pwd)" >&2; exit 1; fi
		echo "$yf found"
		yml=$(sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' "$yf" | awk '{printf "%%s\\n", $0}')
		base="$api/api/rest/public"
		av=$(curl -sS -f -X POST -H @"$S/auth-header" -H 'Content-Type: application/json' \
			--data '{"name":"zcli-fake"}' "$base/service-stack/$sid/app-version") || {
			echo "Error: creating the app version failed" >&2; exit 1; }
		avid=$(printf '%%s' "$av" | grep -o '"id":"[^"]*"' | head -n 1 | cut -d '"' -f 4)
		if [ -z "$avid" ]; then echo "Error: no app version id in $av" >&2; exit 1; fi
		echo "App version $avid created"
		printf 'fake archive\n' | curl -sS -f -X PUT -H @"$S/auth-header" \
			-H 'Content-Type: application/octet-stream' --data-binary @- \
			"$base/app-version/$avid/upload" > /dev/null || {
			echo "Error: upload failed" >&2; exit 1; }
		echo "Upload finished"
		if [ -n "$setup" ]; then ys="\"$setup\""; else ys=null; fi
		echo "Deploying service $sid"
		proc=$(curl -sS -X PUT -H @"$S/auth-header" -H 'Content-Type: application/json' \
			--data "{\"zeropsYaml\":\"$yml\",\"zeropsYamlSetup\":$ys}" "$base/app-version/$avid/build-and-deploy" -w '\n%%{http_code}') || {
			echo "Error: build-and-deploy failed" >&2; exit 1; }
		case "$proc" in
		*"
200") ;;
		*) echo "Error: build-and-deploy refused: $(printf '%%s' "$proc" | head -n 1)" >&2; exit 1 ;;
		esac
		pid=$(printf '%%s' "$proc" | grep -o '"id":"[^"]*"' | head -n 1 | cut -d '"' -f 4)
		pst=$(printf '%%s' "$proc" | grep -o '"status":"[^"]*"' | head -n 1 | cut -d '"' -f 4)
		echo "Build process $pid $pst for app version $avid; the build runs on Zerops"
	else
		echo "Deploying service $sid"
	fi
	if [ -e "$S/exit255" ]; then
		# Drop the connection the way a container restart does: kill the
		# nearest sshd ancestor, so ssh exits 255 after a successful push.
		sleep 0.3
		p=$PPID
		while [ "$p" -gt 1 ]; do
			if [ "$(cat /proc/$p/comm 2>/dev/null)" = sshd ]; then kill -9 "$p"; exit 0; fi
			p=$(sed 's/.*) //' /proc/$p/stat | cut -d ' ' -f 2)
		done
		exit 255
	fi
	exit 0
	;;
version)
	echo "zcli fake (deploy/sshdtest)"
	exit 0
	;;
*)
	printf '%%s\0' "$@" > "$S/calls/$seq-$$"
	echo "Error: unknown command $1" >&2
	exit 2
	;;
esac
`
