package fakeapi

import "time"

// JSON shapes of the API's answers. Field names and JSON types follow the
// zerops-go v1.0.18 output DTOs, which decode strictly by JSON type; dates
// are RFC 3339 strings (or null), never "".

// dateLayout is RFC 3339 with fixed-width milliseconds in UTC, so dates sort
// as strings.
const dateLayout = "2006-01-02T15:04:05.000Z07:00"

func ts(t time.Time) string { return t.UTC().Format(dateLayout) }

func tsPtr(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := ts(t)
	return &s
}

type listJSON struct {
	Items     []any `json:"items"`
	TotalHits int   `json:"totalHits"`
	Limit     int   `json:"limit"`
	Offset    int   `json:"offset"`
}

type itemsJSON struct {
	Items any `json:"items"`
}

type typeInfoJSON struct {
	Name         string `json:"serviceStackTypeName"`
	Category     string `json:"serviceStackTypeCategory"`
	CategoryName string `json:"serviceStackTypeCategoryName"`
	VersionName  string `json:"serviceStackTypeVersionName"`
}

func typeInfo(v *stackVersion) typeInfoJSON {
	return typeInfoJSON{Name: v.Type.Name, Category: v.Type.Category, CategoryName: v.Type.Category, VersionName: v.Name}
}

type portJSON struct {
	Protocol    string `json:"protocol"`
	Port        int    `json:"port"`
	Description string `json:"description"`
	HTTPRouting bool   `json:"httpRouting"`
	Scheme      string `json:"scheme,omitempty"`
}

type scalingResourceJSON struct {
	CPUCoreCount *int     `json:"cpuCoreCount"`
	MemoryGBytes *float64 `json:"memoryGBytes"`
	DiskGBytes   *float64 `json:"diskGBytes"`
}

type minFreeResourceJSON struct {
	CPUCoreCount   *float64 `json:"cpuCoreCount"`
	CPUCorePercent *float64 `json:"cpuCorePercent"`
	MemoryGBytes   *float64 `json:"memoryGBytes"`
	MemoryPercent  *float64 `json:"memoryPercent"`
}

type verticalJSON struct {
	MaxResource       *scalingResourceJSON `json:"maxResource"`
	MinResource       *scalingResourceJSON `json:"minResource"`
	MinFreeResource   *minFreeResourceJSON `json:"minFreeResource"`
	CPUMode           *string              `json:"cpuMode"`
	StartCPUCoreCount *int                 `json:"startCpuCoreCount"`
	SwapEnabled       *bool                `json:"swapEnabled"`
}

type horizontalJSON struct {
	MaxContainerCount *int `json:"maxContainerCount"`
	MinContainerCount *int `json:"minContainerCount"`
}

// autoscalingJSON is customAutoscaling or currentAutoscaling, in requests
// and answers alike.
type autoscalingJSON struct {
	Vertical   *verticalJSON   `json:"verticalAutoscaling"`
	Horizontal *horizontalJSON `json:"horizontalAutoscaling"`
}

type serviceJSON struct {
	ID                 string           `json:"id"`
	ClientID           string           `json:"clientId"`
	ProjectID          string           `json:"projectId"`
	Name               string           `json:"name"`
	Status             string           `json:"status"`
	TypeID             string           `json:"serviceStackTypeId"`
	VersionID          string           `json:"serviceStackTypeVersionId"`
	TypeInfo           typeInfoJSON     `json:"serviceStackTypeInfo"`
	Mode               string           `json:"mode"`
	SubdomainAccess    bool             `json:"subdomainAccess"`
	IsSystem           bool             `json:"isSystem"`
	Ports              []portJSON       `json:"ports"`
	CustomAutoscaling  *autoscalingJSON `json:"customAutoscaling"`
	CurrentAutoscaling *autoscalingJSON `json:"currentAutoscaling,omitempty"`
	ConnectedStacks    []connectedJSON  `json:"connectedStacks"`
	UserData           []envJSON        `json:"userData,omitempty"`
	Created            string           `json:"created"`
	LastUpdate         string           `json:"lastUpdate"`
}

func (st *state) serviceView(s *service, detail bool) serviceJSON {
	v := serviceJSON{
		ID: s.ID, ClientID: st.clientID, ProjectID: s.ProjectID, Name: s.Name, Status: string(s.Status),
		TypeID: s.Version.Type.ID, VersionID: s.Version.ID, TypeInfo: typeInfo(s.Version),
		Mode: s.Mode, SubdomainAccess: s.Subdomain, IsSystem: s.system(), Ports: append([]portJSON{}, s.Ports...),
		CustomAutoscaling: s.Custom, ConnectedStacks: st.connectedView(s), Created: ts(s.Created), LastUpdate: ts(s.LastUpdate),
	}
	if detail {
		v.CurrentAutoscaling = s.Current
		v.UserData = st.serviceEnvViews(s)
	}
	return v
}

// envJSON is a service user-data record or a project env.
type envJSON struct {
	ID               string `json:"id"`
	ClientID         string `json:"clientId"`
	ProjectID        string `json:"projectId"`
	ServiceStackID   string `json:"serviceStackId,omitempty"`
	ServiceStackName string `json:"serviceStackName,omitempty"`
	Key              string `json:"key"`
	Content          string `json:"content"`
	Type             string `json:"type"`
	Sensitive        bool   `json:"sensitive"`
	Editable         bool   `json:"editable"`
	Created          string `json:"created"`
	LastUpdate       string `json:"lastUpdate"`
}

func (st *state) serviceEnvViews(s *service) []envJSON {
	out := make([]envJSON, 0, len(s.Env))
	for _, e := range s.Env {
		out = append(out, envJSON{
			ID: e.ID, ClientID: st.clientID, ProjectID: s.ProjectID, ServiceStackID: s.ID, ServiceStackName: s.Name,
			Key: e.Key, Content: e.Content, Type: e.Type, Sensitive: e.Sensitive, Editable: e.Type == envSecret || e.Type == envEditable,
			Created: ts(e.Created), LastUpdate: ts(e.LastUpdate),
		})
	}
	return out
}

func (st *state) projectEnvViews(p *project) []envJSON {
	out := make([]envJSON, 0, len(p.Envs))
	for _, e := range p.Envs {
		out = append(out, envJSON{
			ID: e.ID, ClientID: st.clientID, ProjectID: p.ID, Key: e.Key, Content: e.Content,
			Type: e.Type, Sensitive: e.Sensitive, Editable: e.Type == envUser,
			Created: ts(e.Created), LastUpdate: ts(e.LastUpdate),
		})
	}
	return out
}

type projectJSON struct {
	ID                  string    `json:"id"`
	ClientID            string    `json:"clientId"`
	Name                string    `json:"name"`
	Mode                string    `json:"mode"`
	Description         *string   `json:"description"`
	TagList             []string  `json:"tagList"`
	Status              string    `json:"status"`
	PublicZone          string    `json:"publicZone"`
	ZeropsSubdomainHost *string   `json:"zeropsSubdomainHost"`
	Created             string    `json:"created"`
	LastUpdate          string    `json:"lastUpdate"`
	EnvList             []envJSON `json:"envList,omitempty"`
}

func (st *state) projectView(p *project, withEnv bool) projectJSON {
	host := subdomainHost(p.ID)
	v := projectJSON{
		ID: p.ID, ClientID: st.clientID, Name: p.Name, Mode: "LIGHT", TagList: []string{},
		Status: "ACTIVE", PublicZone: "prg1", ZeropsSubdomainHost: &host,
		Created: ts(p.Created), LastUpdate: ts(p.LastUpdate),
	}
	if withEnv {
		v.EnvList = st.projectEnvViews(p)
	}
	return v
}

type serviceLightJSON struct {
	ID         string       `json:"id"`
	ProjectID  string       `json:"projectId"`
	Name       string       `json:"name"`
	TypeID     string       `json:"serviceStackTypeId"`
	VersionID  string       `json:"serviceStackTypeVersionId"`
	TypeInfo   typeInfoJSON `json:"serviceStackTypeInfo"`
	Created    string       `json:"created"`
	LastUpdate string       `json:"lastUpdate"`
}

type userObjectJSON struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Email    string `json:"email"`
	FullName string `json:"fullName"`
}

type processJSON struct {
	ID              string             `json:"id"`
	ClientID        string             `json:"clientId"`
	ProjectID       string             `json:"projectId"`
	ServiceStackID  *string            `json:"serviceStackId"`
	ServiceStacks   []serviceLightJSON `json:"serviceStacks"`
	Status          string             `json:"status"`
	Sequence        int                `json:"sequence"`
	ActionName      string             `json:"actionName"`
	CreatedByUser   userObjectJSON     `json:"createdByUser"`
	CreatedBySystem bool               `json:"createdBySystem"`
	Created         string             `json:"created"`
	LastUpdate      string             `json:"lastUpdate"`
	Started         *string            `json:"started"`
	Finished        *string            `json:"finished"`
	PublicMeta      map[string]any     `json:"publicMeta"`
}

func (st *state) processView(p *process, now time.Time) processJSON {
	status := p.status(now)
	v := processJSON{
		ID: p.ID, ClientID: st.clientID, ProjectID: p.ProjectID, ServiceStacks: []serviceLightJSON{},
		Status: string(status), Sequence: p.Seq, ActionName: p.Action,
		CreatedByUser:   userObjectJSON{Type: "USER", ID: st.userID, Email: demoEmail, FullName: demoFullName},
		CreatedBySystem: p.internal,
		Created:         ts(p.Created), LastUpdate: ts(p.Created),
	}
	if p.ServiceID != "" {
		id := p.ServiceID
		v.ServiceStackID = &id
	}
	for _, r := range p.Refs {
		v.ServiceStacks = append(v.ServiceStacks, serviceLightJSON{
			ID: r.ID, ProjectID: r.ProjectID, Name: r.Name, TypeID: r.Version.Type.ID, VersionID: r.Version.ID,
			TypeInfo: typeInfo(r.Version), Created: ts(r.Created), LastUpdate: ts(r.Created),
		})
	}
	switch status {
	case "PENDING":
	case "RUNNING":
		v.Started, v.LastUpdate = tsPtr(p.RunAt), ts(p.RunAt)
	case "CANCELING":
		v.Started, v.LastUpdate = tsPtr(p.RunAt), ts(p.CanceledAt)
		if p.CanceledAt.Before(p.RunAt) {
			v.Started = nil
		}
	case "ROLLBACKING":
		v.Started, v.LastUpdate = tsPtr(p.RunAt), ts(p.RunAt)
	case "CANCELED":
		if !p.CanceledAt.Before(p.RunAt) {
			v.Started = tsPtr(p.RunAt)
		}
		v.Finished, v.LastUpdate = tsPtr(p.CanceledAt.Add(cancelingFor)), ts(p.CanceledAt.Add(cancelingFor))
	default:
		v.Started, v.Finished, v.LastUpdate = tsPtr(p.RunAt), tsPtr(p.EndAt), ts(p.EndAt)
	}
	if status == "FAILED" {
		v.PublicMeta = map[string]any{"failReason": p.FailReason}
	}
	return v
}
