//! Long-term memory end to end: the real binary, a temporary PilotHome and the mock model.
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

use std::path::{Path, PathBuf};

use mock_model::{MockModel, Turn, openai};
use serde_json::{Value, json};
use support::TestEnv;

/// The mock provider as the agent and memory model, with memory on.
fn config_for(mock: &MockModel) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\nmemory:\n  enabled: true\n",
        mock.base_url()
    )
}

/// A non-streamed reply whose text is `value` as JSON (what index and dream ask for).
fn json_reply(value: &Value) -> mock_model::Reply {
    openai::json(&Turn::new().text(&value.to_string()))
}

fn note_reply(kind: &str, name: &str, description: &str, body: &str) -> mock_model::Reply {
    json_reply(
        &json!({"notes": [{"type": kind, "name": name, "description": description, "body": body}]}),
    )
}

/// `<home>/memory/workspaces/<the only project key>/`.
fn workspace(env: &TestEnv) -> PathBuf {
    let dir = env.home.join("memory/workspaces");
    let mut keys: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(keys.len(), 1, "{keys:?}");
    keys.pop().unwrap()
}

fn md_files(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".md"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn pending(env: &TestEnv) -> Vec<Value> {
    env.cmd()
        .args(["memory", "pending", "--json"])
        .run(0)
        .json()
        .as_array()
        .unwrap()
        .clone()
}

/// Runs one `run` turn (so it is captured) with a canned answer.
fn run_turn(env: &TestEnv, mock: &MockModel, prompt: &str, answer: &str) {
    mock.push(openai::text(answer));
    env.cmd().args(["run", prompt]).run(0);
}

/// Writes notes as files in a folder and imports them.
fn import_notes(env: &TestEnv, notes: &[(&str, &str)]) {
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

fn note(kind: &str, name: &str, description: &str, updated_at: &str, body: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: {description}\ntype: {kind}\nscope: project\nupdated_at: {updated_at}\nsource_sessions: [s-{name}]\ndeprecated: false\n---\n\n{body}\n"
    )
}

#[test]
fn capture_index_recall_round_trip_and_recall_reaches_the_next_run() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
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
    mock.answer_titles("A title");
    let env = TestEnv::new();
    let config = config_for(&mock).replace("memory:\n  enabled: true\n", "");
    env.config(&config);
    run_turn(&env, &mock, "remember nothing", "ok");
    assert!(pending(&env).is_empty());
    mock.push(openai::text("ok"));
    env.cmd().args(["run", "--memory", "remember this"]).run(0);
    assert_eq!(pending(&env).len(), 1);
}

#[test]
fn index_if_due_waits_and_bad_output_is_retried_then_skipped() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    run_turn(&env, &mock, "Always answer in French.", "D'accord.");
    let due = env.cmd().args(["memory", "index", "--if-due"]).run(0);
    assert!(due.stdout.contains("not due (1 queued)"), "{}", due.stdout);

    mock.push(openai::json(&Turn::new().text("sure, here are notes")));
    mock.push(json_reply(
        &json!({"notes": [{"type": "opinion", "name": "x", "body": "y"}]}),
    ));
    let index = env.cmd().args(["memory", "index"]).run(0);
    assert!(
        index
            .stdout
            .contains("indexed 0 turn(s), 1 failed, 0 note(s) written"),
        "{}",
        index.stdout
    );
    assert!(!workspace_exists_with_notes(&env));
    assert!(pending(&env).is_empty());
    let traces = env
        .cmd()
        .args(["memory", "trace", "index", "--json"])
        .run(0)
        .json();
    assert_eq!(traces[0]["detail"]["status"], "failed");
    assert_eq!(traces[0]["detail"]["problems"].as_array().unwrap().len(), 2);
}

fn workspace_exists_with_notes(env: &TestEnv) -> bool {
    let dir = env.home.join("memory/workspaces");
    std::fs::read_dir(&dir).is_ok_and(|rd| {
        rd.flatten().any(|e| {
            !md_files(&e.path().join("Project")).is_empty()
                || !md_files(&e.path().join("Feedback")).is_empty()
        })
    })
}

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

#[test]
fn hand_edited_note_is_picked_up_and_not_overwritten() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
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

/// `pilotdeck memory index` as a plain child process, for parallel runs and kills.
fn spawn_index(env: &TestEnv) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .args(["memory", "index"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn concurrent_index_processes_take_each_capture_once_and_write_no_duplicate() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
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
    let children: Vec<_> = (0..3).map(|_| spawn_index(&env)).collect();
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
    mock.answer_titles("A title");
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
    let mut child = spawn_index(&env);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(mock.wait_for_requests(before + 2));
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
fn dream_merges_deprecates_is_idempotent_and_rolls_back() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
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

fn read_tree(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for sub in ["", "Project", "Feedback"] {
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

#[test]
fn lifecycle_deprecate_restore_show_and_export_import_round_trip() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    import_notes(
        &env,
        &[
            (
                "Project/build.md",
                &note(
                    "project",
                    "Build",
                    "how to build",
                    "2026-01-01T00:00:00Z",
                    "Run cargo build.",
                ),
            ),
            (
                "Feedback/style.md",
                &note(
                    "feedback",
                    "Style",
                    "answer tersely",
                    "2026-01-01T00:00:00Z",
                    "Keep answers short.",
                ),
            ),
            (
                "User/me.md",
                &note(
                    "user",
                    "Role",
                    "backend engineer",
                    "2026-01-01T00:00:00Z",
                    "Works on the API.",
                ),
            ),
        ],
    );
    let list = env
        .cmd()
        .args(["memory", "list", "--type", "feedback"])
        .run(0);
    assert!(
        list.stdout.contains("[feedback] Style — answer tersely"),
        "{}",
        list.stdout
    );
    let show = env.cmd().args(["memory", "show", "build"]).run(0);
    assert!(show.stdout.contains("Run cargo build."));
    env.cmd().args(["memory", "deprecate", "Build"]).run(0);
    let recall = env
        .cmd()
        .args(["memory", "recall", "cargo build", "--json"])
        .run(0)
        .json();
    assert!(recall["notes"].as_array().unwrap().is_empty());
    env.cmd().args(["memory", "restore", "build"]).run(0);
    let recall = env
        .cmd()
        .args(["memory", "recall", "cargo build", "--json"])
        .run(0)
        .json();
    assert_eq!(recall["notes"][0]["name"], "Build");
    let profile = std::fs::read_to_string(env.home.join("memory/global/profile.md")).unwrap();
    assert!(profile.contains("Role — backend engineer"), "{profile}");
    let missing = env
        .cmd()
        .args(["memory", "show", "nothing-like-this"])
        .run(1);
    assert!(missing.stderr.contains("not found"), "{}", missing.stderr);

    let bundle_path = env.tmp.path().join("bundle.json");
    env.cmd()
        .args(["memory", "export", "--out"])
        .arg_path(&bundle_path)
        .run(0);
    let other = env.tmp.path().join("other");
    std::fs::create_dir_all(other.join(".git")).unwrap();
    env.cmd()
        .args(["memory", "import"])
        .arg_path(&bundle_path)
        .args(["--project"])
        .arg_path(&other)
        .run(0);
    let exported = env
        .cmd()
        .args(["memory", "export", "--project"])
        .arg_path(&other)
        .run(0)
        .json();
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(&bundle_path).unwrap()).unwrap();
    let files = |b: &Value| -> Vec<(String, String)> {
        b["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["path"] != "project.meta.md")
            .map(|f| {
                (
                    f["path"].as_str().unwrap().to_owned(),
                    f["content"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(files(&exported), files(&original));
    assert_eq!(files(&original).len(), 3);
}

#[test]
fn a_dream_killed_midway_leaves_live_notes_intact() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
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
    let ws = workspace(&env);
    let before = read_tree(&ws);
    mock.push(openai::sse(&[]).stall_after(0));
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .args(["memory", "dream"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(mock.wait_for_requests(1));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(read_tree(&ws), before);
    let leftovers = |env: &TestEnv| {
        std::fs::read_dir(env.home.join("memory/workspaces"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".dream-")
            })
            .count()
    };
    assert_eq!(leftovers(&env), 1, "the killed dream's stage");

    mock.push(json_reply(&json!({
        "merges": [{"ids": ["Project/a.md", "Project/b.md"], "name": "Session cache", "description": "Redis", "body": "Sessions are cached in Redis."}],
        "supersede": []
    })));
    let report = env.cmd().args(["memory", "dream", "--json"]).run(0).json();
    assert_eq!(report["changed"], true);
    assert_eq!(leftovers(&env), 0);
    assert!(ws.join("Project/session-cache.md").is_file());
    mock.release_stalls();
}
