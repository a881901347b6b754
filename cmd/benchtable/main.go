package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// row is one benchmark result line.
type row struct {
	pkg     string
	name    string
	metrics []metric
}

type metric struct {
	value float64
	unit  string
	prev  *float64 // the previous run's value, when known
}

func main() {
	prevPath := flag.String("prev", "", "a previous run's output, whose figures are shown beside the new ones (ignored when missing)")
	flag.Parse()
	rows, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	if len(rows) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no benchmark results on stdin")
		os.Exit(1)
	}
	if *prevPath != "" {
		if f, err := os.Open(*prevPath); err == nil {
			prev, err := parse(f)
			_ = f.Close()
			if err == nil {
				withPrevious(rows, prev)
			}
		}
	}
	render(os.Stdout, rows)
	renderVersus(os.Stdout, rows)
}

// withPrevious gives each row the figures of the same benchmark in prev.
func withPrevious(rows, prev []row) {
	byName := map[string]row{}
	for _, p := range prev {
		byName[p.pkg+" "+p.name] = p
	}
	for i, r := range rows {
		p, ok := byName[r.pkg+" "+r.name]
		if !ok {
			continue
		}
		for j, m := range r.metrics {
			for _, pm := range p.metrics {
				if pm.unit == m.unit {
					v := pm.value
					rows[i].metrics[j].prev = &v
				}
			}
		}
	}
}

// parse collects benchmark lines, remembering the package each belongs to
// from the "pkg:" header go test prints before them.
func parse(r io.Reader) ([]row, error) {
	var rows []row
	pkg := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = strings.TrimPrefix(strings.TrimSpace(p), "github.com/zeropsio/zcp/")
			continue
		}
		if r, ok := parseLine(line); ok {
			r.pkg = pkg
			rows = append(rows, r)
		}
	}
	return rows, sc.Err()
}

// parseLine reads "BenchmarkName-2  N  v1 unit1  v2 unit2 …".
func parseLine(line string) (row, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return row{}, false
	}
	if _, err := strconv.Atoi(f[1]); err != nil {
		return row{}, false
	}
	name := strings.TrimPrefix(f[0], "Benchmark")
	if i := strings.LastIndex(name, "-"); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	r := row{name: name}
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return row{}, false
		}
		r.metrics = append(r.metrics, metric{value: v, unit: f[i+1]})
	}
	return r, true
}

func render(w io.Writer, rows []row) {
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].pkg < rows[j].pkg })
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nPACKAGE\tBENCHMARK\tFIGURES")
	for _, r := range rows {
		parts := make([]string, 0, len(r.metrics))
		for _, m := range r.metrics {
			if m.unit == "B/op" || m.unit == "allocs/op" {
				continue
			}
			f := formatMetric(m)
			if m.prev != nil {
				f += " (was " + strings.TrimSuffix(formatMetric(metric{value: *m.prev, unit: m.unit}), " "+m.unit) + ")"
			}
			parts = append(parts, f)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.pkg, r.name, strings.Join(parts, "  "))
	}
	tw.Flush()
}

func formatMetric(m metric) string {
	if m.unit == "ns/op" {
		switch {
		case m.value >= 1e9:
			return fmt.Sprintf("%.2fs/op", m.value/1e9)
		case m.value >= 1e6:
			return fmt.Sprintf("%.2fms/op", m.value/1e6)
		case m.value >= 1e3:
			return fmt.Sprintf("%.1fµs/op", m.value/1e3)
		}
	}
	return strconv.FormatFloat(m.value, 'g', 6, 64) + " " + m.unit
}

// renderVersus prints, when the run compared ZCP with upstream
// (BenchmarkVersusUpstream reports each figure as unit, upstream-unit and
// ratio-unit), one line per figure: ZCP's, upstream's and their ratio.
func renderVersus(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := false
	for _, r := range rows {
		byUnit := map[string]float64{}
		for _, m := range r.metrics {
			byUnit[m.unit] = m.value
		}
		for _, m := range r.metrics {
			up, ok := byUnit["upstream-"+m.unit]
			ratio, hasRatio := byUnit["ratio-"+m.unit]
			if !ok {
				continue
			}
			if !header {
				fmt.Fprintln(tw, "\nVERSUS UPSTREAM (one interleaved run)\tZCP\tUPSTREAM\tRATIO (ZCP / upstream)")
				header = true
			}
			rs := "-"
			if hasRatio {
				rs = strconv.FormatFloat(ratio, 'f', 2, 64)
			}
			fmt.Fprintf(tw, "%s %s\t%s\t%s\t%s\n", r.name, m.unit, strconv.FormatFloat(m.value, 'g', 4, 64),
				strconv.FormatFloat(up, 'g', 4, 64), rs)
		}
	}
	tw.Flush()
}
