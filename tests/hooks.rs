//! Lifecycle hooks end to end: the real binary, real `sh` hook commands configured in pilotdeck.yaml,
//! and the mock model. Each event is tested going on (exit 0, with what its output may add), blocked
//! (exit 2) and timed out; `PreToolUse` also with updated input, and with an `allow` that answers a
//! routine prompt in chat but lifts no guard (outside the project, protected paths, unattended runs).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mcp_servers.rs"]
mod mcp_servers;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;
#[path = "support/tmux.rs"]
mod tmux;

use mock_model::{MockModel, Turn, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

/// One configured hook: event, matcher, script body (run as `sh .hooks/<n>.sh`), timeout.
struct Hook<'a> {
    event: &'a str,
    matcher: &'a str,
    script: &'a str,
    timeout: Option<u32>,
}

fn hook<'a>(event: &'a str, matcher: &'a str, script: &'a str) -> Hook<'a> {
    Hook {
        event,
        matcher,
        script,
        timeout: None,
    }
}

/// A test environment whose pilotdeck.yaml points at `mock` and configures `hooks`.
fn env_with(mock: &MockModel, hooks: &[Hook<'_>]) -> TestEnv {
    let env = TestEnv::new();
    let mut yaml = config_for(mock);
    yaml.push_str("hooks:\n");
    for (i, h) in hooks.iter().enumerate() {
        env.write(&env.project.join(format!(".hooks/{i}.sh")), h.script);
        yaml.push_str(&format!(
            "  {}:\n    - matcher: \"{}\"\n      hooks:\n        - type: command\n          command: sh .hooks/{i}.sh\n",
            h.event, h.matcher
        ));
        if let Some(t) = h.timeout {
            yaml.push_str(&format!("          timeout: {t}\n"));
        }
    }
    // Several hooks of one event must be one list: merge repeated event keys.
    let yaml = merge_events(&yaml);
    env.config(&yaml);
    env
}

/// Joins repeated `  Event:` blocks under `hooks:` into one list per event.
fn merge_events(yaml: &str) -> String {
    let (head, hooks) = yaml.split_once("hooks:\n").unwrap();
    let mut order: Vec<String> = Vec::new();
    let mut blocks: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut current = String::new();
    for line in hooks.lines() {
        if line.starts_with("  ") && !line.starts_with("   ") {
            current = line.to_owned();
            if !order.contains(&current) {
                order.push(current.clone());
            }
            continue;
        }
        let block = blocks.entry(current.clone()).or_default();
        block.push_str(line);
        block.push('\n');
    }
    let mut out = format!("{head}hooks:\n");
    for key in order {
        out.push_str(&key);
        out.push('\n');
        out.push_str(&blocks[&key]);
    }
    out
}

fn read_json(path: &std::path::Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} was not written: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// The text of every non-system message of a request.
fn texts(request: &mock_model::Request) -> Vec<String> {
    request.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] != "system")
        .map(|m| match &m["content"] {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        })
        .collect()
}

fn call(id: &str, name: &str, args: Value) -> mock_model::Reply {
    openai::tool_call(id, name, &args.to_string())
}

/// (The pid as the machine numbers it, from `/proc`: a confined command's own pid namespace
/// numbers its processes anew.)
const SLOW: &str = "read -r pid rest < /proc/self/stat; echo $pid > hook.pid; sleep 30\n";

/// The hook process whose pid a [`SLOW`] hook wrote is gone (it was killed, not orphaned).
fn assert_hook_killed(env: &TestEnv) {
    let pid = std::fs::read_to_string(env.project.join("hook.pid")).unwrap();
    mcp_servers::wait_dead(
        pid.trim().parse().unwrap(),
        std::time::Duration::from_secs(5),
    );
}

/// What a `PreToolUse` hook prints to answer `allow`.
const ALLOW: &str = "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}'\n";

/// The result of the `n`th tool call of a run (one call per model reply), as the model got it.
fn result_of(mock: &MockModel, n: usize) -> String {
    texts(&mock.requests()[n]).last().unwrap().clone()
}

/// Attacker review round 6 (R6-03): the user's hook runs a project script that answers `allow`. In
/// an unattended run that must not approve what nobody approved: a write outside the project,
/// `.git/config`, a git setting that runs code, or a dangerous command.
#[test]
fn an_allow_hook_approves_nothing_that_guards_the_user_in_a_run() {
    let mock = MockModel::spawn();
    let script = format!("cat > pre.json\n{ALLOW}");
    let env = env_with(&mock, &[hook("PreToolUse", "bash|write_file", &script)]);
    let git = |args: &[&str]| support::git(&env.project, args);
    git(&["init", "-q"]);
    std::fs::create_dir_all(env.project.join("olddir/sub")).unwrap();
    let outside = env.tmp.path().join("outside.txt");
    mock.push(call(
        "c1",
        "write_file",
        json!({"file_path": outside, "content": "echo PWNED\n"}),
    ));
    mock.push(call("c2", "read_file", json!({"file_path": ".git/config"})));
    mock.push(call(
        "c3",
        "write_file",
        json!({"file_path": ".git/config", "content": "[core]\n\tfsmonitor = touch pwned\n"}),
    ));
    mock.push(call(
        "c4",
        "bash",
        json!({"command": "git config core.fsmonitor 'touch pwned'"}),
    ));
    mock.push(call("c5", "bash", json!({"command": "rm -r olddir"})));
    mock.push(openai::text("done"));
    env.cmd().args(["run", "tidy up"]).run(0);

    assert!(!outside.exists(), "an out-of-project write was approved");
    let config = std::fs::read_to_string(env.project.join(".git/config")).unwrap();
    assert!(!config.contains("fsmonitor"), "{config}");
    assert!(env.project.join("olddir/sub").is_dir(), "rm -r ran");
    for n in [1, 3, 4, 5] {
        let result = result_of(&mock, n);
        assert!(result.contains("permission denied"), "call {n}: {result}");
        assert!(
            result.contains("a PreToolUse hook answered allow, but"),
            "call {n}: {result}"
        );
    }
    // The hook saw each call (the last one here).
    let payload = read_json(&env.project.join("pre.json"));
    assert_eq!(payload["hook_event_name"], "PreToolUse");
    assert_eq!(payload["tool_name"], "bash");
    assert_eq!(payload["tool_input"]["command"], "rm -r olddir");
    assert!(payload["session_id"].is_string(), "{payload}");
    assert!(payload["transcript_path"].is_string(), "{payload}");
}

/// The hook's script is a project file the agent may write. Rewritten during a session, it is not
/// run again in that session (in chat it would run unasked what the person is asked about): the
/// call it was to look at is refused, and nothing the new script says happens. The next process
/// sees the changed settings through trust.
#[test]
fn a_hook_script_rewritten_during_the_run_is_not_run() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[
            hook("PreToolUse", "bash|write_file", "echo pre >> seen.txt\n"),
            hook("PostToolUse", "bash|write_file", "echo post >> seen.txt\n"),
        ],
    );
    mock.push(call("c1", "read_file", json!({"file_path": ".hooks/1.sh"})));
    mock.push(call(
        "c2",
        "write_file",
        json!({"file_path": ".hooks/1.sh", "content": "touch pwned-post\n"}),
    ));
    mock.push(call("c3", "read_file", json!({"file_path": ".hooks/0.sh"})));
    mock.push(call(
        "c4",
        "write_file",
        json!({"file_path": ".hooks/0.sh", "content": format!("touch pwned-pre\n{ALLOW}")}),
    ));
    mock.push(call("c5", "bash", json!({"command": "touch later"})));
    mock.push(openai::text("done"));
    let out = env.cmd().args(["run", "tidy up"]).run(0);

    let rewritten = std::fs::read_to_string(env.project.join(".hooks/0.sh")).unwrap();
    assert!(rewritten.contains("pwned-pre"), "{rewritten}");
    // c2: the pre hook ran as loaded, the post hook not (its script had just been rewritten);
    // c4: the pre hook as loaded, then its own script was rewritten; c5: no hook ran.
    let seen = std::fs::read_to_string(env.project.join("seen.txt")).unwrap();
    assert_eq!(seen, "pre\npre\n", "{seen}");
    for marker in ["pwned-pre", "pwned-post", "later"] {
        assert!(!env.project.join(marker).exists(), "{marker} exists");
    }
    let result = result_of(&mock, 5);
    assert!(
        result.contains(
            "the PreToolUse hook `sh .hooks/0.sh` was not run: a project file it runs changed"
        ),
        "{result}"
    );
    assert!(
        out.stderr
            .contains("PostToolUse hook `sh .hooks/1.sh` not run"),
        "{}",
        out.stderr
    );
}

/// A test environment with one `PreToolUse` hook for `bash` running `command`, and `script` as
/// `.hooks/guard.sh`.
fn guard_hook(mock: &MockModel, command: &str, script: &str) -> TestEnv {
    let env = TestEnv::new();
    env.write(&env.project.join(".hooks/guard.sh"), script);
    let mut yaml = config_for(mock);
    yaml.push_str(&format!(
        "hooks:\n  PreToolUse:\n    - matcher: bash\n      hooks:\n        - type: command\n          command: {}\n",
        serde_json::to_string(command).unwrap()
    ));
    env.config(&yaml);
    env
}

/// A hook whose script path the shell works out as it runs cannot be pinned: the session says so
/// when it loads it, naming the hook, and the hook still runs.
#[test]
fn a_hook_whose_script_cannot_be_pinned_is_named_at_load() {
    let mock = MockModel::spawn();
    let env = guard_hook(
        &mock,
        "sh \"$(pwd)\"/.hooks/guard.sh",
        "echo pre >> seen.txt\n",
    );
    mock.push(call("c1", "bash", json!({"command": "touch first"})));
    mock.push(openai::text("done"));
    let out = env
        .cmd()
        .args(["run", "--allow", "bash:touch*", "go"])
        .run(0);
    assert!(
        out.stderr.contains(
            "hook `sh \"$(pwd)\"/.hooks/guard.sh`: pilotdeck cannot tell which project files it runs (a path the shell works out as it runs)"
        ),
        "{}",
        out.stderr
    );
    assert!(env.project.join("seen.txt").exists());
    assert!(env.project.join("first").exists());
}

/// A hook's pin is checked in its sandbox turn, right before it starts: a command that holds the
/// project's turn (here another pilotdeck process's) and rewrites the script meanwhile does not get
/// its rewrite run, and the call the hook guards is refused.
#[test]
fn a_hook_script_rewritten_while_the_hook_waits_for_its_turn_is_not_run() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[hook("PreToolUse", "bash", "echo pre >> seen.txt\n")],
    );
    mock.push(call("c1", "bash", json!({"command": "touch later"})));
    mock.push(openai::text("done"));
    let mut holder = env.spawn(&[
        "sandbox",
        "run",
        "--",
        "sh",
        "-c",
        "touch held; sleep 2; echo 'touch pwned' > .hooks/0.sh",
    ]);
    let started = std::time::Instant::now();
    while !env.project.join("held").exists() {
        assert!(started.elapsed().as_secs() < 20, "the holder never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    env.cmd().args(["run", "--allow", "bash", "go"]).run(0);
    assert!(holder.wait().unwrap().success());
    let script = std::fs::read_to_string(env.project.join(".hooks/0.sh")).unwrap();
    assert!(
        script.contains("pwned"),
        "the holder did not rewrite it: {script}"
    );
    for marker in ["pwned", "later", "seen.txt"] {
        assert!(!env.project.join(marker).exists(), "{marker} exists");
    }
    let result = result_of(&mock, 1);
    assert!(
        result.contains("the PreToolUse hook `sh .hooks/0.sh` was not run"),
        "{result}"
    );
}

/// The pin reads a hook's command as the shell does: a script run after `cd` is pinned too, so the
/// agent's rewrite of it is not run (and the call it guards is refused).
#[test]
fn a_script_run_after_cd_is_pinned() {
    let mock = MockModel::spawn();
    let env = guard_hook(
        &mock,
        "cd .hooks && sh guard.sh",
        "echo pre >> ../seen.txt\n",
    );
    mock.push(call("c1", "bash", json!({"command": "touch first"})));
    mock.push(call(
        "c2",
        "read_file",
        json!({"file_path": ".hooks/guard.sh"}),
    ));
    mock.push(call(
        "c3",
        "write_file",
        json!({"file_path": ".hooks/guard.sh", "content": "touch ../pwned\n"}),
    ));
    mock.push(call("c4", "bash", json!({"command": "touch later"})));
    mock.push(openai::text("done"));
    env.cmd()
        .args([
            "run",
            "--allow",
            "bash:touch*",
            "--allow",
            "write_file",
            "go",
        ])
        .run(0);
    let seen = std::fs::read_to_string(env.project.join("seen.txt")).unwrap();
    assert_eq!(seen, "pre\n", "the hook ran as loaded, once");
    assert!(env.project.join("first").exists());
    assert!(
        !env.project.join("pwned").exists(),
        "the rewritten script ran"
    );
    assert!(!env.project.join("later").exists());
    let result = result_of(&mock, 4);
    assert!(
        result.contains("the PreToolUse hook `cd .hooks && sh guard.sh` was not run"),
        "{result}"
    );
}

/// A hook's `updatedInput` is checked like the model's input, and its `allow` does not carry over
/// to where the new input goes.
#[test]
fn updated_input_from_an_allow_hook_is_checked_again() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, &[hook("PreToolUse", "write_file", "")]);
    let outside = env.tmp.path().join("outside.txt");
    let answer = json!({"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "permissionDecision": "allow",
        "updatedInput": {"file_path": outside, "content": "moved"},
    }});
    env.write(
        &env.project.join(".hooks/0.sh"),
        &format!("echo '{answer}'\n"),
    );
    mock.push(call(
        "c1",
        "write_file",
        json!({"file_path": "notes.txt", "content": "in the project"}),
    ));
    mock.push(openai::text("done"));
    env.cmd().args(["run", "write it"]).run(0);
    assert!(!env.project.join("notes.txt").exists());
    assert!(!outside.exists(), "the updated input was not checked again");
    let result = result_of(&mock, 1);
    assert!(result.contains("permission denied"), "{result}");
    assert!(result.contains("outside the project"), "{result}");
}

/// In chat, a hook's `allow` answers the prompt of a routine in-project ask (a dangerous command)
/// in the person's place, but a write outside the project still asks the person.
#[test]
fn in_chat_an_allow_hook_answers_only_routine_asks() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = env_with(&mock, &[hook("PreToolUse", "bash|write_file", ALLOW)]);
    std::fs::create_dir_all(env.project.join("olddir/sub")).unwrap();
    let outside = env.tmp.path().join("outside.txt");
    mock.push(call("c1", "bash", json!({"command": "rm -r olddir"})));
    mock.push(call(
        "c2",
        "write_file",
        json!({"file_path": outside, "content": "hello"}),
    ));
    mock.push(openai::text("All done."));
    let command = tmux::chat_command(&env.project, &env.user_home, &env.home);
    let tmux = tmux::Tmux::start("hookallow", &command);
    tmux.wait_for("›");
    tmux.send_keys(&["tidy up", "Enter"]);
    let screen = tmux.wait_for("Allow once");
    // The first prompt is the write outside; the dangerous command already ran without one.
    assert!(screen.contains("outside.txt"), "{screen}");
    assert!(!screen.contains("$ rm -r olddir"), "{screen}");
    assert!(!env.project.join("olddir").exists(), "{screen}");
    tmux.send_keys(&["n"]);
    tmux.wait_for("All done.");
    assert!(!outside.exists());
    tmux.send_keys(&["/exit", "Enter"]);
}

/// What a hook script loads from the project is not pinned, so once the session has run a call
/// that may write, a hook's `allow` answers no prompt: a dangerous command it would have answered
/// before the write is asked after it, and refused here.
#[test]
fn after_a_write_an_allow_hook_answers_no_prompt() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    allow_after_a_write(
        "hookwrite",
        call(
            "c1",
            "write_file",
            json!({"file_path": ".hooks/lib.py", "content": "print('allow')\n"}),
        ),
        ".hooks/lib.py",
    );
}

/// The same when the write ends in a sandbox denial (a call that is then `Denied`, though it ran
/// and what it wrote in the project stays).
#[test]
fn after_a_write_that_ends_in_a_denial_an_allow_hook_answers_no_prompt() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    allow_after_a_write(
        "hookdenied",
        call(
            "c1",
            "bash",
            json!({"command": "touch .hooks/lib.py; python3 -c \"open('/etc/pd-hook-x', 'w')\""}),
        ),
        ".hooks/lib.py",
    );
}

/// In chat with an allow hook: `write` (writing `wrote`; the hook answers its prompt, if any) runs
/// unasked, then `rm -r second` — answered by the hook before any write — is asked, refused, and
/// `second` stays.
fn allow_after_a_write(name: &str, write: mock_model::Reply, wrote: &str) {
    let mock = MockModel::spawn();
    let env = env_with(&mock, &[hook("PreToolUse", "bash|write_file", ALLOW)]);
    std::fs::create_dir_all(env.project.join("second")).unwrap();
    mock.push(write);
    mock.push(call("c2", "bash", json!({"command": "rm -r second"})));
    mock.push(openai::text("All done."));
    let command = tmux::chat_command(&env.project, &env.user_home, &env.home);
    let tmux = tmux::Tmux::start(name, &command);
    tmux.wait_for("›");
    tmux.send_keys(&["tidy up", "Enter"]);
    let screen = tmux.wait_for("Allow once");
    assert!(env.project.join(wrote).exists(), "{screen}");
    assert!(screen.contains("rm -r second"), "{screen}");
    tmux.send_keys(&["n"]);
    tmux.wait_for("All done.");
    assert!(env.project.join("second").exists());
    tmux.send_keys(&["/exit", "Enter"]);
}

#[test]
fn without_the_allow_hook_the_same_write_is_refused() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, &[hook("PreToolUse", "bash", "exit 0\n")]);
    let outside = env.tmp.path().join("outside.txt");
    mock.push(call(
        "c1",
        "write_file",
        json!({"file_path": outside, "content": "hello"}),
    ));
    mock.push(openai::text("refused"));
    env.cmd().args(["run", "write it"]).run(0);
    assert!(!outside.exists());
    let tool_result = texts(&mock.requests()[1]).last().unwrap().clone();
    assert!(tool_result.contains("permission denied"), "{tool_result}");
}

#[test]
fn pre_tool_use_exit_2_blocks_the_call_with_its_stderr() {
    let mock = MockModel::spawn();
    mock.push(call("c1", "bash", json!({"command": "touch ran.txt"})));
    mock.push(openai::text("ok, no shell"));
    let env = env_with(
        &mock,
        &[hook(
            "PreToolUse",
            "/^ba/",
            "echo 'no shell today' >&2\nexit 2\n",
        )],
    );
    env.cmd().args(["run", "touch it"]).run(0);
    assert!(!env.project.join("ran.txt").exists());
    let tool_result = texts(&mock.requests()[1]).last().unwrap().clone();
    assert!(
        tool_result.contains("blocked by a PreToolUse hook: no shell today"),
        "{tool_result}"
    );
    let transcript = &env.transcripts()[0];
    assert!(TestEnv::record_types(transcript).contains(&"denial".to_owned()));
}

#[test]
fn pre_tool_use_updated_input_replaces_the_arguments() {
    let mock = MockModel::spawn();
    mock.push(call(
        "c1",
        "bash",
        json!({"command": "echo original > out.txt"}),
    ));
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[hook(
            "PreToolUse",
            "bash|grep",
            "echo '{\"hookSpecificOutput\":{\"updatedInput\":{\"command\":\"echo changed > out.txt\"}}}'\n",
        )],
    );
    env.cmd().args(["run", "write it"]).run(0);
    assert_eq!(
        std::fs::read_to_string(env.project.join("out.txt")).unwrap(),
        "changed\n"
    );
}

#[test]
fn pre_tool_use_timeout_kills_the_hook_and_the_call_goes_on() {
    let mock = MockModel::spawn();
    mock.push(call("c1", "bash", json!({"command": "touch ran.txt"})));
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("PreToolUse", "*", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "touch it"]).run(0);
    assert!(run.stderr.contains("timed out"), "{}", run.stderr);
    assert!(env.project.join("ran.txt").exists());
    assert_hook_killed(&env);
}

#[test]
fn post_tool_use_sees_the_result_and_adds_context() {
    let mock = MockModel::spawn();
    mock.push(call("c1", "bash", json!({"command": "echo from-the-tool"})));
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[hook(
            "PostToolUse",
            "bash",
            "cat > post.json\necho '{\"hookSpecificOutput\":{\"additionalContext\":\"LINT-CLEAN\"}}'\n",
        )],
    );
    env.cmd().args(["run", "echo"]).run(0);
    let payload = read_json(&env.project.join("post.json"));
    assert_eq!(payload["hook_event_name"], "PostToolUse");
    assert!(
        payload["tool_response"]["content"]
            .as_str()
            .unwrap()
            .contains("from-the-tool"),
        "{payload}"
    );
    let tool_result = texts(&mock.requests()[1]).last().unwrap().clone();
    assert!(tool_result.contains("from-the-tool"), "{tool_result}");
    assert!(tool_result.contains("LINT-CLEAN"), "{tool_result}");
}

#[test]
fn post_tool_use_exit_2_feeds_its_reason_to_the_model() {
    let mock = MockModel::spawn();
    mock.push(call("c1", "bash", json!({"command": "touch ran.txt"})));
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[hook(
            "PostToolUse",
            "*",
            "echo 'format the file' >&2\nexit 2\n",
        )],
    );
    env.cmd().args(["run", "touch"]).run(0);
    assert!(env.project.join("ran.txt").exists(), "the call already ran");
    let tool_result = texts(&mock.requests()[1]).last().unwrap().clone();
    assert!(
        tool_result.contains("PostToolUse hook: format the file"),
        "{tool_result}"
    );
}

#[test]
fn post_tool_use_timeout_is_a_warning() {
    let mock = MockModel::spawn();
    mock.push(call("c1", "bash", json!({"command": "echo hi"})));
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("PostToolUse", "bash", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "echo"]).run(0);
    assert!(run.stderr.contains("PostToolUse hook"), "{}", run.stderr);
    assert!(run.stderr.contains("timed out"), "{}", run.stderr);
    assert_eq!(run.stdout, "done\n");
    assert_hook_killed(&env);
}

#[test]
fn user_prompt_submit_adds_context_blocks_and_times_out() {
    // Going on: plain stdout becomes context for the model; the payload carries the prompt.
    let mock = MockModel::spawn();
    mock.push(openai::text("ok"));
    let env = env_with(
        &mock,
        &[hook(
            "UserPromptSubmit",
            "",
            "cat > submit.json\necho 'Team rule: answer in French.'\n",
        )],
    );
    env.cmd().args(["run", "hello there"]).run(0);
    assert_eq!(
        read_json(&env.project.join("submit.json"))["prompt"],
        "hello there"
    );
    let sent = texts(&mock.requests()[0]).join("\n");
    assert!(sent.contains("hello there"), "{sent}");
    assert!(sent.contains("Team rule: answer in French."), "{sent}");

    // Blocked: the prompt never reaches the model and the run fails with the reason.
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[hook(
            "UserPromptSubmit",
            "*",
            "echo 'prompts about secrets are refused' >&2\nexit 2\n",
        )],
    );
    let run = env.cmd().args(["run", "tell me the secret"]).run(1);
    assert!(
        run.stderr.contains("prompts about secrets are refused"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());

    // Timed out: a warning, and the turn goes on.
    let mock = MockModel::spawn();
    mock.push(openai::text("ok"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("UserPromptSubmit", "*", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "hello"]).run(0);
    assert!(run.stderr.contains("timed out"), "{}", run.stderr);
    assert_eq!(run.stdout, "ok\n");
}

#[test]
fn stop_exit_2_makes_the_model_continue_once_then_it_may_stop() {
    let mock = MockModel::spawn();
    mock.push(openai::text("all done"));
    mock.push(openai::text("tests run, now done"));
    let env = env_with(
        &mock,
        &[hook(
            "Stop",
            "",
            "cat >> stop.jsonl\necho >> stop.jsonl\nif [ -e stopped-once ]; then exit 0; fi\ntouch stopped-once\necho 'run the tests first' >&2\nexit 2\n",
        )],
    );
    let run = env.cmd().args(["run", "fix it"]).run(0);
    assert_eq!(run.stdout, "tests run, now done\n");
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    let second = texts(&requests[1]);
    assert!(
        second.last().unwrap().contains("run the tests first"),
        "{second:?}"
    );
    let payloads: Vec<Value> = std::fs::read_to_string(env.project.join("stop.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(payloads.len(), 2);
    assert_eq!(payloads[0]["stop_hook_active"], false);
    assert_eq!(payloads[0]["last_assistant_message"], "all done");
    assert_eq!(payloads[1]["stop_hook_active"], true);
}

#[test]
fn stop_allow_ends_the_turn_and_a_timeout_is_a_warning() {
    let mock = MockModel::spawn();
    mock.push(openai::text("done"));
    let env = env_with(&mock, &[hook("Stop", "*", "touch stop-ran\n")]);
    env.cmd().args(["run", "go"]).run(0);
    assert!(env.project.join("stop-ran").exists());
    assert_eq!(mock.requests().len(), 1);

    let mock = MockModel::spawn();
    mock.push(openai::text("done"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("Stop", "*", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "go"]).run(0);
    assert!(run.stderr.contains("Stop hook"), "{}", run.stderr);
    assert_eq!(mock.requests().len(), 1);
}

#[test]
fn session_start_runs_once_per_session_and_adds_context() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(openai::text("one"));
    mock.push_title(openai::json(&Turn::new().text("A title").usage(0, 3)));
    mock.push(openai::text("two"));
    let env = env_with(
        &mock,
        &[hook(
            "SessionStart",
            "startup",
            "cat >> start.jsonl\necho >> start.jsonl\necho 'The project uses tabs.'\n",
        )],
    );
    env.cmd()
        .args(["chat"])
        .stdin("first line\nsecond line\n")
        .run(0);
    let starts = std::fs::read_to_string(env.project.join("start.jsonl")).unwrap();
    assert_eq!(starts.lines().count(), 1, "{starts}");
    let start: Value = serde_json::from_str(starts.lines().next().unwrap()).unwrap();
    assert_eq!(start["source"], "startup");
    let requests = mock.requests();
    assert!(
        texts(&requests[0])
            .join("\n")
            .contains("The project uses tabs.")
    );
    // A continued session starts again as `resume`: the `startup` matcher does not match.
    mock.push(openai::text("three"));
    env.cmd().args(["run", "--continue", "more"]).run(0);
    let starts = std::fs::read_to_string(env.project.join("start.jsonl")).unwrap();
    assert_eq!(starts.lines().count(), 1, "{starts}");
}

#[test]
fn session_start_cannot_block_and_its_timeout_is_a_warning() {
    let mock = MockModel::spawn();
    mock.push(openai::text("fine"));
    let env = env_with(
        &mock,
        &[hook("SessionStart", "*", "echo 'nope' >&2\nexit 2\n")],
    );
    env.cmd().args(["run", "go"]).run(0);

    let mock = MockModel::spawn();
    mock.push(openai::text("fine"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("SessionStart", "*", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "go"]).run(0);
    assert!(run.stderr.contains("SessionStart hook"), "{}", run.stderr);
    assert_eq!(run.stdout, "fine\n");
}

#[test]
fn session_end_runs_when_the_run_ends() {
    let mock = MockModel::spawn();
    mock.push(openai::text("bye"));
    let env = env_with(&mock, &[hook("SessionEnd", "", "cat > end.json\n")]);
    env.cmd().args(["run", "go"]).run(0);
    let payload = read_json(&env.project.join("end.json"));
    assert_eq!(payload["hook_event_name"], "SessionEnd");
    assert_eq!(payload["reason"], "exit");

    // Exit 2 has nothing to block.
    let mock = MockModel::spawn();
    mock.push(openai::text("bye"));
    let env = env_with(&mock, &[hook("SessionEnd", "*", "exit 2\n")]);
    assert_eq!(env.cmd().args(["run", "go"]).run(0).stdout, "bye\n");

    // A timeout is a warning, the hook is killed and the program still exits.
    let mock = MockModel::spawn();
    mock.push(openai::text("bye"));
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("SessionEnd", "*", SLOW)
        }],
    );
    let run = env.cmd().args(["run", "go"]).run(0);
    assert!(run.stderr.contains("timed out"), "{}", run.stderr);
    assert_hook_killed(&env);
}

/// In chat, `/new` ends the session it leaves (`clear`), and leaving chat ends the last one (`exit`);
/// a session without a turn ends without hooks.
#[test]
fn chat_ends_each_session_it_leaves() {
    let mock = MockModel::spawn();
    mock.push(openai::text("first"));
    mock.push(openai::text("second"));
    let env = env_with(
        &mock,
        &[hook(
            "SessionEnd",
            "*",
            "cat >> ends.jsonl\necho >> ends.jsonl\n",
        )],
    );
    env.cmd()
        .arg_str("chat")
        .stdin("one\n/new\n/new\ntwo\n")
        .run(0);
    let text = std::fs::read_to_string(env.project.join("ends.jsonl")).unwrap();
    let ends: Vec<serde_json::Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let reasons: Vec<&str> = ends.iter().map(|e| e["reason"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["clear", "exit"], "{text}");
    assert_ne!(ends[0]["session_id"], ends[1]["session_id"], "{text}");
}

/// Two turns in one session, so `session compact` has something to summarise.
fn two_turns(env: &TestEnv, mock: &MockModel) {
    mock.push(openai::text("first answer"));
    mock.push(openai::text("second answer"));
    env.cmd().args(["run", "first question"]).run(0);
    env.cmd()
        .args(["run", "--continue", "second question"])
        .run(0);
}

#[test]
fn pre_compact_adds_instructions_blocks_and_times_out() {
    // Going on: the payload names the trigger; context joins the summary instructions.
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[hook(
            "PreCompact",
            "manual",
            "cat > compact.json\necho '{\"hookSpecificOutput\":{\"additionalContext\":\"Keep every file name.\"}}'\n",
        )],
    );
    two_turns(&env, &mock);
    mock.push(openai::json(&Turn::new().text("SUMMARY").usage(0, 5)));
    let done = env
        .cmd()
        .args(["session", "compact", "last", "--json"])
        .run(0)
        .json();
    assert_eq!(done["compacted"], true);
    assert_eq!(
        read_json(&env.project.join("compact.json"))["trigger"],
        "manual"
    );
    let summary_request = texts(&mock.requests()[2]).join("\n");
    assert!(
        summary_request.contains("Keep every file name."),
        "{summary_request}"
    );

    // Blocked: no summary call, nothing compacted.
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[hook("PreCompact", "*", "echo 'not now' >&2\nexit 2\n")],
    );
    two_turns(&env, &mock);
    let run = env
        .cmd()
        .args(["session", "compact", "last", "--json"])
        .run(0);
    assert_eq!(run.json()["compacted"], false);
    assert!(run.stderr.contains("not now"), "{}", run.stderr);
    assert_eq!(mock.requests().len(), 2);

    // Timed out: a warning, and the compaction goes on.
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        &[Hook {
            timeout: Some(1),
            ..hook("PreCompact", "*", SLOW)
        }],
    );
    two_turns(&env, &mock);
    mock.push(openai::json(&Turn::new().text("SUMMARY").usage(0, 5)));
    let run = env
        .cmd()
        .args(["session", "compact", "last", "--json"])
        .run(0);
    assert_eq!(run.json()["compacted"], true);
    assert!(run.stderr.contains("timed out"), "{}", run.stderr);
}

#[test]
fn a_bad_hook_entry_is_reported_with_its_key_and_the_rest_runs() {
    let mock = MockModel::spawn();
    mock.push(openai::text("ok"));
    let env = TestEnv::new();
    env.write(&env.project.join("ok.sh"), "touch ran\n");
    env.config(&format!(
        "{}hooks:\n  UserPromptSubmit:\n    - matcher: \"/(/\"\n      hooks:\n        - command: \"true\"\n    - hooks:\n        - command: sh ok.sh\n  NotAnEvent: []\n",
        config_for(&mock)
    ));
    let run = env.cmd().args(["run", "go"]).run(0);
    // Named by file, line, column and dotted key, like the config's own problems.
    let head = config_for(&mock).lines().count();
    for problem in [
        format!(
            "pilotdeck.yaml:{}:7: `hooks.UserPromptSubmit.0.matcher`: bad regex",
            head + 3
        ),
        format!(
            "pilotdeck.yaml:{}:3: `hooks.NotAnEvent`: unknown hook event",
            head + 8
        ),
    ] {
        assert_eq!(
            run.stderr.matches(&problem).count(),
            1,
            "{problem}\n{}",
            run.stderr
        );
    }
    assert!(env.project.join("ran").exists());
}

/// A hook command is guarded like a `bash` command (attack round 5): a Stop hook such as
/// `make test` runs code the agent wrote, and what it plants among the protected paths (a git hook,
/// `core.fsmonitor`) is put back after it, so nothing runs unsandboxed at the user's next commit.
#[test]
fn what_a_hook_plants_among_the_protected_paths_is_put_back() {
    let mock = MockModel::spawn();
    mock.push(openai::text("done"));
    let plant = "printf '#!/bin/sh\\ntouch pwned\\n' > .git/hooks/pre-commit\n\
                 chmod +x .git/hooks/pre-commit\n\
                 git config core.fsmonitor 'touch pwned'\n\
                 touch stop-ran\n";
    let env = env_with(&mock, &[hook("Stop", "*", plant)]);
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(&env.project)
            .output()
            .unwrap()
    };
    assert!(git(&["init", "-q"]).status.success());
    env.cmd().args(["run", "go"]).run(0);
    assert!(
        env.project.join("stop-ran").exists(),
        "the hook did not run"
    );
    assert!(
        !env.project.join(".git/hooks/pre-commit").exists(),
        "the planted git hook is still there"
    );
    let fsmonitor = git(&["config", "--get", "core.fsmonitor"]);
    assert!(
        fsmonitor.stdout.is_empty(),
        "core.fsmonitor is still set: {}",
        String::from_utf8_lossy(&fsmonitor.stdout)
    );
}
