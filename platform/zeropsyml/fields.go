package zeropsyml

// Shape is how a validator checks a key's value (facts:
// zerops-platform.md).
type Shape int

// The shapes of zerops.yml's values.
const (
	// ShapeAny is a value the platform reads as written; not checked.
	ShapeAny Shape = iota
	// ShapeText is a string (a number or boolean is read as its text).
	ShapeText
	// ShapeInt is a whole number.
	ShapeInt
	// ShapeBool is true or false.
	ShapeBool
	// ShapeTexts is a string or a list of strings (files, paths, bases).
	ShapeTexts
	// ShapeCommands is a list of commands; the model reads a lone string
	// as one, which a validator may refuse.
	ShapeCommands
	// ShapeCache is true, false, or the paths to cache (build.cache).
	ShapeCache
	// ShapeEnv is a mapping of scalar values (envVariables).
	ShapeEnv
	// ShapeMapping is a mapping holding Field.Keys.
	ShapeMapping
	// ShapeList is a list of mappings, each holding Field.Keys.
	ShapeList
	// ShapeItems is a list whose items are read as written
	// (run.startCommands).
	ShapeItems
)

// Field is a key zerops.yml holds and the shape of its value; Keys are the
// keys of a ShapeMapping value or of each item of a ShapeList, in the order
// the documentation lists them.
type Field struct {
	Key   string
	Shape Shape
	Keys  []Field
}

// Fields are the keys the platform knows at the top of a zerops.yml and,
// through Keys, below it: the key sets the model and its validators share.
// Read only.
var Fields = []Field{{"zerops", ShapeList, setupFields}}

var (
	setupFields = []Field{
		{"setup", ShapeText, nil},
		{"build", ShapeMapping, buildFields},
		{"deploy", ShapeMapping, deployFields},
		{"run", ShapeMapping, runFields},
		{"extends", ShapeTexts, nil},
	}
	buildFields = []Field{
		{"base", ShapeTexts, nil},
		{"os", ShapeText, nil},
		{"prepareCommands", ShapeCommands, nil},
		{"buildCommands", ShapeCommands, nil},
		{"deployFiles", ShapeTexts, nil},
		{"deploy", ShapeTexts, nil}, // the deprecated alias of deployFiles the schema still takes
		{"cache", ShapeCache, nil},
		{"addToRunPrepare", ShapeTexts, nil},
		{"envVariables", ShapeEnv, nil},
	}
	deployFields = []Field{
		{"temporaryShutdown", ShapeBool, nil},
		{"readinessCheck", ShapeMapping, readinessFields},
	}
	httpGetFields = []Field{{"port", ShapeInt, nil}, {"path", ShapeAny, nil}, {"host", ShapeAny, nil}, {"scheme", ShapeAny, nil}}
	execFields    = []Field{{"command", ShapeAny, nil}}
	// A readinessCheck's period is retryPeriod.
	readinessFields = []Field{
		{"httpGet", ShapeMapping, httpGetFields},
		{"exec", ShapeMapping, execFields},
		{"failureTimeout", ShapeAny, nil},
		{"retryPeriod", ShapeAny, nil},
	}
	// A healthCheck watches a running container: it has timeouts of its own
	// and its period is execPeriod.
	healthFields = []Field{
		{"httpGet", ShapeMapping, httpGetFields},
		{"exec", ShapeMapping, execFields},
		{"failureTimeout", ShapeAny, nil},
		{"disconnectTimeout", ShapeAny, nil},
		{"recoveryTimeout", ShapeAny, nil},
		{"execPeriod", ShapeAny, nil},
	}
	runFields = []Field{
		{"base", ShapeText, nil},
		{"os", ShapeText, nil},
		{"start", ShapeText, nil},
		{"startCommands", ShapeItems, nil},
		{"ports", ShapeList, portFields},
		{"initCommands", ShapeCommands, nil},
		{"prepareCommands", ShapeCommands, nil},
		{"envVariables", ShapeEnv, nil},
		{"envReplace", ShapeAny, nil},
		{"healthCheck", ShapeMapping, healthFields},
		{"crontab", ShapeList, cronFields},
		{"documentRoot", ShapeText, nil},
		{"siteConfigPath", ShapeText, nil},
		{"routing", ShapeAny, nil},
	}
	portFields = []Field{{"port", ShapeInt, nil}, {"protocol", ShapeText, nil}, {"httpSupport", ShapeBool, nil}}
	cronFields = []Field{{"timing", ShapeAny, nil}, {"command", ShapeAny, nil}, {"allContainers", ShapeAny, nil}, {"workingDir", ShapeAny, nil}}
)

// Names are the keys of fields, in order.
func Names(fields []Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Key
	}
	return out
}

// FieldOf is the field of fields named key, false when there is none.
func FieldOf(fields []Field, key string) (Field, bool) {
	for _, f := range fields {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}
