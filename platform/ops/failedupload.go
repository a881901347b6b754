package ops

// failedUpload is the upload of a failed deploy and how it failed.
type failedUpload struct{ digest, failure string }

// failedMax bounds the services whose last failed upload is remembered.
const failedMax = 256

// NoteUploadEnd records how the deploy of the upload digest to serviceID
// ended: failure says how it failed ("" when it did not). It reports whether
// the last deploy of serviceID uploaded the same digest and failed the same
// way: the same files failing again. An unknown digest ("") forgets.
func (m *Memory) NoteUploadEnd(projectID, serviceID, digest, failure string) (again bool) {
	if m == nil {
		return false
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	last, ok := m.failed[serviceID]
	again = ok && digest != "" && failure != "" && last == failedUpload{digest, failure}
	if digest == "" || failure == "" {
		delete(m.failed, serviceID)
		return again
	}
	if _, known := m.failed[serviceID]; !known && len(m.failed) >= failedMax {
		for id := range m.failed { // any one: a project has far fewer services
			delete(m.failed, id)
			break
		}
	}
	m.failed[serviceID] = failedUpload{digest, failure}
	return again
}
