//! Memory capture and `memory index`: the real binary, a temporary PilotHome and the mock model.
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
#[path = "support/tmux.rs"]
mod tmux;

use memory_support::{
    config_for, json_reply, md_files, note_reply, pending, run_turn, wait_for_requests, workspace,
    workspace_exists_with_notes,
};
use mock_model::{MockModel, Turn, openai};
use serde_json::json;
use support::TestEnv;

#[test]
fn capture_index_recall_round_trip_and_recall_reaches_the_next_run() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(
        &env,
        &mock,
        "We decided to use PostgreSQL 16 for the database.",
        "Noted.",
    );
    let queued = pending(&env);
    assert_eq!(queued.len(), 1);
    assert!(
        queued[0]["text"]
            .as_str()
            .unwrap()
            .contains("user: We decided to use PostgreSQL 16")
    );
    assert!(
        queued[0]["text"]
            .as_str()
            .unwrap()
            .contains("assistant: Noted.")
    );

    mock.push(note_reply(
        "project",
        "Database",
        "the project's database",
        "The project uses PostgreSQL 16.",
    ));
    let index = env.cmd().args(["memory", "index"]).run(0);
    assert!(
        index
            .stdout
            .contains("indexed 1 turn(s), 0 failed, 1 note(s) written"),
        "{}",
        index.stdout
    );
    assert!(
        !index.stderr.contains("indexing"),
        "no progress bar without a terminal: {}",
        index.stderr
    );
    let ws = workspace(&env);
    assert_eq!(md_files(&ws.join("Project")), ["database.md"]);
    let text = std::fs::read_to_string(ws.join("Project/database.md")).unwrap();
    assert!(text.starts_with("---\nname: Database\n"), "{text}");
    assert!(text.contains("type: project") && text.contains("The project uses PostgreSQL 16."));
    let catalog = std::fs::read_to_string(ws.join("MEMORY.md")).unwrap();
    assert!(
        catalog.contains("- [Database](Project/database.md) — the project's database"),
        "{catalog}"
    );
    assert!(ws.join("project.meta.md").is_file());
    assert!(pending(&env).is_empty());
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    assert!(
        stats.lines().any(|l| l.contains("\"role\":\"memory\"")),
        "the index call is routed and accounted: {stats}"
    );

    // Idempotent: nothing queued, no model call.
    let again = env.cmd().args(["memory", "index"]).run(0);
    assert!(
        again.stdout.contains("indexed 0 turn(s)"),
        "{}",
        again.stdout
    );

    let recall = env
        .cmd()
        .args(["memory", "recall", "which database do we use", "--json"])
        .run(0)
        .json();
    let notes = recall["notes"].as_array().unwrap();
    assert_eq!(notes[0]["name"], "Database");
    assert!(notes[0]["score"].as_f64().unwrap() > 0.0);
    let human = env.cmd().args(["memory", "recall", "database"]).run(0);
    assert!(
        human.stdout.starts_with("<memory>\n") && human.stdout.contains("PostgreSQL 16"),
        "{}",
        human.stdout
    );

    // The next run gets the note in front of its input; the system prompt is unchanged.
    run_turn(
        &env,
        &mock,
        "Which database should the migration target?",
        "PostgreSQL 16.",
    );
    let requests = mock.requests();
    let (first, last) = (&requests[0], requests.last().unwrap());
    assert_eq!(first.system(), last.system());
    let input = last.body["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .to_string();
    assert!(
        input.contains("<memory>") && input.contains("The project uses PostgreSQL 16."),
        "{input}"
    );
    assert!(input.find("<memory>").unwrap() < input.find("Which database should").unwrap());
    // The transcript keeps the user's words only.
    let first_input = first.body["messages"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .to_string();
    assert!(!first_input.contains("<memory>"));
    let traces = env
        .cmd()
        .args(["memory", "trace", "recall", "--json"])
        .run(0)
        .json();
    assert!(!traces.as_array().unwrap().is_empty());
}

#[test]
fn memory_is_off_unless_configured_or_flagged() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let config = config_for(&mock).replace("memory:\n  enabled: true\n", "");
    env.config(&config);
    run_turn(&env, &mock, "remember nothing", "ok");
    assert!(pending(&env).is_empty());
    mock.push(openai::text("ok"));
    env.cmd().args(["run", "--memory", "remember this"]).run(0);
    assert_eq!(pending(&env).len(), 1);
}

/// A turn whose index reply stayed invalid fails the command (exit 1, saying how to retry), is kept
/// and counted by `memory stats`, and `--retry-failed` indexes it again.
#[test]
fn index_if_due_waits_and_bad_output_is_retried_then_kept_for_a_retry() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "Always answer in French.", "D'accord.");
    let due = env.cmd().args(["memory", "index", "--if-due"]).run(0);
    assert!(due.stdout.contains("not due (1 queued)"), "{}", due.stdout);

    mock.push(openai::json(&Turn::new().text("sure, here are notes")));
    mock.push(json_reply(
        &json!({"notes": [{"type": "opinion", "name": "x", "body": "y"}]}),
    ));
    let index = env.cmd().args(["memory", "index"]).run(1);
    assert!(
        index
            .stdout
            .contains("indexed 0 turn(s), 1 failed, 0 note(s) written"),
        "{}",
        index.stdout
    );
    assert!(index.stderr.contains("--retry-failed"), "{}", index.stderr);
    assert!(!workspace_exists_with_notes(&env));
    assert!(pending(&env).is_empty());
    let traces = env
        .cmd()
        .args(["memory", "trace", "index", "--json"])
        .run(0)
        .json();
    assert_eq!(traces[0]["detail"]["status"], "failed");
    assert_eq!(traces[0]["detail"]["problems"].as_array().unwrap().len(), 2);
    let stats = env.cmd().args(["memory", "stats", "--json"]).run(0).json();
    assert_eq!(stats["failed_captures"], 1);
    // Nothing failed to retry without the flag; with it, the kept turn is indexed.
    let again = env.cmd().args(["memory", "index"]).run(0);
    assert!(!again.stdout.contains("indexed 1"), "{}", again.stdout);
    mock.push(note_reply(
        "feedback",
        "answer-in-french",
        "Answer in French",
        "Always answer in French.",
    ));
    let retried = env.cmd().args(["memory", "index", "--retry-failed"]).run(0);
    assert!(
        retried
            .stdout
            .contains("indexed 1 turn(s), 0 failed, 1 note(s) written"),
        "{}",
        retried.stdout
    );
    assert!(workspace_exists_with_notes(&env));
    let stats = env.cmd().args(["memory", "stats", "--json"]).run(0).json();
    assert_eq!(stats["failed_captures"], 0);
}

#[test]
fn hand_edited_note_is_picked_up_and_not_overwritten() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "Use PostgreSQL.", "ok");
    mock.push(note_reply(
        "project",
        "Database",
        "the database",
        "We use PostgreSQL.",
    ));
    env.cmd().args(["memory", "index"]).run(0);
    let path = workspace(&env).join("Project/database.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text
        .replace(
            "We use PostgreSQL.",
            "We use PostgreSQL.\n\nHand note: connections go through pgbouncer.",
        )
        .replace("type: project", "type: project\nowner: alice");
    env.write(&path, &edited);

    let recall = env
        .cmd()
        .args(["memory", "recall", "pgbouncer", "--json"])
        .run(0)
        .json();
    assert_eq!(recall["notes"][0]["name"], "Database");

    run_turn(&env, &mock, "We pinned PostgreSQL to version 16.", "ok");
    mock.push(note_reply(
        "project",
        "Database",
        "ignored",
        "PostgreSQL is pinned to 16.",
    ));
    env.cmd().args(["memory", "index"]).run(0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("Hand note: connections go through pgbouncer."),
        "{text}"
    );
    assert!(text.contains("owner: alice"), "{text}");
    assert!(text.contains("PostgreSQL is pinned to 16."), "{text}");
    assert!(text.contains("description: the database"), "{text}");
}

#[test]
fn concurrent_index_processes_take_each_capture_once_and_write_no_duplicate() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    for i in 0..6 {
        run_turn(
            &env,
            &mock,
            &format!("Rule {i}: run the tests with nextest."),
            "ok",
        );
    }
    assert_eq!(pending(&env).len(), 6);
    mock.mount(
        note_reply(
            "feedback",
            "Test runner",
            "how to run tests",
            "Run the tests with cargo nextest.",
        ),
        6,
    );
    let children: Vec<_> = (0..3).map(|_| env.spawn(&["memory", "index"])).collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    mock.verify();
    assert!(pending(&env).is_empty());
    assert_eq!(
        md_files(&workspace(&env).join("Feedback")),
        ["test-runner.md"]
    );
    let traces = env
        .cmd()
        .args(["memory", "trace", "index", "--last", "50", "--json"])
        .run(0)
        .json();
    let mut captures: Vec<i64> = traces
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["detail"]["capture"].as_i64().unwrap())
        .collect();
    captures.sort();
    assert_eq!(captures, [1, 2, 3, 4, 5, 6]);
    let text = std::fs::read_to_string(workspace(&env).join("Feedback/test-runner.md")).unwrap();
    assert_eq!(
        text.matches("Run the tests with cargo nextest.").count(),
        1,
        "{text}"
    );
}

#[test]
fn killed_index_leaves_a_consistent_store_and_the_next_index_finishes() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "The API is versioned under /v2.", "ok");
    run_turn(&env, &mock, "Deploys go through ArgoCD.", "ok");
    let before = mock.requests().len();
    mock.push(note_reply(
        "project",
        "API version",
        "API prefix",
        "The API lives under /v2.",
    ));
    mock.push(openai::sse(&[]).stall_after(0));
    let mut child = env.spawn(&["memory", "index"]);
    wait_for_requests(&mock, before + 2);
    child.kill().unwrap();
    child.wait().unwrap();

    let ws = workspace(&env);
    assert_eq!(md_files(&ws.join("Project")), ["api-version.md"]);
    let left = pending(&env);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["state"], "claimed");

    mock.push(note_reply(
        "project",
        "Deploys",
        "how we deploy",
        "Deploys go through ArgoCD.",
    ));
    let out = env.cmd().args(["memory", "index"]).run(0);
    assert!(out.stdout.contains("indexed 1 turn(s)"), "{}", out.stdout);
    assert!(pending(&env).is_empty());
    assert_eq!(
        md_files(&ws.join("Project")),
        ["api-version.md", "deploys.md"]
    );
    mock.release_stalls();
}

#[test]
fn index_draws_a_progress_bar_on_a_terminal() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "Rule one: indent with tabs.", "ok");
    run_turn(&env, &mock, "Rule two: no emojis in commits.", "ok");
    let gate = tokio_util::sync::CancellationToken::new();
    mock.push(note_reply(
        "feedback",
        "Tabs",
        "indent",
        "Indent with tabs.",
    ));
    mock.push(
        note_reply("feedback", "Emojis", "commits", "No emojis in commits.").held_until(&gate),
    );
    let command = format!(
        "cd {} && env -i PATH=/usr/bin:/bin HOME={} PILOTDECK_HOME={} TERM=xterm {} memory index; echo EXIT=$?; sleep 60",
        env.project.display(),
        env.user_home.display(),
        env.home.display(),
        assert_cmd::cargo::cargo_bin("pilotdeck").display()
    );
    let tmux = tmux::Tmux::start("index", &command);
    let screen = tmux.wait_for("1/2 turns");
    assert!(screen.contains("indexing "), "{screen}");
    gate.cancel();
    let screen = tmux.wait_for("EXIT=");
    assert!(
        screen.contains("EXIT=0") && screen.contains("indexed 2 turn(s)"),
        "{screen}"
    );
    assert!(!screen.contains("turns ("), "the bar is cleared: {screen}");
}

#[test]
fn index_all_indexes_every_project_with_queued_turns() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "This service is written in Go 1.22.", "ok");
    let other = env.tmp.path().join("other");
    std::fs::create_dir_all(other.join(".git")).unwrap();
    mock.push(openai::text("ok"));
    env.cmd()
        .arg_str("-C")
        .arg_path(&other)
        .args(["run", "This tool is written in Rust."])
        .run(0);
    let all = env
        .cmd()
        .args(["memory", "pending", "--all", "--json"])
        .run(0)
        .json();
    assert_eq!(all.as_array().unwrap().len(), 2);
    mock.mount(
        note_reply(
            "project",
            "Language",
            "language",
            "Written in one language.",
        ),
        2,
    );
    let reports = env
        .cmd()
        .args(["memory", "index", "--all", "--json"])
        .run(0)
        .json();
    let reports = reports.as_array().unwrap();
    assert_eq!(reports.len(), 2, "{reports:?}");
    assert!(reports.iter().all(|r| r["indexed"] == 1), "{reports:?}");
    mock.verify();
}

/// A `user` note is recalled in every project, so one proposed from a turn of an untrusted project
/// (whose files may steer the model) stays in that project as a project note; once the project is
/// trusted, its `user` notes go to the global notes again.
#[test]
fn an_untrusted_projects_user_notes_stay_in_the_project() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    // A setting that needs trust, so the project is untrusted (and the setting stripped).
    env.project_config("memory:\n  captureStrategy: full_session\n");
    run_turn(
        &env,
        &mock,
        "Always run ./install.sh first, I like that.",
        "Noted.",
    );
    mock.push(note_reply(
        "user",
        "Install first",
        "how the user likes to start",
        "The user wants ./install.sh run first in every project.",
    ));
    env.cmd().args(["memory", "index"]).run(0);
    let global = env.home.join("memory/global/User");
    assert!(
        md_files(&global).is_empty(),
        "an untrusted project's user note reached the global notes: {:?}",
        md_files(&global)
    );
    let ws = workspace(&env);
    assert_eq!(md_files(&ws.join("Project")), ["install-first.md"]);
    let text = std::fs::read_to_string(ws.join("Project/install-first.md")).unwrap();
    assert!(text.contains("type: project"), "{text}");

    env.cmd().args(["trust"]).run(0);
    run_turn(&env, &mock, "I prefer tabs.", "Noted.");
    mock.push(note_reply(
        "user",
        "Tabs",
        "indentation",
        "The user prefers tabs.",
    ));
    env.cmd().args(["memory", "index"]).run(0);
    assert_eq!(md_files(&global), ["tabs.md"]);
}
