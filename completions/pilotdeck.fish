# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_pilotdeck_global_optspecs
    string join \n home= config= C/cwd= v/verbose q/quiet color= json h/help V/version
end

function __fish_pilotdeck_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_pilotdeck_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_pilotdeck_using_subcommand
    set -l cmd (__fish_pilotdeck_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "run" -d 'Run one agent task in this project and print the answer (scripts, CI, cron)'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "config" -d 'Create, show, check and locate the configuration'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "man" -d 'Write man pages (pilotdeck.1 and one per subcommand)'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "mcp" -d 'Manage MCP servers (their tools join the agent\'s) and serve pilotdeck over MCP'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "doctor" -d 'Check the installation: config, providers, tools, state database, permissions, disk'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "version" -d 'Print the version'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s m -l model -d 'Model to use, provider/model (default: agent.model)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l session -d 'Continue the session with this id (or unique prefix, or `last`)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s o -l output-last-message -d 'Also write the final answer to FILE' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l output-schema -d 'The final answer must be JSON valid against this JSON Schema file' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l max-turns -d 'Maximum model calls in this turn (default: agent.maxIterations, else 50)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l timeout -d 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l permission-mode -d 'What the agent may do: read-only, workspace-write (default) or full' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l add-dir -d 'Another directory the agent may write to (repeatable)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l allow -d 'Allow calls matching RULE, e.g. \'bash:cargo *\' or \'write_file:/tmp/*\' (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l deny -d 'Deny calls matching RULE (repeatable; deny wins over allow)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l system -d 'Replace the built-in system prompt' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l append-system-prompt -d 'Add TEXT to the end of the system prompt' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l continue -d 'Continue the latest session of this project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l ephemeral -d 'Do not save a transcript'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -f -a "init" -d 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -f -a "show" -d 'Show the merged configuration with the source of every value (secrets redacted)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -f -a "validate" -d 'Check a config file, or the merged configuration; exit 2 on errors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -f -a "path" -d 'Print where the configuration files are'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and not __fish_seen_subcommand_from init show validate path help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l provider -d 'Provider id (openai, anthropic, deepseek, dashscope, moonshot, zhipu, openrouter, google, ollama, …)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l model -d 'Model id at that provider, e.g. gpt-4.1-mini' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l api-key-env -d 'Environment variable that holds the API key (default: the provider\'s usual one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l url -d 'Base URL, for a provider pilotdeck does not know' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l router -d 'Turn the router\'s token saver on'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l no-router -d 'Leave the router off (the default)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l non-interactive -d 'Never prompt; take every answer from flags and defaults'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l project -d 'Write <project>/.pilotdeck/pilotdeck.yaml instead of the home config'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l force -d 'Overwrite an existing file'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from path" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "init" -d 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show the merged configuration with the source of every value (secrets redacted)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check a config file, or the merged configuration; exit 2 on errors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "path" -d 'Print where the configuration files are'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand completions" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -l out -d 'Write pilotdeck.1 and one page per subcommand into DIR (default: print pilotdeck.1 to stdout)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand man" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "list" -d 'List the configured servers: name, scope, transport, enabled'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "add" -d 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "rm" -d 'Remove a server (from the project\'s mcp.json if it is there, else the global one)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "get" -d 'Show one server\'s configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "enable" -d 'Enable a disabled server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "disable" -d 'Disable a server without removing it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "tools" -d 'Start servers and list their tools with schemas'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "call" -d 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l scope -d 'Which mcp.json to write: global (<home>/mcp.json) or project (<project>/.pilotdeck/mcp.json)' -r -f -a "global\t''
project\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l env -d 'An environment variable for a stdio server, K=V (repeatable; `${NAME}` is expanded at start)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l url -d 'The Streamable HTTP endpoint' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l header -d 'An HTTP header, `Name: value` (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from tools" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -l args -d 'The arguments, a JSON object' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from call" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the configured servers: name, scope, transport, enabled'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a server (from the project\'s mcp.json if it is there, else the global one)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one server\'s configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Enable a disabled server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Disable a server without removing it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "tools" -d 'Start servers and list their tools with schemas'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "call" -d 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand version" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "run" -d 'Run one agent task in this project and print the answer (scripts, CI, cron)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "config" -d 'Create, show, check and locate the configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "completions" -d 'Print a shell completion script'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "man" -d 'Write man pages (pilotdeck.1 and one per subcommand)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "mcp" -d 'Manage MCP servers (their tools join the agent\'s) and serve pilotdeck over MCP'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "doctor" -d 'Check the installation: config, providers, tools, state database, permissions, disk'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "version" -d 'Print the version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run config completions man mcp doctor version help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "init" -d 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Show the merged configuration with the source of every value (secrets redacted)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "validate" -d 'Check a config file, or the merged configuration; exit 2 on errors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "path" -d 'Print where the configuration files are'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "list" -d 'List the configured servers: name, scope, transport, enabled'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "add" -d 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "rm" -d 'Remove a server (from the project\'s mcp.json if it is there, else the global one)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "get" -d 'Show one server\'s configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "enable" -d 'Enable a disabled server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "disable" -d 'Disable a server without removing it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "tools" -d 'Start servers and list their tools with schemas'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "call" -d 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout (tools: pilotdeck_run, pilotdeck_reply, session_list)'
