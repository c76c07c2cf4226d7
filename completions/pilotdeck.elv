
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
            cand cron 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
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
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute'
            cand uninstall 'Remove the files `install` wrote'
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
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --systemd 'A systemd user service + timer (the default on Linux)'
            cand --launchd 'A launchd agent plist (the default on macOS)'
            cand --crontab 'A crontab line (always printed, never installed)'
            cand --user 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
            cand --print 'Print the files instead of writing them'
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
            cand --home 'State directory (default: $PILOTDECK_HOME, else $PILOT_HOME, else ~/.pilotdeck)'
            cand --config 'Config file to use instead of <home>/pilotdeck.yaml (also $PILOTDECK_CONFIG_PATH)'
            cand -C 'Run as if started in DIR (the project directory)'
            cand --cwd 'Run as if started in DIR (the project directory)'
            cand --color 'When to use colour on stderr and in tables'
            cand --systemd 'A systemd user service + timer (the default on Linux)'
            cand --launchd 'A launchd agent plist (the default on macOS)'
            cand --crontab 'A crontab line (always printed, never installed)'
            cand --user 'Per-user units (the only kind pilotdeck writes; system-wide units are up to you)'
            cand --print 'Print the files instead of writing them'
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
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute'
            cand uninstall 'Remove the files `install` wrote'
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
            cand cron 'Scheduled agent tasks: add, list, tick (run due tasks), history, install'
            cand config 'Create, show, check and locate the configuration'
            cand completions 'Print a shell completion script'
            cand man 'Write man pages (pilotdeck.1 and one per subcommand)'
            cand doctor 'Check the installation: config, providers, tools, state database, permissions, disk'
            cand version 'Print the version'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'pilotdeck;help;run'= {
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
            cand install 'Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute'
            cand uninstall 'Remove the files `install` wrote'
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
        &'pilotdeck;help;doctor'= {
        }
        &'pilotdeck;help;version'= {
        }
        &'pilotdeck;help;help'= {
        }
    ]
    $completions[$command]
}
