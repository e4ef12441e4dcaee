package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// cpuQuota slows the CPU as a slower machine would: the browser starts in a
// cgroup of its own, and each slowdown k gives the cgroup 1/k of the
// machine's CPU time. Unlike DevTools' CPU throttle, which slows only the
// page's main thread, the quota slows every process and thread the browser
// runs, the page's workers among them, so a page that computes in a worker
// is not favoured over one that computes on its main thread.
type cpuQuota struct {
	dir    string // the cgroup
	v2     bool   // cgroup v2 (cpu.max), else v1 (cpu.cfs_quota_us)
	period int    // µs
	exec   string // the directory of the script the browser starts from
}

// cgroupRoots are where a writable cpu controller is looked for: v1's, then
// v2's unified hierarchy.
var cgroupRoots = []struct {
	dir string
	v2  bool
}{{"/sys/fs/cgroup/cpu", false}, {"/sys/fs/cgroup", true}, {"/sys/fs/cgroup/unified", true}}

// newCPUQuota makes a cgroup for the browser, with no quota yet.
func newCPUQuota() (*cpuQuota, error) {
	var errs []error
	for _, r := range cgroupRoots {
		if r.v2 {
			controllers, err := os.ReadFile(filepath.Join(r.dir, "cgroup.controllers"))
			if err != nil || !strings.Contains(" "+string(controllers)+" ", " cpu ") {
				continue
			}
		} else if _, err := os.Stat(filepath.Join(r.dir, "cpu.cfs_quota_us")); err != nil {
			continue
		}
		q := &cpuQuota{dir: filepath.Join(r.dir, "trainscale-speed-"+strconv.Itoa(os.Getpid())), v2: r.v2, period: 100000}
		if err := os.Mkdir(q.dir, 0o755); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := q.set(1); err != nil {
			errs = append(errs, err, q.close())
			continue
		}
		return q, nil
	}
	return nil, fmt.Errorf("a CPU slowdown needs a writable cgroup cpu controller (as root, under %s): %w", cgroupRoots[0].dir, errors.Join(errs...))
}

// wrap writes a script that enters the cgroup and runs chromium, for the
// browser to start from, so that every process it starts is inside.
func (q *cpuQuota) wrap(chromium string) (string, error) {
	dir, err := os.MkdirTemp("", "trainscale-speed-")
	if err != nil {
		return "", err
	}
	q.exec = dir
	script := filepath.Join(dir, "chromium")
	text := "#!/bin/sh\necho $$ > " + shellQuote(filepath.Join(q.dir, "cgroup.procs")) + "\nexec " + shellQuote(chromium) + " \"$@\"\n"
	return script, os.WriteFile(script, []byte(text), 0o755)
}

// set gives the cgroup 1/slowdown of the machine's CPU time; 1 lifts the
// quota.
func (q *cpuQuota) set(slowdown float64) error {
	quota := "-1"
	if slowdown > 1 {
		quota = strconv.Itoa(max(1000, int(float64(q.period*runtime.NumCPU())/slowdown)))
	}
	if q.v2 {
		if quota == "-1" {
			quota = "max"
		}
		return os.WriteFile(filepath.Join(q.dir, "cpu.max"), []byte(quota+" "+strconv.Itoa(q.period)), 0o644)
	}
	if err := os.WriteFile(filepath.Join(q.dir, "cpu.cfs_period_us"), []byte(strconv.Itoa(q.period)), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(q.dir, "cpu.cfs_quota_us"), []byte(quota), 0o644)
}

// close removes the cgroup and the script, once the browser has exited.
func (q *cpuQuota) close() error {
	var err error
	if q.exec != "" {
		err = os.RemoveAll(q.exec)
	}
	return errors.Join(err, os.Remove(q.dir))
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
