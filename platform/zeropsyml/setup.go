package zeropsyml

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// setups decodes the items of the zerops list.
func (d *decoder) setups(list *yaml.Node) []*Setup {
	var out []*Setup
	d.list("zerops", list, func(i int, it *yaml.Node) {
		path := fmt.Sprintf("zerops[%d]", i)
		if it.Kind != yaml.MappingNode {
			d.problem(path, it, "must be a mapping (setup, build, run), got "+kindOf(it))
			return
		}
		out = append(out, d.setup(i, it))
	})
	return out
}

// setup decodes one item of zerops, a mapping.
func (d *decoder) setup(i int, n *yaml.Node) *Setup {
	s := &Setup{Index: i, Line: n.Line, Keys: Keys{}, node: n}
	p := s.Path()
	d.mapping(n, p, func(key string, v *yaml.Node, at Key) {
		s.Keys[key] = at
		at2 := p + "." + key
		switch key {
		case "setup":
			s.Name = d.str(at2, v)
		case "extends":
			s.Extends, _ = d.strings(at2, v)
		case "build":
			if m := d.asMapping(at2, v); m != nil {
				s.Build = d.build(at2, m)
			}
		case "deploy":
			if m := d.asMapping(at2, v); m != nil {
				s.Deploy = d.deploy(at2, m)
			}
		case "run":
			if m := d.asMapping(at2, v); m != nil {
				s.Run = d.run(at2, m)
			}
		}
	})
	return s
}

func (d *decoder) build(p string, n *yaml.Node) *Build {
	b := &Build{Keys: Keys{}}
	var alias []string
	d.mapping(n, p, func(key string, v *yaml.Node, at Key) {
		b.Keys[key] = at
		at2 := p + "." + key
		switch key {
		case "base":
			b.Base, b.BaseList = d.strings(at2, v)
		case "os":
			b.OS = d.str(at2, v)
		case "prepareCommands":
			b.PrepareCommands, _ = d.strings(at2, v)
		case "buildCommands":
			b.BuildCommands, _ = d.strings(at2, v)
		case "deployFiles":
			b.DeployFiles, _ = d.strings(at2, v)
		case "deploy": // the deprecated alias of deployFiles
			alias, _ = d.strings(at2, v)
		case "cache":
			if r := d.resolve(v); r != nil && r.Kind == yaml.ScalarNode && r.ShortTag() == "!!bool" {
				on := d.boolean(at2, r)
				b.Cache.Enabled = &on
			} else {
				b.Cache.Paths, _ = d.strings(at2, v)
			}
		case "addToRunPrepare":
			b.AddToRunPrepare, _ = d.strings(at2, v)
		case "envVariables":
			b.EnvVariables = d.env(at2, v)
		}
	})
	if !b.Keys.Has("deployFiles") {
		b.DeployFiles = alias
	}
	return b
}

func (d *decoder) deploy(p string, n *yaml.Node) *Deploy {
	x := &Deploy{Keys: Keys{}}
	d.mapping(n, p, func(key string, v *yaml.Node, at Key) {
		x.Keys[key] = at
		switch key {
		case "temporaryShutdown":
			x.TemporaryShutdown = d.boolean(p+"."+key, v)
		case "readinessCheck":
			x.ReadinessCheck = d.check(p+"."+key, v)
		}
	})
	return x
}

func (d *decoder) run(p string, n *yaml.Node) *Run {
	r := &Run{Keys: Keys{}}
	d.mapping(n, p, func(key string, v *yaml.Node, at Key) {
		r.Keys[key] = at
		at2 := p + "." + key
		switch key {
		case "base":
			r.Base = d.str(at2, v)
		case "os":
			r.OS = d.str(at2, v)
		case "start":
			r.Start = d.str(at2, v)
		case "startCommands":
			d.list(at2, v, func(i int, it *yaml.Node) {
				if c, ok := d.startCommand(fmt.Sprintf("%s[%d]", at2, i), it); ok {
					r.StartCommands = append(r.StartCommands, c)
				}
			})
		case "ports":
			d.list(at2, v, func(i int, it *yaml.Node) {
				if port, ok := d.port(fmt.Sprintf("%s[%d]", at2, i), it); ok {
					port.Index = i
					r.Ports = append(r.Ports, port)
				}
			})
		case "initCommands":
			r.InitCommands, _ = d.strings(at2, v)
		case "prepareCommands":
			r.PrepareCommands, _ = d.strings(at2, v)
		case "envVariables":
			r.EnvVariables = d.env(at2, v)
		case "healthCheck":
			r.HealthCheck = d.check(at2, v)
		case "crontab":
			d.list(at2, v, func(i int, it *yaml.Node) {
				if c, ok := d.cron(fmt.Sprintf("%s[%d]", at2, i), it); ok {
					c.Index = i
					r.Crontab = append(r.Crontab, c)
				}
			})
		case "documentRoot":
			r.DocumentRoot = d.str(at2, v)
		case "siteConfigPath":
			r.SiteConfigPath = d.str(at2, v)
		}
	})
	return r
}

func (d *decoder) startCommand(p string, n *yaml.Node) (StartCommand, bool) {
	m := d.asMapping(p, n)
	if m == nil {
		return StartCommand{}, false
	}
	c := StartCommand{Keys: Keys{}}
	d.mapping(m, p, func(key string, v *yaml.Node, at Key) {
		c.Keys[key] = at
		switch key {
		case "command":
			c.Command = d.str(p+"."+key, v)
		case "name":
			c.Name = d.str(p+"."+key, v)
		case "workingDir":
			c.WorkingDir = d.str(p+"."+key, v)
		case "initCommands":
			c.InitCommands, _ = d.strings(p+"."+key, v)
		}
	})
	return c, true
}

func (d *decoder) port(p string, n *yaml.Node) (Port, bool) {
	m := d.asMapping(p, n)
	if m == nil {
		return Port{}, false
	}
	x := Port{Line: m.Line, Keys: Keys{}}
	d.mapping(m, p, func(key string, v *yaml.Node, at Key) {
		x.Keys[key] = at
		switch key {
		case "port":
			x.Port = d.integer(p+"."+key, v)
		case "protocol":
			x.Protocol = d.str(p+"."+key, v)
		case "httpSupport":
			x.HTTPSupport = d.boolean(p+"."+key, v)
		}
	})
	return x, true
}

// check reads a readinessCheck or healthCheck (nil for none or null).
func (d *decoder) check(p string, n *yaml.Node) *Check {
	m := d.asMapping(p, n)
	if m == nil {
		return nil
	}
	c := &Check{Keys: Keys{}}
	d.mapping(m, p, func(key string, v *yaml.Node, at Key) {
		c.Keys[key] = at
		at2 := p + "." + key
		switch key {
		case "httpGet":
			if hm := d.asMapping(at2, v); hm != nil {
				h := &HTTPGet{Keys: Keys{}}
				d.mapping(hm, at2, func(key string, v *yaml.Node, at Key) {
					h.Keys[key] = at
					switch key {
					case "port":
						h.Port = d.integer(at2+"."+key, v)
					case "path":
						h.Path = d.str(at2+"."+key, v)
					case "host":
						h.Host = d.str(at2+"."+key, v)
					case "scheme":
						h.Scheme = d.str(at2+"."+key, v)
					}
				})
				c.HTTPGet = h
			}
		case "exec":
			if em := d.asMapping(at2, v); em != nil {
				e := &Exec{Keys: Keys{}}
				d.mapping(em, at2, func(key string, v *yaml.Node, at Key) {
					e.Keys[key] = at
					if key == "command" {
						e.Command = d.str(at2+"."+key, v)
					}
				})
				c.Exec = e
			}
		}
	})
	return c
}

func (d *decoder) cron(p string, n *yaml.Node) (Cron, bool) {
	m := d.asMapping(p, n)
	if m == nil {
		return Cron{}, false
	}
	c := Cron{Keys: Keys{}}
	d.mapping(m, p, func(key string, v *yaml.Node, at Key) {
		c.Keys[key] = at
		switch key {
		case "timing":
			c.Timing = d.str(p+"."+key, v)
		case "command":
			c.Command = d.str(p+"."+key, v)
		case "allContainers":
			c.AllContainers = d.boolean(p+"."+key, v)
		case "workingDir":
			c.WorkingDir = d.str(p+"."+key, v)
		}
	})
	return c, true
}
