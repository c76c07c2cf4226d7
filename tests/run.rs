//! `pilotdeck run` end to end: the real binary against the mock model server and a real git repo.
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
use support::TestEnv;

/// A config pointing the `mock` provider (OpenAI wire format) at the mock server.
fn config_for(mock: &MockModel) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n",
        mock.base_url()
    )
}

#[test]
fn answers_a_prompt_and_records_the_session() {
    let mock = MockModel::spawn();
    mock.push(openai::stream(
        &Turn::new().text("The answer is 42.").usage(12, 5),
    ));
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let run = env.cmd().args(["run", "What is the answer?"]).run(0);
    assert_eq!(run.stdout, "The answer is 42.\n");
    assert!(run.stderr.contains("session "), "{}", run.stderr);
    let requests = mock.requests();
    assert_eq!(requests.len(), 1);
    let body = &requests[0].body;
    assert_eq!(body["model"], "gpt-4.1");
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(messages[0]["role"], "system");
    assert_eq!(messages.last().unwrap()["content"], "What is the answer?");
    let sessions = std::fs::read_dir(env.home.join("projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("sessions");
    let files: Vec<_> = std::fs::read_dir(&sessions).unwrap().collect();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
    let types: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(types, ["session", "user", "assistant", "turn_end"]);
}
