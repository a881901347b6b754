package platform

import (
	"context"
	"io"
)

// Client is every Zerops API operation ZCP performs. Implementations must be
// safe for concurrent use. Errors are *PlatformError (test with errors.As).
//
// Methods that start platform work return the *Process to watch; SetAutoscaling
// may return a nil Process when the change applied synchronously.
type Client interface {
	// Auth and projects.
	GetUserInfo(ctx context.Context) (*UserInfo, error)
	ListProjects(ctx context.Context, clientID string) ([]Project, error)
	GetProject(ctx context.Context, projectID string) (*Project, error)

	// Services.
	ListServices(ctx context.Context, projectID string) ([]ServiceStack, error)
	GetService(ctx context.Context, serviceID string) (*ServiceStack, error)

	// Lifecycle.
	StartService(ctx context.Context, serviceID string) (*Process, error)
	StopService(ctx context.Context, serviceID string) (*Process, error)
	RestartService(ctx context.Context, serviceID string) (*Process, error)
	SetAutoscaling(ctx context.Context, serviceID string, params AutoscalingParams) (*Process, error)

	// Environment variables.
	GetServiceEnv(ctx context.Context, serviceID string) ([]EnvVar, error)
	SetServiceEnvFile(ctx context.Context, serviceID, content string) (*Process, error)
	DeleteUserData(ctx context.Context, userDataID string) (*Process, error)
	// UpdateUserData changes the content of one service variable by its
	// user-data ID (an EDITABLE generated one, such as a database's password).
	UpdateUserData(ctx context.Context, userDataID, key, content string) (*Process, error)
	GetProjectEnv(ctx context.Context, projectID string) ([]EnvVar, error)
	CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*Process, error)
	DeleteProjectEnv(ctx context.Context, envID string) (*Process, error)

	// Import and delete.
	ImportServices(ctx context.Context, projectID, yaml string) (*ImportResult, error)
	DeleteService(ctx context.Context, serviceID string) (*Process, error)

	// Processes.
	GetProcess(ctx context.Context, processID string) (*Process, error)
	CancelProcess(ctx context.Context, processID string) (*Process, error)

	// Subdomain.
	EnableSubdomainAccess(ctx context.Context, serviceID string) (*Process, error)
	DisableSubdomainAccess(ctx context.Context, serviceID string) (*Process, error)

	// Logs and activity.
	GetProjectLog(ctx context.Context, projectID string) (*LogAccess, error)
	SearchProcesses(ctx context.Context, filter ProcessFilter) ([]Process, error)
	SearchAppVersions(ctx context.Context, filter AppVersionFilter) ([]AppVersion, error)

	// Type catalog, for version checks.
	ListServiceStackTypes(ctx context.Context) ([]ServiceStackType, error)

	// Push: create an app version, upload its archive, then build and deploy it.
	CreateAppVersion(ctx context.Context, serviceID, name string) (*AppVersion, error)
	UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error
	BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*Process, error)

	// Operate: redeploy an earlier, successfully built app version.
	DeployAppVersion(ctx context.Context, appVersionID string) (*Process, error)
	// ServiceStats is resource use per service and time bucket, oldest first.
	ServiceStats(ctx context.Context, filter StatsFilter) ([]StatsPoint, error)
	// ExportProject and ExportService answer import YAML, secrets included.
	ExportProject(ctx context.Context, projectID string) (string, error)
	ExportService(ctx context.Context, serviceID string) (string, error)
	// ObjectStorage is an object storage's use and bucket policy.
	ObjectStorage(ctx context.Context, serviceID string) (*ObjectStorageUse, error)
	// CreateBackup starts a backup carrying tags (none: nil); the API
	// answers no process to follow.
	CreateBackup(ctx context.Context, serviceID string, tags []string) error
	// ListBackups is a service's stored backups and its retention policy.
	ListBackups(ctx context.Context, serviceID string) (*BackupList, error)
}

// LogFetcher reads log lines from the project's log backend, given a grant
// from Client.GetProjectLog. Implementations must be safe for concurrent use.
type LogFetcher interface {
	FetchLogs(ctx context.Context, access *LogAccess, params LogFetchParams) ([]LogEntry, error)
}

type freshKey struct{}

// FreshRead marks ctx for reads that wait for the platform to change on its
// own (the ports a deploy registers, an app coming up): a Client that keeps
// answers for a moment (the gateway) reads them from the API instead.
func FreshRead(ctx context.Context) context.Context {
	return context.WithValue(ctx, freshKey{}, true)
}

// IsFreshRead reports whether ctx was marked by FreshRead.
func IsFreshRead(ctx context.Context) bool { return ctx.Value(freshKey{}) != nil }
