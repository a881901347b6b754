package platform

import (
	"strings"
	"time"
)

// Process statuses as ZCP consumers see them. Raw API values are normalised by
// zeropsapi.NormalizeProcessStatus: DONE becomes FINISHED and CANCELLED becomes CANCELED.
const (
	ProcessPending     ProcessStatus = "PENDING"
	ProcessRunning     ProcessStatus = "RUNNING"
	ProcessRollbacking ProcessStatus = "ROLLBACKING"
	ProcessCanceling   ProcessStatus = "CANCELING"
	ProcessFinished    ProcessStatus = "FINISHED"
	ProcessFailed      ProcessStatus = "FAILED"
	ProcessCanceled    ProcessStatus = "CANCELED"
)

// ProcessStatus is the status of a platform process (the Process* values).
type ProcessStatus string

// ServiceStatus is the status of a service (the Service* values; the
// platform has more, passed through untouched).
type ServiceStatus string

// Service statuses the rest of ZCP reasons about. The platform has more; any
// value is passed through untouched.
const (
	ServiceNew           ServiceStatus = "NEW"
	ServiceCreating      ServiceStatus = "CREATING"
	ServiceActive        ServiceStatus = "ACTIVE"
	ServiceStopping      ServiceStatus = "STOPPING"
	ServiceStopped       ServiceStatus = "STOPPED"
	ServiceStarting      ServiceStatus = "STARTING"
	ServiceRestarting    ServiceStatus = "RESTARTING"
	ServiceDeleting      ServiceStatus = "DELETING"
	ServiceReadyToDeploy ServiceStatus = "READY_TO_DEPLOY"
	ServiceFailed        ServiceStatus = "FAILED"
)

// AppVersionStatus is the status of an app version, a build and its deploy
// (the AppVersion* values; the platform may have more, passed through
// untouched).
type AppVersionStatus string

// App version (build) statuses.
const (
	AppVersionUploading              AppVersionStatus = "UPLOADING"
	AppVersionWaitingToBuild         AppVersionStatus = "WAITING_TO_BUILD"
	AppVersionBuilding               AppVersionStatus = "BUILDING"
	AppVersionBuildFailed            AppVersionStatus = "BUILD_FAILED"
	AppVersionBuildValidationFailed  AppVersionStatus = "BUILD_VALIDATION_FAILED"
	AppVersionPreparingRuntime       AppVersionStatus = "PREPARING_RUNTIME"
	AppVersionPreparingRuntimeFailed AppVersionStatus = "PREPARING_RUNTIME_FAILED"
	AppVersionWaitingToDeploy        AppVersionStatus = "WAITING_TO_DEPLOY"
	AppVersionDeploying              AppVersionStatus = "DEPLOYING"
	AppVersionDeployFailed           AppVersionStatus = "DEPLOY_FAILED"
	AppVersionActive                 AppVersionStatus = "ACTIVE"
	AppVersionBackup                 AppVersionStatus = "BACKUP"
	AppVersionCancelled              AppVersionStatus = "CANCELLED"
)

// App version sources. A NONE-source version is what `startWithoutCode` leaves
// behind: it has no build and must never be mistaken for a finished one.
const (
	SourceCLI  = "CLI"
	SourceGUI  = "GUI"
	SourceNone = "NONE"
)

// Service stack categories as the type catalog reports them.
const (
	CategoryUser     = "USER"     // runtimes: code is deployed into them
	CategoryStandard = "STANDARD" // managed services: databases, caches, search, queues
	CategoryShared   = "SHARED_STORAGE"
	CategoryObject   = "OBJECT_STORAGE"
	CategoryBuild    = "BUILD"
	CategoryCore     = "CORE"

	// The platform's own services (isSystem) have these categories.
	CategoryInternal       = "INTERNAL"
	CategoryPrepareRuntime = "PREPARE_RUNTIME"
	CategoryHTTPBalancer   = "HTTP_L7_BALANCER"
)

// SystemCategory reports whether a service of this category is one of the
// platform's own (build, balancer, core …): never shown, resolved or acted on.
func SystemCategory(category string) bool {
	switch category {
	case CategoryCore, CategoryBuild, CategoryInternal, CategoryPrepareRuntime, CategoryHTTPBalancer:
		return true
	}
	return false
}

// UserInfo is the authenticated user. ClientID is the first client
// (organisation) the user belongs to; every search is scoped by it.
type UserInfo struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	FullName string `json:"fullName"`
	ClientID string `json:"clientId"`
}

// Project is one Zerops project. SubdomainHost is its zeropsSubdomainHost:
// a bare prefix ("1df2") or one with the region's domain ("1df2.prg1.zerops.app").
type Project struct {
	ID            string    `json:"id"`
	ClientID      string    `json:"clientId"`
	Name          string    `json:"name"`
	Status        string    `json:"status"`
	SubdomainHost string    `json:"subdomainHost,omitempty"`
	Created       time.Time `json:"created"`
}

// ServiceTypeInfo names the type and version a service runs.
type ServiceTypeInfo struct {
	Name        string `json:"name"`        // type name, e.g. "nodejs" or "postgresql"
	Category    string `json:"category"`    // USER, STANDARD, SHARED_STORAGE, OBJECT_STORAGE, …
	VersionName string `json:"versionName"` // e.g. "nodejs@22"
}

// Port is one port a service exposes.
type Port struct {
	Port        int    `json:"port"`
	Protocol    string `json:"protocol"`
	HTTPRouting bool   `json:"httpRouting"`
	Scheme      string `json:"scheme,omitempty"`
}

// Autoscaling is a service's scaling settings, flattened. Zero fields are unset.
type Autoscaling struct {
	CPUMode       string  `json:"cpuMode,omitempty"`
	MinCPU        int     `json:"minCpu,omitempty"`
	MaxCPU        int     `json:"maxCpu,omitempty"`
	MinRAM        float64 `json:"minRam,omitempty"`
	MaxRAM        float64 `json:"maxRam,omitempty"`
	MinDisk       float64 `json:"minDisk,omitempty"`
	MaxDisk       float64 `json:"maxDisk,omitempty"`
	MinContainers int     `json:"minContainers,omitempty"`
	MaxContainers int     `json:"maxContainers,omitempty"`
	// The headroom kept free before scaling up and the cores a container
	// starts with (import.yml's minFreeRamGB, minFreeRamPercent,
	// minFreeCpuCores, minFreeCpuPercent, startCpuCoreCount); 0: not set.
	MinFreeRAMGB      float64 `json:"minFreeRamGB,omitempty"`
	MinFreeRAMPercent float64 `json:"minFreeRamPercent,omitempty"`
	MinFreeCPUCores   float64 `json:"minFreeCpuCores,omitempty"`
	MinFreeCPUPercent float64 `json:"minFreeCpuPercent,omitempty"`
	StartCPU          int     `json:"startCpuCoreCount,omitempty"`
}

// ServiceStack is one service of a project. Name is its hostname.
type ServiceStack struct {
	ID              string          `json:"id"`
	ClientID        string          `json:"clientId,omitempty"`
	ProjectID       string          `json:"projectId"`
	Name            string          `json:"name"`
	Status          ServiceStatus   `json:"status"`
	Type            ServiceTypeInfo `json:"type"`
	Mode            string          `json:"mode,omitempty"` // HA or NON_HA
	SubdomainAccess bool            `json:"subdomainAccess"`
	System          bool            `json:"-"` // the platform's own service (see SystemCategory)
	Ports           []Port          `json:"ports,omitempty"`
	// CustomAutoscaling is what the user set (nil at the platform's defaults);
	// CurrentAutoscaling the settings in force, only on a read by id.
	CustomAutoscaling  *Autoscaling `json:"customAutoscaling,omitempty"`
	CurrentAutoscaling *Autoscaling `json:"currentAutoscaling,omitempty"`
	// Mounts are the hostnames of the shared storages connected to it
	// (import's mount, or a connection made in the GUI).
	Mounts     []string  `json:"mounts,omitempty"`
	Created    time.Time `json:"created"`
	LastUpdate time.Time `json:"lastUpdate"`
}

// AutoscalingParams is a sparse scaling change: nil fields keep their current
// value. Mode is the service's current mode (the API refuses a null one);
// when empty the client reads it from the service.
type AutoscalingParams struct {
	Mode               string   `json:"-"`
	CPUMode            *string  `json:"cpuMode,omitempty"`
	VerticalMinCPU     *int     `json:"verticalMinCpu,omitempty"`
	VerticalMaxCPU     *int     `json:"verticalMaxCpu,omitempty"`
	VerticalMinRAM     *float64 `json:"verticalMinRam,omitempty"`
	VerticalMaxRAM     *float64 `json:"verticalMaxRam,omitempty"`
	VerticalMinDisk    *float64 `json:"verticalMinDisk,omitempty"`
	VerticalMaxDisk    *float64 `json:"verticalMaxDisk,omitempty"`
	HorizontalMinCount *int     `json:"horizontalMinCount,omitempty"`
	HorizontalMaxCount *int     `json:"horizontalMaxCount,omitempty"`
	StartCPUCoreCount  *int     `json:"startCpuCoreCount,omitempty"`
	// The RAM kept free before scaling up (import.yml's minFreeRamGB,
	// minFreeRamPercent).
	MinFreeRAMGB      *float64 `json:"minFreeRamGB,omitempty"`
	MinFreeRAMPercent *float64 `json:"minFreeRamPercent,omitempty"`
}

// ServiceStackRef names a service a process acts on.
type ServiceStackRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Process is an asynchronous platform operation. Status is normalised (see the
// Process* constants); FailReason is set when the API gave one.
type Process struct {
	ID             string            `json:"id"`
	ProjectID      string            `json:"projectId,omitempty"`
	ServiceStackID string            `json:"serviceStackId,omitempty"`
	ActionName     ActionName        `json:"actionName"`
	Status         ProcessStatus     `json:"status"`
	ServiceStacks  []ServiceStackRef `json:"serviceStacks,omitempty"`
	Created        time.Time         `json:"created"`
	Started        *time.Time        `json:"started,omitempty"`
	Finished       *time.Time        `json:"finished,omitempty"`
	FailReason     *string           `json:"failReason,omitempty"`
}

// ActionName is what a platform process does, its actionName (the Action*
// values; the platform has more, passed through untouched).
type ActionName string

// Process actions ZCP starts, follows or describes.
const (
	ActionCreate                 ActionName = "stack.create"
	ActionStart                  ActionName = "stack.start"
	ActionStop                   ActionName = "stack.stop"
	ActionRestart                ActionName = "stack.restart"
	ActionDelete                 ActionName = "stack.delete"
	ActionBuild                  ActionName = "stack.build"
	ActionDeploy                 ActionName = "stack.deploy" // a redeploy of an earlier version (a rollback)
	ActionAutoscaling            ActionName = "stack.autoscaling"
	ActionUpdateAutoscaling      ActionName = "stack.updateAutoscaling" // the platform's own, after a scaling change
	ActionUpdateUserData         ActionName = "stack.updateUserData"
	ActionUpdateProjectEnvs      ActionName = "stack.updateProjectEnvs"
	ActionEnableSubdomainAccess  ActionName = "stack.enableSubdomainAccess"
	ActionDisableSubdomainAccess ActionName = "stack.disableSubdomainAccess"
	ActionL7BalancerConfigUpdate ActionName = "zL7Master.instanceL7BalancerConfigUpdate"
)

// Internal reports whether a process action is the platform's own
// bookkeeping (zL7Master.*, stack.updateAutoscaling): listed by process
// search, noise in a timeline.
func (a ActionName) Internal() bool {
	return strings.HasPrefix(string(a), "zL7Master.") || a == ActionUpdateAutoscaling
}

// IsTerminal reports whether the process has ended (finished, failed or canceled).
func (p *Process) IsTerminal() bool {
	switch p.Status {
	case ProcessFinished, ProcessFailed, ProcessCanceled:
		return true
	}
	return false
}

// EnvVar is one environment variable of a service or a project. ID is the
// user-data (service) or project-env id used to delete it. Content of a
// sensitive variable must never be shown to the agent or logged.
type EnvVar struct {
	ID        string `json:"id"`
	Key       string `json:"key"`
	Content   string `json:"content"`
	Sensitive bool   `json:"sensitive"`
	Type      string `json:"type,omitempty"` // USER or SYSTEM for project envs
	Editable  bool   `json:"editable,omitempty"`
}

// APIError is an error the API reported inside an otherwise successful answer
// (per-service import errors).
type APIError struct {
	Code     string       `json:"code"`
	Message  string       `json:"message"`
	Meta     any          `json:"meta,omitempty"`
	Problems []APIProblem `json:"-"` // meta in its array shape, when it has it
}

// ImportedServiceStack is one service of an import answer.
type ImportedServiceStack struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Error     *APIError `json:"error,omitempty"`
	Processes []Process `json:"processes,omitempty"`
}

// ImportResult is the answer to a service import.
type ImportResult struct {
	ProjectID     string                 `json:"projectId"`
	ProjectName   string                 `json:"projectName"`
	ServiceStacks []ImportedServiceStack `json:"serviceStacks"`
}

// LogAccess is a short-lived grant to query the project's log backend. URL
// already carries its access token: treat it as a secret.
type LogAccess struct {
	AccessToken string    `json:"-"`
	Expiration  time.Time `json:"expiration"`
	URL         string    `json:"-"`
}

// LogFetchParams selects log lines. Severity is a syslog name or number
// ("error", "3"); Since, Search and BuildID are applied client-side where the
// backend ignores them. Limit defaults to 100 and is capped at 1000.
type LogFetchParams struct {
	ServiceID   string
	Severity    string
	Since       time.Time
	Limit       int
	Search      string
	BuildID     string
	ContainerID string
	Facility    int // 0 = any; 16 application, 17 webserver
}

// LogEntry is one log line.
type LogEntry struct {
	ID          string    `json:"id"`
	Timestamp   time.Time `json:"timestamp"`
	Hostname    string    `json:"hostname,omitempty"`
	ContainerID string    `json:"containerId,omitempty"`
	Severity    string    `json:"severity"`
	Facility    string    `json:"facility,omitempty"`
	Tag         string    `json:"tag,omitempty"`
	Message     string    `json:"message"`
}

// BuildInfo holds the pipeline times of an app version. ServiceStackID is
// the build service the build ran on, where its log lines are.
type BuildInfo struct {
	ServiceStackID string     `json:"serviceStackId,omitempty"`
	PipelineStart  *time.Time `json:"pipelineStart,omitempty"`
	PipelineFinish *time.Time `json:"pipelineFinish,omitempty"`
	PipelineFailed *time.Time `json:"pipelineFailed,omitempty"`
}

// AppVersion is one deployed (or deploying) version of a runtime service.
type AppVersion struct {
	ID             string           `json:"id"`
	ProjectID      string           `json:"projectId"`
	ServiceStackID string           `json:"serviceStackId"`
	Source         string           `json:"source"`
	Sequence       int              `json:"sequence"`
	Status         AppVersionStatus `json:"status"`
	Build          *BuildInfo       `json:"build,omitempty"`
	Created        time.Time        `json:"created"`
	LastUpdate     time.Time        `json:"lastUpdate"`
}

// Final reports whether the app version's build and deploy have ended: any
// status but the in-progress ones, and always when its pipeline failed. It
// is the one place that decides it (the watcher, deploy and events use it).
func (v AppVersion) Final() bool {
	if v.Build != nil && v.Build.PipelineFailed != nil {
		return true
	}
	switch v.Status {
	case AppVersionUploading, AppVersionWaitingToBuild, AppVersionBuilding,
		AppVersionPreparingRuntime, AppVersionWaitingToDeploy, AppVersionDeploying:
		return false
	}
	return true
}

// StartedWithoutCode reports whether v is what an import's startWithoutCode
// leaves: a NONE-source version no build made, with nothing of the user's.
func (v AppVersion) StartedWithoutCode() bool {
	return v.Source == SourceNone && (v.Build == nil || v.Build.PipelineStart == nil)
}

// Failed reports whether the build or deploy of the app version failed. A
// cancelled one did not fail (see Cancelled): its build has no error to fix.
func (v AppVersion) Failed() bool {
	if v.Cancelled() {
		return false
	}
	if v.Build != nil && v.Build.PipelineFailed != nil {
		return true
	}
	switch v.Status {
	case AppVersionBuildFailed, AppVersionBuildValidationFailed,
		AppVersionPreparingRuntimeFailed, AppVersionDeployFailed:
		return true
	}
	return false
}

// Cancelled reports whether the app version's build was cancelled before it
// deployed (by a user, or by the platform for a newer version): final,
// neither failed nor deployed.
func (v AppVersion) Cancelled() bool { return v.Status == AppVersionCancelled }

// ProcessFilter narrows a process search. Limit 0 means the default (50).
type ProcessFilter struct {
	ProjectID string
	ServiceID string
	Limit     int
}

// AppVersionFilter narrows an app-version search. Limit 0 means the default (50).
// ID, when set, selects that one app version.
type AppVersionFilter struct {
	ID        string
	ProjectID string
	ServiceID string
	Limit     int
}

// ServiceStackTypeVersion is one version of a service type, e.g. "nodejs@22".
type ServiceStackTypeVersion struct {
	ID      string            `json:"id"`
	Name    string            `json:"name"`
	IsBuild bool              `json:"isBuild"`
	Status  TypeVersionStatus `json:"status"`
}

// TypeVersionStatus is whether the catalog offers a type version (the
// TypeVersion* values).
type TypeVersionStatus string

// Type version statuses.
const (
	TypeVersionActive   TypeVersionStatus = "ACTIVE"
	TypeVersionDisabled TypeVersionStatus = "DISABLED"
)

// ServiceStackType is one entry of the type catalog.
type ServiceStackType struct {
	ID       string                    `json:"id"`
	Name     string                    `json:"name"`
	Category string                    `json:"category"`
	Versions []ServiceStackTypeVersion `json:"versions"`
}
