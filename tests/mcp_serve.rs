//! `pilotdeck mcp serve` driven by real MCP clients: rmcp's client over the child's stdio, and raw
//! JSON-RPC lines for the protocol corners other clients rely on.
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

use std::io::{BufRead, BufReader, Write};

use mock_model::{MockModel, openai};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

fn serve_command(env: &TestEnv) -> tokio::process::Command {
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    tokio::process::Command::new(bin).configure(|c| {
        c.arg("mcp")
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &env.user_home)
            .env("PILOTDECK_HOME", &env.home)
            .current_dir(&env.project);
    })
}

fn structured(result: &rmcp::model::CallToolResult) -> Value {
    serde_json::to_value(result).unwrap()["structuredContent"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_client_lists_tools_runs_a_task_and_replies() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("first answer"));
    mock.push(openai::text("second answer"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let client = ().serve(TokioChildProcess::new(serve_command(&env)).unwrap()).await.unwrap();

    let tools = client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "pilotdeck_run",
            "pilotdeck_reply",
            "session_list",
            "memory_recall",
            "router_decide"
        ]
    );
    let run_schema = serde_json::to_value(&*tools[0].input_schema).unwrap();
    assert_eq!(run_schema["required"], json!(["prompt"]));
    assert!(run_schema["properties"]["permission_mode"].is_object());

    let args = json!({"prompt": "hello"}).as_object().unwrap().clone();
    let result = client
        .call_tool(CallToolRequestParams::new("pilotdeck_run").with_arguments(args))
        .await
        .unwrap();
    let out = structured(&result);
    assert_eq!(out["result"], "first answer", "{out}");
    assert_eq!(out["status"], "completed");
    let session = out["session_id"].as_str().unwrap().to_owned();

    let args = json!({}).as_object().unwrap().clone();
    let listed = client
        .call_tool(CallToolRequestParams::new("session_list").with_arguments(args))
        .await
        .unwrap();
    assert_eq!(structured(&listed)["sessions"], json!([session]));

    let args = json!({"session_id": session, "prompt": "and then?"})
        .as_object()
        .unwrap()
        .clone();
    let result = client
        .call_tool(CallToolRequestParams::new("pilotdeck_reply").with_arguments(args))
        .await
        .unwrap();
    assert_eq!(structured(&result)["result"], "second answer");
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].last_user_text().unwrap(), "and then?");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn memory_recall_and_router_decide_answer_without_a_model_call() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let key = env.cmd().args(["config", "path", "--json"]).run(0).json()["project"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    env.write(
        &env.home.join(format!("memory/workspaces/{key}/Project/database.md")),
        "---\nname: Database\ndescription: the project's database\ntype: project\n---\n\nThe project uses PostgreSQL 16.\n",
    );
    let client = ().serve(TokioChildProcess::new(serve_command(&env)).unwrap()).await.unwrap();
    let args = json!({"query": "which database does it use"})
        .as_object()
        .unwrap()
        .clone();
    let recalled = client
        .call_tool(CallToolRequestParams::new("memory_recall").with_arguments(args))
        .await
        .unwrap();
    let notes = structured(&recalled)["notes"].clone();
    assert_eq!(notes.as_array().unwrap().len(), 1, "{notes}");
    assert!(notes.to_string().contains("PostgreSQL 16"), "{notes}");

    let args = json!({"prompt": "hi"}).as_object().unwrap().clone();
    let decided = client
        .call_tool(CallToolRequestParams::new("router_decide").with_arguments(args))
        .await
        .unwrap();
    let decision = structured(&decided);
    assert_eq!(decision["model"], "gpt-4.1", "{decision}");
    assert_eq!(decision["judge_called"], false, "{decision}");
    assert!(mock.requests().is_empty(), "neither tool calls the model");
    client.cancel().await.unwrap();
}

/// Sends one JSON-RPC line and reads lines until the response with `id` arrives.
fn exchange(
    stdin: &mut std::process::ChildStdin,
    stdout: &mut BufReader<std::process::ChildStdout>,
    message: &Value,
) -> Value {
    writeln!(stdin, "{message}").unwrap();
    stdin.flush().unwrap();
    let id = message["id"].clone();
    loop {
        let mut line = String::new();
        assert!(
            stdout.read_line(&mut line).unwrap() > 0,
            "mcp serve closed stdout"
        );
        let value: Value = serde_json::from_str(&line).unwrap();
        if value["id"] == id {
            return value;
        }
    }
}

#[test]
fn raw_json_rpc_unknown_method_is_not_found_then_initialize_id_zero_string_ids_list_without_params()
{
    let env = TestEnv::new();
    let mut std_command: std::process::Command =
        std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"));
    std_command
        .args(["mcp", "serve"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    let mut child = std_command.spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());

    // Older official clients probe with `server/discover` (or another method) before `initialize`
    // and fall back to `initialize` only on method-not-found.
    for (id, method) in [
        (json!(0), "server/discover"),
        (json!("probe"), "example/unknown"),
    ] {
        let answer = exchange(
            &mut stdin,
            &mut stdout,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": {}}),
        );
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(answer["error"]["code"], -32601, "{method}: {answer}");
    }
    let ping = exchange(
        &mut stdin,
        &mut stdout,
        &json!({"jsonrpc": "2.0", "id": 7, "method": "ping"}),
    );
    assert_eq!(ping["result"], json!({}), "{ping}");

    let init = exchange(
        &mut stdin,
        &mut stdout,
        &json!({"jsonrpc": "2.0", "id": "init-1", "method": "initialize", "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}
        }}),
    );
    assert_eq!(init["result"]["serverInfo"]["name"], "pilotdeck", "{init}");
    writeln!(
        stdin,
        "{}",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )
    .unwrap();

    let list = exchange(
        &mut stdin,
        &mut stdout,
        &json!({"jsonrpc": "2.0", "id": 0, "method": "tools/list"}),
    );
    assert_eq!(
        list["result"]["tools"].as_array().unwrap().len(),
        5,
        "{list}"
    );
    let after = exchange(
        &mut stdin,
        &mut stdout,
        &json!({"jsonrpc": "2.0", "id": "late", "method": "example/unknown", "params": {}}),
    );
    assert_eq!(after["error"]["code"], -32601, "{after}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_cancellation_cancels_the_run() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("an answer that never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let client = ().serve(TokioChildProcess::new(serve_command(&env)).unwrap()).await.unwrap();
    let args = json!({"prompt": "take your time"})
        .as_object()
        .unwrap()
        .clone();
    let request = rmcp::model::ClientRequest::CallToolRequest(rmcp::model::CallToolRequest::new(
        CallToolRequestParams::new("pilotdeck_run").with_arguments(args),
    ));
    let handle = client
        .peer()
        .send_cancellable_request(request, rmcp::service::PeerRequestOptions::default())
        .await
        .unwrap();
    mock.wait_for_requests(1).await;
    handle.cancel(Some("test".to_owned())).await.unwrap();
    // The run was cancelled: the server is free again and answers the next request.
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 5);
    // The aborted turn is on disk.
    let args = json!({}).as_object().unwrap().clone();
    let listed = client
        .call_tool(CallToolRequestParams::new("session_list").with_arguments(args))
        .await
        .unwrap();
    let sessions = structured(&listed)["sessions"].as_array().unwrap().clone();
    assert_eq!(sessions.len(), 1);
    let projects = std::fs::read_dir(env.home.join("projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let transcript = projects
        .path()
        .join("sessions")
        .join(format!("{}.jsonl", sessions[0].as_str().unwrap()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(&transcript).unwrap_or_default();
        if text.contains("aborted") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the turn was not aborted:\n{text}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    mock.release_stalls();
    client.cancel().await.unwrap();
}

#[test]
fn the_official_python_sdk_drives_mcp_serve() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("hello back"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let script = support::fixture("mcp_python_client.py");
    let output = std::process::Command::new(support::python_with_mcp_sdk())
        .arg(&script)
        .arg(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .arg(&env.project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    let out: Value = serde_json::from_str(stdout.trim()).unwrap();
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
    assert_eq!(out["is_error"], false);
    assert_eq!(out["structured"]["result"], "hello back", "{out}");
    assert_eq!(
        mock.single_request().last_user_text().unwrap(),
        "hello from python"
    );
}

/// Records the progress messages the server sends.
#[derive(Clone, Default)]
struct ProgressLog {
    messages: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl rmcp::ClientHandler for ProgressLog {
    async fn on_progress(
        &self,
        params: rmcp::model::ProgressNotificationParam,
        _context: rmcp::service::NotificationContext<rmcp::RoleClient>,
    ) {
        self.messages
            .lock()
            .unwrap()
            .push(params.message.unwrap_or_default());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_run_sends_progress_notifications() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::tool_call("call_1", "get_current_time", "{}"));
    mock.push(openai::text("it is now"));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let log = ProgressLog::default();
    // rmcp puts a progressToken on every request.
    let client = log
        .clone()
        .serve(TokioChildProcess::new(serve_command(&env)).unwrap())
        .await
        .unwrap();
    let args = json!({"prompt": "what time is it"})
        .as_object()
        .unwrap()
        .clone();
    let result = client
        .call_tool(CallToolRequestParams::new("pilotdeck_run").with_arguments(args))
        .await
        .unwrap();
    assert_eq!(structured(&result)["result"], "it is now");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let messages = log.messages.lock().unwrap().clone();
        if messages.iter().any(|m| m == "calling get_current_time") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no progress: {messages:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    client.cancel().await.unwrap();
}

fn arguments(value: Value) -> serde_json::Map<String, Value> {
    value.as_object().unwrap().clone()
}

async fn call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    tool: &'static str,
    args: Value,
) -> rmcp::model::CallToolResult {
    client
        .call_tool(CallToolRequestParams::new(tool).with_arguments(arguments(args)))
        .await
        .unwrap()
}

fn text_of(result: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(result).unwrap()["content"].to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_cannot_widen_the_operators_permission_mode() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&format!(
        "{}tools:\n  permissions:\n    mode: read-only\n",
        config_for(&mock)
    ));
    let outside = env.tmp.path().join("outside.txt");
    let write = |path: &std::path::Path| json!({"file_path": path, "content": "pwned"}).to_string();
    mock.push(openai::tool_call("c1", "write_file", &write(&outside)));
    mock.push(openai::text("done"));
    let client = ().serve(TokioChildProcess::new(serve_command(&env)).unwrap()).await.unwrap();

    let refused = call(
        &client,
        "pilotdeck_run",
        json!({"prompt": "write it", "permission_mode": "full"}),
    )
    .await;
    assert_eq!(refused.is_error, Some(true));
    let message = text_of(&refused);
    assert!(
        message.contains("`full` is wider than this server's mode `read-only`"),
        "{message}"
    );
    assert!(mock.requests().is_empty(), "the run never started");

    // Without a mode the run gets the operator's: read-only, so the write is denied.
    let ran = call(&client, "pilotdeck_run", json!({"prompt": "write it"})).await;
    assert_eq!(structured(&ran)["result"], "done");
    assert!(!outside.exists());
    client.cancel().await.unwrap();

    // The flag sets the ceiling too.
    let mut command = serve_command(&env);
    command.args(["--permission-mode", "read-only"]);
    env.config(&config_for(&mock));
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();
    let refused = call(
        &client,
        "pilotdeck_run",
        json!({"prompt": "x", "permission_mode": "workspace-write"}),
    )
    .await;
    assert_eq!(refused.is_error, Some(true), "{}", text_of(&refused));
    assert_eq!(mock.requests().len(), 2, "no further model call");
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_keeps_the_sessions_mode_and_may_only_narrow_it() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let inside = env.project.join("inside.txt");
    let args = json!({"file_path": inside, "content": "written"}).to_string();
    mock.push(openai::text("looked"));
    mock.push(openai::tool_call("c1", "write_file", &args));
    mock.push(openai::text("tried"));
    let client = ().serve(TokioChildProcess::new(serve_command(&env)).unwrap()).await.unwrap();

    let ran = call(
        &client,
        "pilotdeck_run",
        json!({"prompt": "look", "permission_mode": "read-only"}),
    )
    .await;
    let session = structured(&ran)["session_id"].as_str().unwrap().to_owned();
    let refused = call(
        &client,
        "pilotdeck_reply",
        json!({"session_id": session, "prompt": "x", "permission_mode": "workspace-write"}),
    )
    .await;
    assert_eq!(refused.is_error, Some(true));
    let message = text_of(&refused);
    assert!(
        message.contains("wider than this session's mode `read-only`"),
        "{message}"
    );

    let replied = call(
        &client,
        "pilotdeck_reply",
        json!({"session_id": session, "prompt": "now write it"}),
    )
    .await;
    assert_eq!(structured(&replied)["result"], "tried");
    assert!(
        !inside.exists(),
        "the reply ran in the session's read-only mode"
    );
    client.cancel().await.unwrap();
}

/// The message of a JSON-RPC error a tool call got (it must get one).
async fn refusal(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    args: Value,
) -> String {
    let err = client
        .call_tool(CallToolRequestParams::new("pilotdeck_run").with_arguments(arguments(args)))
        .await
        .expect_err("the call is refused with a JSON-RPC error");
    format!("{err:?}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_cannot_move_the_project_outside_the_serve_roots() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let elsewhere = env.tmp.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::create_dir_all(env.project.join("sub")).unwrap();
    let mut command = serve_command(&env);
    command.args(["--permission-mode", "workspace-write"]);
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();

    // `/` made the whole filesystem the workspace; a sibling, the home directory and PilotHome
    // are refused the same way, each named.
    for cwd in [
        std::path::PathBuf::from("/"),
        elsewhere.clone(),
        env.user_home.clone(),
        env.home.clone(),
    ] {
        let message = refusal(&client, json!({"prompt": "go", "cwd": cwd})).await;
        let named = format!("refusing `{}`", cwd.canonicalize().unwrap().display());
        assert!(message.contains(&named), "{message}");
    }
    let message = refusal(&client, json!({"prompt": "go", "cwd": "/"})).await;
    assert!(message.contains("filesystem root"), "{message}");
    // An empty prompt is refused as `run` refuses it, not sent to the model.
    let message = refusal(&client, json!({"prompt": "  "})).await;
    assert!(message.contains("the prompt is empty"), "{message}");
    assert!(
        mock.requests().is_empty(),
        "no refused run reached the model"
    );

    // A subdirectory of the served project is inside.
    mock.push(openai::text("in sub"));
    let ran = call(
        &client,
        "pilotdeck_run",
        json!({"prompt": "go", "cwd": env.project.join("sub")}),
    )
    .await;
    assert_eq!(structured(&ran)["result"], "in sub", "{}", text_of(&ran));
    client.cancel().await.unwrap();

    // `--root` names the directories instead of the served project.
    let mut command = serve_command(&env);
    command.arg("--root").arg(&elsewhere);
    let client = ().serve(TokioChildProcess::new(command).unwrap()).await.unwrap();
    mock.push(openai::text("elsewhere"));
    let ran = call(
        &client,
        "pilotdeck_run",
        json!({"prompt": "go", "cwd": elsewhere}),
    )
    .await;
    assert_eq!(structured(&ran)["result"], "elsewhere", "{}", text_of(&ran));
    let message = refusal(&client, json!({"prompt": "go"})).await;
    assert!(message.contains("outside the directories"), "{message}");
    client.cancel().await.unwrap();

    let out = env.cmd().args(["mcp", "serve", "--root", "/"]).run(2);
    assert!(
        out.stderr.contains("cannot serve `--root /`"),
        "{}",
        out.stderr
    );
}
