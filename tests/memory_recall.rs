//! `memory recall`: stage 1 (the local full-text ranking) and stage 2 (the model step), through the
//! real binary with the mock model.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/edits.rs"]
mod edits;
#[path = "support/memory.rs"]
mod memory_support;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use edits::{edit_in_place, settle};
use memory_support::{config_for, import_notes, json_reply, note, recall_ids};
use mock_model::{MockModel, openai};
use serde_json::json;
use support::TestEnv;

#[test]
fn recall_finds_chinese_and_japanese_notes_by_two_character_words() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    import_notes(
        &env,
        &[
            (
                "Project/deploy.md",
                &note(
                    "project",
                    "发布流程",
                    "每周五部署到生产环境",
                    "2026-01-01T00:00:00Z",
                    "我们每周五下午部署到生产环境，需要先跑完集成测试。",
                ),
            ),
            (
                "Project/meeting.md",
                &note(
                    "project",
                    "定例会議",
                    "毎週月曜日の会議",
                    "2026-01-01T00:00:00Z",
                    "会議は毎週月曜日に東京で行います。",
                ),
            ),
            (
                "Project/build.md",
                &note(
                    "project",
                    "Build",
                    "how to build",
                    "2026-01-01T00:00:00Z",
                    "Run cargo build with two jobs.",
                ),
            ),
        ],
    );
    let ids = |query: &str| -> Vec<String> {
        let out = env
            .cmd()
            .args(["memory", "recall", query, "--json"])
            .run(0)
            .json();
        out["notes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let zh = ids("部署");
    assert_eq!(zh.len(), 1, "{zh:?}");
    assert!(zh[0].ends_with("Project/deploy.md"));
    assert!(ids("什么时候测试？")[0].ends_with("Project/deploy.md"));
    let ja = ids("東京");
    assert_eq!(ja.len(), 1, "{ja:?}");
    assert!(ja[0].ends_with("Project/meeting.md"));
    assert!(
        ids("building")[0].ends_with("Project/build.md"),
        "porter stemming"
    );
}

/// Memory on with the model step (`reasoningMode: accuracy_first`), plus `extra` memory keys.
fn accuracy_first(mock: &MockModel, extra: &str) -> String {
    format!(
        "{}  reasoningMode: accuracy_first\n{extra}",
        config_for(mock)
    )
}

/// Three notes that all match "database"; returns their ids in stage 1's order.
fn database_notes(env: &TestEnv) -> Vec<String> {
    import_notes(
        env,
        &[
            (
                "Project/engine.md",
                &note(
                    "project",
                    "Database engine",
                    "which database",
                    "2026-01-01T00:00:00Z",
                    "The database is PostgreSQL 16. The database runs in Docker.",
                ),
            ),
            (
                "Project/backups.md",
                &note(
                    "project",
                    "Database backups",
                    "backups",
                    "2026-01-01T00:00:00Z",
                    "Backups of the database run nightly.",
                ),
            ),
            (
                "Feedback/naming.md",
                &note(
                    "feedback",
                    "Table naming",
                    "how to name tables",
                    "2026-01-01T00:00:00Z",
                    "Name database tables in singular snake_case.",
                ),
            ),
        ],
    );
    let (ids, out) = recall_ids(env, "database tables", &["--offline"]);
    assert_eq!(ids.len(), 3, "{out}");
    assert_eq!(out["model_step"]["status"], "skipped");
    ids
}

#[test]
fn model_step_runs_only_when_asked_and_picks_a_subset() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    let ids = database_notes(&env);
    // Default `answer_first`: stage 1 only, no model call.
    let (default_ids, out) = recall_ids(&env, "database tables", &[]);
    assert_eq!(default_ids, ids);
    assert_eq!(out["model_step"]["reason"], "answer_first");
    env.config(&accuracy_first(&mock, ""));
    let (_, out) = recall_ids(&env, "database tables", &["--offline"]);
    assert_eq!(out["model_step"]["reason"], "offline");
    assert!(mock.requests().is_empty(), "no model call so far");

    let naming = ids.iter().find(|id| id.ends_with("naming.md")).unwrap();
    mock.push(json_reply(
        &json!({"needed": true, "ids": [naming, "workspaces/nope/Project/x.md", naming]}),
    ));
    let (picked, out) = recall_ids(&env, "database tables", &[]);
    assert_eq!(picked, std::slice::from_ref(naming), "{out}");
    assert_eq!(out["model_step"]["status"], "picked");
    assert_eq!(out["model_step"]["model"], "mock/gpt-4.1");
    let request = mock.single_request();
    let asked = request.last_user_text().unwrap();
    assert!(asked.contains("database tables"), "{asked}");
    for id in &ids {
        assert!(
            asked.contains(id.as_str()),
            "every candidate is offered: {asked}"
        );
    }
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    assert!(
        stats.lines().any(|l| l.contains("\"role\":\"memory\"")),
        "the model step is routed and accounted: {stats}"
    );
    let traces = env
        .cmd()
        .args(["memory", "trace", "recall", "--last", "1", "--json"])
        .run(0)
        .json();
    assert_eq!(traces[0]["detail"]["model_step"]["status"], "picked");
}

#[test]
fn model_step_saying_no_memory_is_needed_recalls_nothing() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&accuracy_first(&mock, ""));
    database_notes(&env);
    mock.push(json_reply(&json!({"needed": false, "ids": []})));
    let (ids, out) = recall_ids(&env, "database tables", &[]);
    assert!(ids.is_empty(), "{out}");
    assert_eq!(out["model_step"]["status"], "not_needed");
    mock.push(json_reply(&json!({"needed": false})));
    let human = env
        .cmd()
        .args(["memory", "recall", "database tables"])
        .run(0);
    assert!(human.stdout.is_empty(), "{}", human.stdout);
    assert!(
        human.stderr.contains("no memory needed"),
        "{}",
        human.stderr
    );
}

#[test]
fn model_step_timeout_falls_back_to_stage_1() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&accuracy_first(&mock, "  retrievalTimeoutMs: 1500\n"));
    let ids = database_notes(&env);
    mock.push(openai::sse(&[]).stall_after(0));
    let (got, out) = recall_ids(&env, "database tables", &[]);
    assert_eq!(got, ids, "stage 1's ranking stands: {out}");
    assert_eq!(out["model_step"]["status"], "fallback");
    assert_eq!(out["model_step"]["reason"], "timeout");
    assert_eq!(mock.requests().len(), 1);
    mock.release_stalls();
}

#[test]
fn model_step_with_bad_output_falls_back_to_stage_1() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&accuracy_first(&mock, ""));
    let ids = database_notes(&env);
    mock.push(json_reply(
        &json!({"needed": true, "ids": ["not-a-candidate.md"]}),
    ));
    let (got, out) = recall_ids(&env, "database tables", &[]);
    assert_eq!(got, ids, "{out}");
    assert_eq!(out["model_step"]["reason"], "invalid");
    assert!(
        out["model_step"]["problem"]
            .as_str()
            .unwrap()
            .contains("no candidate"),
        "{out}"
    );

    mock.push(openai::json(
        &mock_model::Turn::new().text("The naming note looks useful."),
    ));
    let human = env
        .cmd()
        .args(["memory", "recall", "database tables"])
        .run(0);
    assert!(
        human.stdout.starts_with("<memory>\n") && human.stdout.contains("PostgreSQL 16"),
        "{}",
        human.stdout
    );
    assert!(
        human.stderr.contains("model step failed") && human.stderr.contains("not JSON"),
        "{}",
        human.stderr
    );
}

#[test]
fn a_run_turn_gets_only_the_notes_the_model_step_picked() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&accuracy_first(&mock, ""));
    let ids = database_notes(&env);
    let naming = ids.iter().find(|id| id.ends_with("naming.md")).unwrap();
    mock.push(json_reply(&json!({"needed": true, "ids": [naming]})));
    mock.push(openai::text("Use singular snake_case."));
    env.cmd()
        .args(["run", "how should I name the new database tables?"])
        .run(0);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[0].last_user_text().unwrap().contains("Candidates"));
    let input = requests[1].last_user_text().unwrap();
    assert!(
        input.contains("singular snake_case") && !input.contains("PostgreSQL 16"),
        "{input}"
    );
}

#[test]
fn general_workspace_recall_searches_every_project_and_root_dir_moves_the_store() {
    let env = TestEnv::new();
    let root = env.tmp.path().join("notes-root");
    env.config(&format!(
        "memory:\n  enabled: true\n  rootDir: {}\n",
        root.display()
    ));
    import_notes(
        &env,
        &[(
            "Project/deploy.md",
            &note(
                "project",
                "Deploys",
                "how we deploy",
                "2026-01-01T00:00:00Z",
                "Deploys go through ArgoCD.",
            ),
        )],
    );
    let other = env.tmp.path().join("other");
    std::fs::create_dir_all(other.join(".git")).unwrap();
    let notes = env.tmp.path().join("other-notes");
    env.write(
        &notes.join("Project/queue.md"),
        &note(
            "project",
            "Queue",
            "jobs",
            "2026-01-01T00:00:00Z",
            "Jobs go through RabbitMQ.",
        ),
    );
    env.cmd()
        .args(["memory", "import"])
        .arg_path(&notes)
        .arg_str("--project")
        .arg_path(&other)
        .run(0);
    assert!(root.join("workspaces").is_dir());
    assert!(!env.home.join("memory").exists(), "rootDir moves the store");
    let (ids, _) = recall_ids(&env, "RabbitMQ", &[]);
    assert!(ids.is_empty(), "a project sees only its own notes: {ids:?}");
    let (ids, _) = recall_ids(&env, "RabbitMQ ArgoCD", &["--all"]);
    assert_eq!(ids.len(), 2, "{ids:?}");
}

#[test]
fn recall_returns_notes_as_their_files_are_now_and_sees_new_ones_at_once() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    database_notes(&env);
    let project = memory_support::workspace(&env).join("Project");
    settle(&project);
    // This recall checks every file and trusts the (settled) folders for the next 10 seconds.
    let (ids, out) = recall_ids(&env, "database engine", &["--offline"]);
    assert!(ids[0].ends_with("Project/engine.md"), "{out}");

    // Edited in place: still found by the words the index holds, but returned as the file now is.
    let engine = project.join("engine.md");
    let edited = note(
        "project",
        "Database engine",
        "which database, and where",
        "2026-02-01T00:00:00Z",
        "The database engine is PostgreSQL 17, managed.",
    );
    edit_in_place(&engine, &edited);
    let out = env
        .cmd()
        .args(["memory", "recall", "database engine", "--offline", "--json"])
        .run(0)
        .json();
    let first = &out["notes"][0];
    assert!(
        first["id"].as_str().unwrap().ends_with("Project/engine.md"),
        "{out}"
    );
    assert_eq!(first["description"], "which database, and where", "{out}");
    assert_eq!(first["updated_at"], "2026-02-01T00:00:00Z", "{out}");
    assert!(
        first["body"].as_str().unwrap().contains("PostgreSQL 17"),
        "{out}"
    );

    // Deprecated in place: left out at once.
    edit_in_place(
        &engine,
        &edited.replace("deprecated: false", "deprecated: true"),
    );
    let (ids, out) = recall_ids(&env, "database engine", &["--offline"]);
    assert!(!ids.iter().any(|id| id.ends_with("engine.md")), "{out}");

    // A new note changes the folder: found at once, within the 10 seconds.
    env.write(
        &project.join("replicas.md"),
        &note(
            "project",
            "Read replicas",
            "replicas",
            "2026-01-01T00:00:00Z",
            "Two read replicas serve the reporting queries.",
        ),
    );
    let (ids, out) = recall_ids(&env, "reporting replicas", &["--offline"]);
    assert!(ids[0].ends_with("Project/replicas.md"), "{out}");
}
