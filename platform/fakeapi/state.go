package fakeapi

import "time"

// state is the whole fake platform. Every method requires Server.mu.
type state struct {
	opts     Options
	baseURL  string
	clientID string
	userID   string
	demoID   string
	created  time.Time

	projects map[string]*project
	services map[string]*service
}

type project struct {
	ID      string
	Name    string
	Created time.Time
}

type service struct {
	ID        string
	ProjectID string
	Name      string
}

func newState(opts Options, now time.Time) *state {
	return &state{
		opts:     opts,
		clientID: newID(),
		userID:   newID(),
		created:  now,
		projects: map[string]*project{},
		services: map[string]*service{},
	}
}

func (st *state) addProject(name string, now time.Time) *project {
	p := &project{ID: newID(), Name: name, Created: now}
	st.projects[p.ID] = p
	return p
}

func (st *state) seedDemo() {
	st.demoID = st.addProject("demo", st.created).ID
}

func (st *state) serviceByName(projectID, name string) *service {
	for _, s := range st.services {
		if s.ProjectID == projectID && s.Name == name {
			return s
		}
	}
	return nil
}

func (st *state) advance(now time.Time) {}
