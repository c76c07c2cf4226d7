//! `pilotdeck doctor --deep [--repair]` on damage made by hand: torn transcript lines, a catalog that
//! no longer matches its notes, a stale worker lock, a corrupt `state.db`. (Damage made by crashes is
//! covered by `crash_points.rs`.)
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

use std::io::Write;

use mock_model::{MockModel, openai};
use serde_json::Value;
use support::TestEnv;

fn config_for(mock: &MockModel) -> String {
    mock.agent_config()
}

/// The problems `doctor --deep --json` reports, as (check, severity, repaired).
fn problems(report: &Value) -> Vec<(String, String, bool)> {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            c["problems"].as_array().unwrap().iter().map(|p| {
                (
                    c["name"].as_str().unwrap().to_owned(),
                    p["severity"].as_str().unwrap().to_owned(),
                    p["repaired"].as_bool().unwrap(),
                )
            })
        })
        .collect()
}

#[test]
fn torn_transcript_lines_fail_and_repair_sets_them_aside_keeping_every_record() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(&mock));
    mock.push(openai::text("first answer"));
    env.cmd().args(["run", "First question."]).run(0);
    let path = env.transcripts().pop().unwrap();
    let good = std::fs::read_to_string(&path).unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    file.write_all(b"{\"type\":\"user\",\"tur\n").unwrap();
    file.write_all(b"{\"type\":\"assistant\", \"half").unwrap();
    drop(file);

    let report = env.cmd().args(["--json", "doctor", "--deep"]).run(1).json();
    assert!(
        problems(&report).contains(&("transcripts".into(), "fail".into(), false)),
        "{report:#}"
    );
    let human = env.cmd().args(["doctor", "--deep"]).run(1);
    let n = good.lines().count();
    let (first, second) = (format!("line {}:", n + 1), format!("line {}: torn", n + 2));
    assert!(
        human.stdout.contains(&first) && human.stdout.contains(&second),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("--repair: move the unreadable lines"),
        "{}",
        human.stdout
    );

    let repaired = env
        .cmd()
        .args(["--json", "doctor", "--deep", "--repair"])
        .run(0)
        .json();
    assert!(
        problems(&repaired).contains(&("transcripts".into(), "fail".into(), true)),
        "{repaired:#}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
    let torn = std::fs::read_to_string(path.with_extension("jsonl.torn")).unwrap();
    assert_eq!(
        torn,
        "{\"type\":\"user\",\"tur\n{\"type\":\"assistant\", \"half\n"
    );
    let clean = env.cmd().args(["--json", "doctor", "--deep"]).run(0).json();
    assert!(problems(&clean).is_empty(), "{clean:#}");
    mock.push(openai::text("second answer"));
    env.cmd()
        .args(["run", "--continue", "Second question."])
        .run(0);
    let types = TestEnv::record_types(&path);
    assert_eq!(
        types.iter().filter(|t| *t == "user").count(),
        2,
        "{types:?}"
    );
}

#[test]
fn a_stale_catalog_and_a_dead_workers_lock_are_found_and_repaired() {
    let env = TestEnv::new();
    let dir = env.tmp.path().join("import");
    env.write(
        &dir.join("Project/db.md"),
        "---\nname: Database\ndescription: which database\ntype: project\n---\n\nPostgreSQL 16.\n",
    );
    env.cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(0);
    env.cmd().args(["doctor", "--deep"]).run(0);
    let ws = std::fs::read_dir(env.home.join("memory/workspaces"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .unwrap();
    let note = ws.join("Project/db.md");
    let text = std::fs::read_to_string(&note).unwrap();
    env.write(&note, &text.replace("which database", "the one database"));
    let lock = env.home.join("memory/locks/index-01DEADWORKER.lock");
    env.write(&lock, "");
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&lock)
        .unwrap()
        .set_modified(old)
        .unwrap();

    let report = env.cmd().args(["--json", "doctor", "--deep"]).run(1).json();
    assert_eq!(
        problems(&report),
        [
            ("memory catalogs".into(), "fail".into(), false),
            ("lock files".into(), "warn".into(), false)
        ],
        "{report:#}"
    );
    env.cmd().args(["doctor", "--deep", "--repair"]).run(0);
    let catalog = std::fs::read_to_string(ws.join("MEMORY.md")).unwrap();
    assert!(catalog.contains("the one database"), "{catalog}");
    assert!(!lock.exists());
    let clean = env.cmd().args(["--json", "doctor", "--deep"]).run(0).json();
    assert!(problems(&clean).is_empty(), "{clean:#}");
}

#[test]
fn a_corrupt_state_db_fails_and_is_not_touched() {
    let env = TestEnv::new();
    env.cmd().args(["cron", "list"]).run(0);
    let db = env.home.join("state.db");
    assert!(db.exists());
    let _ = std::fs::remove_file(env.home.join("state.db-wal"));
    let _ = std::fs::remove_file(env.home.join("state.db-shm"));
    env.write(&db, &"this is not a database ".repeat(400));
    let before = std::fs::read(&db).unwrap();
    let out = env.cmd().args(["doctor", "--deep", "--repair"]).run(1);
    assert!(out.stdout.contains("FAIL  state.db"), "{}", out.stdout);
    assert!(
        out.stdout.contains("restore it from a backup"),
        "{}",
        out.stdout
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

#[test]
fn repair_needs_deep() {
    let env = TestEnv::new();
    let out = env.cmd().args(["doctor", "--repair"]).run(2);
    assert!(out.stderr.contains("--deep"), "{}", out.stderr);
}
