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
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "chat" -d 'Talk with the agent in this project, interactively (one turn per line when piped)'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "session" -d 'The saved conversations: list, show, search, resume, fork, export, compact'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "router" -d 'Which model a prompt goes to, and what routing has cost'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "always-on" -d 'Autonomous background work: tick, watch, review plans, apply or discard their results'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "usage" -d 'What model calls cost, by day, project, model and entry point'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "cron" -d 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "config" -d 'Create, show, check and locate the configuration'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "man" -d 'Write man pages (pilotdeck.1 and one per subcommand)'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "memory" -d 'Long-term memory: index turns into notes, recall, dream, and manage notes'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "mcp" -d 'Manage MCP servers (their tools join the agent\'s) and serve pilotdeck over MCP'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "skills" -d 'Skills the agent can load: list them, show one'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "plugins" -d 'Plugins (bundles of skills, hooks and MCP servers): list them'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "doctor" -d 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "sandbox" -d 'The OS sandbox of the agent\'s commands: run any command in it'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "trust" -d 'Let this project\'s own hooks, MCP servers, plugins and provider settings take effect; `trust list`'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "untrust" -d 'Stop trusting this project\'s own hooks, MCP servers, plugins and provider settings'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "version" -d 'Print the version'
complete -c pilotdeck -n "__fish_pilotdeck_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s m -l model -d 'Model to use, provider/model (default: agent.model)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l session -d 'Continue the session with this id (or unique prefix, or `last`)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s o -l output-last-message -d 'Also write the final answer to FILE' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l output-schema -d 'The final answer must be JSON valid against this JSON Schema file' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l max-turns -d 'Maximum model calls in this turn (default: agent.maxIterations, else 50)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l max-cost -d 'Stop before a model call that could take the run\'s cost over USD (catalog prices; exit 4)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l max-tokens -d 'Stop before a model call that could take the run over N tokens, input and output (exit 4)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l timeout -d 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l permission-mode -d 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l add-dir -d 'Another directory the agent may write to (repeatable)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l allow -d 'Allow calls matching RULE, e.g. \'bash:cargo *\' or \'write_file:/tmp/*\' (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l deny -d 'Deny calls matching RULE (repeatable; deny wins over allow)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l system -d 'Replace the built-in system prompt' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l append-system-prompt -d 'Add TEXT to the end of the system prompt' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l plan -d 'Carry out a plan saved by plan mode (.pilotdeck/plans/*.md): its steps pre-fill the to-do list' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l image -d 'Send an image (PNG, JPEG, GIF, WebP) with the prompt; `-` reads it from stdin (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l file -d 'Send a file with the prompt: an image, a PDF, or a text file; `-` reads it from stdin (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l continue -d 'Continue the latest session of this project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l allow-network -d 'Let sandboxed commands open network connections (closed by default in unattended runs)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l trust-project -d 'Trust this project\'s own hooks, MCP servers, plugins and provider settings for this run (also PILOTDECK_TRUST_PROJECT=1)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l ephemeral -d 'Do not save a transcript'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l render -d 'Render the answer\'s markdown on a terminal (default: print it raw, for scripts)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l memory -d 'Use long-term memory for this run (recall before, capture after) even if not configured'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l ask-via-stdin -d 'Let the agent ask questions: each is a JSON line on stdout, its answer one line of stdin (the prompt must then be an argument)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand run" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s m -l model -d 'Model to use, provider/model (default: the session\'s, else agent.model)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l session -d 'Continue the session with this id (or unique prefix, or `last`)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l permission-mode -d 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l add-dir -d 'Another directory the agent may write to (repeatable)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l allow -d 'Allow calls matching RULE, e.g. \'bash:cargo *\' (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l deny -d 'Deny calls matching RULE (repeatable; deny wins over allow)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l continue -d 'Continue the latest session of this project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l allow-network -d 'Let sandboxed commands open network connections (closed by default in unattended runs)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l raw -d 'Print answers as raw markdown instead of rendering them on a terminal'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand chat" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "list" -d 'List sessions, most recently updated first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "show" -d 'Show a session\'s conversation (Markdown; --json for the records)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "resume" -d 'Continue a session in `pilotdeck chat`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "fork" -d 'Start a new session with the history of another, up to a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "rewind" -d 'Put the project\'s files and/or the conversation back to before a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "rename" -d 'Set a session\'s title'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "rm" -d 'Delete a session\'s transcript'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "export" -d 'Write a session as Markdown, JSON or JSONL on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "search" -d 'Full-text search over every transcript (any language, CJK included)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "compact" -d 'Summarise a session\'s older history now, as automatic compaction would'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "reindex" -d 'Rebuild the session index in state.db from the transcript files'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and not __fish_seen_subcommand_from list show resume fork rewind rename rm export search compact reindex help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N sessions' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l all-projects -d 'Sessions of every project, not only this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -l markdown -d 'Print Markdown (the default without --json)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -l at -d 'Keep the history up to and including this turn (default: all of it)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from fork" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l to -d 'Go back to how things were before this turn (`session show` numbers them)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l files-only -d 'Restore the files only; the conversation stays as it is'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l conversation-only -d 'Only start a new session with the conversation before TURN; the files stay as they are'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l dry-run -d 'Show what would be restored and change nothing'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l force -d 'Also overwrite files changed after the agent\'s edit (otherwise reported and left alone)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rewind" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rename" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s y -l yes -d 'Do not ask for confirmation (needed when stdin is not a terminal)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -l format -d 'Output format' -r -f -a "markdown\t''
json\t''
jsonl\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l limit -d 'Show at most N hits' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l all-projects -d 'Search every project, not only this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from search" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from compact" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from reindex" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "list" -d 'List sessions, most recently updated first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a session\'s conversation (Markdown; --json for the records)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Continue a session in `pilotdeck chat`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "fork" -d 'Start a new session with the history of another, up to a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "rewind" -d 'Put the project\'s files and/or the conversation back to before a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "rename" -d 'Set a session\'s title'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Delete a session\'s transcript'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write a session as Markdown, JSON or JSONL on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "search" -d 'Full-text search over every transcript (any language, CJK included)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "compact" -d 'Summarise a session\'s older history now, as automatic compaction would'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "reindex" -d 'Rebuild the session index in state.db from the transcript files'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand session; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -f -a "decide" -d 'Print which tier and model a prompt would be routed to'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -f -a "stats" -d 'Total the recorded spend by model and tier, and the saving against the baseline model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -f -a "eval" -d 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -f -a "calibrate" -d 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and not __fish_seen_subcommand_from decide stats eval calibrate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l session -d 'Decide as a request of this session (sticky tier, short continuations)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s m -l model -d 'Decide as if -m provider/model were given' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l offline -d 'Never call the judge model; use the offline classifier (router.tokenSaver.scorer)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l explain -d 'Also print the classifier signals, the judge call and the fallback chain'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from decide" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -l since -d 'Only calls in this recent period: 90s, 10m, 2h, 7d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from stats" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from eval" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l strong-share -d 'Share of past prompts (0..1) that should go to the strong tiers (reasoning, complex)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l since -d 'Only prompts from this recent period: 7d, 30d, …' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l dry-run -d 'Print the thresholds without writing them to the config file'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from calibrate" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from help" -f -a "decide" -d 'Print which tier and model a prompt would be routed to'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Total the recorded spend by model and tier, and the saving against the baseline model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from help" -f -a "eval" -d 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from help" -f -a "calibrate" -d 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand router; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "tick" -d 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "watch" -d 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "status" -d 'Per project: where the next tick would stop, last run, dormancy, budget left'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "plans" -d 'List the plans of this project (or all), newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "show" -d 'Show a plan, its report and the diffstat of its workspace'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "diff" -d 'Print the diff of a plan\'s workspace against the project as it was'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "apply" -d 'Bring a plan\'s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "discard" -d 'Remove a plan\'s workspace: the git worktree and its branch, or the snapshot'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "enable" -d 'Turn always-on on for a project (edits alwaysOn in the home config file)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "disable" -d 'Turn always-on off for a project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "install" -d 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and not __fish_seen_subcommand_from tick watch status plans show diff apply discard enable disable install help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l all -d 'Every project in alwaysOn.projects instead of this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l force -d 'Skip the time gates (dormancy, recent user message, cooldown, daily budget); never the lock'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from tick" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -l all -d 'Every project (in alwaysOn.projects, or with plans) instead of this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from watch" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -l all -d 'Every project (in alwaysOn.projects, or with plans) instead of this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -l all -d 'Every project (in alwaysOn.projects, or with plans) instead of this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from plans" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from diff" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l patch -d 'Write the change as a unified diff to FILE instead (the project is not touched)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l push-branch -d 'Commit the change in the workspace and push it to the project\'s origin as BRANCH instead (the project is not touched; always-on itself never pushes)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l dry-run -d 'Only say what would be applied, or what conflicts'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from apply" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from discard" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l namespace -d 'Namespace of the generated objects (default: kubectl\'s current one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l image -d 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l out -d 'Write one file per object and a kustomization.yaml into DIR instead of printing them' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l secret -d 'The Secret holding the API keys (one key per variable, named like it)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l api-key-env -d 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l storage -d 'Size of the PersistentVolumeClaim holding PilotHome and the clones' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l kubernetes -d 'Kubernetes CronJobs, one per repository, with their PersistentVolumeClaim (the only kind)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l prune -d 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from install" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "tick" -d 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "watch" -d 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "status" -d 'Per project: where the next tick would stop, last run, dormancy, budget left'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "plans" -d 'List the plans of this project (or all), newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a plan, its report and the diffstat of its workspace'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "diff" -d 'Print the diff of a plan\'s workspace against the project as it was'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Bring a plan\'s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "discard" -d 'Remove a plan\'s workspace: the git worktree and its branch, or the snapshot'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Turn always-on on for a project (edits alwaysOn in the home config file)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Turn always-on off for a project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "install" -d 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand always-on; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -l since -d 'Only calls in this recent period: 90s, 10m, 2h, 7d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand usage" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "add" -d 'Schedule an agent task: prints its id and next three fire times'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "list" -d 'List tasks of this project (or all) with their next run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "show" -d 'Show one task, its next five fire times and its last run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "edit" -d 'Change a task (only the flags given); a new schedule starts from now'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "rm" -d 'Remove a task (its run history stays)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "pause" -d 'Stop a task from firing until `resume`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "resume" -d 'Let a paused task fire again; slots missed while paused are not run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "run" -d 'Run a task now, out of schedule, and wait for it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "history" -d 'Past runs, newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "next" -d 'Print the next fire times of a cron expression (checks it)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "tick" -d 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "daemon" -d 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "install" -d 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "uninstall" -d 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "import" -d 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and not __fish_seen_subcommand_from add list show edit rm pause resume run history next tick daemon install uninstall import help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l cron -d 'Fire on a 5-field cron expression or macro: \'30 9 * * MON-FRI\', \'@daily\'' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l at -d 'Fire once at TIME (ISO 8601; without an offset it is in the task\'s time zone)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l in -d 'Fire once after DURATION: 30m, 2h, 1d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l every -d 'Fire every DURATION, starting now: 15m, 6h, 1d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l tz -d 'IANA time zone of the schedule (default: cron.timezone, else the system zone)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l name -d 'A name for the task' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s m -l model -d 'Model to use, provider/model (default: agent.model)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l permission-mode -d 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l timeout -d 'Stop a run after DURATION (default: cron.runTimeoutMinutes)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l max-cost -d 'Stop a run before a model call that could take its cost over USD (catalog prices)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l catch-up -d 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all' -r -f -a "skip\t''
once\t''
all\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l deliver -d 'Also send each run\'s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -l all-projects -d 'Tasks of every project, not just this one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l cron -d 'Fire on a 5-field cron expression or macro: \'30 9 * * MON-FRI\', \'@daily\'' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l at -d 'Fire once at TIME (ISO 8601; without an offset it is in the task\'s time zone)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l in -d 'Fire once after DURATION: 30m, 2h, 1d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l every -d 'Fire every DURATION, starting now: 15m, 6h, 1d' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l tz -d 'IANA time zone of the schedule (default: cron.timezone, else the system zone)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l name -d 'A name for the task' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s m -l model -d 'Model to use, provider/model (default: agent.model)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l permission-mode -d 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l timeout -d 'Stop a run after DURATION (default: cron.runTimeoutMinutes)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l max-cost -d 'Stop a run before a model call that could take its cost over USD (catalog prices)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l catch-up -d 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all' -r -f -a "skip\t''
once\t''
all\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l deliver -d 'Also send each run\'s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l message -d 'A new message' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l no-deliver -d 'Stop delivering results'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from edit" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from rm" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from pause" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -l task-file -d 'Run the task written in FILE (as `install --kubernetes` puts it in the pod), stored in this PilotHome under its id in the current project; the run is recorded as scheduled' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -l limit -d 'At most N runs' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from history" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l tz -d 'IANA time zone (default: cron.timezone, else the system zone)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s n -d 'How many fire times' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l after -d 'Start after TIME instead of now (ISO 8601)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from next" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -l now -d 'Evaluate schedules as if it were TIME (ISO 8601), to replay or debug a tick; runs still happen now' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from tick" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from daemon" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l dir -d 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l namespace -d 'Namespace of the generated objects (default: kubectl\'s current one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l image -d 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l out -d 'Write one file per object and a kustomization.yaml into DIR instead of printing them' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l secret -d 'The Secret holding the API keys (one key per variable, named like it)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l api-key-env -d 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l storage -d 'Size of the PersistentVolumeClaim holding PilotHome and the clones' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l systemd -d 'A systemd user service + timer (the default on Linux)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l launchd -d 'A launchd agent plist (the default on macOS)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l crontab -d 'A crontab line (always printed, never installed)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l kubernetes -d 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l user -d 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l print -d 'Print the files instead of writing them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l prune -d 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from install" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l dir -d 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l namespace -d 'Namespace of the generated objects (default: kubectl\'s current one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l image -d 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l out -d 'Write one file per object and a kustomization.yaml into DIR instead of printing them' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l secret -d 'The Secret holding the API keys (one key per variable, named like it)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l api-key-env -d 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l storage -d 'Size of the PersistentVolumeClaim holding PilotHome and the clones' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l systemd -d 'A systemd user service + timer (the default on Linux)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l launchd -d 'A launchd agent plist (the default on macOS)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l crontab -d 'A crontab line (always printed, never installed)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l kubernetes -d 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l user -d 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l print -d 'Print the files instead of writing them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l prune -d 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from uninstall" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "add" -d 'Schedule an agent task: prints its id and next three fire times'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "list" -d 'List tasks of this project (or all) with their next run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one task, its next five fire times and its last run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "edit" -d 'Change a task (only the flags given); a new schedule starts from now'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "rm" -d 'Remove a task (its run history stays)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "pause" -d 'Stop a task from firing until `resume`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Let a paused task fire again; slots missed while paused are not run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run a task now, out of schedule, and wait for it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "history" -d 'Past runs, newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "next" -d 'Print the next fire times of a cron expression (checks it)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "tick" -d 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "daemon" -d 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "install" -d 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "uninstall" -d 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "import" -d 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand cron; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
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
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "index" -d 'Turn queued conversation turns into notes (one model call per turn)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "recall" -d 'Print the notes relevant to QUERY, as the agent would receive them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "dream" -d 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "rollback" -d 'Restore the notes as they were before the last dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "list" -d 'List notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "show" -d 'Print one note (by id, file name or name)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "pending" -d 'List captured turns waiting for `memory index`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "deprecate" -d 'Mark a note deprecated: kept on disk, left out of recall and dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "restore" -d 'Undo `deprecate`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "trace" -d 'Show what index, recall and dream did recently'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "export" -d 'Write the project\'s notes (and the global user notes) as one JSON bundle'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "import" -d 'Import a bundle from `export`, or a folder of markdown notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "stats" -d 'Counts of notes, vectors and queued turns'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "sync" -d 'Share notes through a git repository: fetch, merge note by note, push'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "reindex" -d 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and not __fish_seen_subcommand_from index recall dream rollback list show pending deprecate restore trace export import stats sync reindex help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l all -d 'Index every project with queued turns'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l if-due -d 'Do nothing unless queued work passed the schedule (memory.schedule.autoIndexIntervalMinutes)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l retry-failed -d 'First queue again the turns whose capture failed (the model\'s reply stayed invalid)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from index" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l limit -d 'How many notes at most' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l as-of -d 'Read relative time in the query ("last week", "上周") against this day (YYYY-MM-DD), not today' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l all -d 'Search every project\'s notes (the General workspace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l offline -d 'Stage 1 only: no model step, even with memory.reasoningMode accuracy_first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from recall" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l dry-run -d 'Show the plan without changing any note'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l if-due -d 'Do nothing unless notes changed and memory.schedule.autoDreamIntervalMinutes passed'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from dream" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from rollback" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l type -d 'Only notes of this type' -r -f -a "user\t''
project\t''
feedback\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l all -d 'List every project\'s notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l all -d 'Every project\'s queued turns'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from pending" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from deprecate" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from restore" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -l last -d 'How many traces, newest first' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from trace" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l out -d 'Write the bundle to FILE instead of stdout' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from stats" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l remote -d 'The notes repository (file://, SSH or HTTPS; remembered for later syncs; default: memory.sync.remote, else the remembered one)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l all -d 'Sync every project\'s notes (here and on the remote)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l dry-run -d 'Fetch and show what would change; change no note and push nothing'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from sync" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l project -d 'The project (default: -C DIR, else the current directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l embeddings -d 'Also compute the vectors of notes without one (memory.embedding) and drop unused ones'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from reindex" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "index" -d 'Turn queued conversation turns into notes (one model call per turn)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "recall" -d 'Print the notes relevant to QUERY, as the agent would receive them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "dream" -d 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "rollback" -d 'Restore the notes as they were before the last dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "list" -d 'List notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print one note (by id, file name or name)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "pending" -d 'List captured turns waiting for `memory index`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "deprecate" -d 'Mark a note deprecated: kept on disk, left out of recall and dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "restore" -d 'Undo `deprecate`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "trace" -d 'Show what index, recall and dream did recently'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write the project\'s notes (and the global user notes) as one JSON bundle'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "import" -d 'Import a bundle from `export`, or a folder of markdown notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Counts of notes, vectors and queued turns'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "sync" -d 'Share notes through a git repository: fetch, merge note by note, push'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "reindex" -d 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand memory; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "list" -d 'List the configured servers: name, scope, transport, enabled'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "add" -d 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "rm" -d 'Remove a server (from the project\'s mcp.json if it is there, else the global one)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "get" -d 'Show one server\'s configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "enable" -d 'Enable a disabled server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "disable" -d 'Disable a server without removing it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "tools" -d 'Start servers and list their tools with schemas'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "call" -d 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "login" -d 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "logout" -d 'Forget the OAuth sign-in of a server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "resources" -d 'List one server\'s resources: URI, name, MIME type, description'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "read" -d 'Read one resource of one server and print its text (binary parts are described, not shown)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and not __fish_seen_subcommand_from list add rm get enable disable tools call login logout resources read serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
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
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -l no-browser -d 'Do not open a browser: print the URL and read the redirect URL (or the code) from stdin'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from login" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from logout" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from resources" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from read" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l permission-mode -d 'The widest mode a caller\'s `permission_mode` may ask for, and the default: read-only, workspace-write, full or plan [default: tools.permissions.mode, else workspace-write]' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l root -d 'A directory callers\' `cwd`/`project` may be in, with its subdirectories (repeatable) [default: the project `mcp serve` is started in; never /, the home directory or PilotHome]' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l http -d 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio [default ADDR: 127.0.0.1:8765]. Requests need `Authorization: Bearer TOKEN`; the token file is printed at start' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l token-file -d 'Read the bearer token from this file (default: <home>/serve-token, generated on first use)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l allow-origin -d 'A browser origin allowed besides loopback ones, `scheme://host:port` (repeatable)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l allow-host -d 'A `Host` header value accepted besides loopback names, `host` or `host:port` (repeatable; for a remote bind reached by name)' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l allow-remote -d 'Allow a non-loopback ADDR (other machines can connect; the token is still required)'
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
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "login" -d 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "logout" -d 'Forget the OAuth sign-in of a server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "resources" -d 'List one server\'s resources: URI, name, MIME type, description'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "read" -d 'Read one resource of one server and print its text (binary parts are described, not shown)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -f -a "list" -d 'List the skills: name, scope, description, path (project skills win over global ones)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -f -a "show" -d 'Print a skill\'s instructions, as `read_skill` gives them to the model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and not __fish_seen_subcommand_from list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the skills: name, scope, description, path (project skills win over global ones)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print a skill\'s instructions, as `read_skill` gives them to the model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand skills; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -f -a "list" -d 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and not __fish_seen_subcommand_from list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand plugins; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l deep -d 'Check the consistency of PilotHome\'s state instead of the installation: transcripts parse, the session index matches them, memory catalogs match their notes, no claim is held by a dead process, state.db passes integrity_check, no stale lock or stage is left, no always-on workspace, worktree or branch is orphaned'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l repair -d 'With --deep: fix what can be fixed without losing anything'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -f -a "run" -d 'Run a command in the sandbox the agent\'s commands get (as in an unattended `run`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and not __fish_seen_subcommand_from run help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l permission-mode -d 'The mode whose sandbox to use: read-only, workspace-write (default) or full' -r
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l add-dir -d 'Another directory the command may write to (repeatable)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l allow-network -d 'Let the command open network connections'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "run" -d 'Run a command in the sandbox the agent\'s commands get (as in an unattended `run`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand sandbox; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -a "list" -d 'The trusted projects'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and not __fish_seen_subcommand_from list help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from help" -f -a "list" -d 'The trusted projects'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand trust; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -l home -d 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -l config -d 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -s C -l cwd -d 'Run as if started in DIR (the project directory)' -r -F
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -l color -d 'When to use colour on stderr and in tables' -r -f -a "auto\t''
always\t''
never\t''"
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -s v -l verbose -d 'More log output on stderr (-v info, -vv debug, -vvv trace)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -s q -l quiet -d 'Only errors on stderr'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -l json -d 'Print results as JSON on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -s h -l help -d 'Print help'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand untrust" -s V -l version -d 'Print version'
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
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "run" -d 'Run one agent task in this project and print the answer (scripts, CI, cron)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "chat" -d 'Talk with the agent in this project, interactively (one turn per line when piped)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "session" -d 'The saved conversations: list, show, search, resume, fork, export, compact'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "router" -d 'Which model a prompt goes to, and what routing has cost'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "always-on" -d 'Autonomous background work: tick, watch, review plans, apply or discard their results'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "usage" -d 'What model calls cost, by day, project, model and entry point'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "cron" -d 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "config" -d 'Create, show, check and locate the configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "completions" -d 'Print a shell completion script'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "man" -d 'Write man pages (pilotdeck.1 and one per subcommand)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "memory" -d 'Long-term memory: index turns into notes, recall, dream, and manage notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "mcp" -d 'Manage MCP servers (their tools join the agent\'s) and serve pilotdeck over MCP'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "skills" -d 'Skills the agent can load: list them, show one'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "plugins" -d 'Plugins (bundles of skills, hooks and MCP servers): list them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "doctor" -d 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "sandbox" -d 'The OS sandbox of the agent\'s commands: run any command in it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "trust" -d 'Let this project\'s own hooks, MCP servers, plugins and provider settings take effect; `trust list`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "untrust" -d 'Stop trusting this project\'s own hooks, MCP servers, plugins and provider settings'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "version" -d 'Print the version'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and not __fish_seen_subcommand_from run chat session router always-on usage cron config completions man memory mcp skills plugins doctor sandbox trust untrust version help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "list" -d 'List sessions, most recently updated first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "show" -d 'Show a session\'s conversation (Markdown; --json for the records)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "resume" -d 'Continue a session in `pilotdeck chat`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "fork" -d 'Start a new session with the history of another, up to a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "rewind" -d 'Put the project\'s files and/or the conversation back to before a turn'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "rename" -d 'Set a session\'s title'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "rm" -d 'Delete a session\'s transcript'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "export" -d 'Write a session as Markdown, JSON or JSONL on stdout'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "search" -d 'Full-text search over every transcript (any language, CJK included)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "compact" -d 'Summarise a session\'s older history now, as automatic compaction would'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from session" -f -a "reindex" -d 'Rebuild the session index in state.db from the transcript files'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from router" -f -a "decide" -d 'Print which tier and model a prompt would be routed to'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from router" -f -a "stats" -d 'Total the recorded spend by model and tier, and the saving against the baseline model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from router" -f -a "eval" -d 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from router" -f -a "calibrate" -d 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "tick" -d 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "watch" -d 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "status" -d 'Per project: where the next tick would stop, last run, dormancy, budget left'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "plans" -d 'List the plans of this project (or all), newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "show" -d 'Show a plan, its report and the diffstat of its workspace'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "diff" -d 'Print the diff of a plan\'s workspace against the project as it was'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "apply" -d 'Bring a plan\'s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "discard" -d 'Remove a plan\'s workspace: the git worktree and its branch, or the snapshot'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "enable" -d 'Turn always-on on for a project (edits alwaysOn in the home config file)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "disable" -d 'Turn always-on off for a project'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from always-on" -f -a "install" -d 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "add" -d 'Schedule an agent task: prints its id and next three fire times'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "list" -d 'List tasks of this project (or all) with their next run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "show" -d 'Show one task, its next five fire times and its last run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "edit" -d 'Change a task (only the flags given); a new schedule starts from now'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "rm" -d 'Remove a task (its run history stays)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "pause" -d 'Stop a task from firing until `resume`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "resume" -d 'Let a paused task fire again; slots missed while paused are not run'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "run" -d 'Run a task now, out of schedule, and wait for it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "history" -d 'Past runs, newest first'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "next" -d 'Print the next fire times of a cron expression (checks it)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "tick" -d 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "daemon" -d 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "install" -d 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "uninstall" -d 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from cron" -f -a "import" -d 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "init" -d 'Write a commented pilotdeck.yaml (asks on a terminal; flags for scripts)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "show" -d 'Show the merged configuration with the source of every value (secrets redacted)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "validate" -d 'Check a config file, or the merged configuration; exit 2 on errors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "path" -d 'Print where the configuration files are'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "index" -d 'Turn queued conversation turns into notes (one model call per turn)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "recall" -d 'Print the notes relevant to QUERY, as the agent would receive them'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "dream" -d 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "rollback" -d 'Restore the notes as they were before the last dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "list" -d 'List notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "show" -d 'Print one note (by id, file name or name)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "pending" -d 'List captured turns waiting for `memory index`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "deprecate" -d 'Mark a note deprecated: kept on disk, left out of recall and dream'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "restore" -d 'Undo `deprecate`'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "trace" -d 'Show what index, recall and dream did recently'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "export" -d 'Write the project\'s notes (and the global user notes) as one JSON bundle'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "import" -d 'Import a bundle from `export`, or a folder of markdown notes'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "stats" -d 'Counts of notes, vectors and queued turns'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "sync" -d 'Share notes through a git repository: fetch, merge note by note, push'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from memory" -f -a "reindex" -d 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "list" -d 'List the configured servers: name, scope, transport, enabled'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "add" -d 'Add a server: `add NAME -- COMMAND ARGS...` (stdio) or `add NAME --url URL` (Streamable HTTP)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "rm" -d 'Remove a server (from the project\'s mcp.json if it is there, else the global one)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "get" -d 'Show one server\'s configuration'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "enable" -d 'Enable a disabled server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "disable" -d 'Disable a server without removing it'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "tools" -d 'Start servers and list their tools with schemas'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "call" -d 'Call one tool of one server and print the result (exit 1 when the tool reports an error)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "login" -d 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "logout" -d 'Forget the OAuth sign-in of a server'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "resources" -d 'List one server\'s resources: URI, name, MIME type, description'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "read" -d 'Read one resource of one server and print its text (binary parts are described, not shown)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "serve" -d 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from skills" -f -a "list" -d 'List the skills: name, scope, description, path (project skills win over global ones)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from skills" -f -a "show" -d 'Print a skill\'s instructions, as `read_skill` gives them to the model'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from plugins" -f -a "list" -d 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from sandbox" -f -a "run" -d 'Run a command in the sandbox the agent\'s commands get (as in an unattended `run`)'
complete -c pilotdeck -n "__fish_pilotdeck_using_subcommand help; and __fish_seen_subcommand_from trust" -f -a "list" -d 'The trusted projects'
