package mcp_test

import (
	"strings"
	"testing"
)

// botFiles is a Discord bot laid out as the discord-py recipe's: a worker
// (no port) on python@3.12 whose config module reads the bot token at load
// with os.getenv and no default and whose main module passes it to the
// client's run; requirements installed in run.prepareCommands; env in
// run.envVariables.
func botFiles(env map[string]string) map[string]string {
	var yml strings.Builder
	yml.WriteString("zerops:\n  - setup: discordpy\n    build:\n      base: python@3.12\n      deployFiles: /~\n      addToRunPrepare:\n        - requirements.txt\n" +
		"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --ignore-installed -r requirements.txt\n")
	yamlEnv(&yml, env)
	yml.WriteString("      start: python3 main.py\n")
	return map[string]string{
		"zerops.yml":       yml.String(),
		"requirements.txt": "discord.py==2.4.0\npython-dotenv==1.0.1\n",
		"src/__init__.py":  "",
		"src/config.py":    "import os\nfrom dotenv import load_dotenv\n\nload_dotenv()\n\nTOKEN = os.getenv(\"DISCORD_BOT_TOKEN\")\n",
		"main.py": "import discord\nfrom discord.ext import commands\nfrom src import config\n\n" +
			"bot = commands.Bot(command_prefix=\"!\", intents=discord.Intents.default())\n\nbot.run(config.TOKEN)\n",
	}
}

// TestDeploy_BotTokenNoVariableSets: the discord-py recipe's bot reads
// DISCORD_BOT_TOKEN at load (os.getenv, no default) and hands it to the
// client. Deployed with nothing setting it, the answer ended "nothing to
// fix": the agent never learnt the token is unset. What the app does with
// None is not read, so the verdict stays unverified, but it names the
// variable, the line and how to set it (a secret through zerops_env); set,
// the worker runs with a clean log, nothing left to name.
func TestDeploy_BotTokenNoVariableSets(t *testing.T) {
	t.Parallel()
	const svc = "services:\n  - hostname: discordpy\n    type: python@3.12\n"
	runWalkCases(t, []deployCase{{
		name: "the token unset", services: svc, target: "discordpy", dir: "bot", files: botFiles(nil),
		verdict: "unverified",
		reason:  []string{"DISCORD_BOT_TOKEN", "src/config.py:6"},
		next:    []string{"DISCORD_BOT_TOKEN", "zerops_env"},
		lacks:   []string{"nothing to fix"},
		then: []deployCase{{
			name: "the token set", files: botFiles(map[string]string{"DISCORD_BOT_TOKEN": "t0ken"}),
			verdict: "deployed",
			lacks:   []string{"DISCORD_BOT_TOKEN: src/config.py"},
		}},
	}})
}
