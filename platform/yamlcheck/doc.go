// Package yamlcheck validates zerops.yml and import.yml documents offline, and an import against the live type catalog and the project's services.
package yamlcheck
