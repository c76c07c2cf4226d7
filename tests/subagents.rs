//! Sub-agents (the `agent` tool) end to end: the real binary and the mock model, which answers the
//! parent's and the children's requests in the order they arrive.
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

use std::path::PathBuf;

use mock_model::{MockModel, Turn, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

fn mocked() -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    (mock, env)
}

fn records(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The `subagent` records of the parent transcript.
fn links(env: &TestEnv) -> Vec<Value> {
    let parents = env.transcripts();
    assert_eq!(parents.len(), 1, "sub-agents are not listed as sessions");
    records(&parents[0])
        .into_iter()
        .filter(|r| r["type"] == "subagent")
        .collect()
}

fn system_of(request: &mock_model::Request) -> String {
    request.body["messages"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn tool_names(request: &mock_model::Request) -> Vec<String> {
    request.body["tools"]
        .as_array()
        .map(|tools| {
            tools
                .iter()
                .map(|t| t["function"]["name"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The tool-result messages of a request.
fn tool_results(request: &mock_model::Request) -> Vec<String> {
    request.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_sub_agent_runs_read_only_with_its_own_transcript_linked_from_the_parent() {
    let (mock, env) = mocked();
    mock.push(openai::tool_call(
        "call_a",
        "agent",
        &json!({"task": "Find the config file and report it."}).to_string(),
    ));
    // The child tries to write (refused: read-only), then reports.
    mock.push(openai::tool_call(
        "child_w",
        "write_file",
        &json!({"file_path": "note.txt", "content": "x"}).to_string(),
    ));
    mock.push(openai::text("Scope: config\nResult: it is pilotdeck.yaml"));
    mock.push(openai::text("The sub-agent found pilotdeck.yaml."));
    let run = env.cmd().args(["run", "Where is the config?"]).run(0);
    assert_eq!(run.stdout, "The sub-agent found pilotdeck.yaml.\n");
    assert!(!env.project.join("note.txt").exists());

    let requests = mock.requests();
    assert_eq!(requests.len(), 4);
    // The parent offers `agent`; the child does not (depth 1) and is told it is a sub-agent.
    assert!(tool_names(&requests[0]).contains(&"agent".to_owned()));
    assert!(!tool_names(&requests[1]).contains(&"agent".to_owned()));
    assert!(tool_names(&requests[1]).contains(&"read_file".to_owned()));
    assert!(system_of(&requests[1]).contains("You are a sub-agent"));
    let child_messages = requests[1].body["messages"].as_array().unwrap();
    assert_eq!(
        child_messages.last().unwrap()["content"],
        "Find the config file and report it."
    );
    assert!(tool_results(&requests[2])[0].contains("permission denied"));
    let result = &tool_results(&requests[3])[0];
    assert!(result.contains("Result: it is pilotdeck.yaml"), "{result}");

    let links = links(&env);
    assert_eq!(links.len(), 1);
    let child_id = links[0]["session"].as_str().unwrap();
    assert!(result.contains(child_id), "{result}");
    let child_path = PathBuf::from(links[0]["path"].as_str().unwrap());
    assert!(child_path.ends_with(format!("subagents/{child_id}.jsonl")));
    let child = records(&child_path);
    let types: Vec<&str> = child.iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "session",
            "user",
            "assistant",
            "denial",
            "tool_results",
            "assistant",
            "turn_end"
        ]
    );
    assert_eq!(child[0]["id"], child_id);
    assert_eq!(child.last().unwrap()["status"], "completed");

    // `session rm` takes the sub-agents' transcripts with it.
    env.cmd().args(["session", "rm", "last", "--yes"]).run(0);
    assert!(!child_path.exists());
    assert!(!child_path.parent().unwrap().exists());
}

#[test]
fn allow_writes_and_a_tool_subset() {
    let (mock, env) = mocked();
    mock.push(openai::tool_call(
        "call_a",
        "agent",
        &json!({"task": "Write note.txt", "tools": ["write_file"], "allow_writes": true})
            .to_string(),
    ));
    mock.push(openai::tool_call(
        "child_w",
        "write_file",
        &json!({"file_path": "note.txt", "content": "from the child"}).to_string(),
    ));
    mock.push(openai::text("Files changed: note.txt"));
    mock.push(openai::text("done"));
    env.cmd().args(["run", "Write a note"]).run(0);
    assert_eq!(
        std::fs::read_to_string(env.project.join("note.txt")).unwrap(),
        "from the child"
    );
    assert_eq!(tool_names(&mock.requests()[1]), ["write_file"]);
}

#[test]
fn two_sub_agents_in_one_reply_each_get_a_transcript() {
    let (mock, env) = mocked();
    mock.push(openai::stream(
        &Turn::new()
            .tool_call(
                "call_1",
                "agent",
                &json!({"task": "Review module one."}).to_string(),
            )
            .tool_call(
                "call_2",
                "agent",
                &json!({"task": "Review module two."}).to_string(),
            ),
    ));
    mock.push(openai::text("REPORT-A"));
    mock.push(openai::text("REPORT-B"));
    mock.push(openai::text("Both reviewed."));
    let run = env.cmd().args(["run", "Review both modules"]).run(0);
    assert_eq!(run.stdout, "Both reviewed.\n");
    let requests = mock.requests();
    assert_eq!(requests.len(), 4);
    // The two children asked with their own tasks, in whatever order they ran.
    let mut tasks: Vec<String> = requests[1..3]
        .iter()
        .map(|r| {
            r.body["messages"].as_array().unwrap().last().unwrap()["content"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    tasks.sort();
    assert_eq!(tasks, ["Review module one.", "Review module two."]);
    let results = tool_results(&requests[3]);
    assert_eq!(results.len(), 2);
    let mut reports: Vec<bool> = vec![
        results.iter().any(|r| r.contains("REPORT-A")),
        results.iter().any(|r| r.contains("REPORT-B")),
    ];
    reports.dedup();
    assert_eq!(reports, [true]);
    let links = links(&env);
    assert_eq!(links.len(), 2);
    assert_ne!(links[0]["session"], links[1]["session"]);
    for link in &links {
        let child = records(&PathBuf::from(link["path"].as_str().unwrap()));
        assert_eq!(child.last().unwrap()["type"], "turn_end");
    }
}

#[test]
fn a_failing_sub_agent_is_a_tool_error_for_the_parent() {
    let (mock, env) = mocked();
    mock.push(openai::tool_call(
        "call_a",
        "agent",
        &json!({"task": "Do the impossible."}).to_string(),
    ));
    mock.push(openai::error(
        400,
        "invalid_request_error",
        "invalid_value",
        "the child request is broken",
    ));
    mock.push(openai::text("The sub-agent failed; doing it myself."));
    let run = env.cmd().args(["run", "Try it"]).run(0);
    assert_eq!(run.stdout, "The sub-agent failed; doing it myself.\n");
    let requests = mock.requests();
    let last = requests.last().unwrap();
    let result = &tool_results(last)[0];
    assert!(result.contains("the sub-agent"), "{result}");
    assert!(result.contains("failed"), "{result}");
    let links = links(&env);
    let child = records(&PathBuf::from(links[0]["path"].as_str().unwrap()));
    assert_eq!(child.last().unwrap()["status"], "failed");
}

#[test]
fn a_complex_turn_under_auto_orchestrate_is_told_to_delegate() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&format!(
        "{}router:\n  tokenSaver:\n    tiers:\n      simple:\n        model: mock/gpt-4.1\n      complex:\n        model: mock/gpt-4.1\n    subagent:\n      policy: skip\n  autoOrchestrate:\n    enabled: true\n    triggerTiers: [complex]\n",
        config_for(&mock)
    ));
    // Tiers on one model: the heuristic classifies (no judge request); this prompt is `complex`.
    mock.push(openai::tool_call(
        "call_a",
        "agent",
        &json!({"task": "Part one."}).to_string(),
    ));
    mock.push(openai::text("part one done"));
    mock.push(openai::text("Delegated and done."));
    env.cmd()
        .args(["run", "spawn subagents to update each crate in parallel"])
        .run(0);
    let requests = mock.requests();
    let main = &requests[0];
    assert!(
        system_of(main).contains("delegate independent parts to sub-agents"),
        "{}",
        system_of(main)
    );
    assert_eq!(requests.len(), 3);
    // The sub-agent is not told to delegate (it has no `agent` tool).
    assert!(!system_of(&requests[1]).contains("delegate independent parts"));
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    assert!(stats.contains("\"role\":\"subagent\""), "{stats}");
}
