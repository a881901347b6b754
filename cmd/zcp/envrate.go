package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/actors"
)

// parseRate parses ZCP_API_RATE, "rps:burst" (e.g. "10:20"); a bare "rps"
// keeps the default burst. An empty string yields the defaults.
func parseRate(s string) (rps float64, burst int, err error) {
	rpsPart, burstPart, hasBurst := strings.Cut(strings.TrimSpace(s), ":")
	if rpsPart == "" && !hasBurst {
		return actors.DefaultRate, actors.DefaultBurst, nil
	}
	rps, err = strconv.ParseFloat(strings.TrimSpace(rpsPart), 64)
	if burst = actors.DefaultBurst; hasBurst && err == nil {
		burst, err = strconv.Atoi(strings.TrimSpace(burstPart))
	}
	if err != nil || !(rps > 0 && rps <= 1e6) || burst <= 0 || burst > 1e6 { // written so that NaN fails too
		return 0, 0, fmt.Errorf("parse API rate %q: want rps:burst, a positive number of requests per second "+
			"and a positive integer burst, e.g. 10:20", s)
	}
	return rps, burst, nil
}
