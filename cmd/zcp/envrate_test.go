package main

import (
	"testing"

	"github.com/zeropsio/zcp/actors"
)

func TestParseRate_Values(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in        string
		rps       float64
		burst     int
		wantError bool
	}{
		{"", actors.DefaultRate, actors.DefaultBurst, false},
		{"10:20", 10, 20, false},
		{" 2.5 : 4 ", 2.5, 4, false},
		{"5", 5, actors.DefaultBurst, false},
		{"0:1", 0, 0, true},
		{"-1:3", 0, 0, true},
		{"abc", 0, 0, true},
		{"3:x", 0, 0, true},
		{"3:0", 0, 0, true},
		{"NaN:5", 0, 0, true},
		{"Inf", 0, 0, true},
		{"1e7:5", 0, 0, true},
		{"5:-1", 0, 0, true},
	}
	for _, tt := range tests {
		rps, burst, err := parseRate(tt.in)
		if (err != nil) != tt.wantError || rps != tt.rps || burst != tt.burst {
			t.Errorf("parseRate(%q) = %v, %v, %v", tt.in, rps, burst, err)
		}
	}
}
