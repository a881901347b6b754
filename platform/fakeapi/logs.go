package fakeapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// logPath is where the fake log backend answers; GET /project/{id}/log hands
// out URLs to it carrying an access token.
const logPath = "/logs"

// logLine is one line of the log backend.
type logLine struct {
	ID          string
	Seq         int
	ProjectID   string
	ServiceID   string
	Time        time.Time
	Hostname    string
	ContainerID string
	Message     string
	Severity    int // syslog 0–7
	Facility    int // 16 application, 17 webserver
	Tag         string
}

var severityLabels = [8]string{"Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Informational", "Debug"}

func facilityLabel(f int) string {
	switch f {
	case 16:
		return "local0"
	case 17:
		return "local1"
	}
	return "facility" + strconv.Itoa(f)
}

func (st *state) addLog(s *service, at time.Time, severity, facility int, tag, container, msg string) {
	st.logs = append(st.logs, &logLine{
		ID: newID(), Seq: st.nextSeq(), ProjectID: s.ProjectID, ServiceID: s.ID, Time: at, Hostname: s.Name,
		ContainerID: container, Message: msg, Severity: severity, Facility: facility, Tag: tag,
	})
}

type logTemplate struct {
	severity, facility int
	msg                string
}

// managedLogs holds, per managed service type, what it prints by itself once
// running: its start and its own housekeeping, never a client it did not
// have. Types without an entry (object and shared storage) write no lines.
var managedLogs = map[string][]logTemplate{
	"postgresql": {
		{6, 16, "database system is ready to accept connections"},
		{6, 16, "checkpoint starting: time"},
		{6, 16, "checkpoint complete: wrote 3 buffers (0.0%); 0 WAL file(s) added, 0 removed, 0 recycled"},
	},
	"mariadb": {
		{6, 16, "mariadbd: ready for connections. port: 3306"},
		{6, 16, "InnoDB: Buffer pool(s) load completed"},
	},
	"valkey":        {{6, 16, "Server initialized"}, {6, 16, "Ready to accept connections tcp"}},
	"keydb":         {{6, 16, "Server initialized"}, {6, 16, "Ready to accept connections"}},
	"clickhouse":    {{6, 16, "Ready for connections."}},
	"elasticsearch": {{6, 16, "started"}, {5, 16, "Cluster health status changed from [YELLOW] to [GREEN]"}},
	"meilisearch":   {{6, 16, "Actix runtime found; starting in Actix runtime"}},
	"typesense":     {{6, 16, "Peer refresh succeeded!"}, {6, 16, "Typesense is ready"}},
	"qdrant":        {{6, 16, "Qdrant HTTP listening on 6333"}},
	"nats":          {{6, 16, "Listening for client connections on 0.0.0.0:4222"}, {6, 16, "Server is ready"}},
	"kafka":         {{6, 16, "[KafkaServer id=1] started"}},
	"rabbitmq":      {{6, 16, "Server startup complete; 3 plugins started."}},
}

// generateLogs writes a managed service's own lines between from and to,
// once each, spread over its containers; a runtime logs only what its
// deploys and restarts make it print (runtime.go).
func (st *state) generateLogs(s *service, from, to time.Time) {
	if s.category() == platform.CategoryUser {
		return
	}
	tpl, tag := managedLogs[s.Version.Type.Name], s.Version.Type.Name
	if len(tpl) == 0 {
		return
	}
	step := to.Sub(from) / time.Duration(len(tpl))
	for i, t := range tpl {
		st.addLog(s, from.Add(time.Duration(i)*step), t.severity, t.facility, tag, s.Containers[i%len(s.Containers)], t.msg)
	}
}

// projectLog grants access to the project's logs for an hour.
func (st *state) projectLog(rq *apiRequest) (int, any) {
	p := st.projects[rq.param]
	if p == nil {
		return errNotFound("projectNotFound", "Project not found.")
	}
	token := newID() + newID()
	exp := rq.now.Add(time.Hour)
	st.logTokens[token] = logToken{ProjectID: p.ID, Expires: exp}
	plain := rq.baseURL + logPath + "?accessToken=" + token
	return http.StatusOK, map[string]any{
		"accessToken": token, "expiration": ts(exp),
		"url": "GET " + plain, "urlPlain": plain, "urlInfo": "",
	}
}

type logItemJSON struct {
	ID            string `json:"id"`
	Timestamp     string `json:"timestamp"`
	Hostname      string `json:"hostname"`
	ContainerID   string `json:"containerId"`
	Message       string `json:"message"`
	Severity      int    `json:"severity"`
	SeverityLabel string `json:"severityLabel"`
	Facility      int    `json:"facility"`
	FacilityLabel string `json:"facilityLabel"`
	Tag           string `json:"tag"`
}

// logQuery is one log request's filters, read from its query string.
type logQuery struct {
	limit, minSev, facility int
	service, container      string
	tags                    map[string]bool // nil: every tag
	desc                    bool
}

// parseLogQuery reads q's filters; a filter out of range is refused with the
// message the API answers.
func parseLogQuery(q url.Values) (logQuery, string) {
	lq := logQuery{
		limit: 100, minSev: 7,
		service: q.Get("serviceStackId"), container: q.Get("containerId"), desc: q.Get("desc") == "1",
	}
	var ok bool
	if lq.limit, ok = intParam(q, "limit", lq.limit, 1, 1000); !ok {
		return lq, "limit must be 1–1000"
	}
	if lq.minSev, ok = intParam(q, "minimumSeverity", lq.minSev, 0, 7); !ok {
		return lq, "minimumSeverity must be 0–7"
	}
	if lq.facility, ok = intParam(q, "facility", 0, 0, 23); !ok {
		return lq, "facility must be 0–23"
	}
	if v := q.Get("tags"); v != "" {
		lq.tags = map[string]bool{}
		for _, t := range strings.Split(v, ",") {
			lq.tags[strings.TrimSpace(t)] = true
		}
	}
	return lq, ""
}

// intParam is q's integer name, def when absent; false when it is not an
// integer in lo–hi.
func intParam(q url.Values, name string, def, lo, hi int) (int, bool) {
	v := q.Get(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// shows reports whether l, a line of project projectID, is one lq asks for
// at now.
func (lq logQuery) shows(l *logLine, projectID string, now time.Time) bool {
	return (lq.tags == nil || lq.tags[l.Tag]) &&
		l.ProjectID == projectID && l.Severity <= lq.minSev && !l.Time.After(now) &&
		(lq.service == "" || l.ServiceID == lq.service) &&
		(lq.facility == 0 || l.Facility == lq.facility) &&
		(lq.container == "" || l.ContainerID == lq.container)
}

// serveLogs is the log backend: GET with accessToken, serviceStackId, limit
// (1–1000, default 100), desc=1, minimumSeverity, facility, containerId and
// tags (comma-separated).
// Like the real one, it ignores text search and time bounds.
func (s *Server) serveLogs(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		writeAPIError(w, http.StatusMethodNotAllowed, "invalidUserInput", "The log backend answers GET only.")
		return
	}
	q := r.URL.Query()
	lq, bad := parseLogQuery(q)
	if bad != "" {
		writeAPIError(w, http.StatusBadRequest, "invalidUserInput", bad)
		return
	}
	now := time.Now()
	s.mu.Lock()
	s.st.advance(now)
	grant, ok := s.st.logTokens[q.Get("accessToken")]
	if !ok {
		s.mu.Unlock()
		writeAPIError(w, http.StatusUnauthorized, "notAuthorized", "Invalid or expired log access token.")
		return
	}
	var lines []*logLine
	for _, l := range s.st.logs {
		if lq.shows(l, grant.ProjectID, now) {
			lines = append(lines, l)
		}
	}
	s.mu.Unlock()

	sort.SliceStable(lines, func(i, j int) bool {
		if !lines[i].Time.Equal(lines[j].Time) {
			return lines[i].Time.Before(lines[j].Time)
		}
		return lines[i].Seq < lines[j].Seq
	})
	if lq.desc {
		for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
			lines[i], lines[j] = lines[j], lines[i]
		}
	}
	if len(lines) > lq.limit {
		lines = lines[:lq.limit]
	}
	items := make([]logItemJSON, 0, len(lines))
	for _, l := range lines {
		items = append(items, logItemJSON{
			ID: l.ID, Timestamp: ts(l.Time), Hostname: l.Hostname, ContainerID: l.ContainerID, Message: l.Message,
			Severity: l.Severity, SeverityLabel: severityLabels[l.Severity],
			Facility: l.Facility, FacilityLabel: facilityLabel(l.Facility), Tag: l.Tag,
		})
	}
	b, err := json.Marshal(map[string]any{"items": items})
	if err != nil {
		writeAPIError(w, http.StatusInternalServerError, "internalServerError", fmt.Sprint("encode: ", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}
