
use builtin;
use str;

set edit:completion:arg-completer[pilotdeck] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'pilotdeck'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'pilotdeck'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand run 'Run one agent task in this project and print the answer (scripts, CI, cron)'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
            cand mcp 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP'
            cand doctor 'Check the installation: config, providers, tools, state database, permissions, disk'
            cand version 'Print the version'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;run'= {
            cand -m 'Model to use, provider/model (default: agent.model)'
            cand --model 'Model to use, provider/model (default: agent.model)'
            cand --session 'Continue the session with this id (or unique prefix, or `last`)'
            cand -o 'Also write the final answer to FILE'
            cand --output-last-message 'Also write the final answer to FILE'
            cand --output-schema 'The final answer must be JSON valid against this JSON Schema file'
            cand --max-turns 'Maximum model calls in this turn (default: agent.maxIterations, else 50)'
            cand --timeout 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)'
            cand --permission-mode 'What the agent may do: read-only, workspace-write (default) or full'
            cand --add-dir 'Another directory the agent may write to (repeatable)'
            cand --allow 'Allow calls matching RULE, e.g. ''bash:cargo *'' or ''write_file:/tmp/*'' (repeatable)'
            cand --deny 'Deny calls matching RULE (repeatable; deny wins over allow)'
            cand --system 'Replace the built-in system prompt'
            cand --append-system-prompt 'Add TEXT to the end of the system prompt'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --continue 'Continue the latest session of this project'
            cand --ephemeral 'Do not save a transcript'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;config'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
            cand show 'Show the merged configuration with the source of every value (secrets redacted)'
            cand validate 'Check a config file, or the merged configuration; exit 2 on errors'
            cand path 'Print where the configuration files are'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;config;init'= {
            cand --provider 'Provider id (openai, anthropic, deepseek, dashscope, moonshot, zhipu, openrouter, google, ollama, …)'
            cand --model 'Model id at that provider, e.g. gpt-4.1-mini'
            cand --api-key-env 'Environment variable that holds the API key (default: the provider''s usual one)'
            cand --url 'Base URL, for a provider pilotdeck does not know'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --router 'Turn the router''s token saver on'
            cand --no-router 'Leave the router off (the default)'
            cand --non-interactive 'Never prompt; take every answer from flags and defaults'
            cand --project 'Write <project>/.pilotdeck/pilotdeck.yaml instead of the home config'
            cand --force 'Overwrite an existing file'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;config;show'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;config;validate'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;config;path'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;config;help'= {
            cand init 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
            cand show 'Show the merged configuration with the source of every value (secrets redacted)'
            cand validate 'Check a config file, or the merged configuration; exit 2 on errors'
            cand path 'Print where the configuration files are'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;config;help;init'= {
        }
        &'pilotdeck;config;help;show'= {
        }
        &'pilotdeck;config;help;validate'= {
        }
        &'pilotdeck;config;help;path'= {
        }
        &'pilotdeck;config;help;help'= {
        }
        &'pilotdeck;completions'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;man'= {
            cand --out 'Write pilotdeck.1 and one page per subcommand into DIR (default: print pilotdeck.1 to stdout)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the configured servers: name, scope, transport, enabled'
            cand add 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
            cand rm 'Remove a server (from the project''s mcp.json if it is there, else the global one)'
            cand get 'Show one server''s configuration'
            cand enable 'Enable a disabled server'
            cand disable 'Disable a server without removing it'
            cand tools 'Start servers and list their tools with schemas'
            cand call 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;mcp;list'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;add'= {
            cand --scope 'Which mcp.json to write: global (<home>/mcp.json) or project (<project>/.pilotdeck/mcp.json)'
            cand --env 'An environment variable for a stdio server, K=V (repeatable; `${NAME}` is expanded at start)'
            cand --url 'The Streamable HTTP endpoint'
            cand --header 'An HTTP header, `Name: value` (repeatable)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;rm'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;get'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;enable'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;disable'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;tools'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;call'= {
            cand --args 'The arguments, a JSON object'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;serve'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;mcp;help'= {
            cand list 'List the configured servers: name, scope, transport, enabled'
            cand add 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
            cand rm 'Remove a server (from the project''s mcp.json if it is there, else the global one)'
            cand get 'Show one server''s configuration'
            cand enable 'Enable a disabled server'
            cand disable 'Disable a server without removing it'
            cand tools 'Start servers and list their tools with schemas'
            cand call 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;mcp;help;list'= {
        }
        &'pilotdeck;mcp;help;add'= {
        }
        &'pilotdeck;mcp;help;rm'= {
        }
        &'pilotdeck;mcp;help;get'= {
        }
        &'pilotdeck;mcp;help;enable'= {
        }
        &'pilotdeck;mcp;help;disable'= {
        }
        &'pilotdeck;mcp;help;tools'= {
        }
        &'pilotdeck;mcp;help;call'= {
        }
        &'pilotdeck;mcp;help;serve'= {
        }
        &'pilotdeck;mcp;help;help'= {
        }
        &'pilotdeck;doctor'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;version'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;help'= {
            cand run 'Run one agent task in this project and print the answer (scripts, CI, cron)'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
            cand mcp 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP'
            cand doctor 'Check the installation: config, providers, tools, state database, permissions, disk'
            cand version 'Print the version'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;help;run'= {
        }
        &'pilotdeck;help;config'= {
            cand init 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
            cand show 'Show the merged configuration with the source of every value (secrets redacted)'
            cand validate 'Check a config file, or the merged configuration; exit 2 on errors'
            cand path 'Print where the configuration files are'
        }
        &'pilotdeck;help;config;init'= {
        }
        &'pilotdeck;help;config;show'= {
        }
        &'pilotdeck;help;config;validate'= {
        }
        &'pilotdeck;help;config;path'= {
        }
        &'pilotdeck;help;completions'= {
        }
        &'pilotdeck;help;man'= {
        }
        &'pilotdeck;help;mcp'= {
            cand list 'List the configured servers: name, scope, transport, enabled'
            cand add 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
            cand rm 'Remove a server (from the project''s mcp.json if it is there, else the global one)'
            cand get 'Show one server''s configuration'
            cand enable 'Enable a disabled server'
            cand disable 'Disable a server without removing it'
            cand tools 'Start servers and list their tools with schemas'
            cand call 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
        }
        &'pilotdeck;help;mcp;list'= {
        }
        &'pilotdeck;help;mcp;add'= {
        }
        &'pilotdeck;help;mcp;rm'= {
        }
        &'pilotdeck;help;mcp;get'= {
        }
        &'pilotdeck;help;mcp;enable'= {
        }
        &'pilotdeck;help;mcp;disable'= {
        }
        &'pilotdeck;help;mcp;tools'= {
        }
        &'pilotdeck;help;mcp;call'= {
        }
        &'pilotdeck;help;mcp;serve'= {
        }
        &'pilotdeck;help;doctor'= {
        }
        &'pilotdeck;help;version'= {
        }
        &'pilotdeck;help;help'= {
        }
    ]
    $completions[$command]
}
