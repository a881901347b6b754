// Package schema owns the platform's published JSON schemas of zerops.yml and import.yml: fetched from the API host, cached on disk, and turned into path, problem and fix.
package schema
