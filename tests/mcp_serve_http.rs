//! `pilotdeck mcp serve --http`: the real binary on a loopback port, driven by the official Python
//! MCP SDK's Streamable HTTP client and by raw HTTP requests for the refusals (token, Origin, size,
//! non-loopback bind), plus graceful shutdown on SIGTERM and the example service units.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use mock_model::{MockModel, openai};
use serde_json::{Value, json};
use support::TestEnv;

/// `pilotdeck mcp serve --http 127.0.0.1:0 ARGS…` in the test's project; killed on drop.
struct Server {
    child: Child,
    url: String,
    stderr: PathBuf,
}

impl Server {
    fn start(env: &TestEnv, args: &[&str]) -> Server {
        let stderr = env.tmp.path().join("serve.stderr");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
            .args(["mcp", "serve", "--http", "127.0.0.1:0"])
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &env.user_home)
            .env("PILOTDECK_HOME", &env.home)
            .current_dir(&env.project)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().to_owned();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
            "first stdout line: {line:?}; stderr:\n{}",
            std::fs::read_to_string(&stderr).unwrap_or_default()
        );
        Server { child, url, stderr }
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    fn terminate(&mut self) {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits (bounded) for the process to exit after `terminate`.
    fn wait_exit(&mut self, within: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "mcp serve did not exit; stderr:\n{}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `tests/fixtures/mcp_http_client.py MODE URL TOKEN_FILE [GO_FILE]`, started.
fn python_client(mode: &str, url: &str, token_file: &Path, go: Option<&Path>) -> Child {
    let mut command = std::process::Command::new(support::python_with_mcp_sdk());
    command
        .arg(support::fixture("mcp_http_client.py"))
        .args([mode, url])
        .arg(token_file)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(go) = go {
        command.arg(go);
    }
    command.spawn().unwrap()
}

/// The client's one JSON line, after it exits successfully.
fn client_output(child: Child) -> Value {
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "python client failed\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap()
}

/// Waits until the only transcript of the project records an aborted turn.
fn wait_for_aborted_transcript(env: &TestEnv) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text: String = std::fs::read_dir(env.home.join("projects"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|p| std::fs::read_dir(p.path().join("sessions")).ok())
            .flatten()
            .flatten()
            .filter(|f| f.path().extension().is_some_and(|e| e == "jsonl"))
            .map(|f| std::fs::read_to_string(f.path()).unwrap_or_default())
            .collect();
        if text.contains("aborted") {
            return;
        }
        assert!(Instant::now() < deadline, "no aborted turn:\n{text}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_initializes_lists_tools_and_runs_with_progress_in_a_session() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call("call_1", "get_current_time", "{}"));
    mock.push(openai::text("it is now"));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let server = Server::start(&env, &[]);
    let token_file = env.home.join("serve-token");
    let mode = std::fs::metadata(&token_file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the generated token file is private");
    let token = std::fs::read_to_string(&token_file).unwrap();
    assert_eq!(token.trim().len(), 64, "32 random bytes, hex");

    let client = python_client("run", &server.url, &token_file, None);
    let out = tokio::task::spawn_blocking(move || client_output(client))
        .await
        .unwrap();
    assert_eq!(
        out["tools"],
        json!([
            "pilotdeck_run",
            "pilotdeck_reply",
            "session_list",
            "memory_recall",
            "router_decide"
        ])
    );
    assert_eq!(out["is_error"], false, "{out}");
    assert_eq!(out["structured"]["result"], "it is now", "{out}");
    assert_eq!(out["structured"]["status"], "completed", "{out}");
    let progress: Vec<&str> = out["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        progress.contains(&"calling get_current_time"),
        "progress over SSE: {progress:?}"
    );
    assert_eq!(
        out["session_ids"].as_array().unwrap().len(),
        1,
        "one Mcp-Session-Id for the whole connection: {out}"
    );
    assert!(
        !server.stderr().contains(token.trim()),
        "the token is never logged"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_python_sdk_cancellation_cancels_the_run_and_the_session_goes_on() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("an answer that never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let server = Server::start(&env, &[]);
    let go = env.tmp.path().join("go");
    let client = python_client(
        "cancel",
        &server.url,
        &env.home.join("serve-token"),
        Some(&go),
    );
    tokio::time::timeout(Duration::from_secs(30), mock.wait_for_requests(1))
        .await
        .expect("the run reached the model");
    std::fs::File::create(&go).unwrap();
    let out = tokio::task::spawn_blocking(move || client_output(client))
        .await
        .unwrap();
    assert_eq!(out["cancelled"], true, "{out}");
    assert_eq!(out["tools_after"], 5, "{out}");
    let env_ref = &env;
    wait_for_aborted_transcript(env_ref);
    mock.release_stalls();
}

/// A raw JSON-RPC `initialize` POST with `headers`.
async fn post_initialize(url: &str, headers: &[(&str, &str)], padding: usize) -> reqwest::Response {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0", "padding": "x".repeat(padding)}
    }});
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .header("Content-Type", "application/json")
        .body(body.to_string());
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    request.send().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_the_token_from_a_foreign_origin_or_too_large_are_refused() {
    let env = TestEnv::new();
    let token_file = env.tmp.path().join("my-token");
    env.write(&token_file, "a-token-of-my-own-choosing\n");
    let refused = env
        .cmd()
        .args(["mcp", "serve", "--http", "127.0.0.1:0", "--token-file"])
        .arg_str(token_file.to_str().unwrap())
        .run(2);
    assert!(
        refused
            .stderr
            .contains("let other users read or change the secret")
            && refused.stderr.contains("chmod 600"),
        "{}",
        refused.stderr
    );
    std::fs::set_permissions(&token_file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let server = Server::start(&env, &["--token-file", token_file.to_str().unwrap()]);
    let bearer = "Bearer a-token-of-my-own-choosing";

    let none = post_initialize(&server.url, &[], 0).await;
    assert_eq!(none.status(), 401);
    assert!(
        none.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .starts_with("Bearer")
    );
    let wrong = post_initialize(&server.url, &[("Authorization", "Bearer nope")], 0).await;
    assert_eq!(wrong.status(), 401);

    let foreign = post_initialize(
        &server.url,
        &[("Authorization", bearer), ("Origin", "http://evil.example")],
        0,
    )
    .await;
    assert_eq!(foreign.status(), 403, "a foreign Origin is refused");
    let local = post_initialize(
        &server.url,
        &[
            ("Authorization", bearer),
            ("Origin", "http://localhost:3000"),
        ],
        0,
    )
    .await;
    assert_eq!(local.status(), 200, "a loopback Origin is allowed");
    assert!(local.headers().contains_key("mcp-session-id"));

    let huge = post_initialize(&server.url, &[("Authorization", bearer)], 5 * 1024 * 1024).await;
    assert_eq!(huge.status(), 413, "bodies over 4 MiB are refused");

    let elsewhere = reqwest::Client::new()
        .get(server.url.replace("/mcp", "/other"))
        .header("Authorization", bearer)
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 404);
    assert!(
        !env.home.join("serve-token").exists(),
        "--token-file replaces the generated token"
    );
}

#[test]
fn a_non_loopback_address_is_refused_without_allow_remote() {
    let env = TestEnv::new();
    let run = env
        .cmd()
        .args(["mcp", "serve", "--http", "0.0.0.0:0"])
        .run(2);
    assert!(run.stderr.contains("--allow-remote"), "{}", run.stderr);
    let bad = env.cmd().args(["mcp", "serve", "--token-file", "x"]).run(2);
    assert!(bad.stderr.contains("--http"), "{}", bad.stderr);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_ends_a_running_turn_cleanly_and_exits_zero() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("an answer that never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let mut server = Server::start(&env, &[]);
    let client = python_client("wait", &server.url, &env.home.join("serve-token"), None);
    tokio::time::timeout(Duration::from_secs(30), mock.wait_for_requests(1))
        .await
        .expect("the run reached the model");
    server.terminate();
    let status = tokio::task::block_in_place(|| server.wait_exit(Duration::from_secs(30)));
    assert!(status.success(), "{status:?}; stderr:\n{}", server.stderr());
    wait_for_aborted_transcript(&env);
    let out = tokio::task::spawn_blocking(move || client_output(client))
        .await
        .unwrap();
    assert_eq!(out["structured"]["status"], "aborted", "{out}");
    mock.release_stalls();
}

#[test]
fn the_example_service_units_are_valid() {
    let env = TestEnv::new();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mcp-serve");
    let service = std::fs::read_to_string(examples.join("pilotdeck-mcp-serve.service")).unwrap();
    assert!(service.contains("mcp serve --http 127.0.0.1:8765"));
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let unit = env.tmp.path().join("units/pilotdeck-mcp-serve.service");
    env.write(
        &unit,
        &service.replace("%h/.cargo/bin/pilotdeck", bin.to_str().unwrap()),
    );
    if let Ok(status) = std::process::Command::new("systemd-analyze")
        .env("XDG_RUNTIME_DIR", env.tmp.path())
        .args(["--user", "verify"])
        .arg(&unit)
        .status()
    {
        assert!(status.success(), "systemd-analyze verify rejected the unit");
    }
    // The launchd agent parses as a property list with the same command.
    let output = std::process::Command::new(support::python_with_mcp_sdk())
        .args([
            "-c",
            "import plistlib, sys, json; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))",
        ])
        .arg(examples.join("dev.pilotdeck.mcp-serve.plist"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let plist: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        plist["ProgramArguments"],
        json!([
            "HOME_DIR/.cargo/bin/pilotdeck",
            "mcp",
            "serve",
            "--http",
            "127.0.0.1:8765"
        ])
    );
    assert_eq!(plist["Label"], "dev.pilotdeck.mcp-serve");
}
