//! MCP tools from a small fixture server written with the official Python SDK
//! (`fixtures/mcp_fixture_server.py`): sanitising what a server sends, `tools/list_changed` during a
//! run, and the permission rules for tools without `readOnlyHint`.
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

use mock_model::{MockModel, Turn, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

fn mcp_json(servers: Value) -> String {
    serde_json::to_string_pretty(&json!({ "mcpServers": servers })).unwrap()
}

/// The fixture server as an mcp.json stdio entry.
fn fixture_server() -> Value {
    let (python, script) = python_and_script();
    json!({ "command": python, "args": [script] })
}

/// The Python interpreter with the official MCP SDK (see `.ci/run`) and the fixture server script.
fn python_and_script() -> (std::path::PathBuf, std::path::PathBuf) {
    (
        support::python_with_mcp_sdk(),
        support::fixture("mcp_fixture_server.py"),
    )
}

/// The fixture server over Streamable HTTP on `port`; killed on drop.
struct HttpFixture(std::process::Child);

impl HttpFixture {
    fn start(port: u16) -> HttpFixture {
        let (python, script) = python_and_script();
        let child = std::process::Command::new(python)
            .arg(script)
            .args(["--http", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let server = HttpFixture(child);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "the fixture server did not listen on {port}"
            );
            std::thread::park_timeout(std::time::Duration::from_millis(50));
        }
        server
    }
}

impl Drop for HttpFixture {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A Streamable HTTP server that no longer knows the session (here: restarted on the same port)
/// answers 404 to the old session id; the client starts a new session once and the call goes
/// through on the same connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_http_session_is_reinitialised_once() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = HttpFixture::start(port);
    let env = TestEnv::new();
    let url = format!("http://127.0.0.1:{port}/mcp");
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "web": { "url": url, "callTimeoutMs": 20000 } })),
    );
    let home = pilotdeck::home::PilotHome::at(env.home.clone());
    let servers = pilotdeck::mcp::McpServers::load(&home, None, true);
    let entry = servers.servers.get("web").unwrap().clone();
    let connection =
        pilotdeck::mcp::Connection::start(&entry, &pilotdeck::tools::EnvFilter::default())
            .await
            .unwrap();
    let cancel = tokio_util::sync::CancellationToken::new();
    let first = connection
        .call("echo", json!({"message": "before"}), &cancel)
        .await;
    assert_eq!(first.text, "Echo: before", "{first:?}");

    drop(server);
    let _restarted = HttpFixture::start(port);
    let second = connection
        .call("echo", json!({"message": "after a restart"}), &cancel)
        .await;
    assert!(!second.is_error, "{second:?}");
    assert_eq!(second.text, "Echo: after a restart");
    assert!(connection.is_alive());
}

#[test]
fn names_descriptions_and_results_are_sanitised() {
    let env = TestEnv::new();
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "fx": fixture_server() })),
    );
    let listed = env
        .cmd()
        .args(["mcp", "tools", "fx", "--json"])
        .run(0)
        .json();
    let tools = listed[0]["tools"].as_array().unwrap();
    let weird = tools.iter().find(|t| t["name"] == "weird.name").unwrap();
    assert_eq!(weird["qualified_name"], "mcp__fx__weird_name");
    let description = weird["description"].as_str().unwrap();
    assert_eq!(description.chars().count(), 2048);
    assert!(
        description.starts_with("A flipped description x"),
        "{description}"
    );
    let run = env.cmd().args(["mcp", "call", "fx", "weird.name"]).run(0);
    assert_eq!(run.stdout, "weird result\n");
}

#[test]
fn tools_list_changed_refreshes_the_tools_during_a_run() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call("call_1", "mcp__fx__add_tool", "{}"));
    mock.push(openai::tool_call("call_2", "mcp__fx__noop", "{}"));
    mock.push(openai::text("done"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "fx": fixture_server() })),
    );
    // The fixture's tools have no readOnlyHint: unattended runs need a rule to allow them.
    let run = env
        .cmd()
        .args(["run", "--allow", "mcp__fx", "add a tool"])
        .run(0);
    assert_eq!(run.stdout, "done\n");
    let requests = mock.requests();
    assert_eq!(requests[1].tool_result("call_1").unwrap(), "added");
    assert!(
        !requests[0]
            .tool_names()
            .contains(&"mcp__fx__late".to_owned())
    );
    assert!(
        requests[2]
            .tool_names()
            .contains(&"mcp__fx__late".to_owned()),
        "{:?}",
        requests[2].tool_names()
    );
}

#[test]
fn tools_without_read_only_hint_are_denied_unattended_without_a_rule() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call("call_1", "mcp__fx__noop", "{}"));
    mock.push(openai::text("denied, fine"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "fx": fixture_server() })),
    );
    env.cmd().args(["run", "try noop"]).run(0);
    let result = mock.requests()[1].tool_result("call_1").unwrap();
    assert!(result.contains("permission denied"), "{result}");
}

#[test]
fn a_read_only_hint_tool_runs_in_read_only_mode_and_others_are_denied() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(
        &Turn::new()
            .tool_call("call_1", "mcp__fx__peek", "{}")
            .tool_call("call_2", "mcp__fx__noop", "{}"),
    ));
    mock.push(openai::text("done"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    env.write(
        &env.home.join("mcp.json"),
        &mcp_json(json!({ "fx": fixture_server() })),
    );
    env.cmd()
        .args(["run", "--permission-mode", "read-only", "look around"])
        .run(0);
    let request = &mock.requests()[1];
    assert_eq!(request.tool_result("call_1").unwrap(), "peeked");
    let denied = request.tool_result("call_2").unwrap();
    assert!(denied.contains("permission denied"), "{denied}");
}

/// A sandboxed server that writes a protected path while answering `resources/read` (a request
/// that changes nothing), or while it starts: the write is put back and the request (the start)
/// fails naming it.
#[test]
fn a_sandboxed_servers_write_during_a_resource_read_or_its_start_is_put_back() {
    for (plant, args) in [
        (
            "FIXTURE_PLANT",
            ["mcp", "read", "fixture", "fixture://plant"],
        ),
        (
            "FIXTURE_PLANT_AT_START",
            ["mcp", "tools", "fixture", "--json"],
        ),
    ] {
        let env = TestEnv::new();
        support::git(&env.project, &["init", "-q"]);
        let config = env.project.canonicalize().unwrap().join(".git/config");
        let before = std::fs::read_to_string(&config).unwrap();
        let mut server = fixture_server();
        server["sandbox"] = json!(true);
        server["env"] = json!({ plant: config });
        env.write(
            &env.home.join("mcp.json"),
            &mcp_json(json!({ "fixture": server })),
        );
        let out = env.cmd().args(args).inner.output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr) + String::from_utf8_lossy(&out.stdout);
        assert_ne!(out.status.code(), Some(0), "{plant}: {said}");
        assert!(said.contains(".git/config"), "{plant}: {said}");
        assert_eq!(
            std::fs::read_to_string(&config).unwrap(),
            before,
            "{plant}: {said}"
        );
    }
}
