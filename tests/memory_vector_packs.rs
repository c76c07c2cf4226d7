//! Recall's vector packs (`memory_vector_packs`: a scope's note vectors in one row): kept in step
//! with the notes without new embedding calls, derived for a `state.db` written before they
//! existed, and read whole by every recall while other processes write — through the real binary,
//! against the mock model's embedding endpoint.
//!
//! (Import, a dream that changes notes and `memory reindex` mark a scope's index stale and sync it
//! again; a recall racing an import can still, rarely, find no notes — a window not yet found, so
//! the writers racing recall here are dreams that change nothing but embed new notes.)
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

use memory_support::{embedding_config, import_three, json_reply, note, recall_ids, workspace};
use mock_model::MockModel;
use serde_json::{Value, json};
use support::TestEnv;

const QUERY: &str = "where did I leave my automobile";

/// The mock with `automobile` meaning `car`, and three notes imported with their vectors.
fn three_embedded() -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    mock.embed_synonyms(&[("automobile", "car")]);
    let env = TestEnv::new();
    env.config(&embedding_config(&mock, Some("mock"), ""));
    let imported = import_three(&env);
    assert_eq!(imported["vectors"]["embedded"], 3, "{imported}");
    (mock, env)
}

fn state_db(env: &TestEnv) -> rusqlite::Connection {
    rusqlite::Connection::open(env.home.join("state.db")).unwrap()
}

/// The number of vectors in the project's pack (`None`: no pack).
fn project_pack(env: &TestEnv) -> Option<i64> {
    state_db(env)
        .query_row(
            "SELECT length(hashes) / 64 FROM memory_vector_packs WHERE scope_key != 'global'",
            [],
            |r| r.get(0),
        )
        .ok()
}

fn top(env: &TestEnv) -> String {
    let (ids, out) = recall_ids(env, QUERY, &[]);
    assert_eq!(out["semantic"], "used", "{out}");
    ids.first().cloned().unwrap_or_default()
}

#[test]
fn packs_follow_the_notes_without_new_embedding_calls() {
    let (mock, env) = three_embedded();
    assert_eq!(project_pack(&env), Some(3), "the import wrote the pack");
    let calls = mock.embedding_requests().len();
    assert!(top(&env).ends_with("Project/parking.md"));

    // Renamed by hand: the same text, so the same vector, under the new name.
    let folder = workspace(&env).join("Project");
    std::fs::rename(folder.join("parking.md"), folder.join("car.md")).unwrap();
    assert!(top(&env).ends_with("Project/car.md"));

    // Deprecated, it is not recalled by meaning either; restored, it is again.
    env.cmd().args(["memory", "deprecate", "Parking"]).run(0);
    let (ids, out) = recall_ids(&env, QUERY, &[]);
    assert_eq!(out["semantic"], "used", "{out}");
    assert!(ids.iter().all(|id| !id.ends_with("car.md")), "{ids:?}");
    env.cmd().args(["memory", "restore", "Parking"]).run(0);
    assert!(top(&env).ends_with("Project/car.md"));

    assert_eq!(
        mock.embedding_requests().len(),
        calls + 4,
        "one call per recall, for its query; no note embedded again"
    );
    assert_eq!(project_pack(&env), Some(3));
}

#[test]
fn a_state_db_from_before_packs_keeps_its_vectors() {
    let (mock, env) = three_embedded();
    // Back to the schema of migration 14: vectors one row per note, no packs.
    state_db(&env)
        .execute_batch(
            "DROP TABLE memory_vector_packs;
             DROP INDEX memory_notes_hash;
             ALTER TABLE memory_captures DROP COLUMN trusted;
             PRAGMA user_version = 14;",
        )
        .unwrap();
    let calls = mock.embedding_requests().len();

    assert!(top(&env).ends_with("Project/parking.md"));
    assert_eq!(
        mock.embedding_requests().len(),
        calls + 1,
        "only the query is embedded"
    );
    assert_eq!(project_pack(&env), Some(3), "the recall derived the pack");
    let stats = env.cmd().args(["memory", "stats", "--json"]).run(0).json();
    assert_eq!(stats["notes_with_vectors"], 3, "{stats}");
}

#[test]
fn recalls_read_whole_packs_while_other_processes_write() {
    let (mock, env) = three_embedded();
    let folder = workspace(&env).join("Project");
    // A dream starts over (at most three times) when the notes change while it plans.
    let (rounds, dreams) = (4, 2);
    mock.mount_at_most(
        json_reply(&json!({"merges": [], "supersede": []})),
        3 * dreams * rounds,
    );
    for round in 0..rounds {
        // Notes added by hand leave the packs stale: the recalls below rebuild them and race to
        // store them, while two dreams embed the new notes and store their packs.
        let day = "2026-01-02T00:00:00Z";
        for i in 0..3 {
            let body = format!("Step {i} of round {round}: run the integration tests.");
            let name = format!("Round {round} step {i}");
            env.write(
                &folder.join(format!("r{round}-{i}.md")),
                &note("project", &name, "a step", day, &body),
            );
        }
        let dreams: Vec<_> = (0..dreams)
            .map(|_| env.spawn(&["memory", "dream", "--json"]))
            .collect();
        let recalls: Vec<_> = (0..3)
            .map(|_| env.spawn(&["memory", "recall", "--json", QUERY]))
            .collect();
        for child in recalls {
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{stderr}");
            let result: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(result["semantic"], "used", "{result}");
            let first = result["notes"][0]["id"].as_str().unwrap_or_default();
            assert!(first.ends_with("Project/parking.md"), "{result}");
        }
        for child in dreams {
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{stderr}");
        }
    }
    // Every note added by hand has its vector, and the pack holds them all.
    let stats = env.cmd().args(["memory", "stats", "--json"]).run(0).json();
    assert_eq!(stats["active_notes"], 3 + 4 * 3, "{stats}");
    assert_eq!(
        stats["notes_with_vectors"], stats["active_notes"],
        "{stats}"
    );
    assert!(top(&env).ends_with("Project/parking.md"));
    assert_eq!(project_pack(&env), Some(3 + 4 * 3));
}
