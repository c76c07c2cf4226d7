
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'pilotdeck' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'pilotdeck'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'pilotdeck' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run one agent task in this project and print the answer (scripts, CI, cron)')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Create, show, check and locate the configuration')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages (pilotdeck.1 and one per subcommand)')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the installation: config, providers, tools, state database, permissions, disk')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;run' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Continue the session with this id (or unique prefix, or `last`)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Also write the final answer to FILE')
            [CompletionResult]::new('--output-last-message', '--output-last-message', [CompletionResultType]::ParameterName, 'Also write the final answer to FILE')
            [CompletionResult]::new('--output-schema', '--output-schema', [CompletionResultType]::ParameterName, 'The final answer must be JSON valid against this JSON Schema file')
            [CompletionResult]::new('--max-turns', '--max-turns', [CompletionResultType]::ParameterName, 'Maximum model calls in this turn (default: agent.maxIterations, else 50)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)')
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'What the agent may do: read-only, workspace-write (default) or full')
            [CompletionResult]::new('--add-dir', '--add-dir', [CompletionResultType]::ParameterName, 'Another directory the agent may write to (repeatable)')
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Allow calls matching RULE, e.g. ''bash:cargo *'' or ''write_file:/tmp/*'' (repeatable)')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Deny calls matching RULE (repeatable; deny wins over allow)')
            [CompletionResult]::new('--system', '--system', [CompletionResultType]::ParameterName, 'Replace the built-in system prompt')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Add TEXT to the end of the system prompt')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--continue', '--continue', [CompletionResultType]::ParameterName, 'Continue the latest session of this project')
            [CompletionResult]::new('--ephemeral', '--ephemeral', [CompletionResultType]::ParameterName, 'Do not save a transcript')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;config' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the merged configuration with the source of every value (secrets redacted)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a config file, or the merged configuration; exit 2 on errors')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print where the configuration files are')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;config;init' {
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'Provider id (openai, anthropic, deepseek, dashscope, moonshot, zhipu, openrouter, google, ollama, …)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Model id at that provider, e.g. gpt-4.1-mini')
            [CompletionResult]::new('--api-key-env', '--api-key-env', [CompletionResultType]::ParameterName, 'Environment variable that holds the API key (default: the provider''s usual one)')
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'Base URL, for a provider pilotdeck does not know')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--router', '--router', [CompletionResultType]::ParameterName, 'Turn the router''s token saver on')
            [CompletionResult]::new('--no-router', '--no-router', [CompletionResultType]::ParameterName, 'Leave the router off (the default)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'Never prompt; take every answer from flags and defaults')
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'Write <project>/.pilotdeck/pilotdeck.yaml instead of the home config')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Overwrite an existing file')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;config;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;config;validate' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;config;path' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;config;help' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the merged configuration with the source of every value (secrets redacted)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a config file, or the merged configuration; exit 2 on errors')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print where the configuration files are')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;config;help;init' {
            break
        }
        'pilotdeck;config;help;show' {
            break
        }
        'pilotdeck;config;help;validate' {
            break
        }
        'pilotdeck;config;help;path' {
            break
        }
        'pilotdeck;config;help;help' {
            break
        }
        'pilotdeck;completions' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;man' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write pilotdeck.1 and one page per subcommand into DIR (default: print pilotdeck.1 to stdout)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured servers: name, scope, transport, enabled')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a server (from the project''s mcp.json if it is there, else the global one)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one server''s configuration')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a disabled server')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a server without removing it')
            [CompletionResult]::new('tools', 'tools', [CompletionResultType]::ParameterValue, 'Start servers and list their tools with schemas')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call one tool of one server and print the result (exit 1 when the tool reports an error)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;mcp;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;add' {
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'Which mcp.json to write: global (<home>/mcp.json) or project (<project>/.pilotdeck/mcp.json)')
            [CompletionResult]::new('--env', '--env', [CompletionResultType]::ParameterName, 'An environment variable for a stdio server, K=V (repeatable; `${NAME}` is expanded at start)')
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'The Streamable HTTP endpoint')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'An HTTP header, `Name: value` (repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;get' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;enable' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;disable' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;tools' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;call' {
            [CompletionResult]::new('--args', '--args', [CompletionResultType]::ParameterName, 'The arguments, a JSON object')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;serve' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;mcp;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured servers: name, scope, transport, enabled')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a server (from the project''s mcp.json if it is there, else the global one)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one server''s configuration')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a disabled server')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a server without removing it')
            [CompletionResult]::new('tools', 'tools', [CompletionResultType]::ParameterValue, 'Start servers and list their tools with schemas')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call one tool of one server and print the result (exit 1 when the tool reports an error)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;mcp;help;list' {
            break
        }
        'pilotdeck;mcp;help;add' {
            break
        }
        'pilotdeck;mcp;help;rm' {
            break
        }
        'pilotdeck;mcp;help;get' {
            break
        }
        'pilotdeck;mcp;help;enable' {
            break
        }
        'pilotdeck;mcp;help;disable' {
            break
        }
        'pilotdeck;mcp;help;tools' {
            break
        }
        'pilotdeck;mcp;help;call' {
            break
        }
        'pilotdeck;mcp;help;serve' {
            break
        }
        'pilotdeck;mcp;help;help' {
            break
        }
        'pilotdeck;doctor' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;version' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;help' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run one agent task in this project and print the answer (scripts, CI, cron)')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Create, show, check and locate the configuration')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages (pilotdeck.1 and one per subcommand)')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the installation: config, providers, tools, state database, permissions, disk')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;help;run' {
            break
        }
        'pilotdeck;help;config' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show the merged configuration with the source of every value (secrets redacted)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a config file, or the merged configuration; exit 2 on errors')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print where the configuration files are')
            break
        }
        'pilotdeck;help;config;init' {
            break
        }
        'pilotdeck;help;config;show' {
            break
        }
        'pilotdeck;help;config;validate' {
            break
        }
        'pilotdeck;help;config;path' {
            break
        }
        'pilotdeck;help;completions' {
            break
        }
        'pilotdeck;help;man' {
            break
        }
        'pilotdeck;help;mcp' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the configured servers: name, scope, transport, enabled')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a server (from the project''s mcp.json if it is there, else the global one)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one server''s configuration')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a disabled server')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a server without removing it')
            [CompletionResult]::new('tools', 'tools', [CompletionResultType]::ParameterValue, 'Start servers and list their tools with schemas')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call one tool of one server and print the result (exit 1 when the tool reports an error)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)')
            break
        }
        'pilotdeck;help;mcp;list' {
            break
        }
        'pilotdeck;help;mcp;add' {
            break
        }
        'pilotdeck;help;mcp;rm' {
            break
        }
        'pilotdeck;help;mcp;get' {
            break
        }
        'pilotdeck;help;mcp;enable' {
            break
        }
        'pilotdeck;help;mcp;disable' {
            break
        }
        'pilotdeck;help;mcp;tools' {
            break
        }
        'pilotdeck;help;mcp;call' {
            break
        }
        'pilotdeck;help;mcp;serve' {
            break
        }
        'pilotdeck;help;doctor' {
            break
        }
        'pilotdeck;help;version' {
            break
        }
        'pilotdeck;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
