//! Shared helpers for the `cron*` integration tests.
#![allow(
    dead_code,
    clippy::unwrap_used,
    reason = "test support: each test binary uses a different subset; a failed step should panic"
)]

use serde_json::Value;

use crate::mock_model::MockModel;
use crate::support::TestEnv;

/// A config pointing the `mock` provider at the mock server, plus a `cron:` section body.
pub(crate) fn config_for(mock: &MockModel, cron: &str) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\ncron:\n{cron}",
        mock.base_url()
    )
}

/// Adds a task and returns its id.
pub(crate) fn add(env: &TestEnv, args: &[&str]) -> String {
    let mut all = vec!["--json", "cron", "add"];
    all.extend_from_slice(args);
    let run = env.cmd().args(all).run(0);
    run.json()["id"].as_str().unwrap().to_owned()
}

pub(crate) fn history(env: &TestEnv, id: Option<&str>) -> Vec<Value> {
    let mut args = vec!["--json", "cron", "history", "--limit", "1000"];
    args.extend(id);
    env.cmd()
        .args(args)
        .run(0)
        .json()
        .as_array()
        .unwrap()
        .clone()
}

/// Polls `cron history` until `done` holds for it (waiting for the event, with a generous deadline).
pub(crate) fn wait_for_history(env: &TestEnv, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    for _ in 0..1200 {
        let rows = history(env, None);
        if done(&rows) {
            return rows;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!(
        "history never reached the expected state: {:?}",
        history(env, None)
    );
}
