//! The OS sandbox end to end: the real binary, the mock model scripting `bash` calls, real files,
//! processes and sockets, and a temp HOME (never the user's). `--allow bash` lifts the lexical
//! checks, so what is stopped here is stopped by the kernel (Landlock).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "sandbox/guard.rs"]
mod guard;
#[path = "sandbox/guard_links.rs"]
mod guard_links;
#[path = "sandbox/kernel.rs"]
mod kernel;
#[path = "support/mcp_servers.rs"]
mod mcp_servers;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "sandbox/namespace.rs"]
mod namespace;
#[path = "sandbox/reach.rs"]
mod reach;
mod support;
#[path = "support/tmux.rs"]
mod tmux;

use std::io::{Read, Write};
use std::net::TcpListener;

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn bash(id: &str, command: &str) -> mock_model::Reply {
    openai::tool_call(id, "bash", &json!({ "command": command }).to_string())
}

/// The tool results the model got, in order (the last message of each request after the first).
fn tool_results(mock: &MockModel) -> Vec<String> {
    mock.requests()
        .iter()
        .skip(1)
        .map(|r| {
            let last = r.body["messages"].as_array().unwrap().last().unwrap();
            match &last["content"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }
        })
        .collect()
}

/// A mock-backed environment with a secret in `~/.aws` and a second directory for `--add-dir`.
/// A Python probe: `body` after an `attempt(name, action)` that prints `NAME: DONE`, or `NAME:
/// refused (ERRNO)` when the action raises `OSError`.
fn python_probe(body: &str) -> String {
    format!(
        "import errno
def attempt(name, action):
    try:
        action()
        print(f\"{{name}}: DONE\")
    except OSError as e:
        print(f\"{{name}}: refused ({{errno.errorcode.get(e.errno, e.errno)}})\")
{body}"
    )
}

fn env_with(mock: &MockModel, extra_yaml: &str) -> TestEnv {
    let env = TestEnv::new();
    env.config(&format!("{}{extra_yaml}", mock.agent_config()));
    env.write(
        &env.user_home.join(".aws/credentials"),
        "aws_secret_access_key = SEKRIT-AWS\n",
    );
    std::fs::create_dir_all(env.tmp.path().join("extra")).unwrap();
    env
}

/// Runs `commands` as one `run` (each a bash call), returning the tool results.
fn run_bash(mock: &MockModel, env: &TestEnv, flags: &[&str], commands: &[&str]) -> Vec<String> {
    for (i, command) in commands.iter().enumerate() {
        mock.push(bash(&format!("c{i}"), command));
    }
    mock.push(openai::text("done"));
    let mut args = vec!["run", "--allow", "bash"];
    args.extend_from_slice(flags);
    args.push("go");
    env.cmd().args(args).run(0);
    tool_results(mock)
}

#[test]
fn workspace_write_stops_writes_outside_and_secret_reads_and_allows_the_workspace() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let extra = env.tmp.path().join("extra");
    let extra_flag = extra.display().to_string();
    let results = run_bash(
        &mock,
        &env,
        &["--add-dir", &extra_flag],
        &[
            "echo hi > ~/pd-outside-redirect.txt",
            "sh -c 'touch ~/pd-outside-sh.txt'",
            "python3 -c \"import os; open(os.path.expanduser('~/pd-outside-py.txt'),'w').write('x')\"",
            "cat ~/.aws/credentials",
            "sh -c 'sh -c \"touch ~/pd-grandchild.txt\"'",
            &format!(
                "touch inside.txt && echo t > \"$TMPDIR/t\" && cat \"$TMPDIR/t\" && touch {extra_flag}/added.txt"
            ),
        ],
    );
    for name in [
        "pd-outside-redirect.txt",
        "pd-outside-sh.txt",
        "pd-outside-py.txt",
        "pd-grandchild.txt",
    ] {
        assert!(!env.user_home.join(name).exists(), "{name} was written");
    }
    for (i, result) in results.iter().take(5).enumerate() {
        assert!(result.contains("denied"), "call {i}: {result}");
    }
    assert!(
        results[1].contains("the sandbox denied writing")
            && results[1].contains("pd-outside-sh.txt"),
        "{}",
        results[1]
    );
    assert!(
        results[2].contains("the sandbox denied writing"),
        "{}",
        results[2]
    );
    assert!(
        results[3].contains("the sandbox denied reading") && !results[3].contains("SEKRIT"),
        "{}",
        results[3]
    );
    assert!(results[4].contains("pd-grandchild.txt"), "{}", results[4]);
    assert!(results[5].starts_with("exit code 0"), "{}", results[5]);
    assert!(env.project.join("inside.txt").exists());
    assert!(extra.join("added.txt").exists());
}

#[test]
fn a_sandbox_denial_is_a_denial_in_json() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    mock.push(bash("c1", "touch ~/pd-json.txt"));
    mock.push(openai::text("done"));
    let out = env
        .cmd()
        .args(["--json", "run", "--allow", "bash", "go"])
        .run(0);
    let denial = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["item"]["type"] == "permission_denial")
        .unwrap_or_else(|| panic!("no denial in {}", out.stdout));
    let reason = denial["item"]["reason"].as_str().unwrap();
    assert!(reason.contains("pd-json.txt"), "{reason}");
    assert!(!env.user_home.join("pd-json.txt").exists());
}

/// A one-shot HTTP server on 127.0.0.1; returns its port.
fn local_server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut stream = stream;
            let mut buf = [0u8; 1024];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello");
        }
    });
    port
}

#[test]
fn the_network_is_closed_unattended_and_opened_by_allow_network() {
    let port = local_server();
    let curl = format!("curl -sS -m 5 http://127.0.0.1:{port}/");
    let py = format!(
        "python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port})); print('connected')\""
    );
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let closed = run_bash(&mock, &env, &[], &[&curl, &py]);
    assert!(
        closed[0].contains("the sandbox denied network access to 127.0.0.1"),
        "{}",
        closed[0]
    );
    assert!(!closed[1].contains("connected"), "{}", closed[1]);
    assert!(closed[1].contains("network"), "{}", closed[1]);

    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let open = run_bash(&mock, &env, &["--allow-network"], &[&curl, &py]);
    assert!(open[0].contains("hello"), "{}", open[0]);
    assert!(open[1].contains("connected"), "{}", open[1]);
}

#[test]
fn full_mode_is_not_sandboxed() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let results = run_bash(
        &mock,
        &env,
        &["--permission-mode", "full"],
        &["touch ~/pd-full.txt"],
    );
    assert!(results[0].starts_with("exit code 0"), "{}", results[0]);
    assert!(env.user_home.join("pd-full.txt").exists());
}

#[test]
fn no_mode_lets_a_command_read_pilotdecks_environment() {
    for mode in ["workspace-write", "full"] {
        let mock = MockModel::spawn();
        let env = env_with(&mock, "");
        // pilotdeck's pid as /proc numbers it (a confined command's own pid namespace has no
        // parent to show in `$PPID`).
        mock.push(bash(
            "c1",
            "read -r pid comm state ppid rest < /proc/self/stat; \
             cat /proc/$ppid/environ | tr '\\0' '\\n'",
        ));
        mock.push(openai::text("done"));
        env.cmd()
            .env("PD_TEST_API_KEY", "sk-env-sekrit")
            .args(["run", "--allow", "bash", "--permission-mode", mode, "go"])
            .run(0);
        let result = &tool_results(&mock)[0];
        assert!(!result.contains("sk-env-sekrit"), "{mode}: {result}");
        assert!(result.contains("Permission denied"), "{mode}: {result}");
    }
}

#[test]
fn a_hook_command_is_confined() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        "hooks:\n  SessionStart:\n    - hooks:\n        - type: command\n          command: \"touch ~/pd-hook.txt; touch hook-inside.txt\"\n",
    );
    mock.push(openai::text("hello"));
    env.cmd().args(["run", "say hello"]).run(0);
    assert!(env.project.join("hook-inside.txt").exists(), "the hook ran");
    assert!(!env.user_home.join("pd-hook.txt").exists());
}

#[test]
fn an_mcp_server_runs_in_the_sandbox_only_when_its_entry_asks() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    env.write(
        &env.home.join("mcp.json"),
        r#"{"mcpServers": {
            "boxed": {"command": "sh", "args": ["-c", "touch \"$HOME/pd-mcp-boxed\"; touch mcp-boxed-inside"], "sandbox": true},
            "free": {"command": "sh", "args": ["-c", "touch \"$HOME/pd-mcp-free\""]}
        }}"#,
    );
    mock.push(openai::text("hello"));
    env.cmd().args(["run", "say hello"]).run(0);
    assert!(
        env.project.join("mcp-boxed-inside").exists(),
        "the boxed server ran"
    );
    assert!(!env.user_home.join("pd-mcp-boxed").exists());
    assert!(env.user_home.join("pd-mcp-free").exists());
}

#[test]
fn required_with_backend_none_refuses_to_run() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        "tools:\n  sandbox:\n    backend: none\n    required: true\n",
    );
    let out = env.cmd().args(["run", "say hello"]).run(2);
    assert!(
        out.stderr.contains("tools.sandbox.required"),
        "{}",
        out.stderr
    );
    assert!(mock.requests().is_empty(), "no model call was made");
}

#[test]
fn an_unknown_backend_is_a_config_error() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "tools:\n  sandbox:\n    backend: firejail\n");
    let out = env.cmd().args(["run", "say hello"]).run(2);
    assert!(
        out.stderr.contains("tools.sandbox.backend") && out.stderr.contains("firejail"),
        "{}",
        out.stderr
    );
}

#[test]
fn backend_none_says_so_once_and_runs_unsandboxed() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "tools:\n  sandbox:\n    backend: none\n");
    for (i, command) in ["touch ~/pd-none.txt", "true"].iter().enumerate() {
        mock.push(bash(&format!("c{i}"), command));
    }
    mock.push(openai::text("done"));
    let out = env.cmd().args(["run", "--allow", "bash", "go"]).run(0);
    assert!(env.user_home.join("pd-none.txt").exists());
    assert_eq!(
        out.stderr.matches("without an OS sandbox").count(),
        1,
        "{}",
        out.stderr
    );
}

#[test]
fn sandbox_run_applies_each_modes_policy() {
    let env = TestEnv::new();
    let py_write = "open('ro.txt','w').write('x')";
    let out = env
        .cmd()
        .args([
            "sandbox",
            "run",
            "--permission-mode",
            "read-only",
            "--",
            "python3",
            "-c",
            py_write,
        ])
        .run(1);
    assert!(!env.project.join("ro.txt").exists());
    assert!(
        out.stderr.contains("the sandbox denied writing"),
        "{}",
        out.stderr
    );

    env.cmd()
        .args(["sandbox", "run", "--", "python3", "-c", py_write])
        .run(0);
    assert!(env.project.join("ro.txt").exists());

    let out = env
        .cmd()
        .args(["sandbox", "run", "--", "sh", "-c", "touch ~/pd-sr.txt"])
        .run(1);
    assert!(out.stderr.contains("pd-sr.txt"), "{}", out.stderr);
    assert!(!env.user_home.join("pd-sr.txt").exists());
}

/// A background job of `sandbox run` does not outlive it (attack round 5): it holds the user's
/// terminal and could write escape sequences to it later.
#[test]
fn sandbox_run_leaves_no_background_process_behind() {
    let env = TestEnv::new();
    env.cmd()
        .args([
            "sandbox",
            "run",
            "--",
            "sh",
            "-c",
            "sleep 60 >/dev/null 2>&1 </dev/null & echo $! > bg.pid",
        ])
        .run(0);
    let pid = std::fs::read_to_string(env.project.join("bg.pid")).unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    // Gone, or at most a zombie nobody reaped yet.
    let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
    assert!(
        matches!(state, None | Some('Z') | Some('X')),
        "the background job {} is still running: {stat}",
        pid.trim()
    );
}

/// `sandbox run` keeps the project's protected paths as the agent's commands do (attacker review,
/// stop 39: a git setting it planted ran at the user's next `git status`): what it changed there
/// is put back and named on stderr, and its exit code is the command's.
#[test]
fn sandbox_run_puts_back_the_protected_paths_it_changed() {
    let env = TestEnv::new();
    std::fs::remove_dir_all(env.project.join(".git")).ok();
    let git = |args: &[&str]| {
        let ok = std::process::Command::new("git")
            .args(args)
            .current_dir(&env.project)
            .status()
            .unwrap()
            .success();
        assert!(ok, "git {args:?}");
    };
    git(&["init", "-q"]);
    let config = std::fs::read_to_string(env.project.join(".git/config")).unwrap();
    let out = env
        .cmd()
        .args([
            "sandbox",
            "run",
            "--",
            "sh",
            "-c",
            "printf '[core]\\n\\tfsmonitor = touch pd-fsm\\n' >> .git/config; \
             echo x > AGENTS.md; exit 3",
        ])
        .run(3);
    assert_eq!(
        std::fs::read_to_string(env.project.join(".git/config")).unwrap(),
        config
    );
    assert!(!env.project.join("AGENTS.md").exists());
    assert!(
        out.stderr.contains(".git/config") && out.stderr.contains("AGENTS.md"),
        "{}",
        out.stderr
    );
}

#[test]
fn doctor_reports_the_sandbox() {
    let env = TestEnv::new();
    let mut cmd = env.cmd().args(["--json", "doctor"]);
    let out = cmd.inner.output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let checks = report["checks"].as_array().unwrap().clone();
    let sandbox = checks
        .iter()
        .find(|c| c["name"] == "sandbox")
        .expect("a sandbox check");
    assert!(
        sandbox["detail"].as_str().unwrap().contains("Landlock ABI")
            && sandbox["detail"]
                .as_str()
                .unwrap()
                .contains("seccomp filter (no keys typed into a terminal"),
        "{sandbox}"
    );
}

fn tool(id: &str, name: &str, input: &Value) -> mock_model::Reply {
    openai::tool_call(id, name, &input.to_string())
}

/// Runs the scripted tool `calls` as one `run` with `flags`, returning the tool results.
fn run_tools(
    mock: &MockModel,
    env: &TestEnv,
    flags: &[&str],
    calls: Vec<mock_model::Reply>,
) -> Vec<String> {
    for call in calls {
        mock.push(call);
    }
    mock.push(openai::text("done"));
    let mut args = vec!["run"];
    args.extend_from_slice(flags);
    args.push("go");
    env.cmd().args(args).run(0);
    tool_results(mock)
}

#[test]
fn file_tools_cannot_read_a_secret_location_in_any_mode_or_with_any_rule() {
    for flags in [
        &[][..],
        &["--permission-mode", "full"][..],
        &["--allow", "read_file:*"][..],
    ] {
        let mock = MockModel::spawn();
        let env = env_with(&mock, "");
        let secret = env.user_home.join(".aws/credentials");
        std::os::unix::fs::symlink(&secret, env.project.join("innocent.txt")).unwrap();
        let results = run_tools(
            &mock,
            &env,
            flags,
            vec![
                tool("r1", "read_file", &json!({ "file_path": secret })),
                tool("r2", "read_file", &json!({ "file_path": "innocent.txt" })),
                tool("r3", "read_file", &json!({ "file_path": "~/.aws" })),
            ],
        );
        for result in &results[..3] {
            assert!(
                result.contains("`~/.aws` is one of the secret locations hidden from the agent")
                    && !result.contains("SEKRIT"),
                "{flags:?}: {result}"
            );
        }
    }
}

#[test]
fn walks_skip_secret_locations_and_configured_ones_are_hidden_too() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "tools:\n  sandbox:\n    hide: [\"~/vault\"]\n");
    env.write(&env.user_home.join(".ssh/id_rsa"), "SEKRIT-SSH\n");
    env.write(&env.user_home.join("vault/key.txt"), "SEKRIT-VAULT\n");
    env.write(&env.user_home.join("notes.txt"), "SEKRIT-NOTE\n");
    let home = env.user_home.display().to_string();
    let results = run_tools(
        &mock,
        &env,
        &["--permission-mode", "full"],
        vec![
            tool("g", "grep", &json!({ "pattern": "SEKRIT", "path": home })),
            tool("f", "glob", &json!({ "pattern": "*", "path": home })),
            tool("v", "read_file", &json!({ "file_path": "~/vault/key.txt" })),
            tool("n", "read_file", &json!({ "file_path": "~/notes.txt" })),
        ],
    );
    let (grep, glob, vault, notes) = (&results[0], &results[1], &results[2], &results[3]);
    assert!(
        grep.contains("notes.txt")
            && grep.contains("SEKRIT-NOTE")
            && !grep.contains("SEKRIT-SSH")
            && !grep.contains("SEKRIT-AWS")
            && !grep.contains("SEKRIT-VAULT")
            && grep.contains("3 secret locations"),
        "{grep}"
    );
    assert!(
        glob.contains("notes.txt")
            && !glob.contains("id_rsa")
            && !glob.contains("credentials")
            && !glob.contains("key.txt"),
        "{glob}"
    );
    assert!(
        vault.contains("`~/vault` is one of the secret locations") && !vault.contains("SEKRIT"),
        "{vault}"
    );
    assert!(notes.contains("SEKRIT-NOTE"), "{notes}");
}

#[test]
fn a_normal_file_outside_still_asks_in_workspace_write() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    env.write(&env.user_home.join("notes.txt"), "PLAIN-NOTE\n");
    let results = run_tools(
        &mock,
        &env,
        &[],
        vec![tool(
            "n",
            "read_file",
            &json!({ "file_path": "~/notes.txt" }),
        )],
    );
    assert!(
        results[0].contains("nobody can be asked")
            && !results[0].contains("secret locations")
            && !results[0].contains("PLAIN-NOTE"),
        "{}",
        results[0]
    );
}

/// Landlock rules cover TCP only: a UDP datagram (DNS, a tunnel) must not leave a closed sandbox
/// either, nor go out through `io_uring`.
#[test]
fn udp_is_closed_too_when_the_network_is() {
    let listener = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    listener
        .set_read_timeout(Some(std::time::Duration::from_millis(300)))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    let udp = format!(
        "python3 -c \"import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b'leak', ('127.0.0.1', {port})); print('sent')\""
    );
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let closed = run_bash(&mock, &env, &[], &[&udp]);
    assert!(!closed[0].contains("sent"), "{}", closed[0]);
    assert!(
        closed[0].contains("the sandbox denied network access"),
        "{}",
        closed[0]
    );
    let mut buf = [0u8; 16];
    assert!(listener.recv(&mut buf).is_err(), "a datagram got out");

    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let open = run_bash(&mock, &env, &["--allow-network"], &[&udp]);
    assert!(open[0].contains("sent"), "{}", open[0]);
    assert_eq!(listener.recv(&mut buf).unwrap(), 4);
}

#[test]
fn listed_hosts_are_reached_through_the_proxy_and_nothing_else() {
    let port = local_server();
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        "tools:\n  sandbox:\n    network: [\"127.0.0.1\", \"*.example.org\"]\n",
    );
    let results = run_bash(
        &mock,
        &env,
        &[],
        &[
            &format!("curl -sS -m 5 http://127.0.0.1:{port}/"),
            &format!("curl -sS -m 5 --proxytunnel http://127.0.0.1:{port}/"),
            &format!("curl -sS -m 5 http://localhost:{port}/"),
            &format!("curl -sS -m 5 --noproxy '*' http://127.0.0.1:{port}/"),
            "printf '%s' \"$HTTPS_PROXY\"",
            // TCP Fast Open connects without Landlock's connect hook.
            &format!(
                "python3 -c \"import socket; s = socket.socket(); s.sendto(b'GET / HTTP/1.0\\r\\n\\r\\n', 0x20000000, ('127.0.0.1', {port})); print(s.recv(100))\""
            ),
        ],
    );
    let (plain, tunnel, unlisted, direct) = (&results[0], &results[1], &results[2], &results[3]);
    assert!(plain.contains("hello"), "{plain}");
    assert!(tunnel.contains("hello"), "{tunnel}");
    assert!(
        !unlisted.contains("hello")
            && unlisted.contains(&format!(
                "the sandbox denied network access to localhost:{port} (not one of the hosts"
            )),
        "{unlisted}"
    );
    assert!(
        !direct.contains("hello") && direct.contains("the sandbox denied a direct connection"),
        "{direct}"
    );
    assert!(results[4].contains("http://127.0.0.1:"), "{}", results[4]);
    assert!(
        !results[5].contains("hello") && results[5].contains("Permission denied"),
        "{}",
        results[5]
    );
}

#[test]
fn a_bad_host_entry_is_a_clear_error() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        "tools:\n  sandbox:\n    network: [\"https://crates.io/\"]\n",
    );
    let out = env.cmd().args(["run", "say hello"]).run(2);
    assert!(
        out.stderr.contains("tools.sandbox.network") && out.stderr.contains("https://crates.io/"),
        "{}",
        out.stderr
    );
}

#[test]
fn sandbox_run_passes_stdin_stdout_and_stderr_through_and_exits_with_the_childs_code() {
    let env = TestEnv::new();
    let out = env
        .cmd()
        .stdin("piped input\n")
        .args([
            "sandbox",
            "run",
            "--",
            "sh",
            "-c",
            "read x; echo \"got $x\"; echo to-stderr >&2; touch ~/pd-pass.txt; exit 7",
        ])
        .run(7);
    assert_eq!(out.stdout, "got piped input\n");
    assert!(out.stderr.contains("to-stderr"), "{}", out.stderr);
    assert!(
        out.stderr.contains("the sandbox denied writing") && out.stderr.contains("pd-pass.txt"),
        "{}",
        out.stderr
    );
}

/// At a terminal: the command reads the keyboard (it is in the terminal's foreground process
/// group), and Ctrl-C reaches it rather than killing pilotdeck under it.
#[test]
fn sandbox_run_is_interactive_at_a_terminal() {
    let env = TestEnv::new();
    #[allow(deprecated, reason = "the helper other tty tests use")]
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let script = "printf \"name? \"; read x; echo \"hi $x\"; trap \"echo caught; exit 3\" INT; echo ready; sleep 30 & wait";
    let command = format!(
        "cd {} && env -i PATH=/usr/bin:/bin HOME={} PILOTDECK_HOME={} TERM=xterm {} sandbox run -- sh -c '{script}'; echo EXIT=$?; sleep 60",
        env.project.display(),
        env.user_home.display(),
        env.home.display(),
        bin.display()
    );
    let tmux = tmux::Tmux::start("sandbox-run", &command);
    tmux.wait_for("name?");
    tmux.send_keys(&["bob", "Enter"]);
    tmux.wait_for("ready");
    tmux.send_keys(&["C-c"]);
    let screen = tmux.wait_for("EXIT=");
    assert!(screen.contains("hi bob"), "{screen}");
    assert!(
        screen.contains("caught") && screen.contains("EXIT=3"),
        "{screen}"
    );
}

#[test]
fn listing_and_searching_inside_a_secret_location_is_refused_like_reading() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    env.write(&env.user_home.join(".ssh/id_rsa"), "SEKRIT-SSH\n");
    std::os::unix::fs::symlink(env.user_home.join(".ssh"), env.project.join("keys")).unwrap();
    let home = env.user_home.display().to_string();
    let results = run_tools(
        &mock,
        &env,
        &["--permission-mode", "full"],
        vec![
            tool("l1", "list_dir", &json!({ "path": "~/.ssh" })),
            tool("l2", "list_dir", &json!({ "path": "keys" })),
            tool(
                "l3",
                "list_dir",
                &json!({ "path": format!("{home}/x/../.ssh/") }),
            ),
            tool("g1", "glob", &json!({ "pattern": "*", "path": "~/.ssh" })),
            tool("g2", "glob", &json!({ "pattern": ".ssh/*", "path": home })),
            tool("g3", "glob", &json!({ "pattern": "keys/*" })),
            tool(
                "s1",
                "grep",
                &json!({ "pattern": "SEKRIT", "path": "~/.ssh" }),
            ),
            tool(
                "s2",
                "grep",
                &json!({ "pattern": "SEKRIT", "path": "keys/id_rsa" }),
            ),
            tool(
                "s3",
                "grep",
                &json!({ "pattern": "SEKRIT", "path": home, "glob": "id_rsa" }),
            ),
            tool("l4", "list_dir", &json!({ "path": home })),
        ],
    );
    for (i, result) in results[..10].iter().enumerate() {
        assert!(
            !result.contains("id_rsa\n")
                && !result.ends_with("id_rsa")
                && !result.contains("SEKRIT-SSH"),
            "call {i}: {result}"
        );
    }
    for i in [0, 1, 2, 3, 6, 7] {
        assert!(
            results[i].contains("`~/.ssh` is one of the secret locations"),
            "call {i}: {}",
            results[i]
        );
    }
    assert!(results[9].contains(".ssh/"), "{}", results[9]);
}

#[test]
fn a_project_config_cannot_loosen_the_sandbox() {
    let port = local_server();
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    env.project_config("tools:\n  sandbox:\n    backend: none\n    network: true\n");
    mock.push(bash("c1", "touch ~/pd-project-none.txt"));
    mock.push(bash(
        "c2",
        &format!("curl -sS -m 5 http://127.0.0.1:{port}/"),
    ));
    mock.push(openai::text("done"));
    let out = env.cmd().args(["run", "--allow", "bash", "go"]).run(0);
    assert!(!env.user_home.join("pd-project-none.txt").exists());
    let results = tool_results(&mock);
    assert!(!results[1].contains("hello"), "{}", results[1]);
    assert!(
        out.stderr.contains("cannot loosen the sandbox")
            && out.stderr.contains("tools.sandbox.backend")
            && out.stderr.contains("tools.sandbox.network"),
        "{}",
        out.stderr
    );
}

/// An untrusted project config cannot re-expose a secret variable (`tools.bash.env.include`) nor
/// empty the user's `tools.sandbox.hide` or `tools.bash.env.exclude` by giving its own lists.
#[test]
fn a_project_config_cannot_re_expose_secrets() {
    let mock = MockModel::spawn();
    let env = env_with(
        &mock,
        "tools:\n  sandbox:\n    hide: [\"~/vault\"]\n  bash:\n    env:\n      exclude: [PD_PRIVATE]\n",
    );
    env.write(&env.user_home.join("vault/key.txt"), "SEKRIT-VAULT\n");
    env.project_config(
        "tools:\n  bash:\n    env:\n      include: [\"*\"]\n      exclude: [PD_OTHER]\n  sandbox:\n    hide: [\"~/elsewhere\"]\n",
    );
    mock.push(bash(
        "c1",
        "printenv AWS_SECRET_ACCESS_KEY PD_PRIVATE; echo end",
    ));
    mock.push(bash("c2", "cat ~/vault/key.txt"));
    mock.push(openai::text("done"));
    let out = env
        .cmd()
        .env("AWS_SECRET_ACCESS_KEY", "SEKRIT-ENV")
        .env("PD_PRIVATE", "SEKRIT-PRIVATE")
        .args(["run", "--allow", "bash", "go"])
        .run(0);
    let results = tool_results(&mock);
    assert!(
        results[0].contains("end") && !results[0].contains("SEKRIT"),
        "{}",
        results[0]
    );
    assert!(!results[1].contains("SEKRIT-VAULT"), "{}", results[1]);
    assert!(
        out.stderr.contains("tools.bash.env.include"),
        "{}",
        out.stderr
    );
}

/// PilotHome is a secret location as a whole (its config with API keys, the `mcp serve` token, MCP
/// OAuth tokens, other projects' transcripts), and so are the common credential stores in HOME —
/// for commands in every sandboxed mode and for the file tools; PilotHome's skills stay readable.
/// (Commands may still list names there: Landlock's listing right covers a whole tree.)
#[test]
fn pilot_home_and_home_credential_stores_are_hidden_from_commands_and_file_tools() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let pilot = env.home.display().to_string();
    env.write(&env.home.join("serve-token"), "SEKRIT-SERVE\n");
    env.write(
        &env.home.join("mcp-auth/srv.json"),
        "{\"t\": \"SEKRIT-OAUTH\"}\n",
    );
    env.write(
        &env.home.join("projects/other/sessions/s.jsonl"),
        "SEKRIT-TRANSCRIPT\n",
    );
    env.write(&env.home.join("skills/hello/run.sh"), "echo SKILL-OK\n");
    let stores = [
        ".git-credentials",
        ".config/gh/hosts.yml",
        ".npmrc",
        ".cargo/credentials.toml",
        ".netrc",
        ".docker/config.json",
        ".kube/config",
        ".pypirc",
        ".azure/token",
        ".terraform.d/credentials.tfrc.json",
    ];
    for store in stores {
        env.write(&env.user_home.join(store), &format!("SEKRIT-{store}\n"));
    }
    let home_cats: String = stores.iter().map(|s| format!("cat ~/{s}; ")).collect();
    for mode in ["read-only", "workspace-write"] {
        let results = run_tools(
            &mock,
            &env,
            &["--permission-mode", mode, "--allow", "bash"],
            vec![
                bash(
                    "b1",
                    &format!(
                        "cat {pilot}/serve-token {pilot}/pilotdeck.yaml {pilot}/mcp-auth/*.json \
                         {pilot}/projects/*/sessions/*; echo end"
                    ),
                ),
                bash("b2", &format!("{home_cats}echo end")),
                bash("b3", &format!("cat {pilot}/skills/hello/run.sh")),
                tool(
                    "r1",
                    "read_file",
                    &json!({ "file_path": format!("{pilot}/serve-token") }),
                ),
                tool("r2", "grep", &json!({ "pattern": "SEKRIT", "path": pilot })),
                tool(
                    "r3",
                    "list_dir",
                    &json!({ "path": format!("{pilot}/projects") }),
                ),
                tool(
                    "r4",
                    "read_file",
                    &json!({ "file_path": "~/.git-credentials" }),
                ),
            ],
        );
        let n = results.len();
        let results = &results[n - 7..];
        for (i, result) in results.iter().enumerate() {
            assert!(
                !result.contains("SEKRIT") && !result.contains("test-key"),
                "{mode} call {i}: {result}"
            );
        }
        assert!(
            results[0].contains("end") && results[1].contains("end"),
            "{results:?}"
        );
        assert!(results[2].contains("SKILL-OK"), "{mode}: {}", results[2]);
        for result in &results[3..] {
            assert!(result.contains("secret locations"), "{mode}: {result}");
        }
    }
}

/// A protected path (git's config and hooks, `.pilotdeck/`) written by a program the parser cannot
/// see into (`python3 gen.py`) is put back after the command and reported as a denial; a commit
/// (git's objects, refs and index) still works.
#[test]
fn protected_paths_written_around_the_parser_are_restored() {
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    let git = |args: &[&str]| support::git(&env.project, args);
    git(&["init", "-q"]);
    let config_before = std::fs::read_to_string(env.project.join(".git/config")).unwrap();
    let script = "import os\n\
        open('.git/config', 'a').write('[core]\\n\\tfsmonitor = touch pd-fsmonitor\\n')\n\
        open('.git/hooks/pre-commit', 'w').write('#!/bin/sh\\ntouch pd-hook\\n')\n\
        os.chmod('.git/hooks/pre-commit', 0o755)\n\
        os.makedirs('.pilotdeck', exist_ok=True)\n\
        open('.pilotdeck/pilotdeck.yaml', 'w').write('tools: {}\\n')\n";
    let results = run_tools(
        &mock,
        &env,
        &["--allow", "bash"],
        vec![
            tool(
                "w",
                "write_file",
                &json!({ "file_path": "gen.py", "content": script }),
            ),
            bash("b1", "python3 gen.py && echo wrote"),
            bash(
                "b2",
                "git -c user.name=a -c user.email=a@b commit -q --allow-empty -m agent && echo committed",
            ),
        ],
    );
    assert!(
        results[1].contains("wrote") && results[1].contains("the sandbox undid the change to"),
        "{}",
        results[1]
    );
    for name in [".git/config", "pre-commit", ".pilotdeck"] {
        assert!(results[1].contains(name), "{name}: {}", results[1]);
    }
    assert_eq!(
        std::fs::read_to_string(env.project.join(".git/config")).unwrap(),
        config_before
    );
    assert!(!env.project.join(".git/hooks/pre-commit").exists());
    assert!(!env.project.join(".pilotdeck").exists());
    assert!(results[2].contains("committed"), "{}", results[2]);
    assert!(!env.project.join("pd-hook").exists());
    assert!(git(&["log", "--format=%s"]).contains("agent"));
}

/// With the network closed no socket but Unix socket pairs opens, and everyday workloads still
/// run: git, Python's asyncio and multiprocessing (a pipe is a socket pair), Node's child processes.
#[test]
fn everyday_tools_run_with_the_network_closed() {
    let env = TestEnv::new();
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    let script = "set -e\n\
        git init -q && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x && git status --short && echo git-ok\n\
        python3 -c 'import asyncio; asyncio.run(asyncio.sleep(0)); print(\"asyncio-ok\")'\n\
        python3 -c 'from multiprocessing import Pipe, Process\na, b = Pipe()\np = Process(target=lambda c: c.send(3), args=(b,))\np.start()\nprint(\"mp-ok\", a.recv())\np.join()'\n\
        if command -v node >/dev/null; then node -e 'require(\"child_process\").exec(\"echo node-ok\", (e, o) => process.stdout.write(o))'; else echo node-ok; fi\n";
    let out = env
        .cmd()
        .args(["sandbox", "run", "--", "bash", "-c", script])
        .run(0);
    for expected in ["git-ok", "asyncio-ok", "mp-ok 3", "node-ok"] {
        assert!(
            out.stdout.contains(expected),
            "{expected}: {} {}",
            out.stdout,
            out.stderr
        );
    }
}
