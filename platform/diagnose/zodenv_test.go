package diagnose

import "testing"

// zod's parse of an environment that lacks a variable throws a ZodError
// whose issues (JSON below its first line) say the value received was
// undefined: zod 3's `"received": "undefined"` with "Required", zod 4's
// "Invalid input: expected string, received undefined". From an env parse
// (process.env or an env schema in the source or trace, or an upper-case
// variable's name as the path) that is missing-env-variable naming
// the variable, ahead of the crash; a ZodError of a request's body stays
// a crash, and a handled one is nothing.
func TestClassify_ZodEnvUnset(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"Zod3ProcessEnv", Runtime, []string{"file:///var/www/build/settings.js:9",
			"const settings = schema.parse(process.env);", "                        ^", "",
			"ZodError: [", "  {", `    "code": "invalid_type",`, `    "expected": "string",`, `    "received": "undefined",`,
			`    "path": [`, `      "DATABASE_URL"`, "    ],", `    "message": "Required"`, "  }", "]",
			"    at get error (file:///var/www/node_modules/zod/lib/index.mjs:587:31)",
			"    at file:///var/www/build/settings.js:9:25", "Node.js v20.18.1"}, "missing-env-variable", "DATABASE_URL"},
		{"Zod4Message", Runtime, []string{"/var/www/dist/env.js:11",
			"ZodError: [", "  {", `    "expected": "string",`, `    "code": "invalid_type",`,
			`    "path": [`, `      "QUEUE_REDIS_URL"`, "    ],",
			`    "message": "Invalid input: expected string, received undefined"`, "  }", "]",
			"    at Object.<anonymous> (/var/www/dist/env.js:11:34)", "app process ended, exit code 1"}, "missing-env-variable", "QUEUE_REDIS_URL"},
		{"OneUnsetOneInvalid", Runtime, []string{"ZodError: [", "  {",
			`    "validation": "url",`, `    "code": "invalid_string",`, `    "message": "Invalid url",`,
			`    "path": [ "PUBLIC_BASE_URL" ]`, "  },", "  {",
			`    "code": "invalid_type",`, `    "expected": "string",`, `    "received": "undefined",`,
			`    "path": [ "JWT_SIGNING_KEY" ],`, `    "message": "Required"`, "  }", "]",
			"    at ZodObject.parse (/var/www/node_modules/zod/lib/types.js:160:23)"}, "missing-env-variable", "zerops_env action=set variables=[\"JWT_SIGNING_KEY=<value>\"]"},
		{"BuildEnvSchema", Build, []string{"[build] > next build", "[build] Error: ZodError: [",
			"[build]   {", `[build]     "code": "invalid_type",`, `[build]     "expected": "string",`, `[build]     "received": "undefined",`,
			`[build]     "path": [`, `[build]       "NEXT_PUBLIC_MAPS_KEY"`, "[build]     ],", `[build]     "message": "Required"`, "[build]   }", "[build] ]",
			"[build]     at envSchema.parse (/build/source/src/env.mjs:22:3)", "[build] ERROR: a build command finished with exit code 1"}, "missing-env-variable", "`build.envVariables`"},
		{"RequestBodyStaysCrash", Runtime, []string{"ZodError: [", "  {", `    "code": "invalid_type",`, `    "expected": "string",`,
			`    "received": "undefined",`, `    "path": [`, `      "email"`, "    ],", `    "message": "Required"`, "  }", "]",
			"    at ZodObject.parse (/var/www/node_modules/zod/lib/types.js:160:23)",
			"    at signup (/var/www/dist/routes/accounts.js:31:40)", "Node.js v22.11.0"}, "app-crash", ""},
		{"HandledIsNothing", Runtime, []string{"Server listening on 0.0.0.0:3000",
			`{"level":30,"msg":"POST /accounts 400 (ZodError: email Required)"}`,
			`{"level":30,"msg":"POST /accounts 201"}`}, "", ""},
	}
	runFamilyCases(t, tests)
}
