package platform

import "time"

// StatsFilter selects resource use: a project (or one service of it), a
// window and the length of each bucket.
type StatsFilter struct {
	ProjectID string
	ServiceID string // empty: every service
	From      time.Time
	Till      time.Time
	Bucket    time.Duration // whole minutes or hours
}

// StatsPoint is one service's resource use over one bucket: CPU in cores,
// RAM and disk in the API's unit, each with the limit in force.
type StatsPoint struct {
	ServiceID  string    `json:"serviceId"`
	From       time.Time `json:"from"`
	Till       time.Time `json:"till"`
	Containers int       `json:"containers"`
	CPUUsed    float64   `json:"cpuUsed"`
	CPULimit   float64   `json:"cpuLimit"`
	RAMUsed    float64   `json:"ramUsed"`
	RAMLimit   float64   `json:"ramLimit"`
	DiskUsed   float64   `json:"diskUsed"`
	DiskLimit  float64   `json:"diskLimit"`
}
