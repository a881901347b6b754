package fakeapi

import (
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// The authenticated user of every fake Server.
const (
	demoEmail    = "demo@example.com"
	demoFullName = "Demo User"
)

// seedDemo creates the "demo" project as it stands a day after its import:
// appdev (nodejs@22, deployed), appstage (nodejs@22, no code yet), both
// pinned to one container, db (postgresql@16), cache (valkey@7.2) and
// storage (object-storage).
func (st *state) seedDemo() {
	born := st.created.Add(-24 * time.Hour)
	p := st.addProject("demo", born)
	st.demoID = p.ID
	seed := []struct {
		name, version string
		status        platform.ServiceStatus
	}{
		{"appdev", "nodejs@22", platform.ServiceActive},
		{"appstage", "nodejs@22", platform.ServiceReadyToDeploy},
		{"db", "postgresql@16", platform.ServiceActive},
		{"cache", "valkey@7.2", platform.ServiceActive},
		{"storage", "object-storage", platform.ServiceActive},
	}
	for i, sd := range seed {
		at := born.Add(time.Duration(i) * time.Second)
		svc := st.newService(p.ID, sd.name, st.cat.lookup(sd.version), "NON_HA", sd.status, at)
		if svc.category() == platform.CategoryUser {
			// The demo's import pinned its runtimes to one container
			// (maxContainers: 1); a runtime imported without it may
			// scale out to 10 (defaultAutoscaling).
			one := 1
			set := &autoscalingJSON{Horizontal: &horizontalJSON{MinContainerCount: &one, MaxContainerCount: &one}}
			svc.Custom, svc.Current = mergeAutoscaling(nil, set), mergeAutoscaling(svc.Current, set)
		}
		imp := st.newProcess(p.ID, svc, "stack.create", at)
		imp.EndAt = at.Add(40 * time.Second)
		imp.RunAt = at.Add(2 * time.Second)
		imp.settled = true
		if sd.status != platform.ServiceReadyToDeploy { // no code, no application lines
			st.generateLogs(svc, st.created.Add(-time.Hour), st.created)
		}
	}
	// storage holds 2 GB, readable by anyone.
	st.serviceByName(p.ID, "storage").setStorage(objectStorage{SizeGB: 2, Policy: "public-read"})
	// appdev was deployed once from the CLI.
	dev := st.serviceByName(p.ID, "appdev")
	dev.Ports = []portJSON{{Protocol: "tcp", Port: 3000, HTTPRouting: true, Scheme: "http"}}
	// zerops.yml's run.envVariables of that deploy.
	dev.Env = append(dev.Env, &envVar{ID: newID(), Key: "NODE_ENV", Content: "development", Type: envEnv,
		Created: born.Add(time.Hour), LastUpdate: born.Add(time.Hour)})
	av := st.newAppVersion(dev, platform.SourceCLI, "initial", born.Add(time.Hour))
	start := av.Created.Add(5 * time.Second)
	av.buildStart = start
	av.stepDur = time.Minute
	av.finalize(platform.AppVersionActive, start.Add(4*time.Minute))
	av.logged = buildSteps
	av.deployed = &deployedSetup{BuildBase: "nodejs@22", BuildCommands: []string{"npm ci"}, RunBase: "nodejs@22",
		Start: "node index.js", Ports: simPorts(dev.Ports), EnvVariables: map[string]string{"NODE_ENV": "development"}}
	av.runFiles = appsim.NewFiles()
	av.runFiles.Add("index.js", `require("node:http").createServer((req, res) => res.end("ok")).listen(process.env.PORT || 3000);`)
	st.appStarted(dev, av, av.finishedAt)
	bp := st.newProcess(p.ID, dev, "stack.build", start)
	bp.RunAt, bp.EndAt, bp.settled, bp.build = start.Add(time.Minute), start.Add(4*time.Minute), true, av
}

// newService adds a service with the ports, generated env, containers and
// default scaling of its type.
func (st *state) newService(projectID, name string, v *stackVersion, mode string, status platform.ServiceStatus, now time.Time) *service {
	s := &service{
		ID: newID(), ProjectID: projectID, Name: name, Status: status, Version: v, Mode: mode,
		Created: now, LastUpdate: now,
	}
	n := 1
	if mode == "HA" {
		n = 3
	}
	for range n {
		s.Containers = append(s.Containers, newID())
	}
	s.Ports = defaultPorts(v)
	s.Current = defaultAutoscaling(v.Type.Category)
	for _, kv := range st.generatedEnv(s) {
		typ := envReadOnly
		switch {
		case kv.sensitive:
			typ = envEditable // generated credentials may be rotated in the GUI
		case kv.key == "serviceId" || kv.key == "projectId":
			typ = envInternal
		}
		s.Env = append(s.Env, &envVar{ID: newID(), Key: kv.key, Content: kv.value, Sensitive: kv.sensitive,
			Type: typ, Created: now, LastUpdate: now})
	}
	if v.Type.Category == platform.CategoryObject {
		s.setStorage(objectStorage{SizeGB: 1})
	}
	st.services[s.ID] = s
	st.svcOrder = append(st.svcOrder, s.ID)
	return s
}

var servicePorts = map[string][]int{
	"postgresql": {5432, 6432}, "mariadb": {3306}, "valkey": {6379, 6380}, "keydb": {6379},
	"clickhouse": {9000, 8123}, "elasticsearch": {9200}, "meilisearch": {7700}, "typesense": {8108},
	"qdrant": {6333, 6334}, "nats": {4222}, "kafka": {9092}, "rabbitmq": {5672},
}

func defaultPorts(v *stackVersion) []portJSON {
	if v.Type.Category == platform.CategoryUser {
		return []portJSON{} // a deploy registers them (subdomain.go)
	}
	out := []portJSON{}
	for _, p := range servicePorts[v.Type.Name] {
		out = append(out, portJSON{Protocol: "tcp", Port: p})
	}
	return out
}

func defaultAutoscaling(category string) *autoscalingJSON {
	ptrI := func(i int) *int { return &i }
	ptrF := func(f float64) *float64 { return &f }
	shared := "SHARED"
	switch category {
	case platform.CategoryUser:
		// A runtime created without a horizontal range gets the platform's
		// whole one, 1–10 containers, as its vertical range is the whole
		// per-container one (the scaling pages' limits; the import reference
		// defaults only minContainers, to 1).
		return &autoscalingJSON{
			Vertical: &verticalJSON{CPUMode: &shared,
				MinResource: &scalingResourceJSON{CPUCoreCount: ptrI(1), MemoryGBytes: ptrF(0.125), DiskGBytes: ptrF(1)},
				MaxResource: &scalingResourceJSON{CPUCoreCount: ptrI(8), MemoryGBytes: ptrF(48), DiskGBytes: ptrF(250)}},
			Horizontal: &horizontalJSON{MinContainerCount: ptrI(1), MaxContainerCount: ptrI(10)},
		}
	case platform.CategoryStandard, platform.CategoryShared:
		return &autoscalingJSON{Vertical: &verticalJSON{CPUMode: &shared,
			MinResource: &scalingResourceJSON{CPUCoreCount: ptrI(1), MemoryGBytes: ptrF(0.25), DiskGBytes: ptrF(1)},
			MaxResource: &scalingResourceJSON{CPUCoreCount: ptrI(8), MemoryGBytes: ptrF(48), DiskGBytes: ptrF(250)}}}
	}
	return nil
}

// systemProjectEnv returns the SYSTEM variables every project carries.
func systemProjectEnv(projectID string, now time.Time) []*envVar {
	return []*envVar{
		{ID: newID(), Key: "zeropsSubdomainHost", Content: subdomainHost(projectID), Type: envSystem, Created: now, LastUpdate: now},
		{ID: newID(), Key: "storageCdnUrl", Content: "https://storage.cdn.zerops.app", Type: envSystem, Created: now, LastUpdate: now},
	}
}

type genEnv struct {
	key, value string
	sensitive  bool
}

// generatedEnv returns the variables the platform generates for a service:
// a runtime gets its hostname and ids, a managed service its connection
// details; the platform's own services get none.
func (st *state) generatedEnv(s *service) []genEnv {
	secret := func() string { return newID() }
	host := genEnv{"hostname", s.Name, false}
	switch s.Version.Type.Category {
	case platform.CategoryUser:
		return []genEnv{host, {"serviceId", s.ID, false}, {"projectId", s.ProjectID, false}}
	case platform.CategoryStandard, platform.CategoryObject:
	default:
		return nil
	}
	switch s.Version.Type.Name {
	case "postgresql":
		pw := secret()
		return []genEnv{host, {"port", "5432", false}, {"portTls", "6432", false}, {"user", s.Name, false},
			{"password", pw, true}, {"dbName", s.Name, false}, {"superUser", "postgres", false}, {"superUserPassword", secret(), true},
			{"connectionString", fmt.Sprintf("postgresql://%s:%s@%s:5432/%s", s.Name, pw, s.Name, s.Name), true}}
	case "mariadb":
		pw := secret()
		return []genEnv{host, {"port", "3306", false}, {"user", s.Name, false}, {"password", pw, true},
			{"dbName", s.Name, false},
			{"connectionString", fmt.Sprintf("mysql://%s:%s@%s:3306/%s", s.Name, pw, s.Name, s.Name), true}}
	case "valkey":
		pw := secret()
		return []genEnv{host, {"port", "6379", false}, {"portTls", "6380", false}, {"password", pw, true},
			{"connectionString", fmt.Sprintf("redis://default:%s@%s:6379", pw, s.Name), true},
			{"connectionTlsString", fmt.Sprintf("rediss://default:%s@%s:6380", pw, s.Name), true}}
	case "keydb":
		return []genEnv{host, {"port", "6379", false}, {"portTls", "6380", false}, {"password", secret(), true}}
	case "object-storage":
		return []genEnv{{"apiUrl", "https://storage.app-prg1.zerops.io", false},
			{"accessKeyId", secret()[:20], false}, {"secretAccessKey", secret(), true},
			{"bucketName", s.Name + "-" + s.ID[:6], false}, {"quotaGBytes", "1", false}}
	case "nats":
		// The docs: the platform's user zerops, and the whole URL.
		pw := secret()
		return []genEnv{host, {"port", "4222", false}, {"user", "zerops", false}, {"password", pw, true},
			{"connectionString", fmt.Sprintf("nats://zerops:%s@%s:4222", pw, s.Name), true}}
	case "meilisearch": // the root key and the two application keys, the backend's and the browser's
		return []genEnv{host, {"port", "7700", false}, {"masterKey", secret(), true}, {"defaultAdminKey", secret(), true},
			{"defaultSearchKey", secret(), false}, {"environment", "production", false}}
	case "elasticsearch":
		return []genEnv{host, {"port", "9200", false}, {"password", secret(), true}}
	case "qdrant": // the docs: a full-access and a search-only key, a URL per API
		return []genEnv{host, {"port", "6333", false}, {"grpcPort", "6334", false}, {"apiKey", secret(), true},
			{"readOnlyApiKey", secret(), true}, {"connectionString", "http://" + s.Name + ":6333", false},
			{"grpcConnectionString", "tcp://" + s.Name + ":6334", false}}
	case "typesense":
		return []genEnv{host, {"port", "8108", false}, {"apiKey", secret(), true}}
	case "clickhouse": // the knowledge base's page: a port per protocol, the user zerops and the admin super
		return []genEnv{host, {"port", "9000", false}, {"portNative", "9000", false}, {"portHttp", "8123", false},
			{"portMysql", "9004", false}, {"portPostgresql", "9005", false}, {"user", "zerops", false},
			{"password", secret(), true}, {"superUserPassword", secret(), true}}
	case "rabbitmq":
		return []genEnv{host, {"port", fmt.Sprint(servicePorts[s.Version.Type.Name][0]), false},
			{"user", s.Name, false}, {"password", secret(), true}}
	case "kafka": // the docs: SASL PLAIN with a generated user and password
		return []genEnv{host, {"port", "9092", false}, {"user", s.Name, false}, {"password", secret(), true}}
	}
	return nil
}
