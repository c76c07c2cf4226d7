
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
            [CompletionResult]::new('chat', 'chat', [CompletionResultType]::ParameterValue, 'Talk with the agent in this project, interactively (one turn per line when piped)')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'The saved conversations: list, show, search, resume, fork, export, compact')
            [CompletionResult]::new('router', 'router', [CompletionResultType]::ParameterValue, 'Which model a prompt goes to, and what routing has cost')
            [CompletionResult]::new('always-on', 'always-on', [CompletionResultType]::ParameterValue, 'Autonomous background work: tick, watch, review plans, apply or discard their results')
            [CompletionResult]::new('usage', 'usage', [CompletionResultType]::ParameterValue, 'What model calls cost, by day, project, model and entry point')
            [CompletionResult]::new('cron', 'cron', [CompletionResultType]::ParameterValue, 'Scheduled agent tasks: add, list, tick (run due tasks), history, install')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Create, show, check and locate the configuration')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages (pilotdeck.1 and one per subcommand)')
            [CompletionResult]::new('memory', 'memory', [CompletionResultType]::ParameterValue, 'Long-term memory: index turns into notes, recall, dream, and manage notes')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP')
            [CompletionResult]::new('skills', 'skills', [CompletionResultType]::ParameterValue, 'Skills the agent can load: list them, show one')
            [CompletionResult]::new('plugins', 'plugins', [CompletionResultType]::ParameterValue, 'Plugins (bundles of skills, hooks and MCP servers): list them')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'The OS sandbox of the agent''s commands: run any command in it')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Let this project''s own hooks, MCP servers, plugins and provider settings take effect; `trust list`')
            [CompletionResult]::new('untrust', 'untrust', [CompletionResultType]::ParameterValue, 'Stop trusting this project''s own hooks, MCP servers, plugins and provider settings')
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
            [CompletionResult]::new('--max-cost', '--max-cost', [CompletionResultType]::ParameterName, 'Stop before a model call that could take the run''s cost over USD (catalog prices; exit 4)')
            [CompletionResult]::new('--max-tokens', '--max-tokens', [CompletionResultType]::ParameterName, 'Stop before a model call that could take the run over N tokens, input and output (exit 4)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)')
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)')
            [CompletionResult]::new('--add-dir', '--add-dir', [CompletionResultType]::ParameterName, 'Another directory the agent may write to (repeatable)')
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Allow calls matching RULE, e.g. ''bash:cargo *'' or ''write_file:/tmp/*'' (repeatable)')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Deny calls matching RULE (repeatable; deny wins over allow)')
            [CompletionResult]::new('--system', '--system', [CompletionResultType]::ParameterName, 'Replace the built-in system prompt')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Add TEXT to the end of the system prompt')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'Carry out a plan saved by plan mode (.pilotdeck/plans/*.md): its steps pre-fill the to-do list')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Send an image (PNG, JPEG, GIF, WebP) with the prompt; `-` reads it from stdin (repeatable)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Send a file with the prompt: an image, a PDF, or a text file; `-` reads it from stdin (repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--continue', '--continue', [CompletionResultType]::ParameterName, 'Continue the latest session of this project')
            [CompletionResult]::new('--allow-network', '--allow-network', [CompletionResultType]::ParameterName, 'Let sandboxed commands open network connections (closed by default in unattended runs)')
            [CompletionResult]::new('--trust-project', '--trust-project', [CompletionResultType]::ParameterName, 'Trust this project''s own hooks, MCP servers, plugins and provider settings for this run (also PILOTDECK_TRUST_PROJECT=1)')
            [CompletionResult]::new('--ephemeral', '--ephemeral', [CompletionResultType]::ParameterName, 'Do not save a transcript')
            [CompletionResult]::new('--render', '--render', [CompletionResultType]::ParameterName, 'Render the answer''s markdown on a terminal (default: print it raw, for scripts)')
            [CompletionResult]::new('--memory', '--memory', [CompletionResultType]::ParameterName, 'Use long-term memory for this run (recall before, capture after) even if not configured')
            [CompletionResult]::new('--ask-via-stdin', '--ask-via-stdin', [CompletionResultType]::ParameterName, 'Let the agent ask questions: each is a JSON line on stdout, its answer one line of stdin (the prompt must then be an argument)')
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
        'pilotdeck;chat' {
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: the session''s, else agent.model)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: the session''s, else agent.model)')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Continue the session with this id (or unique prefix, or `last`)')
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)')
            [CompletionResult]::new('--add-dir', '--add-dir', [CompletionResultType]::ParameterName, 'Another directory the agent may write to (repeatable)')
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Allow calls matching RULE, e.g. ''bash:cargo *'' (repeatable)')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Deny calls matching RULE (repeatable; deny wins over allow)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--continue', '--continue', [CompletionResultType]::ParameterName, 'Continue the latest session of this project')
            [CompletionResult]::new('--allow-network', '--allow-network', [CompletionResultType]::ParameterName, 'Let sandboxed commands open network connections (closed by default in unattended runs)')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Print answers as raw markdown instead of rendering them on a terminal')
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
        'pilotdeck;session' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List sessions, most recently updated first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a session''s conversation (Markdown; --json for the records)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue a session in `pilotdeck chat`')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Start a new session with the history of another, up to a turn')
            [CompletionResult]::new('rewind', 'rewind', [CompletionResultType]::ParameterValue, 'Put the project''s files and/or the conversation back to before a turn')
            [CompletionResult]::new('rename', 'rename', [CompletionResultType]::ParameterValue, 'Set a session''s title')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Delete a session''s transcript')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a session as Markdown, JSON or JSONL on stdout')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Full-text search over every transcript (any language, CJK included)')
            [CompletionResult]::new('compact', 'compact', [CompletionResultType]::ParameterValue, 'Summarise a session''s older history now, as automatic compaction would')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the session index in state.db from the transcript files')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;session;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show at most N sessions')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all-projects', '--all-projects', [CompletionResultType]::ParameterName, 'Sessions of every project, not only this one')
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
        'pilotdeck;session;show' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--markdown', '--markdown', [CompletionResultType]::ParameterName, 'Print Markdown (the default without --json)')
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
        'pilotdeck;session;resume' {
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
        'pilotdeck;session;fork' {
            [CompletionResult]::new('--at', '--at', [CompletionResultType]::ParameterName, 'Keep the history up to and including this turn (default: all of it)')
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
        'pilotdeck;session;rewind' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Go back to how things were before this turn (`session show` numbers them)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--files-only', '--files-only', [CompletionResultType]::ParameterName, 'Restore the files only; the conversation stays as it is')
            [CompletionResult]::new('--conversation-only', '--conversation-only', [CompletionResultType]::ParameterName, 'Only start a new session with the conversation before TURN; the files stay as they are')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show what would be restored and change nothing')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Also overwrite files changed after the agent''s edit (otherwise reported and left alone)')
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
        'pilotdeck;session;rename' {
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
        'pilotdeck;session;rm' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (needed when stdin is not a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (needed when stdin is not a terminal)')
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
        'pilotdeck;session;export' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
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
        'pilotdeck;session;search' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show at most N hits')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all-projects', '--all-projects', [CompletionResultType]::ParameterName, 'Search every project, not only this one')
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
        'pilotdeck;session;compact' {
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
        'pilotdeck;session;reindex' {
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
        'pilotdeck;session;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List sessions, most recently updated first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a session''s conversation (Markdown; --json for the records)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue a session in `pilotdeck chat`')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Start a new session with the history of another, up to a turn')
            [CompletionResult]::new('rewind', 'rewind', [CompletionResultType]::ParameterValue, 'Put the project''s files and/or the conversation back to before a turn')
            [CompletionResult]::new('rename', 'rename', [CompletionResultType]::ParameterValue, 'Set a session''s title')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Delete a session''s transcript')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a session as Markdown, JSON or JSONL on stdout')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Full-text search over every transcript (any language, CJK included)')
            [CompletionResult]::new('compact', 'compact', [CompletionResultType]::ParameterValue, 'Summarise a session''s older history now, as automatic compaction would')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the session index in state.db from the transcript files')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;session;help;list' {
            break
        }
        'pilotdeck;session;help;show' {
            break
        }
        'pilotdeck;session;help;resume' {
            break
        }
        'pilotdeck;session;help;fork' {
            break
        }
        'pilotdeck;session;help;rewind' {
            break
        }
        'pilotdeck;session;help;rename' {
            break
        }
        'pilotdeck;session;help;rm' {
            break
        }
        'pilotdeck;session;help;export' {
            break
        }
        'pilotdeck;session;help;search' {
            break
        }
        'pilotdeck;session;help;compact' {
            break
        }
        'pilotdeck;session;help;reindex' {
            break
        }
        'pilotdeck;session;help;help' {
            break
        }
        'pilotdeck;router' {
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
            [CompletionResult]::new('decide', 'decide', [CompletionResultType]::ParameterValue, 'Print which tier and model a prompt would be routed to')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Total the recorded spend by model and tier, and the saving against the baseline model')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines')
            [CompletionResult]::new('calibrate', 'calibrate', [CompletionResultType]::ParameterValue, 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;router;decide' {
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Decide as a request of this session (sticky tier, short continuations)')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Decide as if -m provider/model were given')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Decide as if -m provider/model were given')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Never call the judge model; use the offline classifier (router.tokenSaver.scorer)')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Also print the classifier signals, the judge call and the fallback chain')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;router;stats' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only calls in this recent period: 90s, 10m, 2h, 7d')
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
        'pilotdeck;router;eval' {
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
            break
        }
        'pilotdeck;router;calibrate' {
            [CompletionResult]::new('--strong-share', '--strong-share', [CompletionResultType]::ParameterName, 'Share of past prompts (0..1) that should go to the strong tiers (reasoning, complex)')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only prompts from this recent period: 7d, 30d, …')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print the thresholds without writing them to the config file')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'More log output on stderr (-v info, -vv debug, -vvv trace)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only errors on stderr')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print results as JSON on stdout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'pilotdeck;router;help' {
            [CompletionResult]::new('decide', 'decide', [CompletionResultType]::ParameterValue, 'Print which tier and model a prompt would be routed to')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Total the recorded spend by model and tier, and the saving against the baseline model')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines')
            [CompletionResult]::new('calibrate', 'calibrate', [CompletionResultType]::ParameterValue, 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;router;help;decide' {
            break
        }
        'pilotdeck;router;help;stats' {
            break
        }
        'pilotdeck;router;help;eval' {
            break
        }
        'pilotdeck;router;help;calibrate' {
            break
        }
        'pilotdeck;router;help;help' {
            break
        }
        'pilotdeck;always-on' {
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
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'One round: check the gates, then discover, execute and report (a closed gate exits 0)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Per project: where the next tick would stop, last run, dormancy, budget left')
            [CompletionResult]::new('plans', 'plans', [CompletionResultType]::ParameterValue, 'List the plans of this project (or all), newest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a plan, its report and the diffstat of its workspace')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print the diff of a plan''s workspace against the project as it was')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Turn always-on on for a project (edits alwaysOn in the home config file)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn always-on off for a project')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;always-on;tick' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every project in alwaysOn.projects instead of this one')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Skip the time gates (dormancy, recent user message, cooldown, daily budget); never the lock')
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
        'pilotdeck;always-on;watch' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every project (in alwaysOn.projects, or with plans) instead of this one')
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
        'pilotdeck;always-on;status' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every project (in alwaysOn.projects, or with plans) instead of this one')
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
        'pilotdeck;always-on;plans' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every project (in alwaysOn.projects, or with plans) instead of this one')
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
        'pilotdeck;always-on;show' {
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
        'pilotdeck;always-on;diff' {
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
        'pilotdeck;always-on;apply' {
            [CompletionResult]::new('--patch', '--patch', [CompletionResultType]::ParameterName, 'Write the change as a unified diff to FILE instead (the project is not touched)')
            [CompletionResult]::new('--push-branch', '--push-branch', [CompletionResultType]::ParameterName, 'Commit the change in the workspace and push it to the project''s origin as BRANCH instead (the project is not touched; always-on itself never pushes)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Only say what would be applied, or what conflicts')
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
        'pilotdeck;always-on;discard' {
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
        'pilotdeck;always-on;enable' {
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
        'pilotdeck;always-on;disable' {
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
        'pilotdeck;always-on;install' {
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace of the generated objects (default: kubectl''s current one)')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write one file per object and a kustomization.yaml into DIR instead of printing them')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The Secret holding the API keys (one key per variable, named like it)')
            [CompletionResult]::new('--api-key-env', '--api-key-env', [CompletionResultType]::ParameterName, 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)')
            [CompletionResult]::new('--storage', '--storage', [CompletionResultType]::ParameterName, 'Size of the PersistentVolumeClaim holding PilotHome and the clones')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--kubernetes', '--kubernetes', [CompletionResultType]::ParameterName, 'Kubernetes CronJobs, one per repository, with their PersistentVolumeClaim (the only kind)')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster')
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
        'pilotdeck;always-on;help' {
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'One round: check the gates, then discover, execute and report (a closed gate exits 0)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Per project: where the next tick would stop, last run, dormancy, budget left')
            [CompletionResult]::new('plans', 'plans', [CompletionResultType]::ParameterValue, 'List the plans of this project (or all), newest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a plan, its report and the diffstat of its workspace')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print the diff of a plan''s workspace against the project as it was')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Turn always-on on for a project (edits alwaysOn in the home config file)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn always-on off for a project')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;always-on;help;tick' {
            break
        }
        'pilotdeck;always-on;help;watch' {
            break
        }
        'pilotdeck;always-on;help;status' {
            break
        }
        'pilotdeck;always-on;help;plans' {
            break
        }
        'pilotdeck;always-on;help;show' {
            break
        }
        'pilotdeck;always-on;help;diff' {
            break
        }
        'pilotdeck;always-on;help;apply' {
            break
        }
        'pilotdeck;always-on;help;discard' {
            break
        }
        'pilotdeck;always-on;help;enable' {
            break
        }
        'pilotdeck;always-on;help;disable' {
            break
        }
        'pilotdeck;always-on;help;install' {
            break
        }
        'pilotdeck;always-on;help;help' {
            break
        }
        'pilotdeck;usage' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only calls in this recent period: 90s, 10m, 2h, 7d')
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
        'pilotdeck;cron' {
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
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Schedule an agent task: prints its id and next three fire times')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks of this project (or all) with their next run')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one task, its next five fire times and its last run')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a task (only the flags given); a new schedule starts from now')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a task (its run history stays)')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop a task from firing until `resume`')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Let a paused task fire again; slots missed while paused are not run')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a task now, out of schedule, and wait for it')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past runs, newest first')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the next fire times of a cron expression (checks it)')
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'Run every due task once, then exit (for system cron / a systemd timer every minute)')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;cron;add' {
            [CompletionResult]::new('--cron', '--cron', [CompletionResultType]::ParameterName, 'Fire on a 5-field cron expression or macro: ''30 9 * * MON-FRI'', ''@daily''')
            [CompletionResult]::new('--at', '--at', [CompletionResultType]::ParameterName, 'Fire once at TIME (ISO 8601; without an offset it is in the task''s time zone)')
            [CompletionResult]::new('--in', '--in', [CompletionResultType]::ParameterName, 'Fire once after DURATION: 30m, 2h, 1d')
            [CompletionResult]::new('--every', '--every', [CompletionResultType]::ParameterName, 'Fire every DURATION, starting now: 15m, 6h, 1d')
            [CompletionResult]::new('--tz', '--tz', [CompletionResultType]::ParameterName, 'IANA time zone of the schedule (default: cron.timezone, else the system zone)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'A name for the task')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop a run after DURATION (default: cron.runTimeoutMinutes)')
            [CompletionResult]::new('--max-cost', '--max-cost', [CompletionResultType]::ParameterName, 'Stop a run before a model call that could take its cost over USD (catalog prices)')
            [CompletionResult]::new('--catch-up', '--catch-up', [CompletionResultType]::ParameterName, 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all')
            [CompletionResult]::new('--deliver', '--deliver', [CompletionResultType]::ParameterName, 'Also send each run''s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)')
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
        'pilotdeck;cron;list' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all-projects', '--all-projects', [CompletionResultType]::ParameterName, 'Tasks of every project, not just this one')
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
        'pilotdeck;cron;show' {
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
        'pilotdeck;cron;edit' {
            [CompletionResult]::new('--cron', '--cron', [CompletionResultType]::ParameterName, 'Fire on a 5-field cron expression or macro: ''30 9 * * MON-FRI'', ''@daily''')
            [CompletionResult]::new('--at', '--at', [CompletionResultType]::ParameterName, 'Fire once at TIME (ISO 8601; without an offset it is in the task''s time zone)')
            [CompletionResult]::new('--in', '--in', [CompletionResultType]::ParameterName, 'Fire once after DURATION: 30m, 2h, 1d')
            [CompletionResult]::new('--every', '--every', [CompletionResultType]::ParameterName, 'Fire every DURATION, starting now: 15m, 6h, 1d')
            [CompletionResult]::new('--tz', '--tz', [CompletionResultType]::ParameterName, 'IANA time zone of the schedule (default: cron.timezone, else the system zone)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'A name for the task')
            [CompletionResult]::new('-m', '-m', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'Model to use, provider/model (default: agent.model)')
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop a run after DURATION (default: cron.runTimeoutMinutes)')
            [CompletionResult]::new('--max-cost', '--max-cost', [CompletionResultType]::ParameterName, 'Stop a run before a model call that could take its cost over USD (catalog prices)')
            [CompletionResult]::new('--catch-up', '--catch-up', [CompletionResultType]::ParameterName, 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all')
            [CompletionResult]::new('--deliver', '--deliver', [CompletionResultType]::ParameterName, 'Also send each run''s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)')
            [CompletionResult]::new('--message', '--message', [CompletionResultType]::ParameterName, 'A new message')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--no-deliver', '--no-deliver', [CompletionResultType]::ParameterName, 'Stop delivering results')
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
        'pilotdeck;cron;rm' {
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
        'pilotdeck;cron;pause' {
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
        'pilotdeck;cron;resume' {
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
        'pilotdeck;cron;run' {
            [CompletionResult]::new('--task-file', '--task-file', [CompletionResultType]::ParameterName, 'Run the task written in FILE (as `install --kubernetes` puts it in the pod), stored in this PilotHome under its id in the current project; the run is recorded as scheduled')
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
        'pilotdeck;cron;history' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most N runs')
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
        'pilotdeck;cron;next' {
            [CompletionResult]::new('--tz', '--tz', [CompletionResultType]::ParameterName, 'IANA time zone (default: cron.timezone, else the system zone)')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many fire times')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Start after TIME instead of now (ISO 8601)')
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
        'pilotdeck;cron;tick' {
            [CompletionResult]::new('--now', '--now', [CompletionResultType]::ParameterName, 'Evaluate schedules as if it were TIME (ISO 8601), to replay or debug a tick; runs still happen now')
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
        'pilotdeck;cron;daemon' {
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
        'pilotdeck;cron;install' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace of the generated objects (default: kubectl''s current one)')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write one file per object and a kustomization.yaml into DIR instead of printing them')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The Secret holding the API keys (one key per variable, named like it)')
            [CompletionResult]::new('--api-key-env', '--api-key-env', [CompletionResultType]::ParameterName, 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)')
            [CompletionResult]::new('--storage', '--storage', [CompletionResultType]::ParameterName, 'Size of the PersistentVolumeClaim holding PilotHome and the clones')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--systemd', '--systemd', [CompletionResultType]::ParameterName, 'A systemd user service + timer (the default on Linux)')
            [CompletionResult]::new('--launchd', '--launchd', [CompletionResultType]::ParameterName, 'A launchd agent plist (the default on macOS)')
            [CompletionResult]::new('--crontab', '--crontab', [CompletionResultType]::ParameterName, 'A crontab line (always printed, never installed)')
            [CompletionResult]::new('--kubernetes', '--kubernetes', [CompletionResultType]::ParameterName, 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)')
            [CompletionResult]::new('--print', '--print', [CompletionResultType]::ParameterName, 'Print the files instead of writing them')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster')
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
        'pilotdeck;cron;uninstall' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)')
            [CompletionResult]::new('--namespace', '--namespace', [CompletionResultType]::ParameterName, 'Namespace of the generated objects (default: kubectl''s current one)')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write one file per object and a kustomization.yaml into DIR instead of printing them')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The Secret holding the API keys (one key per variable, named like it)')
            [CompletionResult]::new('--api-key-env', '--api-key-env', [CompletionResultType]::ParameterName, 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)')
            [CompletionResult]::new('--storage', '--storage', [CompletionResultType]::ParameterName, 'Size of the PersistentVolumeClaim holding PilotHome and the clones')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--systemd', '--systemd', [CompletionResultType]::ParameterName, 'A systemd user service + timer (the default on Linux)')
            [CompletionResult]::new('--launchd', '--launchd', [CompletionResultType]::ParameterName, 'A launchd agent plist (the default on macOS)')
            [CompletionResult]::new('--crontab', '--crontab', [CompletionResultType]::ParameterName, 'A crontab line (always printed, never installed)')
            [CompletionResult]::new('--kubernetes', '--kubernetes', [CompletionResultType]::ParameterName, 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)')
            [CompletionResult]::new('--print', '--print', [CompletionResultType]::ParameterName, 'Print the files instead of writing them')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster')
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
        'pilotdeck;cron;import' {
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
        'pilotdeck;cron;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Schedule an agent task: prints its id and next three fire times')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks of this project (or all) with their next run')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one task, its next five fire times and its last run')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a task (only the flags given); a new schedule starts from now')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a task (its run history stays)')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop a task from firing until `resume`')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Let a paused task fire again; slots missed while paused are not run')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a task now, out of schedule, and wait for it')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past runs, newest first')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the next fire times of a cron expression (checks it)')
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'Run every due task once, then exit (for system cron / a systemd timer every minute)')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;cron;help;add' {
            break
        }
        'pilotdeck;cron;help;list' {
            break
        }
        'pilotdeck;cron;help;show' {
            break
        }
        'pilotdeck;cron;help;edit' {
            break
        }
        'pilotdeck;cron;help;rm' {
            break
        }
        'pilotdeck;cron;help;pause' {
            break
        }
        'pilotdeck;cron;help;resume' {
            break
        }
        'pilotdeck;cron;help;run' {
            break
        }
        'pilotdeck;cron;help;history' {
            break
        }
        'pilotdeck;cron;help;next' {
            break
        }
        'pilotdeck;cron;help;tick' {
            break
        }
        'pilotdeck;cron;help;daemon' {
            break
        }
        'pilotdeck;cron;help;install' {
            break
        }
        'pilotdeck;cron;help;uninstall' {
            break
        }
        'pilotdeck;cron;help;import' {
            break
        }
        'pilotdeck;cron;help;help' {
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
        'pilotdeck;memory' {
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
            [CompletionResult]::new('index', 'index', [CompletionResultType]::ParameterValue, 'Turn queued conversation turns into notes (one model call per turn)')
            [CompletionResult]::new('recall', 'recall', [CompletionResultType]::ParameterValue, 'Print the notes relevant to QUERY, as the agent would receive them')
            [CompletionResult]::new('dream', 'dream', [CompletionResultType]::ParameterValue, 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Restore the notes as they were before the last dream')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List notes')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print one note (by id, file name or name)')
            [CompletionResult]::new('pending', 'pending', [CompletionResultType]::ParameterValue, 'List captured turns waiting for `memory index`')
            [CompletionResult]::new('deprecate', 'deprecate', [CompletionResultType]::ParameterValue, 'Mark a note deprecated: kept on disk, left out of recall and dream')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Undo `deprecate`')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what index, recall and dream did recently')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the project''s notes (and the global user notes) as one JSON bundle')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import a bundle from `export`, or a folder of markdown notes')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Counts of notes, vectors and queued turns')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Share notes through a git repository: fetch, merge note by note, push')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the note index from the files; with --embeddings, compute missing note vectors')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;memory;index' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Index every project with queued turns')
            [CompletionResult]::new('--if-due', '--if-due', [CompletionResultType]::ParameterName, 'Do nothing unless queued work passed the schedule (memory.schedule.autoIndexIntervalMinutes)')
            [CompletionResult]::new('--retry-failed', '--retry-failed', [CompletionResultType]::ParameterName, 'First queue again the turns whose capture failed (the model''s reply stayed invalid)')
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
        'pilotdeck;memory;recall' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many notes at most')
            [CompletionResult]::new('--as-of', '--as-of', [CompletionResultType]::ParameterName, 'Read relative time in the query ("last week", "上周") against this day (YYYY-MM-DD), not today')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Search every project''s notes (the General workspace)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'Stage 1 only: no model step, even with memory.reasoningMode accuracy_first')
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
        'pilotdeck;memory;dream' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the plan without changing any note')
            [CompletionResult]::new('--if-due', '--if-due', [CompletionResultType]::ParameterName, 'Do nothing unless notes changed and memory.schedule.autoDreamIntervalMinutes passed')
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
        'pilotdeck;memory;rollback' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;list' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only notes of this type')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'List every project''s notes')
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
        'pilotdeck;memory;show' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;pending' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every project''s queued turns')
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
        'pilotdeck;memory;deprecate' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;restore' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;trace' {
            [CompletionResult]::new('--last', '--last', [CompletionResultType]::ParameterName, 'How many traces, newest first')
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
        'pilotdeck;memory;export' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write the bundle to FILE instead of stdout')
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
        'pilotdeck;memory;import' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;stats' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
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
        'pilotdeck;memory;sync' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'The notes repository (file://, SSH or HTTPS; remembered for later syncs; default: memory.sync.remote, else the remembered one)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Sync every project''s notes (here and on the remote)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Fetch and show what would change; change no note and push nothing')
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
        'pilotdeck;memory;reindex' {
            [CompletionResult]::new('--project', '--project', [CompletionResultType]::ParameterName, 'The project (default: -C DIR, else the current directory)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--embeddings', '--embeddings', [CompletionResultType]::ParameterName, 'Also compute the vectors of notes without one (memory.embedding) and drop unused ones')
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
        'pilotdeck;memory;help' {
            [CompletionResult]::new('index', 'index', [CompletionResultType]::ParameterValue, 'Turn queued conversation turns into notes (one model call per turn)')
            [CompletionResult]::new('recall', 'recall', [CompletionResultType]::ParameterValue, 'Print the notes relevant to QUERY, as the agent would receive them')
            [CompletionResult]::new('dream', 'dream', [CompletionResultType]::ParameterValue, 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Restore the notes as they were before the last dream')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List notes')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print one note (by id, file name or name)')
            [CompletionResult]::new('pending', 'pending', [CompletionResultType]::ParameterValue, 'List captured turns waiting for `memory index`')
            [CompletionResult]::new('deprecate', 'deprecate', [CompletionResultType]::ParameterValue, 'Mark a note deprecated: kept on disk, left out of recall and dream')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Undo `deprecate`')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what index, recall and dream did recently')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the project''s notes (and the global user notes) as one JSON bundle')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import a bundle from `export`, or a folder of markdown notes')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Counts of notes, vectors and queued turns')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Share notes through a git repository: fetch, merge note by note, push')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the note index from the files; with --embeddings, compute missing note vectors')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;memory;help;index' {
            break
        }
        'pilotdeck;memory;help;recall' {
            break
        }
        'pilotdeck;memory;help;dream' {
            break
        }
        'pilotdeck;memory;help;rollback' {
            break
        }
        'pilotdeck;memory;help;list' {
            break
        }
        'pilotdeck;memory;help;show' {
            break
        }
        'pilotdeck;memory;help;pending' {
            break
        }
        'pilotdeck;memory;help;deprecate' {
            break
        }
        'pilotdeck;memory;help;restore' {
            break
        }
        'pilotdeck;memory;help;trace' {
            break
        }
        'pilotdeck;memory;help;export' {
            break
        }
        'pilotdeck;memory;help;import' {
            break
        }
        'pilotdeck;memory;help;stats' {
            break
        }
        'pilotdeck;memory;help;sync' {
            break
        }
        'pilotdeck;memory;help;reindex' {
            break
        }
        'pilotdeck;memory;help;help' {
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
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the OAuth sign-in of a server')
            [CompletionResult]::new('resources', 'resources', [CompletionResultType]::ParameterValue, 'List one server''s resources: URI, name, MIME type, description')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Read one resource of one server and print its text (binary parts are described, not shown)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)')
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
        'pilotdeck;mcp;login' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--no-browser', '--no-browser', [CompletionResultType]::ParameterName, 'Do not open a browser: print the URL and read the redirect URL (or the code) from stdin')
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
        'pilotdeck;mcp;logout' {
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
        'pilotdeck;mcp;resources' {
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
        'pilotdeck;mcp;read' {
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
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'The widest mode a caller''s `permission_mode` may ask for, and the default: read-only, workspace-write, full or plan [default: tools.permissions.mode, else workspace-write]')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'A directory callers'' `cwd`/`project` may be in, with its subdirectories (repeatable) [default: the project `mcp serve` is started in; never /, the home directory or PilotHome]')
            [CompletionResult]::new('--http', '--http', [CompletionResultType]::ParameterName, 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio [default ADDR: 127.0.0.1:8765]. Requests need `Authorization: Bearer TOKEN`; the token file is printed at start')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the bearer token from this file (default: <home>/serve-token, generated on first use)')
            [CompletionResult]::new('--allow-origin', '--allow-origin', [CompletionResultType]::ParameterName, 'A browser origin allowed besides loopback ones, `scheme://host:port` (repeatable)')
            [CompletionResult]::new('--allow-host', '--allow-host', [CompletionResultType]::ParameterName, 'A `Host` header value accepted besides loopback names, `host` or `host:port` (repeatable; for a remote bind reached by name)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--allow-remote', '--allow-remote', [CompletionResultType]::ParameterName, 'Allow a non-loopback ADDR (other machines can connect; the token is still required)')
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
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the OAuth sign-in of a server')
            [CompletionResult]::new('resources', 'resources', [CompletionResultType]::ParameterValue, 'List one server''s resources: URI, name, MIME type, description')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Read one resource of one server and print its text (binary parts are described, not shown)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)')
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
        'pilotdeck;mcp;help;login' {
            break
        }
        'pilotdeck;mcp;help;logout' {
            break
        }
        'pilotdeck;mcp;help;resources' {
            break
        }
        'pilotdeck;mcp;help;read' {
            break
        }
        'pilotdeck;mcp;help;serve' {
            break
        }
        'pilotdeck;mcp;help;help' {
            break
        }
        'pilotdeck;skills' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the skills: name, scope, description, path (project skills win over global ones)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a skill''s instructions, as `read_skill` gives them to the model')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;skills;list' {
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
        'pilotdeck;skills;show' {
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
        'pilotdeck;skills;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the skills: name, scope, description, path (project skills win over global ones)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a skill''s instructions, as `read_skill` gives them to the model')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;skills;help;list' {
            break
        }
        'pilotdeck;skills;help;show' {
            break
        }
        'pilotdeck;skills;help;help' {
            break
        }
        'pilotdeck;plugins' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;plugins;list' {
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
        'pilotdeck;plugins;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;plugins;help;list' {
            break
        }
        'pilotdeck;plugins;help;help' {
            break
        }
        'pilotdeck;doctor' {
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--deep', '--deep', [CompletionResultType]::ParameterName, 'Check the consistency of PilotHome''s state instead of the installation: transcripts parse, the session index matches them, memory catalogs match their notes, no claim is held by a dead process, state.db passes integrity_check, no stale lock or stage is left, no always-on workspace, worktree or branch is orphaned')
            [CompletionResult]::new('--repair', '--repair', [CompletionResultType]::ParameterName, 'With --deep: fix what can be fixed without losing anything')
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
        'pilotdeck;sandbox' {
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
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;sandbox;run' {
            [CompletionResult]::new('--permission-mode', '--permission-mode', [CompletionResultType]::ParameterName, 'The mode whose sandbox to use: read-only, workspace-write (default) or full')
            [CompletionResult]::new('--add-dir', '--add-dir', [CompletionResultType]::ParameterName, 'Another directory the command may write to (repeatable)')
            [CompletionResult]::new('--home', '--home', [CompletionResultType]::ParameterName, 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (the project directory)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour on stderr and in tables')
            [CompletionResult]::new('--allow-network', '--allow-network', [CompletionResultType]::ParameterName, 'Let the command open network connections')
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
        'pilotdeck;sandbox;help' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;sandbox;help;run' {
            break
        }
        'pilotdeck;sandbox;help;help' {
            break
        }
        'pilotdeck;trust' {
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
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The trusted projects')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;trust;list' {
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
        'pilotdeck;trust;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The trusted projects')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;trust;help;list' {
            break
        }
        'pilotdeck;trust;help;help' {
            break
        }
        'pilotdeck;untrust' {
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
            [CompletionResult]::new('chat', 'chat', [CompletionResultType]::ParameterValue, 'Talk with the agent in this project, interactively (one turn per line when piped)')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'The saved conversations: list, show, search, resume, fork, export, compact')
            [CompletionResult]::new('router', 'router', [CompletionResultType]::ParameterValue, 'Which model a prompt goes to, and what routing has cost')
            [CompletionResult]::new('always-on', 'always-on', [CompletionResultType]::ParameterValue, 'Autonomous background work: tick, watch, review plans, apply or discard their results')
            [CompletionResult]::new('usage', 'usage', [CompletionResultType]::ParameterValue, 'What model calls cost, by day, project, model and entry point')
            [CompletionResult]::new('cron', 'cron', [CompletionResultType]::ParameterValue, 'Scheduled agent tasks: add, list, tick (run due tasks), history, install')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Create, show, check and locate the configuration')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages (pilotdeck.1 and one per subcommand)')
            [CompletionResult]::new('memory', 'memory', [CompletionResultType]::ParameterValue, 'Long-term memory: index turns into notes, recall, dream, and manage notes')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP')
            [CompletionResult]::new('skills', 'skills', [CompletionResultType]::ParameterValue, 'Skills the agent can load: list them, show one')
            [CompletionResult]::new('plugins', 'plugins', [CompletionResultType]::ParameterValue, 'Plugins (bundles of skills, hooks and MCP servers): list them')
            [CompletionResult]::new('doctor', 'doctor', [CompletionResultType]::ParameterValue, 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk')
            [CompletionResult]::new('sandbox', 'sandbox', [CompletionResultType]::ParameterValue, 'The OS sandbox of the agent''s commands: run any command in it')
            [CompletionResult]::new('trust', 'trust', [CompletionResultType]::ParameterValue, 'Let this project''s own hooks, MCP servers, plugins and provider settings take effect; `trust list`')
            [CompletionResult]::new('untrust', 'untrust', [CompletionResultType]::ParameterValue, 'Stop trusting this project''s own hooks, MCP servers, plugins and provider settings')
            [CompletionResult]::new('version', 'version', [CompletionResultType]::ParameterValue, 'Print the version')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'pilotdeck;help;run' {
            break
        }
        'pilotdeck;help;chat' {
            break
        }
        'pilotdeck;help;session' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List sessions, most recently updated first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a session''s conversation (Markdown; --json for the records)')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Continue a session in `pilotdeck chat`')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Start a new session with the history of another, up to a turn')
            [CompletionResult]::new('rewind', 'rewind', [CompletionResultType]::ParameterValue, 'Put the project''s files and/or the conversation back to before a turn')
            [CompletionResult]::new('rename', 'rename', [CompletionResultType]::ParameterValue, 'Set a session''s title')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Delete a session''s transcript')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a session as Markdown, JSON or JSONL on stdout')
            [CompletionResult]::new('search', 'search', [CompletionResultType]::ParameterValue, 'Full-text search over every transcript (any language, CJK included)')
            [CompletionResult]::new('compact', 'compact', [CompletionResultType]::ParameterValue, 'Summarise a session''s older history now, as automatic compaction would')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the session index in state.db from the transcript files')
            break
        }
        'pilotdeck;help;session;list' {
            break
        }
        'pilotdeck;help;session;show' {
            break
        }
        'pilotdeck;help;session;resume' {
            break
        }
        'pilotdeck;help;session;fork' {
            break
        }
        'pilotdeck;help;session;rewind' {
            break
        }
        'pilotdeck;help;session;rename' {
            break
        }
        'pilotdeck;help;session;rm' {
            break
        }
        'pilotdeck;help;session;export' {
            break
        }
        'pilotdeck;help;session;search' {
            break
        }
        'pilotdeck;help;session;compact' {
            break
        }
        'pilotdeck;help;session;reindex' {
            break
        }
        'pilotdeck;help;router' {
            [CompletionResult]::new('decide', 'decide', [CompletionResultType]::ParameterValue, 'Print which tier and model a prompt would be routed to')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Total the recorded spend by model and tier, and the saving against the baseline model')
            [CompletionResult]::new('eval', 'eval', [CompletionResultType]::ParameterValue, 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines')
            [CompletionResult]::new('calibrate', 'calibrate', [CompletionResultType]::ParameterValue, 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers')
            break
        }
        'pilotdeck;help;router;decide' {
            break
        }
        'pilotdeck;help;router;stats' {
            break
        }
        'pilotdeck;help;router;eval' {
            break
        }
        'pilotdeck;help;router;calibrate' {
            break
        }
        'pilotdeck;help;always-on' {
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'One round: check the gates, then discover, execute and report (a closed gate exits 0)')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Per project: where the next tick would stop, last run, dormancy, budget left')
            [CompletionResult]::new('plans', 'plans', [CompletionResultType]::ParameterValue, 'List the plans of this project (or all), newest first')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a plan, its report and the diffstat of its workspace')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Print the diff of a plan''s workspace against the project as it was')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch')
            [CompletionResult]::new('discard', 'discard', [CompletionResultType]::ParameterValue, 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Turn always-on on for a project (edits alwaysOn in the home config file)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Turn always-on off for a project')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs')
            break
        }
        'pilotdeck;help;always-on;tick' {
            break
        }
        'pilotdeck;help;always-on;watch' {
            break
        }
        'pilotdeck;help;always-on;status' {
            break
        }
        'pilotdeck;help;always-on;plans' {
            break
        }
        'pilotdeck;help;always-on;show' {
            break
        }
        'pilotdeck;help;always-on;diff' {
            break
        }
        'pilotdeck;help;always-on;apply' {
            break
        }
        'pilotdeck;help;always-on;discard' {
            break
        }
        'pilotdeck;help;always-on;enable' {
            break
        }
        'pilotdeck;help;always-on;disable' {
            break
        }
        'pilotdeck;help;always-on;install' {
            break
        }
        'pilotdeck;help;usage' {
            break
        }
        'pilotdeck;help;cron' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Schedule an agent task: prints its id and next three fire times')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List tasks of this project (or all) with their next run')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one task, its next five fire times and its last run')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Change a task (only the flags given); a new schedule starts from now')
            [CompletionResult]::new('rm', 'rm', [CompletionResultType]::ParameterValue, 'Remove a task (its run history stays)')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop a task from firing until `resume`')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Let a paused task fire again; slots missed while paused are not run')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a task now, out of schedule, and wait for it')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'Past runs, newest first')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the next fire times of a cron expression (checks it)')
            [CompletionResult]::new('tick', 'tick', [CompletionResultType]::ParameterValue, 'Run every due task once, then exit (for system cron / a systemd timer every minute)')
            [CompletionResult]::new('daemon', 'daemon', [CompletionResultType]::ParameterValue, 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task')
            [CompletionResult]::new('uninstall', 'uninstall', [CompletionResultType]::ParameterValue, 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)')
            break
        }
        'pilotdeck;help;cron;add' {
            break
        }
        'pilotdeck;help;cron;list' {
            break
        }
        'pilotdeck;help;cron;show' {
            break
        }
        'pilotdeck;help;cron;edit' {
            break
        }
        'pilotdeck;help;cron;rm' {
            break
        }
        'pilotdeck;help;cron;pause' {
            break
        }
        'pilotdeck;help;cron;resume' {
            break
        }
        'pilotdeck;help;cron;run' {
            break
        }
        'pilotdeck;help;cron;history' {
            break
        }
        'pilotdeck;help;cron;next' {
            break
        }
        'pilotdeck;help;cron;tick' {
            break
        }
        'pilotdeck;help;cron;daemon' {
            break
        }
        'pilotdeck;help;cron;install' {
            break
        }
        'pilotdeck;help;cron;uninstall' {
            break
        }
        'pilotdeck;help;cron;import' {
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
        'pilotdeck;help;memory' {
            [CompletionResult]::new('index', 'index', [CompletionResultType]::ParameterValue, 'Turn queued conversation turns into notes (one model call per turn)')
            [CompletionResult]::new('recall', 'recall', [CompletionResultType]::ParameterValue, 'Print the notes relevant to QUERY, as the agent would receive them')
            [CompletionResult]::new('dream', 'dream', [CompletionResultType]::ParameterValue, 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)')
            [CompletionResult]::new('rollback', 'rollback', [CompletionResultType]::ParameterValue, 'Restore the notes as they were before the last dream')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List notes')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print one note (by id, file name or name)')
            [CompletionResult]::new('pending', 'pending', [CompletionResultType]::ParameterValue, 'List captured turns waiting for `memory index`')
            [CompletionResult]::new('deprecate', 'deprecate', [CompletionResultType]::ParameterValue, 'Mark a note deprecated: kept on disk, left out of recall and dream')
            [CompletionResult]::new('restore', 'restore', [CompletionResultType]::ParameterValue, 'Undo `deprecate`')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what index, recall and dream did recently')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the project''s notes (and the global user notes) as one JSON bundle')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Import a bundle from `export`, or a folder of markdown notes')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Counts of notes, vectors and queued turns')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'Share notes through a git repository: fetch, merge note by note, push')
            [CompletionResult]::new('reindex', 'reindex', [CompletionResultType]::ParameterValue, 'Rebuild the note index from the files; with --embeddings, compute missing note vectors')
            break
        }
        'pilotdeck;help;memory;index' {
            break
        }
        'pilotdeck;help;memory;recall' {
            break
        }
        'pilotdeck;help;memory;dream' {
            break
        }
        'pilotdeck;help;memory;rollback' {
            break
        }
        'pilotdeck;help;memory;list' {
            break
        }
        'pilotdeck;help;memory;show' {
            break
        }
        'pilotdeck;help;memory;pending' {
            break
        }
        'pilotdeck;help;memory;deprecate' {
            break
        }
        'pilotdeck;help;memory;restore' {
            break
        }
        'pilotdeck;help;memory;trace' {
            break
        }
        'pilotdeck;help;memory;export' {
            break
        }
        'pilotdeck;help;memory;import' {
            break
        }
        'pilotdeck;help;memory;stats' {
            break
        }
        'pilotdeck;help;memory;sync' {
            break
        }
        'pilotdeck;help;memory;reindex' {
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
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Forget the OAuth sign-in of a server')
            [CompletionResult]::new('resources', 'resources', [CompletionResultType]::ParameterValue, 'List one server''s resources: URI, name, MIME type, description')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Read one resource of one server and print its text (binary parts are described, not shown)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)')
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
        'pilotdeck;help;mcp;login' {
            break
        }
        'pilotdeck;help;mcp;logout' {
            break
        }
        'pilotdeck;help;mcp;resources' {
            break
        }
        'pilotdeck;help;mcp;read' {
            break
        }
        'pilotdeck;help;mcp;serve' {
            break
        }
        'pilotdeck;help;skills' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the skills: name, scope, description, path (project skills win over global ones)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print a skill''s instructions, as `read_skill` gives them to the model')
            break
        }
        'pilotdeck;help;skills;list' {
            break
        }
        'pilotdeck;help;skills;show' {
            break
        }
        'pilotdeck;help;plugins' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add')
            break
        }
        'pilotdeck;help;plugins;list' {
            break
        }
        'pilotdeck;help;doctor' {
            break
        }
        'pilotdeck;help;sandbox' {
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)')
            break
        }
        'pilotdeck;help;sandbox;run' {
            break
        }
        'pilotdeck;help;trust' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The trusted projects')
            break
        }
        'pilotdeck;help;trust;list' {
            break
        }
        'pilotdeck;help;untrust' {
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
