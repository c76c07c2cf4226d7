//! `pilotdeck mcp …` and MCP tools in `pilotdeck run`, against the official reference servers from npm
//! (see `support/mcp_servers.rs`), the mock model, and a real rmcp client for `mcp serve`.
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

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

fn mcp_json(servers: Value) -> String {
    serde_json::to_string_pretty(&json!({ "mcpServers": servers })).unwrap()
}

fn stdio_everything() -> Value {
    json!({ "command": mcp_servers::everything(), "args": ["stdio"] })
}

#[test]
fn tools_and_call_over_stdio() {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": stdio_everything() })),
    );
    let run = env
        .cmd()
        .args(["mcp", "tools", "everything", "--json"])
        .run(0);
    let listed = run.json();
    assert_eq!(listed[0]["server"], "everything");
    assert_eq!(listed[0]["error"], Value::Null);
    let tools = listed[0]["tools"].as_array().unwrap();
    let echo = tools
        .iter()
        .find(|t| t["qualified_name"] == "mcp__everything__echo")
        .unwrap();
    assert_eq!(echo["name"], "echo");
    assert_eq!(echo["read_only"], true);
    assert_eq!(echo["input_schema"]["type"], "object");

    let run = env
        .cmd()
        .args([
            "mcp",
            "call",
            "everything",
            "echo",
            "--args",
            r#"{"message":"hi there"}"#,
        ])
        .run(0);
    assert_eq!(run.stdout, "Echo: hi there\n");

    let run = env
        .cmd()
        .args([
            "mcp",
            "call",
            "everything",
            "get-sum",
            "--args",
            r#"{"a":2,"b":3}"#,
            "--json",
        ])
        .run(0);
    let out = run.json();
    assert_eq!(out["is_error"], false);
    assert!(out["text"].as_str().unwrap().contains('5'), "{out}");
}

#[test]
fn filesystem_server_lists_a_directory() {
    let env = TestEnv::new();
    env.write(&env.project.join("hello.txt"), "hello");
    let dir = env.project.canonicalize().unwrap();
    env.write(
        &env.project.join(".pilotdeck/mcp.json"),
        &mcp_json(json!({ "fs": { "command": mcp_servers::filesystem(), "args": [dir] } })),
    );
    // A project's own servers start once it is trusted.
    env.cmd().args(["trust"]).run(0);
    let args = json!({ "path": dir }).to_string();
    let run = env
        .cmd()
        .args(["mcp", "call", "fs", "list_directory", "--args", &args])
        .run(0);
    assert!(run.stdout.contains("hello.txt"), "{}", run.stdout);
}

/// A server entry that cannot be used is a warning at the line of its name, naming the key inside
/// it; an entry with no way to reach its server is one too, at once rather than when it starts; a
/// name given twice is one at its last entry (the one JSON keeps). `config validate` lists them.
#[test]
fn an_unusable_server_entry_is_named_at_its_line_and_key() {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        "{\n  \"mcpServers\": {\n    \"good\": {\"command\": \"true\"},\n    \"bad\": {\n      \"command\": \"x\",\n      \"args\": \"notalist\"\n    },\n    \"empty\": {},\n    \"good\": {\"command\": \"false\"}\n  }\n}\n",
    );
    let validate = env.cmd().args(["config", "validate"]).run(0);
    for expected in [
        "mcp.json:4: warning: `mcpServers.bad.args`: invalid type",
        "mcp.json:8: warning: `mcpServers.empty`: needs `command`",
        "mcp.json:9: warning: `mcpServers.good`: named 2 times; only the last entry (this one) is used",
    ] {
        assert!(
            validate.stdout.contains(expected),
            "{expected}: {}",
            validate.stdout
        );
    }
    let run = env.cmd().args(["mcp", "list"]).run(0);
    assert!(
        run.stderr
            .contains("mcp.json:9`: mcpServers.good: named 2 times"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("mcp.json:4`: mcpServers.bad.args: invalid type: string \"notalist\""),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("mcp.json:8`: mcpServers.empty: needs `command`"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("good"), "{}", run.stdout);
}

/// A project's stdio server starts in the project root wherever the command runs (`-C DIR`, the
/// shell's directory, a subdirectory): its `.` is the project, and the relative paths it names are
/// the files trust was given for, not others a subdirectory holds under the same names.
#[test]
fn a_stdio_server_starts_in_the_directory_c_names() {
    let env = TestEnv::new();
    env.write(
        &env.project.join(".pilotdeck/mcp.json"),
        &mcp_json(json!({ "fs": { "command": mcp_servers::filesystem(), "args": ["."] } })),
    );
    env.cmd().args(["trust"]).run(0);
    let elsewhere = env.tmp.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let run = env
        .cmd()
        .current_dir(&elsewhere)
        .arg_str("-C")
        .arg_path(&env.project)
        .args(["mcp", "call", "fs", "list_allowed_directories"])
        .run(0);
    let project = env.project.canonicalize().unwrap();
    assert!(
        run.stdout.contains(&project.display().to_string()),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("elsewhere"), "{}", run.stdout);
    let sub = env.project.join("tools");
    std::fs::create_dir_all(&sub).unwrap();
    let run = env
        .cmd()
        .current_dir(&sub)
        .args(["mcp", "call", "fs", "list_allowed_directories"])
        .run(0);
    assert!(
        run.stdout.contains(&project.display().to_string()) && !run.stdout.contains("tools"),
        "{}",
        run.stdout
    );
}

#[test]
fn tools_and_call_over_streamable_http() {
    let server = mcp_servers::HttpEverything::start();
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "web": { "url": server.url(), "headers": { "X-Test": "1" } } })),
    );
    let run = env.cmd().args(["mcp", "tools", "web", "--json"]).run(0);
    let listed = run.json();
    assert!(
        listed[0]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["qualified_name"] == "mcp__web__echo"),
        "{listed}"
    );
    let run = env
        .cmd()
        .args([
            "mcp",
            "call",
            "web",
            "echo",
            "--args",
            r#"{"message":"over http"}"#,
        ])
        .run(0);
    assert_eq!(run.stdout, "Echo: over http\n");
}

#[test]
fn run_uses_an_mcp_tool_and_leaves_no_orphans() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call(
        "call_1",
        "mcp__everything__echo",
        r#"{"message":"ping"}"#,
    ));
    mock.push(openai::text("The server said ping."));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let pid_file = env.tmp.path().join("server.pid");
    let script = format!(
        "echo $$ > '{}'; exec '{}' stdio",
        pid_file.display(),
        mcp_servers::everything()
    );
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": { "command": "sh", "args": ["-c", script] } })),
    );
    let run = env.cmd().args(["run", "Echo ping"]).run(0);
    assert_eq!(run.stdout, "The server said ping.\n");
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert!(
        requests[0]
            .tool_names()
            .contains(&"mcp__everything__echo".to_owned())
    );
    let result = requests[1].tool_result("call_1").unwrap();
    assert!(result.contains("Echo: ping"), "{result}");
    let pid = mcp_servers::wait_pid_file(&pid_file, Duration::from_secs(5));
    mcp_servers::wait_dead(pid, Duration::from_secs(10));
}

#[test]
fn a_server_that_fails_to_start_is_reported_and_the_run_continues() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("fine without it"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({
            "broken": { "command": "sh", "args": ["-c", "echo boom >&2; exit 3"] },
            "missing": { "command": "/nonexistent/mcp-server" },
            "down": { "url": "http://127.0.0.1:1/mcp" }
        })),
    );
    let run = env.cmd().args(["run", "hello"]).run(0);
    assert_eq!(run.stdout, "fine without it\n");
    // Each said once, in plain words: the exit status, the refused connection; none of the SDK's
    // own log lines or transport type names.
    assert!(
        run.stderr.contains(
            "MCP server `broken` failed to start: it exited (exit status: 3) before answering `initialize`"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("MCP server `down` failed to start: cannot reach http://127.0.0.1:1/mcp: "),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("rmcp") && !run.stderr.contains("ERROR"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("stderr: boom"), "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot start MCP server `missing`"),
        "{}",
        run.stderr
    );
    assert!(
        mock.requests()[0]
            .tool_names()
            .iter()
            .all(|n| !n.starts_with("mcp__"))
    );
}

/// The launcher reads mcp.json for `run`, `chat` and cron alike: a broken file is reported through
/// each front's own channel (stderr for `run` and `chat`, the log for cron) and the turn goes on.
#[test]
fn a_broken_mcp_json_is_reported_by_every_front_and_the_turn_goes_on() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(&env.project.join(".pilotdeck/mcp.json"), "{not json");
    let reported = |stderr: &str| {
        assert!(stderr.contains("fix the JSON"), "{stderr}");
        assert!(stderr.contains("continuing without it"), "{stderr}");
    };

    mock.push(openai::text("run answer"));
    let run = env.cmd().args(["run", "hello"]).run(0);
    assert_eq!(run.stdout, "run answer\n");
    reported(&run.stderr);

    mock.push(openai::text("chat answer"));
    let chat = env.cmd().arg_str("chat").stdin("hello\n").run(0);
    assert_eq!(chat.stdout, "chat answer\n");
    reported(&chat.stderr);

    mock.push(openai::text("cron answer"));
    let added = env
        .cmd()
        .args(["--json", "cron", "add", "--in", "0s", "hello"])
        .run(0);
    let id = added.json()["id"].as_str().unwrap().to_owned();
    let tick = env.cmd().args(["cron", "tick"]).run(0);
    reported(&tick.stderr);
    let history = env.cmd().args(["--json", "cron", "history", &id]).run(0);
    let row = &history.json()[0];
    assert_eq!(row["status"], "completed", "{row}");
    assert_eq!(row["text"], "cron answer", "{row}");
}

#[test]
fn a_server_killed_mid_call_is_an_error_result() {
    let env = TestEnv::new();
    let pid_file = env.tmp.path().join("server.pid");
    let log = env.tmp.path().join("stdin.log");
    // `tee` records what pilotdeck sends, so the test knows when the call is in flight; the shell,
    // tee and the server share one process group, killed together below.
    let script = format!(
        "echo $$ > '{}'; tee '{}' | '{}' stdio",
        pid_file.display(),
        log.display(),
        mcp_servers::everything()
    );
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "slow": { "command": "sh", "args": ["-c", script] } })),
    );
    let mut command = env
        .cmd()
        .args([
            "mcp",
            "call",
            "slow",
            "trigger-long-running-operation",
            "--args",
            r#"{"duration": 60, "steps": 60}"#,
        ])
        .inner;
    let handle = std::thread::spawn(move || command.output().unwrap());
    let group = mcp_servers::wait_pid_file(&pid_file, Duration::from_secs(10));
    mcp_servers::wait_for_text(&log, "tools/call", Duration::from_secs(20));
    std::process::Command::new("kill")
        .args(["-9", "--", &format!("-{group}")])
        .status()
        .unwrap();
    let output = handle.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("MCP server `slow`"), "{stderr}");
    assert!(stderr.contains("not running any more"), "{stderr}");
}

#[test]
fn project_mcp_json_wins_per_server() {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({
            "shared": { "command": "global-cmd" },
            "only-global": { "url": "http://example.invalid/mcp" }
        })),
    );
    env.write(
        &env.project.join(".pilotdeck/mcp.json"),
        &mcp_json(
            json!({ "shared": { "command": "project-cmd", "args": ["x"], "enabled": false } }),
        ),
    );
    // A project's own servers take effect once it is trusted (`trust.rs` tests the untrusted case).
    env.cmd().args(["trust"]).run(0);
    let list = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[0]["name"], "only-global");
    assert_eq!(list[0]["scope"], "global");
    assert_eq!(list[0]["transport"], "http");
    assert_eq!(list[1]["name"], "shared");
    assert_eq!(list[1]["scope"], "project");
    assert_eq!(list[1]["target"], "project-cmd x");
    assert_eq!(list[1]["enabled"], false);
}

/// Twelve `mcp add` at once, then six `mcp rm` beside six more `mcp add`: every change reported
/// lands (each holds the file's directory while it reads, changes and writes mcp.json).
#[test]
fn parallel_adds_and_removes_all_land() {
    let env = TestEnv::new();
    let wait_all = |children: Vec<std::process::Child>| {
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    };
    wait_all(
        (0..12)
            .map(|i| env.spawn(&["mcp", "add", &format!("s{i}"), "--", "echo", "x"]))
            .collect(),
    );
    let mut both = Vec::new();
    for i in 0..6 {
        both.push(env.spawn(&["mcp", "rm", &format!("s{i}")]));
        both.push(env.spawn(&["mcp", "add", &format!("n{i}"), "--", "echo", "y"]));
    }
    wait_all(both);
    let list = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    let mut names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = (6..12)
        .map(|i| format!("s{i}"))
        .chain((0..6).map(|i| format!("n{i}")))
        .collect();
    want.sort();
    assert_eq!(names, want);
}

#[test]
fn add_get_disable_enable_rm_round_trip() {
    let env = TestEnv::new();
    env.cmd()
        .args([
            "mcp",
            "add",
            "ev",
            "--env",
            "TOKEN=${MY_TOKEN}",
            "--",
            "npx",
            "-y",
            "srv",
        ])
        .run(0);
    let file = env.home.join("mcp.json");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        written,
        json!({"mcpServers": {"ev": {"command": "npx", "args": ["-y", "srv"], "env": {"TOKEN": "${MY_TOKEN}"}}}})
    );
    env.cmd()
        .args([
            "mcp",
            "add",
            "web",
            "--scope",
            "project",
            "--url",
            "http://h/mcp",
            "--header",
            "Authorization: Bearer ${T}",
        ])
        .run(0);
    let got = env.cmd().args(["mcp", "get", "web"]).run(0).json();
    assert_eq!(got["scope"], "project");
    assert_eq!(got["config"]["headers"]["Authorization"], "Bearer ${T}");
    let again = env.cmd().args(["mcp", "add", "ev", "--", "x"]).run(2);
    assert!(again.stderr.contains("already exists"), "{}", again.stderr);
    // `__` would make `mcp__a__b__tool` ambiguous.
    let doubled = env.cmd().args(["mcp", "add", "a__b", "--", "x"]).run(2);
    assert!(
        doubled.stderr.contains("invalid server name `a__b`"),
        "{}",
        doubled.stderr
    );
    env.cmd().args(["mcp", "disable", "ev"]).run(0);
    let list = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    assert_eq!(list[0]["enabled"], false);
    // Asking a disabled server for its tools is a usage error, as for an unknown one.
    let disabled = env.cmd().args(["mcp", "tools", "ev"]).run(2);
    assert!(
        disabled.stderr.contains("mcp enable ev"),
        "{}",
        disabled.stderr
    );
    env.cmd().args(["mcp", "enable", "ev"]).run(0);
    env.cmd().args(["mcp", "rm", "ev"]).run(0);
    env.cmd().args(["mcp", "rm", "web"]).run(0);
    let list = env.cmd().args(["mcp", "list", "--json"]).run(0).json();
    assert_eq!(list, json!([]));
    let missing = env.cmd().args(["mcp", "rm", "ev"]).run(2);
    assert!(
        missing.stderr.contains("no MCP server named `ev`"),
        "{}",
        missing.stderr
    );
}

#[test]
fn a_bad_mcp_json_is_a_diagnostic_naming_the_file() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("still works"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.project.join(".pilotdeck/mcp.json"),
        "{\"mcpServers\": {\n  \"x\": [}\n",
    );
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "bad": { "command": 42 } })),
    );
    let run = env.cmd().args(["mcp", "list"]).run(0);
    assert!(
        run.stderr.contains(".pilotdeck/mcp.json:2:"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("mcpServers.bad"), "{}", run.stderr);
    let run = env.cmd().args(["run", "hi"]).run(0);
    assert_eq!(run.stdout, "still works\n");
    assert!(run.stderr.contains("mcp.json"), "{}", run.stderr);
}

#[test]
fn call_reports_is_error_with_exit_1() {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": stdio_everything() })),
    );
    // Missing required argument: the server answers with isError (or a protocol error).
    let run = env
        .cmd()
        .args(["mcp", "call", "everything", "echo", "--args", "{}"])
        .run(1);
    assert!(!run.stderr.is_empty());
    let run = env.cmd().args(["mcp", "call", "everything", "nope"]).run(2);
    assert!(
        run.stderr.contains("has no tool named `nope`"),
        "{}",
        run.stderr
    );
}

#[test]
fn ctrl_c_during_a_run_kills_the_mcp_servers() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // The model starts answering, then goes silent: the run is in flight until interrupted.
    mock.push(openai::text("partial answer that never ends").stall_after(1));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let pid_file = env.tmp.path().join("server.pid");
    let script = format!(
        "echo $$ > '{}'; exec '{}' stdio",
        pid_file.display(),
        mcp_servers::everything()
    );
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": { "command": "sh", "args": ["-c", script] } })),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .args(["run", "wait for it"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let server = mcp_servers::wait_pid_file(&pid_file, Duration::from_secs(10));
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while mock.requests().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the model was never called"
        );
        std::thread::park_timeout(Duration::from_millis(20));
    }
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    mcp_servers::wait_dead(server, Duration::from_secs(10));
    mock.release_stalls();
}

#[test]
fn enabled_and_disabled_tools_filter_the_list() {
    let env = TestEnv::new();
    let mut only = stdio_everything();
    only["enabledTools"] = json!(["echo", "get-sum"]);
    only["disabledTools"] = json!(["get-sum"]);
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": only })),
    );
    let listed = env
        .cmd()
        .args(["mcp", "tools", "everything", "--json"])
        .run(0)
        .json();
    let names: Vec<&str> = listed[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["echo"]);
    let run = env
        .cmd()
        .args(["mcp", "call", "everything", "get-sum"])
        .run(2);
    assert!(
        run.stderr.contains("has no tool named `get-sum`"),
        "{}",
        run.stderr
    );
}

#[test]
fn call_and_startup_timeouts_are_reported() {
    let env = TestEnv::new();
    let mut slow_calls = stdio_everything();
    slow_calls["callTimeoutMs"] = json!(300);
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({
            "everything": slow_calls,
            "silent": { "command": "sh", "args": ["-c", "exec sleep 600"], "startupTimeoutMs": 300 }
        })),
    );
    let run = env
        .cmd()
        .args([
            "mcp",
            "call",
            "everything",
            "trigger-long-running-operation",
            "--args",
            r#"{"duration": 30, "steps": 30}"#,
        ])
        .run(1);
    assert!(
        run.stderr.contains("within 300 ms (callTimeoutMs)"),
        "{}",
        run.stderr
    );
    let run = env.cmd().args(["mcp", "tools", "silent"]).run(1);
    assert!(
        run.stderr
            .contains("MCP server `silent` did not start within 300 ms"),
        "{}",
        run.stderr
    );
}

/// Runs one call of the `everything` server's echo with a result over the inline limit, after
/// `prepare` set up the project; returns the environment, the echoed text and the tool result.
fn echo_a_lot(prepare: impl FnOnce(&TestEnv)) -> (TestEnv, String, String) {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let big = "x".repeat(60_000); // about 15,000 tokens: over the inline limit
    let arguments = json!({ "message": big }).to_string();
    mock.push(openai::tool_call(
        "call_big",
        "mcp__everything__echo",
        &arguments,
    ));
    mock.push(openai::text("saw it"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": stdio_everything() })),
    );
    prepare(&env);
    env.cmd().args(["run", "echo a lot"]).run(0);
    let result = mock.requests()[1].tool_result("call_big").unwrap();
    (env, big, result)
}

#[test]
fn a_large_mcp_result_is_spilled_like_a_builtin_one() {
    let (env, big, result) = echo_a_lot(|_| {});
    assert!(result.len() < 20_000, "{} bytes inline", result.len());
    assert!(
        result.contains("The full result was saved to"),
        "{}",
        &result[..200]
    );
    let saved = env.project.join(".pilotdeck/tool-results/call_big.txt");
    let text = std::fs::read_to_string(saved).unwrap();
    assert_eq!(text, format!("Echo: {big}"));
}

/// The spill is never written through a symlinked `.pilotdeck/tool-results`: the call fails with the
/// reason and nothing appears where the link points.
#[test]
fn a_large_result_is_not_spilled_through_a_symlink() {
    let (env, _, result) = echo_a_lot(|env| {
        std::fs::create_dir_all(env.tmp.path().join("OUT")).unwrap();
        std::fs::create_dir_all(env.project.join(".pilotdeck")).unwrap();
        std::os::unix::fs::symlink(
            env.tmp.path().join("OUT"),
            env.project.join(".pilotdeck/tool-results"),
        )
        .unwrap();
    });
    assert!(
        result.contains("symbolic link"),
        "{}",
        &result[..200.min(result.len())]
    );
    let out = std::fs::read_dir(env.tmp.path().join("OUT"))
        .unwrap()
        .count();
    assert_eq!(out, 0, "the spill was written outside the project");
}

#[test]
fn a_server_that_dies_during_a_run_is_reported_and_its_tools_go_away() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    let pid_file = env.tmp.path().join("server.pid");
    let kill = json!({ "command": format!("kill -9 $(cat '{}')", pid_file.display()) });
    mock.push(openai::tool_call("call_kill", "bash", &kill.to_string()));
    mock.push(openai::tool_call(
        "call_echo",
        "mcp__everything__echo",
        r#"{"message":"hi"}"#,
    ));
    mock.push(openai::text("carried on"));
    env.config(&config_for(&mock));
    let script = format!(
        "echo $$ > '{}'; exec '{}' stdio",
        pid_file.display(),
        mcp_servers::everything()
    );
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "everything": { "command": "sh", "args": ["-c", script] } })),
    );
    let run = env
        .cmd()
        .args(["run", "--permission-mode", "full", "kill the server"])
        .run(0);
    assert_eq!(run.stdout, "carried on\n");
    assert!(
        run.stderr.contains("not running any more"),
        "{}",
        run.stderr
    );
    let requests = mock.requests();
    // Either the call found the server gone, or its tools were already withdrawn.
    let echo = requests[2].tool_result("call_echo").unwrap();
    assert!(
        echo.contains("not running any more") || echo.contains("no tool named"),
        "{echo}"
    );
    assert!(
        !requests[2]
            .tool_names()
            .contains(&"mcp__everything__echo".to_owned())
    );
}

/// `mcp call` starts a server whose entry says `sandbox: true` in the sandbox a run would give it,
/// not with the user's rights: it cannot write outside the project, and a git hook it writes in the
/// project is put back after the call and named.
#[test]
fn mcp_call_runs_a_sandboxed_server_in_the_sandbox() {
    let env = TestEnv::new();
    support::git(&env.project, &["init", "-q"]);
    let root = env.project.canonicalize().unwrap();
    std::fs::create_dir_all(env.tmp.path().join("outside")).unwrap();
    let outside = env.tmp.path().join("outside").canonicalize().unwrap();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "fs": {
            "command": mcp_servers::filesystem(),
            "args": [root, outside],
            "sandbox": true
        } })),
    );
    let call = |path: &std::path::Path| {
        let args = json!({ "path": path, "content": "#!/bin/sh\ntouch pwned\n" }).to_string();
        env.cmd()
            .args(["mcp", "call", "fs", "write_file", "--args", &args])
            .inner
            .output()
            .unwrap()
    };
    let out = call(&outside.join("planted.sh"));
    assert!(
        !outside.join("planted.sh").exists(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = call(&root.join(".git/hooks/pre-commit"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!root.join(".git/hooks/pre-commit").exists(), "{stdout}");
    assert!(stdout.contains(".git/hooks/pre-commit"), "{stdout}");
}

/// A server of the home's mcp.json starts in PilotHome's empty start directory, not in the
/// project, whose files the agent writes (attacker review: `npx -y pkg` run in the project ran a
/// `node_modules/pkg` the agent had planted there, outside the sandbox); `${projectRoot}` points it
/// at the project.
#[test]
fn a_global_server_starts_outside_the_project_and_names_it_by_project_root() {
    let env = TestEnv::new();
    let out = |name: &str| env.user_home.join(name);
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({
            "where": {"command": "sh", "args": ["-c", format!(
                "pwd > '{}'; echo '${{projectRoot}}' > '{}'; echo \"$WHERE_CFG\" > '{}'; exit 1",
                out("pd-cwd").display(),
                out("pd-root").display(),
                out("pd-cfg").display()
            )], "env": {"WHERE_CFG": "~/cfg.toml"}}
        })),
    );
    env.cmd().args(["mcp", "tools", "where"]).run(1);
    let cwd = std::fs::read_to_string(out("pd-cwd")).unwrap();
    assert_eq!(
        std::path::Path::new(cwd.trim()),
        env.home.join("mcp-start").canonicalize().unwrap()
    );
    let root = std::fs::read_to_string(out("pd-root")).unwrap();
    assert_eq!(
        std::path::Path::new(root.trim()).canonicalize().unwrap(),
        env.project.canonicalize().unwrap()
    );
    // A leading `~` is expanded in `env` values too.
    let cfg = std::fs::read_to_string(out("pd-cfg")).unwrap();
    assert_eq!(
        cfg.trim(),
        env.user_home.join("cfg.toml").display().to_string()
    );
}
