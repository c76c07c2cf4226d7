//! Crash consistency: the real binary is SIGKILLed at named points (`PILOTDECK_CRASH_AT`, see
//! `src/crash.rs`) during `run`, `memory index`, `memory dream`, `cron tick` and `always-on tick`. After each crash
//! `doctor --deep --repair` leaves PilotHome with no problem at all, the next command works, and
//! nothing that had completed is lost. One crash point is one row of [`CASES`].
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "always_on_common/mod.rs"]
mod always_on_common;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};

use mock_model::{MockModel, Turn, openai};
use serde_json::{Value, json};
use support::TestEnv;

/// The mock as agent and memory model, memory on, cron with room for runs.
fn config_for(mock: &MockModel) -> String {
    format!(
        "{}memory:\n  enabled: true\ncron:\n  maxConcurrentRuns: 4\n",
        mock.agent_config()
    )
}

struct Fixture {
    env: TestEnv,
    mock: MockModel,
}

/// One crash: what to prepare, the command that is killed, and what must hold afterwards.
struct Case {
    point: &'static str,
    /// The deep checks that report a problem right after the crash (sorted).
    finds: &'static [&'static str],
    setup: fn(&Fixture),
    args: &'static [&'static str],
    after: fn(&Fixture),
}

const CASES: &[Case] = &[
    Case {
        point: "run.stream",
        finds: &["session index"],
        setup: |f| f.mock.push(openai::text("a long answer that streams")),
        args: &["run", "Remember the port: 8080."],
        after: after_run,
    },
    Case {
        point: "run.tool",
        finds: &["session index"],
        setup: push_tool_call,
        args: &["run", "Create marker.txt."],
        after: after_run,
    },
    Case {
        point: "run.tool.done",
        finds: &["session index"],
        setup: push_tool_call,
        args: &["run", "Create marker.txt."],
        after: |f| {
            after_run(f);
            assert!(f.env.project.join("marker.txt").exists());
        },
    },
    Case {
        point: "memory.index.claimed",
        finds: &["memory claims", "session index"],
        setup: |f| capture_one_turn(f, 1),
        args: &["memory", "index"],
        after: after_index,
    },
    Case {
        point: "memory.index.written",
        finds: &["memory claims", "session index"],
        setup: |f| capture_one_turn(f, 2),
        args: &["memory", "index"],
        after: after_index,
    },
    Case {
        point: "memory.dream.staged",
        finds: &["memory stages"],
        setup: |f| two_similar_notes(f, 1),
        args: &["memory", "dream"],
        after: after_dream,
    },
    Case {
        point: "memory.dream.snapshot",
        finds: &["memory stages"],
        setup: |f| two_similar_notes(f, 2),
        args: &["memory", "dream"],
        after: after_dream,
    },
    Case {
        point: "memory.stage.swapped",
        finds: &["memory stages"],
        setup: |f| two_similar_notes(f, 1),
        args: &["memory", "dream"],
        after: after_dream,
    },
    Case {
        point: "cron.claimed",
        finds: &["cron runs"],
        setup: |f| one_cron_task(f, 0),
        args: &["cron", "tick"],
        after: after_tick,
    },
    Case {
        point: "cron.finished",
        finds: &["cron runs", "session index"],
        setup: |f| one_cron_task(f, 1),
        args: &["cron", "tick"],
        after: after_tick,
    },
    Case {
        point: "always_on.planned",
        finds: &["always-on runs"],
        setup: planned_tick,
        args: &["always-on", "tick"],
        after: after_always_on,
    },
    Case {
        point: "always_on.workspace",
        finds: &["always-on runs"],
        setup: planned_tick,
        args: &["always-on", "tick"],
        after: after_always_on,
    },
];

#[test]
fn every_crash_point_repairs_to_clean_and_loses_nothing_completed() {
    for case in CASES {
        eprintln!("crash point {}", case.point);
        let mock = MockModel::spawn();
        let env = TestEnv::new();
        env.config(&config_for(&mock));
        let f = Fixture { env, mock };
        (case.setup)(&f);
        let mut cmd = f
            .env
            .cmd()
            .env("PILOTDECK_CRASH_AT", case.point)
            .args(case.args);
        let out = cmd.inner.output().unwrap();
        assert_eq!(
            out.status.signal(),
            Some(9),
            "{}: the process was not killed at its crash point\n{}",
            case.point,
            String::from_utf8_lossy(&out.stderr)
        );
        let found = f
            .env
            .cmd()
            .args(["--json", "doctor", "--deep"])
            .inner
            .output()
            .unwrap();
        let found: Value = serde_json::from_slice(&found.stdout).unwrap();
        let mut names: Vec<&str> = found["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| !c["problems"].as_array().unwrap().is_empty())
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        names.sort_unstable();
        assert_eq!(names, case.finds, "{}: {found:#}", case.point);
        let repaired = f
            .env
            .cmd()
            .args(["--json", "doctor", "--deep", "--repair"])
            .run(0)
            .json();
        assert_eq!(repaired["ok"], true, "{}: {repaired:#}", case.point);
        let clean = f
            .env
            .cmd()
            .args(["--json", "doctor", "--deep"])
            .run(0)
            .json();
        assert!(
            problems(&clean).is_empty(),
            "{}: problems left after --repair: {clean:#}",
            case.point
        );
        if case.point == "memory.dream.snapshot" {
            assert!(
                snapshot_exists(&f.env.home),
                "the complete new snapshot was put in place"
            );
        }
        (case.after)(&f);
        let last = f
            .env
            .cmd()
            .args(["--json", "doctor", "--deep"])
            .run(0)
            .json();
        assert_eq!(last["ok"], true, "{}: {last:#}", case.point);
    }
}

fn problems(report: &Value) -> Vec<Value> {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["problems"].as_array().unwrap().clone())
        .collect()
}

fn push_tool_call(f: &Fixture) {
    f.mock.push(openai::tool_call(
        "call_1",
        "write_file",
        &json!({"file_path": "marker.txt", "content": "made\n"}).to_string(),
    ));
}

/// The killed run's prompt is still in its transcript, and `--continue` resumes the session.
fn after_run(f: &Fixture) {
    let transcripts = f.env.transcripts();
    assert_eq!(transcripts.len(), 1, "{transcripts:?}");
    let before = TestEnv::record_types(&transcripts[0]);
    assert_eq!(before[..2], ["session", "user"], "{before:?}");
    f.mock.push(openai::text("resumed fine"));
    let out = f.env.cmd().args(["run", "--continue", "Go on."]).run(0);
    assert!(out.stdout.contains("resumed fine"), "{}", out.stdout);
    assert_eq!(
        f.env.transcripts(),
        transcripts,
        "--continue wrote to the same session"
    );
    let text = std::fs::read_to_string(&transcripts[0]).unwrap();
    assert_eq!(text.matches("\"type\":\"session\"").count(), 1);
    let list = f
        .env
        .cmd()
        .args(["--json", "session", "list"])
        .run(0)
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list:#}");
}

fn note_reply(name: &str, body: &str) -> mock_model::Reply {
    let notes =
        json!({"notes": [{"type": "project", "name": name, "description": name, "body": body}]});
    openai::json(&Turn::new().text(&notes.to_string()))
}

/// One captured turn and the index reply for it, for `asks` requests (a capture returned to the
/// queue after its model call is asked about again).
fn capture_one_turn(f: &Fixture, asks: usize) {
    f.mock.push(openai::text("noted"));
    f.env.cmd().args(["run", "The API lives under /v2."]).run(0);
    f.mock
        .mount(note_reply("API prefix", "The API lives under /v2."), asks);
}

fn workspace(env: &TestEnv) -> PathBuf {
    let dir = env.home.join("memory/workspaces");
    let keys: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(keys.len(), 1, "{keys:?}");
    keys[0].clone()
}

/// The capture is indexed exactly once more and its note holds the fact once.
fn after_index(f: &Fixture) {
    f.env.cmd().args(["memory", "index"]).run(0);
    let pending = f
        .env
        .cmd()
        .args(["--json", "memory", "pending"])
        .run(0)
        .json();
    assert_eq!(pending.as_array().unwrap().len(), 0, "{pending:#}");
    let note = std::fs::read_to_string(workspace(&f.env).join("Project/api-prefix.md")).unwrap();
    assert_eq!(
        note.matches("The API lives under /v2.").count(),
        1,
        "{note}"
    );
    let catalog = std::fs::read_to_string(workspace(&f.env).join("MEMORY.md")).unwrap();
    assert!(catalog.contains("api-prefix.md"), "{catalog}");
}

fn note(name: &str, updated_at: &str, body: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: {name}\ntype: project\nscope: project\nupdated_at: {updated_at}\nsource_sessions: [s-{name}]\ndeprecated: false\n---\n\n{body}\n"
    )
}

/// Two notes a dream merges, and the plan for `asks` requests (a dream killed after its model call
/// but before its swap asks again).
fn two_similar_notes(f: &Fixture, asks: usize) {
    let dir = f.env.tmp.path().join("import");
    f.env.write(
        &dir.join("Project/a.md"),
        &note("Cache", "2026-01-01T00:00:00Z", "Redis caches sessions."),
    );
    f.env.write(
        &dir.join("Project/b.md"),
        &note("Caching", "2026-01-02T00:00:00Z", "Sessions live in Redis."),
    );
    f.env
        .cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(0);
    let plan = json!({
        "merges": [{"ids": ["Project/a.md", "Project/b.md"], "name": "Session cache", "description": "Redis", "body": "Sessions are cached in Redis."}],
        "supersede": []
    });
    f.mock
        .mount(openai::json(&Turn::new().text(&plan.to_string())), asks);
}

/// Live notes are the old tree or the merged one — never a mix — and a dream then leaves them
/// merged, with a snapshot `rollback` restores.
fn after_dream(f: &Fixture) {
    let ws = workspace(&f.env);
    let merged = ws.join("Project/session-cache.md");
    let a = std::fs::read_to_string(ws.join("Project/a.md")).unwrap();
    assert_eq!(
        merged.exists(),
        a.contains("deprecated: true"),
        "half a dream is visible: {a}"
    );
    f.env.cmd().args(["memory", "dream"]).run(0);
    let text = std::fs::read_to_string(&merged).unwrap();
    assert!(text.contains("Sessions are cached in Redis."), "{text}");
    assert!(snapshot_exists(&f.env.home), "no snapshot to roll back to");
    f.env.cmd().args(["memory", "rollback"]).run(0);
    assert!(!merged.exists(), "rollback restored the pre-dream notes");
    assert!(ws.join("Project/a.md").exists());
}

fn snapshot_exists(home: &Path) -> bool {
    std::fs::read_dir(home.join("memory/snapshots"))
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| !e.file_name().to_string_lossy().starts_with('.'))
}

/// A one-shot task due now; the run's answer is served `asks` times (0 when it dies before asking).
fn one_cron_task(f: &Fixture, asks: usize) {
    f.mock.mount(openai::text("cron answer"), asks);
    f.env
        .cmd()
        .args(["cron", "add", "--in", "0s", "Say hi."])
        .run(0);
}

/// The killed run is in history as interrupted (never lost, never left running), its one-shot task
/// does not fire again, and the next tick works.
fn after_tick(f: &Fixture) {
    let history = f
        .env
        .cmd()
        .args(["--json", "cron", "history"])
        .run(0)
        .json();
    let rows = history.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{history:#}");
    assert_eq!(rows[0]["status"], "interrupted", "{history:#}");
    let tick = f.env.cmd().args(["--json", "cron", "tick"]).run(0).json();
    assert_eq!(tick["ran"].as_array().unwrap().len(), 0, "{tick:#}");
    let history = f
        .env
        .cmd()
        .args(["--json", "cron", "history"])
        .run(0)
        .json();
    assert_eq!(history.as_array().unwrap().len(), 1, "{history:#}");
}

/// A git project with always-on enabled whose discovery files one plan.
fn planned_tick(f: &Fixture) {
    always_on_common::git_project(&f.env);
    always_on_common::config(&f.env, &f.mock, "  trigger:\n    cooldownMinutes: 0\n");
    always_on_common::mount_discovery(&f.mock, "crash-key");
}

/// The killed tick's run and plan are failed, the saved plan file is kept, the user's tree is as it
/// was, and the next tick runs.
fn after_always_on(f: &Fixture) {
    let plans = always_on_common::run_json(&f.env, &["plans"], 0).json();
    assert_eq!(plans.as_array().unwrap().len(), 1, "{plans:#}");
    assert_eq!(plans[0]["status"], "failed", "{plans:#}");
    let status = always_on_common::git(&f.env.project, &["status", "--porcelain"]);
    assert_eq!(status, "", "the user's working tree is untouched");
    always_on_common::mount_no_plan(&f.mock);
    let report = always_on_common::tick(&f.env, &["--force"], 0);
    assert_eq!(report["outcome"], "no_plan", "{report:#}");
}
