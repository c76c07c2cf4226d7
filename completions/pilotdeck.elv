
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
            cand chat 'Talk with the agent in this project, interactively (one turn per line when piped)'
            cand session 'The saved conversations: list, show, search, resume, fork, export, compact'
            cand router 'Which model a prompt goes to, and what routing has cost'
            cand always-on 'Autonomous background work: tick, watch, review plans, apply or discard their results'
            cand usage 'What model calls cost, by day, project, model and entry point'
            cand cron 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
            cand memory 'Long-term memory: index turns into notes, recall, dream, and manage notes'
            cand mcp 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP'
            cand skills 'Skills the agent can load: list them, show one'
            cand plugins 'Plugins (bundles of skills, hooks and MCP servers): list them'
            cand doctor 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk'
            cand sandbox 'The OS sandbox of the agent''s commands: run any command in it'
            cand trust 'Let this project''s own hooks, MCP servers, plugins and provider settings take effect; `trust list`'
            cand untrust 'Stop trusting this project''s own hooks, MCP servers, plugins and provider settings'
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
            cand --max-cost 'Stop before a model call that could take the run''s cost over USD (catalog prices; exit 4)'
            cand --max-tokens 'Stop before a model call that could take the run over N tokens, input and output (exit 4)'
            cand --timeout 'Stop the turn after this long: 90s, 10m, 1h (plain numbers are seconds)'
            cand --permission-mode 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)'
            cand --add-dir 'Another directory the agent may write to (repeatable)'
            cand --allow 'Allow calls matching RULE, e.g. ''bash:cargo *'' or ''write_file:/tmp/*'' (repeatable)'
            cand --deny 'Deny calls matching RULE (repeatable; deny wins over allow)'
            cand --system 'Replace the built-in system prompt'
            cand --append-system-prompt 'Add TEXT to the end of the system prompt'
            cand --plan 'Carry out a plan saved by plan mode (.pilotdeck/plans/*.md): its steps pre-fill the to-do list'
            cand --image 'Send an image (PNG, JPEG, GIF, WebP) with the prompt; `-` reads it from stdin (repeatable)'
            cand --file 'Send a file with the prompt: an image, a PDF, or a text file; `-` reads it from stdin (repeatable)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --continue 'Continue the latest session of this project'
            cand --allow-network 'Let sandboxed commands open network connections (closed by default in unattended runs)'
            cand --trust-project 'Trust this project''s own hooks, MCP servers, plugins and provider settings for this run (also PILOTDECK_TRUST_PROJECT=1)'
            cand --ephemeral 'Do not save a transcript'
            cand --render 'Render the answer''s markdown on a terminal (default: print it raw, for scripts)'
            cand --memory 'Use long-term memory for this run (recall before, capture after) even if not configured'
            cand --ask-via-stdin 'Let the agent ask questions: each is a JSON line on stdout, its answer one line of stdin (the prompt must then be an argument)'
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
        &'pilotdeck;chat'= {
            cand -m 'Model to use, provider/model (default: the session''s, else agent.model)'
            cand --model 'Model to use, provider/model (default: the session''s, else agent.model)'
            cand --session 'Continue the session with this id (or unique prefix, or `last`)'
            cand --permission-mode 'What the agent may do: read-only, workspace-write (default), full, or plan (read and plan; the agent ends with a plan to approve)'
            cand --add-dir 'Another directory the agent may write to (repeatable)'
            cand --allow 'Allow calls matching RULE, e.g. ''bash:cargo *'' (repeatable)'
            cand --deny 'Deny calls matching RULE (repeatable; deny wins over allow)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --continue 'Continue the latest session of this project'
            cand --allow-network 'Let sandboxed commands open network connections (closed by default in unattended runs)'
            cand --raw 'Print answers as raw markdown instead of rendering them on a terminal'
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
        &'pilotdeck;session'= {
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
            cand list 'List sessions, most recently updated first'
            cand show 'Show a session''s conversation (Markdown; --json for the records)'
            cand resume 'Continue a session in `pilotdeck chat`'
            cand fork 'Start a new session with the history of another, up to a turn'
            cand rewind 'Put the project''s files and/or the conversation back to before a turn'
            cand rename 'Set a session''s title'
            cand rm 'Delete a session''s transcript'
            cand export 'Write a session as Markdown, JSON or JSONL on stdout'
            cand search 'Full-text search over every transcript (any language, CJK included)'
            cand compact 'Summarise a session''s older history now, as automatic compaction would'
            cand reindex 'Rebuild the session index in state.db from the transcript files'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;session;list'= {
            cand --limit 'Show at most N sessions'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all-projects 'Sessions of every project, not only this one'
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
        &'pilotdeck;session;show'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --markdown 'Print Markdown (the default without --json)'
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
        &'pilotdeck;session;resume'= {
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
        &'pilotdeck;session;fork'= {
            cand --at 'Keep the history up to and including this turn (default: all of it)'
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
        &'pilotdeck;session;rewind'= {
            cand --to 'Go back to how things were before this turn (`session show` numbers them)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --files-only 'Restore the files only; the conversation stays as it is'
            cand --conversation-only 'Only start a new session with the conversation before TURN; the files stay as they are'
            cand --dry-run 'Show what would be restored and change nothing'
            cand --force 'Also overwrite files changed after the agent''s edit (otherwise reported and left alone)'
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
        &'pilotdeck;session;rename'= {
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
        &'pilotdeck;session;rm'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand -y 'Do not ask for confirmation (needed when stdin is not a terminal)'
            cand --yes 'Do not ask for confirmation (needed when stdin is not a terminal)'
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
        &'pilotdeck;session;export'= {
            cand --format 'Output format'
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
        &'pilotdeck;session;search'= {
            cand --limit 'Show at most N hits'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all-projects 'Search every project, not only this one'
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
        &'pilotdeck;session;compact'= {
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
        &'pilotdeck;session;reindex'= {
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
        &'pilotdeck;session;help'= {
            cand list 'List sessions, most recently updated first'
            cand show 'Show a session''s conversation (Markdown; --json for the records)'
            cand resume 'Continue a session in `pilotdeck chat`'
            cand fork 'Start a new session with the history of another, up to a turn'
            cand rewind 'Put the project''s files and/or the conversation back to before a turn'
            cand rename 'Set a session''s title'
            cand rm 'Delete a session''s transcript'
            cand export 'Write a session as Markdown, JSON or JSONL on stdout'
            cand search 'Full-text search over every transcript (any language, CJK included)'
            cand compact 'Summarise a session''s older history now, as automatic compaction would'
            cand reindex 'Rebuild the session index in state.db from the transcript files'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;session;help;list'= {
        }
        &'pilotdeck;session;help;show'= {
        }
        &'pilotdeck;session;help;resume'= {
        }
        &'pilotdeck;session;help;fork'= {
        }
        &'pilotdeck;session;help;rewind'= {
        }
        &'pilotdeck;session;help;rename'= {
        }
        &'pilotdeck;session;help;rm'= {
        }
        &'pilotdeck;session;help;export'= {
        }
        &'pilotdeck;session;help;search'= {
        }
        &'pilotdeck;session;help;compact'= {
        }
        &'pilotdeck;session;help;reindex'= {
        }
        &'pilotdeck;session;help;help'= {
        }
        &'pilotdeck;router'= {
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
            cand decide 'Print which tier and model a prompt would be routed to'
            cand stats 'Total the recorded spend by model and tier, and the saving against the baseline model'
            cand eval 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
            cand calibrate 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;router;decide'= {
            cand --session 'Decide as a request of this session (sticky tier, short continuations)'
            cand -m 'Decide as if -m provider/model were given'
            cand --model 'Decide as if -m provider/model were given'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --offline 'Never call the judge model; use the offline classifier (router.tokenSaver.scorer)'
            cand --explain 'Also print the classifier signals, the judge call and the fallback chain'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;router;stats'= {
            cand --since 'Only calls in this recent period: 90s, 10m, 2h, 7d'
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
        &'pilotdeck;router;eval'= {
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
        }
        &'pilotdeck;router;calibrate'= {
            cand --strong-share 'Share of past prompts (0..1) that should go to the strong tiers (reasoning, complex)'
            cand --since 'Only prompts from this recent period: 7d, 30d, …'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --dry-run 'Print the thresholds without writing them to the config file'
            cand -v 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand --verbose 'More log output on stderr (-v info, -vv debug, -vvv trace)'
            cand -q 'Only errors on stderr'
            cand --quiet 'Only errors on stderr'
            cand --json 'Print results as JSON on stdout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'pilotdeck;router;help'= {
            cand decide 'Print which tier and model a prompt would be routed to'
            cand stats 'Total the recorded spend by model and tier, and the saving against the baseline model'
            cand eval 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
            cand calibrate 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;router;help;decide'= {
        }
        &'pilotdeck;router;help;stats'= {
        }
        &'pilotdeck;router;help;eval'= {
        }
        &'pilotdeck;router;help;calibrate'= {
        }
        &'pilotdeck;router;help;help'= {
        }
        &'pilotdeck;always-on'= {
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
            cand tick 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
            cand watch 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
            cand status 'Per project: where the next tick would stop, last run, dormancy, budget left'
            cand plans 'List the plans of this project (or all), newest first'
            cand show 'Show a plan, its report and the diffstat of its workspace'
            cand diff 'Print the diff of a plan''s workspace against the project as it was'
            cand apply 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
            cand discard 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot'
            cand enable 'Turn always-on on for a project (edits alwaysOn in the home config file)'
            cand disable 'Turn always-on off for a project'
            cand install 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;always-on;tick'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Every project in alwaysOn.projects instead of this one'
            cand --force 'Skip the time gates (dormancy, recent user message, cooldown, daily budget); never the lock'
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
        &'pilotdeck;always-on;watch'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Every project (in alwaysOn.projects, or with plans) instead of this one'
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
        &'pilotdeck;always-on;status'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Every project (in alwaysOn.projects, or with plans) instead of this one'
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
        &'pilotdeck;always-on;plans'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Every project (in alwaysOn.projects, or with plans) instead of this one'
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
        &'pilotdeck;always-on;show'= {
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
        &'pilotdeck;always-on;diff'= {
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
        &'pilotdeck;always-on;apply'= {
            cand --patch 'Write the change as a unified diff to FILE instead (the project is not touched)'
            cand --push-branch 'Commit the change in the workspace and push it to the project''s origin as BRANCH instead (the project is not touched; always-on itself never pushes)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --dry-run 'Only say what would be applied, or what conflicts'
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
        &'pilotdeck;always-on;discard'= {
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
        &'pilotdeck;always-on;enable'= {
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
        &'pilotdeck;always-on;disable'= {
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
        &'pilotdeck;always-on;install'= {
            cand --namespace 'Namespace of the generated objects (default: kubectl''s current one)'
            cand --image 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)'
            cand --out 'Write one file per object and a kustomization.yaml into DIR instead of printing them'
            cand --secret 'The Secret holding the API keys (one key per variable, named like it)'
            cand --api-key-env 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)'
            cand --storage 'Size of the PersistentVolumeClaim holding PilotHome and the clones'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --kubernetes 'Kubernetes CronJobs, one per repository, with their PersistentVolumeClaim (the only kind)'
            cand --prune 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
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
        &'pilotdeck;always-on;help'= {
            cand tick 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
            cand watch 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
            cand status 'Per project: where the next tick would stop, last run, dormancy, budget left'
            cand plans 'List the plans of this project (or all), newest first'
            cand show 'Show a plan, its report and the diffstat of its workspace'
            cand diff 'Print the diff of a plan''s workspace against the project as it was'
            cand apply 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
            cand discard 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot'
            cand enable 'Turn always-on on for a project (edits alwaysOn in the home config file)'
            cand disable 'Turn always-on off for a project'
            cand install 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;always-on;help;tick'= {
        }
        &'pilotdeck;always-on;help;watch'= {
        }
        &'pilotdeck;always-on;help;status'= {
        }
        &'pilotdeck;always-on;help;plans'= {
        }
        &'pilotdeck;always-on;help;show'= {
        }
        &'pilotdeck;always-on;help;diff'= {
        }
        &'pilotdeck;always-on;help;apply'= {
        }
        &'pilotdeck;always-on;help;discard'= {
        }
        &'pilotdeck;always-on;help;enable'= {
        }
        &'pilotdeck;always-on;help;disable'= {
        }
        &'pilotdeck;always-on;help;install'= {
        }
        &'pilotdeck;always-on;help;help'= {
        }
        &'pilotdeck;usage'= {
            cand --since 'Only calls in this recent period: 90s, 10m, 2h, 7d'
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
        &'pilotdeck;cron'= {
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
            cand add 'Schedule an agent task: prints its id and next three fire times'
            cand list 'List tasks of this project (or all) with their next run'
            cand show 'Show one task, its next five fire times and its last run'
            cand edit 'Change a task (only the flags given); a new schedule starts from now'
            cand rm 'Remove a task (its run history stays)'
            cand pause 'Stop a task from firing until `resume`'
            cand resume 'Let a paused task fire again; slots missed while paused are not run'
            cand run 'Run a task now, out of schedule, and wait for it'
            cand history 'Past runs, newest first'
            cand next 'Print the next fire times of a cron expression (checks it)'
            cand tick 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
            cand daemon 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
            cand uninstall 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
            cand import 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;cron;add'= {
            cand --cron 'Fire on a 5-field cron expression or macro: ''30 9 * * MON-FRI'', ''@daily'''
            cand --at 'Fire once at TIME (ISO 8601; without an offset it is in the task''s time zone)'
            cand --in 'Fire once after DURATION: 30m, 2h, 1d'
            cand --every 'Fire every DURATION, starting now: 15m, 6h, 1d'
            cand --tz 'IANA time zone of the schedule (default: cron.timezone, else the system zone)'
            cand --name 'A name for the task'
            cand -m 'Model to use, provider/model (default: agent.model)'
            cand --model 'Model to use, provider/model (default: agent.model)'
            cand --permission-mode 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)'
            cand --timeout 'Stop a run after DURATION (default: cron.runTimeoutMinutes)'
            cand --max-cost 'Stop a run before a model call that could take its cost over USD (catalog prices)'
            cand --catch-up 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all'
            cand --deliver 'Also send each run''s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)'
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
        &'pilotdeck;cron;list'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all-projects 'Tasks of every project, not just this one'
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
        &'pilotdeck;cron;show'= {
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
        &'pilotdeck;cron;edit'= {
            cand --cron 'Fire on a 5-field cron expression or macro: ''30 9 * * MON-FRI'', ''@daily'''
            cand --at 'Fire once at TIME (ISO 8601; without an offset it is in the task''s time zone)'
            cand --in 'Fire once after DURATION: 30m, 2h, 1d'
            cand --every 'Fire every DURATION, starting now: 15m, 6h, 1d'
            cand --tz 'IANA time zone of the schedule (default: cron.timezone, else the system zone)'
            cand --name 'A name for the task'
            cand -m 'Model to use, provider/model (default: agent.model)'
            cand --model 'Model to use, provider/model (default: agent.model)'
            cand --permission-mode 'What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)'
            cand --timeout 'Stop a run after DURATION (default: cron.runTimeoutMinutes)'
            cand --max-cost 'Stop a run before a model call that could take its cost over USD (catalog prices)'
            cand --catch-up 'Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all'
            cand --deliver 'Also send each run''s JSON record to file:PATH (appended) or exec:COMMAND (on stdin)'
            cand --message 'A new message'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --no-deliver 'Stop delivering results'
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
        &'pilotdeck;cron;rm'= {
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
        &'pilotdeck;cron;pause'= {
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
        &'pilotdeck;cron;resume'= {
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
        &'pilotdeck;cron;run'= {
            cand --task-file 'Run the task written in FILE (as `install --kubernetes` puts it in the pod), stored in this PilotHome under its id in the current project; the run is recorded as scheduled'
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
        &'pilotdeck;cron;history'= {
            cand --limit 'At most N runs'
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
        &'pilotdeck;cron;next'= {
            cand --tz 'IANA time zone (default: cron.timezone, else the system zone)'
            cand -n 'How many fire times'
            cand --after 'Start after TIME instead of now (ISO 8601)'
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
        &'pilotdeck;cron;tick'= {
            cand --now 'Evaluate schedules as if it were TIME (ISO 8601), to replay or debug a tick; runs still happen now'
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
        &'pilotdeck;cron;daemon'= {
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
        &'pilotdeck;cron;install'= {
            cand --dir 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)'
            cand --namespace 'Namespace of the generated objects (default: kubectl''s current one)'
            cand --image 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)'
            cand --out 'Write one file per object and a kustomization.yaml into DIR instead of printing them'
            cand --secret 'The Secret holding the API keys (one key per variable, named like it)'
            cand --api-key-env 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)'
            cand --storage 'Size of the PersistentVolumeClaim holding PilotHome and the clones'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --systemd 'A systemd user service + timer (the default on Linux)'
            cand --launchd 'A launchd agent plist (the default on macOS)'
            cand --crontab 'A crontab line (always printed, never installed)'
            cand --kubernetes 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap'
            cand --user 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
            cand --print 'Print the files instead of writing them'
            cand --prune 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
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
        &'pilotdeck;cron;uninstall'= {
            cand --dir 'Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)'
            cand --namespace 'Namespace of the generated objects (default: kubectl''s current one)'
            cand --image 'Container image with pilotdeck and git (examples/kubernetes/Containerfile builds one)'
            cand --out 'Write one file per object and a kustomization.yaml into DIR instead of printing them'
            cand --secret 'The Secret holding the API keys (one key per variable, named like it)'
            cand --api-key-env 'An environment variable read from the Secret (repeatable; default: the key variables of the providers the configured models use)'
            cand --storage 'Size of the PersistentVolumeClaim holding PilotHome and the clones'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --systemd 'A systemd user service + timer (the default on Linux)'
            cand --launchd 'A launchd agent plist (the default on macOS)'
            cand --crontab 'A crontab line (always printed, never installed)'
            cand --kubernetes 'Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap'
            cand --user 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
            cand --print 'Print the files instead of writing them'
            cand --prune 'Remove CronJobs of tasks or repositories no longer generated: their files in --out, and print the `kubectl delete` command for the cluster'
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
        &'pilotdeck;cron;import'= {
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
        &'pilotdeck;cron;help'= {
            cand add 'Schedule an agent task: prints its id and next three fire times'
            cand list 'List tasks of this project (or all) with their next run'
            cand show 'Show one task, its next five fire times and its last run'
            cand edit 'Change a task (only the flags given); a new schedule starts from now'
            cand rm 'Remove a task (its run history stays)'
            cand pause 'Stop a task from firing until `resume`'
            cand resume 'Let a paused task fire again; slots missed while paused are not run'
            cand run 'Run a task now, out of schedule, and wait for it'
            cand history 'Past runs, newest first'
            cand next 'Print the next fire times of a cron expression (checks it)'
            cand tick 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
            cand daemon 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
            cand uninstall 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
            cand import 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;cron;help;add'= {
        }
        &'pilotdeck;cron;help;list'= {
        }
        &'pilotdeck;cron;help;show'= {
        }
        &'pilotdeck;cron;help;edit'= {
        }
        &'pilotdeck;cron;help;rm'= {
        }
        &'pilotdeck;cron;help;pause'= {
        }
        &'pilotdeck;cron;help;resume'= {
        }
        &'pilotdeck;cron;help;run'= {
        }
        &'pilotdeck;cron;help;history'= {
        }
        &'pilotdeck;cron;help;next'= {
        }
        &'pilotdeck;cron;help;tick'= {
        }
        &'pilotdeck;cron;help;daemon'= {
        }
        &'pilotdeck;cron;help;install'= {
        }
        &'pilotdeck;cron;help;uninstall'= {
        }
        &'pilotdeck;cron;help;import'= {
        }
        &'pilotdeck;cron;help;help'= {
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
        &'pilotdeck;memory'= {
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
            cand index 'Turn queued conversation turns into notes (one model call per turn)'
            cand recall 'Print the notes relevant to QUERY, as the agent would receive them'
            cand dream 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
            cand rollback 'Restore the notes as they were before the last dream'
            cand list 'List notes'
            cand show 'Print one note (by id, file name or name)'
            cand pending 'List captured turns waiting for `memory index`'
            cand deprecate 'Mark a note deprecated: kept on disk, left out of recall and dream'
            cand restore 'Undo `deprecate`'
            cand trace 'Show what index, recall and dream did recently'
            cand export 'Write the project''s notes (and the global user notes) as one JSON bundle'
            cand import 'Import a bundle from `export`, or a folder of markdown notes'
            cand stats 'Counts of notes, vectors and queued turns'
            cand sync 'Share notes through a git repository: fetch, merge note by note, push'
            cand reindex 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;memory;index'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Index every project with queued turns'
            cand --if-due 'Do nothing unless queued work passed the schedule (memory.schedule.autoIndexIntervalMinutes)'
            cand --retry-failed 'First queue again the turns whose capture failed (the model''s reply stayed invalid)'
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
        &'pilotdeck;memory;recall'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --limit 'How many notes at most'
            cand --as-of 'Read relative time in the query ("last week", "上周") against this day (YYYY-MM-DD), not today'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Search every project''s notes (the General workspace)'
            cand --offline 'Stage 1 only: no model step, even with memory.reasoningMode accuracy_first'
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
        &'pilotdeck;memory;dream'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --dry-run 'Show the plan without changing any note'
            cand --if-due 'Do nothing unless notes changed and memory.schedule.autoDreamIntervalMinutes passed'
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
        &'pilotdeck;memory;rollback'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;list'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --type 'Only notes of this type'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'List every project''s notes'
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
        &'pilotdeck;memory;show'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;pending'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Every project''s queued turns'
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
        &'pilotdeck;memory;deprecate'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;restore'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;trace'= {
            cand --last 'How many traces, newest first'
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
        &'pilotdeck;memory;export'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --out 'Write the bundle to FILE instead of stdout'
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
        &'pilotdeck;memory;import'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;stats'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
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
        &'pilotdeck;memory;sync'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --remote 'The notes repository (file://, SSH or HTTPS; remembered for later syncs; default: memory.sync.remote, else the remembered one)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --all 'Sync every project''s notes (here and on the remote)'
            cand --dry-run 'Fetch and show what would change; change no note and push nothing'
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
        &'pilotdeck;memory;reindex'= {
            cand --project 'The project (default: -C DIR, else the current directory)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --embeddings 'Also compute the vectors of notes without one (memory.embedding) and drop unused ones'
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
        &'pilotdeck;memory;help'= {
            cand index 'Turn queued conversation turns into notes (one model call per turn)'
            cand recall 'Print the notes relevant to QUERY, as the agent would receive them'
            cand dream 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
            cand rollback 'Restore the notes as they were before the last dream'
            cand list 'List notes'
            cand show 'Print one note (by id, file name or name)'
            cand pending 'List captured turns waiting for `memory index`'
            cand deprecate 'Mark a note deprecated: kept on disk, left out of recall and dream'
            cand restore 'Undo `deprecate`'
            cand trace 'Show what index, recall and dream did recently'
            cand export 'Write the project''s notes (and the global user notes) as one JSON bundle'
            cand import 'Import a bundle from `export`, or a folder of markdown notes'
            cand stats 'Counts of notes, vectors and queued turns'
            cand sync 'Share notes through a git repository: fetch, merge note by note, push'
            cand reindex 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;memory;help;index'= {
        }
        &'pilotdeck;memory;help;recall'= {
        }
        &'pilotdeck;memory;help;dream'= {
        }
        &'pilotdeck;memory;help;rollback'= {
        }
        &'pilotdeck;memory;help;list'= {
        }
        &'pilotdeck;memory;help;show'= {
        }
        &'pilotdeck;memory;help;pending'= {
        }
        &'pilotdeck;memory;help;deprecate'= {
        }
        &'pilotdeck;memory;help;restore'= {
        }
        &'pilotdeck;memory;help;trace'= {
        }
        &'pilotdeck;memory;help;export'= {
        }
        &'pilotdeck;memory;help;import'= {
        }
        &'pilotdeck;memory;help;stats'= {
        }
        &'pilotdeck;memory;help;sync'= {
        }
        &'pilotdeck;memory;help;reindex'= {
        }
        &'pilotdeck;memory;help;help'= {
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
            cand login 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
            cand logout 'Forget the OAuth sign-in of a server'
            cand resources 'List one server''s resources: URI, name, MIME type, description'
            cand read 'Read one resource of one server and print its text (binary parts are described, not shown)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
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
        &'pilotdeck;mcp;login'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --no-browser 'Do not open a browser: print the URL and read the redirect URL (or the code) from stdin'
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
        &'pilotdeck;mcp;logout'= {
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
        &'pilotdeck;mcp;resources'= {
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
        &'pilotdeck;mcp;read'= {
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
            cand --permission-mode 'The widest mode a caller''s `permission_mode` may ask for, and the default: read-only, workspace-write, full or plan [default: tools.permissions.mode, else workspace-write]'
            cand --root 'A directory callers'' `cwd`/`project` may be in, with its subdirectories (repeatable) [default: the project `mcp serve` is started in; never /, the home directory or PilotHome]'
            cand --http 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio [default ADDR: 127.0.0.1:8765]. Requests need `Authorization: Bearer TOKEN`; the token file is printed at start'
            cand --token-file 'Read the bearer token from this file (default: <home>/serve-token, generated on first use)'
            cand --allow-origin 'A browser origin allowed besides loopback ones, `scheme://host:port` (repeatable)'
            cand --allow-host 'A `Host` header value accepted besides loopback names, `host` or `host:port` (repeatable; for a remote bind reached by name)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --allow-remote 'Allow a non-loopback ADDR (other machines can connect; the token is still required)'
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
            cand login 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
            cand logout 'Forget the OAuth sign-in of a server'
            cand resources 'List one server''s resources: URI, name, MIME type, description'
            cand read 'Read one resource of one server and print its text (binary parts are described, not shown)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
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
        &'pilotdeck;mcp;help;login'= {
        }
        &'pilotdeck;mcp;help;logout'= {
        }
        &'pilotdeck;mcp;help;resources'= {
        }
        &'pilotdeck;mcp;help;read'= {
        }
        &'pilotdeck;mcp;help;serve'= {
        }
        &'pilotdeck;mcp;help;help'= {
        }
        &'pilotdeck;skills'= {
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
            cand list 'List the skills: name, scope, description, path (project skills win over global ones)'
            cand show 'Print a skill''s instructions, as `read_skill` gives them to the model'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;skills;list'= {
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
        &'pilotdeck;skills;show'= {
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
        &'pilotdeck;skills;help'= {
            cand list 'List the skills: name, scope, description, path (project skills win over global ones)'
            cand show 'Print a skill''s instructions, as `read_skill` gives them to the model'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;skills;help;list'= {
        }
        &'pilotdeck;skills;help;show'= {
        }
        &'pilotdeck;skills;help;help'= {
        }
        &'pilotdeck;plugins'= {
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
            cand list 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;plugins;list'= {
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
        &'pilotdeck;plugins;help'= {
            cand list 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;plugins;help;list'= {
        }
        &'pilotdeck;plugins;help;help'= {
        }
        &'pilotdeck;doctor'= {
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --deep 'Check the consistency of PilotHome''s state instead of the installation: transcripts parse, the session index matches them, memory catalogs match their notes, no claim is held by a dead process, state.db passes integrity_check, no stale lock or stage is left, no always-on workspace, worktree or branch is orphaned'
            cand --repair 'With --deep: fix what can be fixed without losing anything'
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
        &'pilotdeck;sandbox'= {
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
            cand run 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;sandbox;run'= {
            cand --permission-mode 'The mode whose sandbox to use: read-only, workspace-write (default) or full'
            cand --add-dir 'Another directory the command may write to (repeatable)'
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --allow-network 'Let the command open network connections'
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
        &'pilotdeck;sandbox;help'= {
            cand run 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;sandbox;help;run'= {
        }
        &'pilotdeck;sandbox;help;help'= {
        }
        &'pilotdeck;trust'= {
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
            cand list 'The trusted projects'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;trust;list'= {
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
        &'pilotdeck;trust;help'= {
            cand list 'The trusted projects'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;trust;help;list'= {
        }
        &'pilotdeck;trust;help;help'= {
        }
        &'pilotdeck;untrust'= {
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
            cand chat 'Talk with the agent in this project, interactively (one turn per line when piped)'
            cand session 'The saved conversations: list, show, search, resume, fork, export, compact'
            cand router 'Which model a prompt goes to, and what routing has cost'
            cand always-on 'Autonomous background work: tick, watch, review plans, apply or discard their results'
            cand usage 'What model calls cost, by day, project, model and entry point'
            cand cron 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
            cand memory 'Long-term memory: index turns into notes, recall, dream, and manage notes'
            cand mcp 'Manage MCP servers (their tools join the agent''s) and serve pilotdeck over MCP'
            cand skills 'Skills the agent can load: list them, show one'
            cand plugins 'Plugins (bundles of skills, hooks and MCP servers): list them'
            cand doctor 'Check the installation: config, providers, tools, sandbox, state database, permissions, disk'
            cand sandbox 'The OS sandbox of the agent''s commands: run any command in it'
            cand trust 'Let this project''s own hooks, MCP servers, plugins and provider settings take effect; `trust list`'
            cand untrust 'Stop trusting this project''s own hooks, MCP servers, plugins and provider settings'
            cand version 'Print the version'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;help;run'= {
        }
        &'pilotdeck;help;chat'= {
        }
        &'pilotdeck;help;session'= {
            cand list 'List sessions, most recently updated first'
            cand show 'Show a session''s conversation (Markdown; --json for the records)'
            cand resume 'Continue a session in `pilotdeck chat`'
            cand fork 'Start a new session with the history of another, up to a turn'
            cand rewind 'Put the project''s files and/or the conversation back to before a turn'
            cand rename 'Set a session''s title'
            cand rm 'Delete a session''s transcript'
            cand export 'Write a session as Markdown, JSON or JSONL on stdout'
            cand search 'Full-text search over every transcript (any language, CJK included)'
            cand compact 'Summarise a session''s older history now, as automatic compaction would'
            cand reindex 'Rebuild the session index in state.db from the transcript files'
        }
        &'pilotdeck;help;session;list'= {
        }
        &'pilotdeck;help;session;show'= {
        }
        &'pilotdeck;help;session;resume'= {
        }
        &'pilotdeck;help;session;fork'= {
        }
        &'pilotdeck;help;session;rewind'= {
        }
        &'pilotdeck;help;session;rename'= {
        }
        &'pilotdeck;help;session;rm'= {
        }
        &'pilotdeck;help;session;export'= {
        }
        &'pilotdeck;help;session;search'= {
        }
        &'pilotdeck;help;session;compact'= {
        }
        &'pilotdeck;help;session;reindex'= {
        }
        &'pilotdeck;help;router'= {
            cand decide 'Print which tier and model a prompt would be routed to'
            cand stats 'Total the recorded spend by model and tier, and the saving against the baseline model'
            cand eval 'Measure the offline classifiers on labelled prompts: APGR, shares, tier mix, spend, baselines'
            cand calibrate 'Set router.tokenSaver.thresholds so a share of your past prompts goes to strong tiers'
        }
        &'pilotdeck;help;router;decide'= {
        }
        &'pilotdeck;help;router;stats'= {
        }
        &'pilotdeck;help;router;eval'= {
        }
        &'pilotdeck;help;router;calibrate'= {
        }
        &'pilotdeck;help;always-on'= {
            cand tick 'One round: check the gates, then discover, execute and report (a closed gate exits 0)'
            cand watch 'Keep ticking: every trigger.tickIntervalMinutes, and when project files change'
            cand status 'Per project: where the next tick would stop, last run, dormancy, budget left'
            cand plans 'List the plans of this project (or all), newest first'
            cand show 'Show a plan, its report and the diffstat of its workspace'
            cand diff 'Print the diff of a plan''s workspace against the project as it was'
            cand apply 'Bring a plan''s workspace changes into the project (three-way; nothing on conflict), or out as a patch file or a pushed branch'
            cand discard 'Remove a plan''s workspace: the git worktree and its branch, or the snapshot'
            cand enable 'Turn always-on on for a project (edits alwaysOn in the home config file)'
            cand disable 'Turn always-on off for a project'
            cand install 'Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs'
        }
        &'pilotdeck;help;always-on;tick'= {
        }
        &'pilotdeck;help;always-on;watch'= {
        }
        &'pilotdeck;help;always-on;status'= {
        }
        &'pilotdeck;help;always-on;plans'= {
        }
        &'pilotdeck;help;always-on;show'= {
        }
        &'pilotdeck;help;always-on;diff'= {
        }
        &'pilotdeck;help;always-on;apply'= {
        }
        &'pilotdeck;help;always-on;discard'= {
        }
        &'pilotdeck;help;always-on;enable'= {
        }
        &'pilotdeck;help;always-on;disable'= {
        }
        &'pilotdeck;help;always-on;install'= {
        }
        &'pilotdeck;help;usage'= {
        }
        &'pilotdeck;help;cron'= {
            cand add 'Schedule an agent task: prints its id and next three fire times'
            cand list 'List tasks of this project (or all) with their next run'
            cand show 'Show one task, its next five fire times and its last run'
            cand edit 'Change a task (only the flags given); a new schedule starts from now'
            cand rm 'Remove a task (its run history stays)'
            cand pause 'Stop a task from firing until `resume`'
            cand resume 'Let a paused task fire again; slots missed while paused are not run'
            cand run 'Run a task now, out of schedule, and wait for it'
            cand history 'Past runs, newest first'
            cand next 'Print the next fire times of a cron expression (checks it)'
            cand tick 'Run every due task once, then exit (for system cron / a systemd timer every minute)'
            cand daemon 'Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C'
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute, or Kubernetes CronJobs, one per active task'
            cand uninstall 'Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)'
            cand import 'Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)'
        }
        &'pilotdeck;help;cron;add'= {
        }
        &'pilotdeck;help;cron;list'= {
        }
        &'pilotdeck;help;cron;show'= {
        }
        &'pilotdeck;help;cron;edit'= {
        }
        &'pilotdeck;help;cron;rm'= {
        }
        &'pilotdeck;help;cron;pause'= {
        }
        &'pilotdeck;help;cron;resume'= {
        }
        &'pilotdeck;help;cron;run'= {
        }
        &'pilotdeck;help;cron;history'= {
        }
        &'pilotdeck;help;cron;next'= {
        }
        &'pilotdeck;help;cron;tick'= {
        }
        &'pilotdeck;help;cron;daemon'= {
        }
        &'pilotdeck;help;cron;install'= {
        }
        &'pilotdeck;help;cron;uninstall'= {
        }
        &'pilotdeck;help;cron;import'= {
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
        &'pilotdeck;help;memory'= {
            cand index 'Turn queued conversation turns into notes (one model call per turn)'
            cand recall 'Print the notes relevant to QUERY, as the agent would receive them'
            cand dream 'Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)'
            cand rollback 'Restore the notes as they were before the last dream'
            cand list 'List notes'
            cand show 'Print one note (by id, file name or name)'
            cand pending 'List captured turns waiting for `memory index`'
            cand deprecate 'Mark a note deprecated: kept on disk, left out of recall and dream'
            cand restore 'Undo `deprecate`'
            cand trace 'Show what index, recall and dream did recently'
            cand export 'Write the project''s notes (and the global user notes) as one JSON bundle'
            cand import 'Import a bundle from `export`, or a folder of markdown notes'
            cand stats 'Counts of notes, vectors and queued turns'
            cand sync 'Share notes through a git repository: fetch, merge note by note, push'
            cand reindex 'Rebuild the note index from the files; with --embeddings, compute missing note vectors'
        }
        &'pilotdeck;help;memory;index'= {
        }
        &'pilotdeck;help;memory;recall'= {
        }
        &'pilotdeck;help;memory;dream'= {
        }
        &'pilotdeck;help;memory;rollback'= {
        }
        &'pilotdeck;help;memory;list'= {
        }
        &'pilotdeck;help;memory;show'= {
        }
        &'pilotdeck;help;memory;pending'= {
        }
        &'pilotdeck;help;memory;deprecate'= {
        }
        &'pilotdeck;help;memory;restore'= {
        }
        &'pilotdeck;help;memory;trace'= {
        }
        &'pilotdeck;help;memory;export'= {
        }
        &'pilotdeck;help;memory;import'= {
        }
        &'pilotdeck;help;memory;stats'= {
        }
        &'pilotdeck;help;memory;sync'= {
        }
        &'pilotdeck;help;memory;reindex'= {
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
            cand login 'Sign in to a remote server with OAuth (opens $BROWSER, or prints the URL)'
            cand logout 'Forget the OAuth sign-in of a server'
            cand resources 'List one server''s resources: URI, name, MIME type, description'
            cand read 'Read one resource of one server and print its text (binary parts are described, not shown)'
            cand serve 'Serve pilotdeck as an MCP server on stdin/stdout, or over HTTP with --http (tools: pilotdeck_run, pilotdeck_reply, session_list, memory_recall, router_decide)'
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
        &'pilotdeck;help;mcp;login'= {
        }
        &'pilotdeck;help;mcp;logout'= {
        }
        &'pilotdeck;help;mcp;resources'= {
        }
        &'pilotdeck;help;mcp;read'= {
        }
        &'pilotdeck;help;mcp;serve'= {
        }
        &'pilotdeck;help;skills'= {
            cand list 'List the skills: name, scope, description, path (project skills win over global ones)'
            cand show 'Print a skill''s instructions, as `read_skill` gives them to the model'
        }
        &'pilotdeck;help;skills;list'= {
        }
        &'pilotdeck;help;skills;show'= {
        }
        &'pilotdeck;help;plugins'= {
            cand list 'List the plugins: name, version, scope, and the skills, hook events and MCP servers they add'
        }
        &'pilotdeck;help;plugins;list'= {
        }
        &'pilotdeck;help;doctor'= {
        }
        &'pilotdeck;help;sandbox'= {
            cand run 'Run a command in the sandbox the agent''s commands get (as in an unattended `run`)'
        }
        &'pilotdeck;help;sandbox;run'= {
        }
        &'pilotdeck;help;trust'= {
            cand list 'The trusted projects'
        }
        &'pilotdeck;help;trust;list'= {
        }
        &'pilotdeck;help;untrust'= {
        }
        &'pilotdeck;help;version'= {
        }
        &'pilotdeck;help;help'= {
        }
    ]
    $completions[$command]
}
