// Package zeropsyml decodes a zerops.yml, with extends resolved, for every part of ZCP that reads one.
package zeropsyml
