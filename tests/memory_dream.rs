//! `memory dream` and `memory rollback`: consolidation on staged copies, through the real binary
//! with the mock model.
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
    config_for, import_notes, json_reply, leftovers, note, read_tree, wait_for_requests, workspace,
};
use mock_model::{MockModel, openai};
use serde_json::json;
use support::TestEnv;

#[test]
fn dream_merges_deprecates_is_idempotent_and_rolls_back() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    import_notes(
        &env,
        &[
            (
                "Project/db-a.md",
                &note(
                    "project",
                    "Database",
                    "db",
                    "2026-01-01T00:00:00Z",
                    "We use PostgreSQL.",
                ),
            ),
            (
                "Project/db-b.md",
                &note(
                    "project",
                    "Database choice",
                    "db choice",
                    "2026-01-02T00:00:00Z",
                    "PostgreSQL 16 was chosen.",
                ),
            ),
            (
                "Project/runner-old.md",
                &note(
                    "project",
                    "Test runner",
                    "tests",
                    "2026-01-01T00:00:00Z",
                    "Tests run with jest.",
                ),
            ),
            (
                "Project/runner-new.md",
                &note(
                    "project",
                    "Test runner now",
                    "tests",
                    "2026-03-01T00:00:00Z",
                    "Tests run with vitest since March.",
                ),
            ),
        ],
    );
    let ws = workspace(&env);
    let live_before = read_tree(&ws);
    mock.push(json_reply(&json!({
        "merges": [
            {"ids": ["Project/db-a.md", "Project/db-b.md"], "name": "Database", "description": "the database", "body": "PostgreSQL 16."},
            {"ids": ["Project/nope.md", "Project/db-a.md"], "name": "Bad", "description": "", "body": "x"}
        ],
        "supersede": [{"id": "Project/runner-old.md", "by": "Project/runner-new.md", "reason": "newer"}]
    })));
    let report = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(report["changed"], true);
    assert_eq!(report["merged"][0]["into"], "Project/database.md");
    assert_eq!(report["rejected"].as_array().unwrap().len(), 1);
    let merged = std::fs::read_to_string(ws.join("Project/database.md")).unwrap();
    assert!(
        merged.contains("PostgreSQL 16.")
            && merged.contains("s-Database")
            && merged.contains("s-Database choice"),
        "{merged}"
    );
    for old in ["db-a", "db-b"] {
        let text = std::fs::read_to_string(ws.join(format!("Project/{old}.md"))).unwrap();
        assert!(
            text.contains("deprecated: true")
                && text.contains("superseded_by: Project/database.md"),
            "{text}"
        );
    }
    let runner = std::fs::read_to_string(ws.join("Project/runner-old.md")).unwrap();
    assert!(
        runner.contains("deprecated: true")
            && runner.contains("superseded_by: Project/runner-new.md")
    );
    let catalog = std::fs::read_to_string(ws.join("MEMORY.md")).unwrap();
    assert!(catalog.contains("## Deprecated\n\n") && catalog.contains("(Project/db-a.md)"));
    let recall = env
        .cmd()
        .args(["memory", "recall", "jest", "--json"])
        .run(0)
        .json();
    assert!(
        recall["notes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n["id"].as_str().unwrap().ends_with("runner-new.md"))
    );

    // Nothing new: the model proposes nothing and no file changes.
    let after = read_tree(&ws);
    mock.push(json_reply(&json!({"merges": [], "supersede": []})));
    let again = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(again["changed"], false);
    assert_eq!(read_tree(&ws), after);

    env.cmd().args(["memory", "rollback"]).run(0);
    assert_eq!(read_tree(&ws), live_before);
    let list = env.cmd().args(["memory", "list", "--json"]).run(0).json();
    assert_eq!(
        list.as_array()
            .unwrap()
            .iter()
            .filter(|n| n["deprecated"] == false)
            .count(),
        4
    );
}

/// A home with two notes on the same topic (`Project/a.md`, `Project/b.md`), a dream's material.
fn two_cache_notes() -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    import_notes(
        &env,
        &[
            (
                "Project/a.md",
                &note(
                    "project",
                    "Cache",
                    "cache",
                    "2026-01-01T00:00:00Z",
                    "Redis caches sessions.",
                ),
            ),
            (
                "Project/b.md",
                &note(
                    "project",
                    "Caching",
                    "caching",
                    "2026-01-02T00:00:00Z",
                    "Sessions are cached in Redis.",
                ),
            ),
        ],
    );
    (mock, env)
}

#[test]
fn a_dream_killed_midway_leaves_live_notes_intact() {
    let (mock, env) = two_cache_notes();
    let ws = workspace(&env);
    let before = read_tree(&ws);
    mock.push(openai::sse(&[]).stall_after(0));
    let mut child = env.spawn(&["memory", "dream"]);
    wait_for_requests(&mock, 1);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(read_tree(&ws), before);
    assert_eq!(
        leftovers(&env, ".dream-"),
        2,
        "the killed dream's stages (workspace, global)"
    );

    mock.push(json_reply(&json!({
        "merges": [{"ids": ["Project/a.md", "Project/b.md"], "name": "Session cache", "description": "Redis", "body": "Sessions are cached in Redis."}],
        "supersede": []
    })));
    let report = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(report["changed"], true);
    assert_eq!(leftovers(&env, ".dream-"), 0);
    assert!(ws.join("Project/session-cache.md").is_file());
    mock.release_stalls();
}

#[test]
fn dream_consolidates_global_user_notes_refreshes_the_meta_and_rollback_restores_both() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    import_notes(
        &env,
        &[
            (
                "User/lang-a.md",
                &note(
                    "user",
                    "Languages",
                    "speaks English",
                    "2026-01-01T00:00:00Z",
                    "Speaks English.",
                ),
            ),
            (
                "User/lang-b.md",
                &note(
                    "user",
                    "Spoken languages",
                    "speaks German too",
                    "2026-02-01T00:00:00Z",
                    "Speaks English and German.",
                ),
            ),
            (
                "Project/db.md",
                &note(
                    "project",
                    "Database",
                    "db",
                    "2026-01-01T00:00:00Z",
                    "We use PostgreSQL 16.",
                ),
            ),
        ],
    );
    let ws = workspace(&env);
    let global = env.home.join("memory/global");
    let (ws_before, global_before) = (read_tree(&ws), read_tree(&global));
    mock.push(json_reply(&json!({
        "merges": [{"ids": ["global/User/lang-a.md", "global/User/lang-b.md"], "name": "Languages spoken",
                    "description": "English and German", "body": "Speaks English and German."}],
        "supersede": [],
        "meta": {"description": "A payments service", "summary": "Runs on PostgreSQL 16."}
    })));
    let report = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(report["changed"], true, "{report}");
    assert_eq!(
        report["merged"][0]["into"],
        "global/User/languages-spoken.md"
    );
    assert_eq!(report["meta_refreshed"], true);
    let merged = std::fs::read_to_string(global.join("User/languages-spoken.md")).unwrap();
    assert!(
        merged.contains("type: user")
            && merged.contains("s-Languages")
            && merged.contains("s-Spoken languages"),
        "{merged}"
    );
    let old = std::fs::read_to_string(global.join("User/lang-a.md")).unwrap();
    assert!(
        old.contains("deprecated: true")
            && old.contains("superseded_by: global/User/languages-spoken.md"),
        "{old}"
    );
    let profile = std::fs::read_to_string(global.join("profile.md")).unwrap();
    assert!(
        profile.contains("Languages spoken — English and German")
            && !profile.contains("Languages — speaks English"),
        "{profile}"
    );
    let meta = std::fs::read_to_string(ws.join("project.meta.md")).unwrap();
    assert!(
        meta.contains("description: A payments service")
            && meta.contains("## Summary\n\nRuns on PostgreSQL 16.")
            && meta.contains("dream_updated_at"),
        "{meta}"
    );
    let (ids, _) = memory_support::recall_ids(&env, "German", &[]);
    assert_eq!(ids.len(), 1);
    assert!(
        ids[0].ends_with("global/User/languages-spoken.md"),
        "{ids:?}"
    );

    env.cmd().args(["memory", "rollback"]).run(0);
    assert_eq!(read_tree(&global), global_before);
    assert_eq!(read_tree(&ws), ws_before);
    let (ids, _) = memory_support::recall_ids(&env, "German", &[]);
    assert!(ids[0].ends_with("global/User/lang-b.md"), "{ids:?}");
}

#[test]
fn dream_plans_without_the_write_lock_and_starts_over_when_notes_changed() {
    let (mock, env) = two_cache_notes();
    let ws = workspace(&env);
    let plan = json!({
        "merges": [{"ids": ["Project/a.md", "Project/b.md"], "name": "Session cache", "description": "Redis",
                    "body": "Sessions are cached in Redis."}],
        "supersede": []
    });
    let gate = tokio_util::sync::CancellationToken::new();
    mock.push(json_reply(&plan).held_until(&gate));
    mock.push(json_reply(&plan));
    let dream = env.spawn(&["memory", "dream", "--json"]);
    wait_for_requests(&mock, 1);

    // The model is planning: an import (which takes the write lock) goes through meanwhile.
    let extra = env.tmp.path().join("extra");
    env.write(
        &extra.join("Project/queue.md"),
        &note(
            "project",
            "Queue",
            "jobs",
            "2026-01-03T00:00:00Z",
            "Jobs go through RabbitMQ.",
        ),
    );
    let mut import = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .arg("memory")
        .arg("import")
        .arg(&extra)
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = import.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "import is blocked: the dream holds the write lock during its model call"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success());

    gate.cancel();
    let out = dream.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["restarts"], 1, "{report}");
    assert_eq!(report["changed"], true);
    assert_eq!(mock.requests().len(), 2, "the dream asked again");
    assert!(
        mock.requests()[1]
            .last_user_text()
            .unwrap()
            .contains("RabbitMQ"),
        "the second plan sees the imported note"
    );
    assert!(ws.join("Project/queue.md").is_file(), "the import survives");
    assert!(ws.join("Project/session-cache.md").is_file());
    assert_eq!(leftovers(&env, ".dream-"), 0);
}

#[test]
fn dream_dry_run_and_if_due_change_nothing() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&format!(
        "{}  schedule:\n    autoDreamIntervalMinutes: 0\n",
        config_for(&mock)
    ));
    import_notes(
        &env,
        &[
            (
                "Project/a.md",
                &note(
                    "project",
                    "Cache",
                    "cache",
                    "2026-01-01T00:00:00Z",
                    "Redis.",
                ),
            ),
            (
                "Project/b.md",
                &note(
                    "project",
                    "Caching",
                    "cache",
                    "2026-01-02T00:00:00Z",
                    "Redis!",
                ),
            ),
        ],
    );
    let ws = workspace(&env);
    let before = read_tree(&ws);
    let due = env.cmd().args(["memory", "dream", "--if-due"]).run(0);
    assert!(due.stdout.contains("dream: not due"), "{}", due.stdout);
    assert!(mock.requests().is_empty());

    mock.push(json_reply(&json!({
        "merges": [{"ids": ["Project/a.md", "Project/b.md"], "name": "Session cache", "description": "Redis", "body": "Redis."}],
        "supersede": []
    })));
    let report = env
        .cmd()
        .args(["memory", "dream", "--dry-run", "--json"])
        .run(0)
        .json();
    assert_eq!(report["merged"][0]["into"], "Project/session-cache.md");
    assert_eq!(report["changed"], false);
    assert_eq!(read_tree(&ws), before);
    let rollback = env.cmd().args(["memory", "rollback"]).run(1);
    assert!(
        rollback.stderr.contains("nothing to roll back"),
        "{}",
        rollback.stderr
    );
    assert_eq!(leftovers(&env, ".dream-"), 0);
}
