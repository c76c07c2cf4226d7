//! Recall's semantic stage (`memory.embedding`): vectors computed on import, index, dream and
//! `memory reindex --embeddings`, cached by content hash, fused with stage 1, and every failure
//! falling back to stage 1 with its reason in `--json` — through the real binary, against the mock
//! model's embedding endpoints (deterministic vectors; the test declares which words mean alike).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/memory.rs"]
mod memory_support;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use memory_support::{
    embedded_texts, embedding_config as config, import_three, json_reply, note, note_reply,
    recall_ids, run_turn,
};
use mock_model::{MockModel, embeddings};
use serde_json::{Value, json};
use support::TestEnv;

fn stats(env: &TestEnv) -> Value {
    env.cmd().args(["memory", "stats", "--json"]).run(0).json()
}

#[test]
fn a_match_by_meaning_only_is_found_with_embeddings_and_not_without() {
    let mock = MockModel::spawn();
    mock.embed_synonyms(&[("automobile", "car")]);
    let env = TestEnv::new();
    env.config(&config(&mock, Some("mock"), ""));
    let imported = import_three(&env);
    assert_eq!(imported["vectors"]["embedded"], 3, "{imported}");
    assert_eq!(imported["vectors"]["model"], "mock/embed-small");
    let requests = mock.embedding_requests();
    assert_eq!(requests.len(), 1, "one batch for the three notes");
    assert_eq!(requests[0].path, "/v1/embeddings");
    assert_eq!(requests[0].model(), "embed-small");
    assert_eq!(requests[0].header("authorization"), Some("Bearer test-key"));
    let s = stats(&env);
    assert_eq!(
        (s["notes_with_vectors"].clone(), s["active_notes"].clone()),
        (json!(3), json!(3))
    );

    let (ids, out) = recall_ids(&env, "where did I leave my automobile", &[]);
    assert_eq!(out["semantic"], "used", "{out}");
    assert!(ids[0].ends_with("Project/parking.md"), "{ids:?}");
    assert_eq!(
        embedded_texts(&mock).last().unwrap(),
        "where did I leave my automobile"
    );

    // Offline, and without memory.embedding, recall is stage 1 alone: no word is shared.
    let (offline, out) = recall_ids(&env, "where did I leave my automobile", &["--offline"]);
    assert_eq!(out["semantic"], "skipped");
    assert!(
        offline.iter().all(|id| !id.ends_with("parking.md")),
        "{offline:?}"
    );
    env.config(&config(&mock, None, ""));
    let (plain, out) = recall_ids(&env, "where did I leave my automobile", &[]);
    assert_eq!(out["semantic"], "skipped");
    assert!(
        plain.iter().all(|id| !id.ends_with("parking.md")),
        "{plain:?}"
    );
    assert_eq!(stats(&env)["embedding_model"], Value::Null);
    let before = mock.embedding_requests().len();
    env.cmd()
        .args(["memory", "recall", "where is my automobile"])
        .run(0);
    assert_eq!(mock.embedding_requests().len(), before, "no model, no call");

    // The agent's turn recalls through the same stage.
    env.config(&config(&mock, Some("mock"), ""));
    run_turn(
        &env,
        &mock,
        "Where did I leave my automobile?",
        "In the garage.",
    );
    let input = mock.requests().last().unwrap().body["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .to_string();
    assert!(
        input.contains("<memory>") && input.contains("parked in the garage"),
        "{input}"
    );
}

#[test]
fn ollama_is_spoken_to_with_its_own_embed_api() {
    let mock = MockModel::spawn();
    mock.embed_synonyms(&[("automobile", "car")]);
    let env = TestEnv::new();
    env.config(&config(&mock, Some("ollama"), ""));
    let imported = import_three(&env);
    assert_eq!(imported["vectors"]["embedded"], 3, "{imported}");
    let (ids, out) = recall_ids(&env, "automobile", &[]);
    assert_eq!(out["semantic"], "used", "{out}");
    assert!(ids[0].ends_with("Project/parking.md"), "{ids:?}");
    let paths: Vec<String> = mock
        .embedding_requests()
        .iter()
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(paths, ["/api/embed", "/api/embed"]);
}

#[test]
fn a_local_embedding_server_is_reached_directly_whatever_the_proxy_environment() {
    let mock = MockModel::spawn();
    mock.embed_synonyms(&[("automobile", "car")]);
    let env = TestEnv::new();
    env.config(&config(&mock, Some("mock"), ""));
    import_three(&env);
    // A proxy that refuses every connection: a request to this machine must not go through it.
    let dead = "http://127.0.0.1:9";
    let out = env
        .cmd()
        .args(["memory", "recall", "automobile", "--json"])
        .env("http_proxy", dead)
        .env("HTTP_PROXY", dead)
        .env("ALL_PROXY", dead)
        .run(0)
        .json();
    assert_eq!(out["semantic"], "used", "{out}");
}

#[test]
fn a_failing_embedding_endpoint_leaves_stage_1_and_says_why() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config(&mock, Some("mock"), "  retrievalTimeoutMs: 3000\n"));
    import_three(&env);
    let query = "where is the car parked";

    mock.embed_fail(500);
    let (ids, out) = recall_ids(&env, query, &[]);
    assert_eq!(out["semantic"]["fallback"]["reason"], "error", "{out}");
    let problem = out["semantic"]["fallback"]["problem"].as_str().unwrap();
    assert!(
        problem.contains("500") && problem.contains("mock: embedding failed"),
        "{problem}"
    );
    assert!(
        ids[0].ends_with("Project/parking.md"),
        "stage 1 still answers: {ids:?}"
    );
    let human = env.cmd().args(["memory", "recall", query]).run(0);
    assert!(
        human
            .stderr
            .contains("semantic stage failed, using stage 1"),
        "{}",
        human.stderr
    );
    assert!(human.stdout.contains("parked in the garage"));

    mock.embed_fail(401);
    let (_, out) = recall_ids(&env, query, &[]);
    assert_eq!(out["semantic"]["fallback"]["reason"], "error", "{out}");

    // Vectors of another length than the cached ones: the model changed under the cache.
    mock.embed_vectors(128);
    let (ids, out) = recall_ids(&env, query, &[]);
    assert_eq!(out["semantic"]["fallback"]["reason"], "dimensions", "{out}");
    assert!(ids[0].ends_with("Project/parking.md"));

    // No reply at all: the query's embedding is abandoned at retrievalTimeoutMs.
    mock.embed_stall();
    let (ids, out) = recall_ids(&env, query, &[]);
    assert_eq!(out["semantic"]["fallback"]["reason"], "timeout", "{out}");
    assert!(ids[0].ends_with("Project/parking.md"));

    // A write whose vectors cannot be computed still writes, and says so.
    mock.embed_fail(503);
    let dir = env.tmp.path().join("more");
    env.write(
        &dir.join("Project/lint.md"),
        &note(
            "project",
            "Lint",
            "style",
            "2026-01-01T00:00:00Z",
            "Run clippy before pushing.",
        ),
    );
    let imported = env
        .cmd()
        .args(["memory", "import", "--json"])
        .arg_path(&dir)
        .run(0)
        .json();
    assert_eq!(imported["imported"].as_array().unwrap().len(), 1);
    assert_eq!(imported["vectors"]["embedded"], 0);
    assert!(
        imported["vectors"]["problem"]
            .as_str()
            .unwrap()
            .contains("503")
    );
    let s = stats(&env);
    assert_eq!(
        (s["notes_with_vectors"].clone(), s["active_notes"].clone()),
        (json!(3), json!(4))
    );
}

#[test]
fn unchanged_notes_are_not_embedded_again_by_index_or_dream() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config(&mock, Some("mock"), ""));
    import_three(&env);
    assert_eq!(embedded_texts(&mock).len(), 3);

    // A captured turn indexed into a new note: only that note is embedded.
    run_turn(&env, &mock, "Remember that the linter is clippy.", "Noted.");
    mock.push(note_reply(
        "project",
        "Linter",
        "which linter",
        "The linter is clippy.",
    ));
    let before = embedded_texts(&mock).len();
    let indexed = env.cmd().args(["memory", "index", "--json"]).run(0).json();
    assert_eq!(indexed[0]["vectors"]["embedded"], 1, "{indexed}");
    let new: Vec<String> = embedded_texts(&mock)[before..].to_vec();
    assert_eq!(new.len(), 1, "{new:?}");
    assert!(new[0].contains("The linter is clippy."));

    // Dreams that change nothing make no embedding call.
    let before = mock.embedding_requests().len();
    for _ in 0..2 {
        mock.push(json_reply(&json!({"merges": [], "supersede": []})));
        let dream = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
        assert_eq!(dream["changed"], false);
        assert_eq!(dream["vectors"]["missing"], 0, "{dream}");
    }
    // A dream that merges two notes embeds only the merged note.
    mock.push(json_reply(&json!({
        "merges": [{"ids": ["Project/build.md", "Project/deploy.md"], "name": "Build and deploy",
                    "description": "the pipeline", "body": "Build with cargo, ship on Fridays."}],
        "supersede": []
    })));
    let dream = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(dream["changed"], true, "{dream}");
    assert_eq!(dream["vectors"]["embedded"], 1, "{dream}");
    let new: Vec<String> = mock.embedding_requests()[before..]
        .iter()
        .flat_map(embeddings::inputs)
        .collect();
    assert_eq!(new.len(), 1, "{new:?}");
    assert!(new[0].contains("ship on Fridays"));
    let s = stats(&env);
    assert_eq!(s["notes_with_vectors"], s["active_notes"]);
}

#[test]
fn reindex_embeddings_fills_the_missing_vectors_and_stats_counts_them() {
    let mock = MockModel::spawn();
    mock.embed_synonyms(&[("automobile", "car")]);
    let env = TestEnv::new();
    env.config(&config(&mock, None, ""));
    let imported = import_three(&env);
    assert!(imported.get("vectors").is_none(), "{imported}");
    let failed = env.cmd().args(["memory", "reindex", "--embeddings"]).run(1);
    assert!(
        failed.stderr.contains("set memory.embedding"),
        "{}",
        failed.stderr
    );
    assert!(mock.embedding_requests().is_empty());

    env.config(&config(&mock, Some("mock"), ""));
    let s = stats(&env);
    assert_eq!(
        (s["notes_with_vectors"].clone(), s["active_notes"].clone()),
        (json!(0), json!(3))
    );
    let human = env.cmd().args(["memory", "stats"]).run(0);
    assert!(
        human
            .stdout
            .contains("vectors: 0 of 3 active note(s) (mock/embed-small)"),
        "{}",
        human.stdout
    );
    let (_, out) = recall_ids(&env, "automobile", &[]);
    assert_eq!(out["semantic"]["fallback"]["reason"], "no_vectors", "{out}");

    let report = env
        .cmd()
        .args(["memory", "reindex", "--embeddings", "--json"])
        .run(0)
        .json();
    assert_eq!(report["notes"], 3, "{report}");
    assert_eq!(report["vectors"]["embedded"], 3, "{report}");
    assert_eq!(stats(&env)["notes_with_vectors"], 3);
    let (ids, out) = recall_ids(&env, "automobile", &[]);
    assert_eq!(out["semantic"], "used", "{out}");
    assert!(ids[0].ends_with("Project/parking.md"));

    // Nothing missing: no call; the bar is not drawn without a terminal.
    let before = mock.embedding_requests().len();
    let again = env.cmd().args(["memory", "reindex", "--embeddings"]).run(0);
    assert_eq!(mock.embedding_requests().len(), before);
    assert!(
        again.stdout.contains("3 note(s) indexed"),
        "{}",
        again.stdout
    );
    assert!(!again.stderr.contains("embedding"), "{}", again.stderr);
}

#[test]
fn config_validate_checks_the_embedding_keys() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let mut text = config(&mock, None, "  recall: {embeddingWeight: -1}\n");
    text.push_str("  embedding: nowhere/embed-small\n");
    env.config(&text);
    let run = env.cmd().args(["config", "validate"]).run(2);
    assert!(
        run.stdout.contains("memory.embedding") && run.stdout.contains("nowhere"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("memory.recall.embeddingWeight")
            && run.stdout.contains("`-1` is not a weight"),
        "{}",
        run.stdout
    );
    env.config(&config(
        &mock,
        Some("mock"),
        "  recall: {embeddingWeight: 0.5}\n",
    ));
    let run = env.cmd().args(["config", "validate"]).run(0);
    assert!(!run.stdout.contains("error"), "{}", run.stdout);
}
