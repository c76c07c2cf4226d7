//! Helpers shared by the memory tests (`tests/memory_*.rs`): the mock model as the memory model,
//! scripted index/dream replies, and looking at the notes on disk. Include it next to the mock and
//! `support`:
//! ```ignore
//! #[path = "support/mock_model/mod.rs"] mod mock_model;
//! mod support;
//! #[path = "support/memory.rs"] mod memory_support;
//! ```
#![allow(
    dead_code,
    unreachable_pub,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "test support: not every memory test uses every helper, and failing loudly is the point"
)]

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::mock_model::{self, MockModel, Turn, openai};
use crate::support::TestEnv;

/// The mock provider as the agent and memory model, with memory on.
pub fn config_for(mock: &MockModel) -> String {
    format!("{}memory:\n  enabled: true\n", mock.agent_config())
}

/// A non-streamed reply whose text is `value` as JSON (what index, dream and recall ask for).
pub fn json_reply(value: &Value) -> mock_model::Reply {
    openai::json(&Turn::new().text(&value.to_string()))
}

/// An index reply proposing one note.
pub fn note_reply(kind: &str, name: &str, description: &str, body: &str) -> mock_model::Reply {
    json_reply(
        &serde_json::json!({"notes": [{"type": kind, "name": name, "description": description, "body": body}]}),
    )
}

/// `<home>/memory/workspaces/<the only project key>/`.
pub fn workspace(env: &TestEnv) -> PathBuf {
    let dir = env.home.join("memory/workspaces");
    let mut keys: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(keys.len(), 1, "{keys:?}");
    keys.pop().unwrap()
}

/// The names of the `*.md` files in `dir`, sorted (empty when `dir` does not exist).
pub fn md_files(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| e.unwrap())
                .filter(|e| e.file_type().unwrap().is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".md"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Whether any workspace has a project or feedback note.
pub fn workspace_exists_with_notes(env: &TestEnv) -> bool {
    let dir = env.home.join("memory/workspaces");
    std::fs::read_dir(&dir).is_ok_and(|rd| {
        rd.flatten().any(|e| {
            !md_files(&e.path().join("Project")).is_empty()
                || !md_files(&e.path().join("Feedback")).is_empty()
        })
    })
}

/// `memory pending --json`.
pub fn pending(env: &TestEnv) -> Vec<Value> {
    env.cmd()
        .args(["memory", "pending", "--json"])
        .run(0)
        .json()
        .as_array()
        .unwrap()
        .clone()
}

/// Runs one `run` turn (so it is captured) with a canned answer.
pub fn run_turn(env: &TestEnv, mock: &MockModel, prompt: &str, answer: &str) {
    mock.push(openai::text(answer));
    env.cmd().args(["run", prompt]).run(0);
}

/// Writes notes as files in a folder and imports them.
pub fn import_notes(env: &TestEnv, notes: &[(&str, &str)]) {
    let dir = env.tmp.path().join("import");
    for (path, text) in notes {
        env.write(&dir.join(path), text);
    }
    env.cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(0);
}

/// A note file's text.
pub fn note(kind: &str, name: &str, description: &str, updated_at: &str, body: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: {description}\ntype: {kind}\nscope: project\nupdated_at: {updated_at}\nsource_sessions: [s-{name}]\ndeprecated: false\n---\n\n{body}\n"
    )
}

/// `(relative path, text)` of the markdown files of a workspace (top level, `Project/`,
/// `Feedback/`) or of the global directory (`User/`).
pub fn read_tree(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for sub in ["", "Project", "Feedback", "User"] {
        for name in md_files(&dir.join(sub)) {
            let rel = if sub.is_empty() {
                name.clone()
            } else {
                format!("{sub}/{name}")
            };
            out.push((
                rel.clone(),
                std::fs::read_to_string(dir.join(&rel)).unwrap(),
            ));
        }
    }
    out
}

/// Entries of `<home>/memory/workspaces` and `<home>/memory` whose name contains `tag`
/// (stages such as `.dream-`).
pub fn leftovers(env: &TestEnv, tag: &str) -> usize {
    [env.home.join("memory/workspaces"), env.home.join("memory")]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
        .filter(|e| e.file_name().to_string_lossy().contains(tag))
        .count()
}

/// The ids of the notes `memory recall QUERY --json ARGS` returns, and the whole reply.
pub fn recall_ids(env: &TestEnv, query: &str, args: &[&str]) -> (Vec<String>, Value) {
    let out = env
        .cmd()
        .args(["memory", "recall", query, "--json"])
        .args(args)
        .run(0)
        .json();
    let ids = out["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_str().unwrap().to_owned())
        .collect();
    (ids, out)
}

/// Blocks until the mock has seen `n` requests.
pub fn wait_for_requests(mock: &MockModel, n: usize) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(mock.wait_for_requests(n));
}

/// The mock as agent and memory model, with memory on and, when `provider` is given, that
/// provider's `embed-small` as `memory.embedding` (`mock`: OpenAI wire; `ollama`: Ollama's own).
pub fn embedding_config(mock: &MockModel, provider: Option<&str>, extra: &str) -> String {
    let models = "      models:\n        gpt-4.1: {}\n        embed-small: {}\n";
    let mut text = format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {url}\n      apiKey: test-key\n{models}    ollama:\n      url: {url}\n{models}memory:\n  enabled: true\n{extra}",
        url = mock.base_url()
    );
    if let Some(provider) = provider {
        text.push_str(&format!("  embedding: {provider}/embed-small\n"));
    }
    text
}

/// Three notes; only `Project/parking.md` is about cars, and it never says "automobile".
pub fn import_three(env: &TestEnv) -> Value {
    let dir = env.tmp.path().join("import");
    let notes = [
        (
            "Project/parking.md",
            note(
                "project",
                "Parking",
                "where it is",
                "2026-01-01T00:00:00Z",
                "The car is parked in the garage on level two.",
            ),
        ),
        (
            "Project/build.md",
            note(
                "project",
                "Build",
                "how to build",
                "2026-01-01T00:00:00Z",
                "Run cargo build with two jobs.",
            ),
        ),
        (
            "Project/deploy.md",
            note(
                "project",
                "Deploy",
                "releases",
                "2026-01-01T00:00:00Z",
                "Releases ship on Fridays after the integration tests.",
            ),
        ),
    ];
    for (path, text) in &notes {
        env.write(&dir.join(path), text);
    }
    env.cmd()
        .args(["memory", "import", "--json"])
        .arg_path(&dir)
        .run(0)
        .json()
}

/// The texts of every embedding request so far, in order.
pub fn embedded_texts(mock: &MockModel) -> Vec<String> {
    mock.embedding_requests()
        .iter()
        .flat_map(mock_model::embeddings::inputs)
        .collect()
}
