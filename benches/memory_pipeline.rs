//! Memory index and dream overhead, excluding model time: the library against the mock model with
//! zero latency, in-process.
//!
//! `cargo bench --bench memory_pipeline`. Reports:
//! - index: per-capture time for captures that each create a new note, into a workspace that holds
//!   0 and then 1,000 notes (each capture rewrites its note under the write lock and rebuilds the
//!   catalog, which reads every note of the workspace); and per-capture time when the model says
//!   nothing is durable (queue claim + model round trip + trace only);
//! - the floor: captures in an empty workspace whose replies hold no note (claim, one localhost
//!   round trip to the mock, trace), so the note-writing share can be told apart;
//! - dream: a whole dream over 100 and 1,000 notes whose plan merges 10 pairs (stage copies,
//!   fingerprints, apply, catalog and profile rebuild, snapshot, swap, index resync).
//!
//! Measured 2026-11-30 (release, shared 2-core machine at load average ~12, alongside a test run):
//! floor 4.6 ms per capture; empty workspace 29.7 ms per capture writing a note (fsynced atomic
//! write, catalog rebuild) and 9.8 ms with nothing durable; 1,000 notes: 147 ms per capture writing
//! a note — the catalog rebuild reads every note of the workspace after each change — and 147 ms
//! with nothing durable, which was a needless rebuild, since removed (not re-measured). Dream over
//! 100 notes 434 ms, over 1,000 notes 4.45 s.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    clippy::panic,
    dead_code,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "../tests/support/mock_model/mod.rs"]
mod mock_model;

use std::path::Path;
use std::time::{Duration, Instant};

use mock_model::{MockModel, Turn, openai};
use pilotdeck::config::{LoadOptions, load};
use pilotdeck::home::{PilotHome, Project};
use pilotdeck::memory::{
    self, DreamOptions, IndexOptions, IndexScope, Memory, NoProgress, Note, NoteKind,
};
use pilotdeck::model::Message;
use serde_json::{Value, json};

const CAPTURES: usize = 100;

fn setup(root: &Path, mock: &MockModel) -> (Memory, Project) {
    let home = PilotHome::at(root.join("home"));
    std::fs::create_dir_all(home.root()).unwrap();
    let config = format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: k\n      models:\n        gpt-4.1: {{}}\nmemory:\n  enabled: true\n",
        mock.base_url()
    );
    std::fs::write(home.root().join("pilotdeck.yaml"), config).unwrap();
    let dir = root.join("project");
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    let project = Project::resolve(&home, &dir).unwrap();
    let loaded = load(
        &home,
        &LoadOptions {
            config_file: None,
            project_root: Some(project.root.clone()),
            model_flag: None,
        },
    )
    .unwrap();
    (Memory::new(&home, &loaded.config), project)
}

fn json_reply(value: &Value) -> mock_model::Reply {
    openai::json(&Turn::new().text(&value.to_string()))
}

fn write_notes(memory: &Memory, project: &Project, count: usize, prefix: &str) {
    let dir = memory.layout.workspace(&project.key).join("Project");
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..count {
        let note = Note::new(
            NoteKind::Project,
            &format!("{prefix} note {i}"),
            &format!("fact number {i}"),
            &format!("The project fact {i}: the service on port {i} talks to queue q{i}."),
            "2026-01-01T00:00:00Z",
        );
        std::fs::write(dir.join(format!("{prefix}-{i:05}.md")), note.render()).unwrap();
    }
}

fn queue(memory: &Memory, project: &Project, count: usize) {
    for i in 0..count {
        let history = [
            Message::user(format!("Remember: rule {i} is to run the linter.")),
            Message::assistant("ok"),
        ];
        memory::capture(
            memory,
            (project, true),
            Some("bench"),
            i as u32,
            &history,
            0,
        )
        .unwrap();
    }
}

fn time_index(rt: &tokio::runtime::Runtime, memory: &Memory, project: &Project) -> Duration {
    let start = Instant::now();
    let reports = rt
        .block_on(memory::index(
            memory,
            &IndexOptions {
                scope: IndexScope::Project(project.clone()),
                if_due: false,
                retry_failed: false,
            },
            &NoProgress,
        ))
        .unwrap();
    let elapsed = start.elapsed();
    assert_eq!(reports[0].indexed, CAPTURES, "{reports:?}");
    elapsed
}

fn per_capture(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0 / CAPTURES as f64
}

fn index_bench(rt: &tokio::runtime::Runtime, existing: usize) {
    let mock = MockModel::spawn();
    let tmp = tempfile::tempdir().unwrap();
    let (memory, project) = setup(tmp.path(), &mock);
    write_notes(&memory, &project, existing, "old");
    queue(&memory, &project, CAPTURES);
    for i in 0..CAPTURES {
        mock.push(json_reply(&json!({"notes": [{
            "type": "project", "name": format!("Rule {i}"), "description": "a rule",
            "body": format!("Rule {i}: run the linter.")
        }]})));
    }
    let writing = time_index(rt, &memory, &project);
    queue(&memory, &project, CAPTURES);
    mock.mount(json_reply(&json!({"notes": []})), CAPTURES);
    let nothing = time_index(rt, &memory, &project);
    println!(
        "index with {existing} notes: {:.2} ms per capture writing a new note, {:.2} ms per capture with nothing durable ({CAPTURES} captures, mock model, zero latency)",
        per_capture(writing),
        per_capture(nothing)
    );
}

fn dream_bench(rt: &tokio::runtime::Runtime, notes: usize) {
    let mock = MockModel::spawn();
    let tmp = tempfile::tempdir().unwrap();
    let (memory, project) = setup(tmp.path(), &mock);
    write_notes(&memory, &project, notes, "n");
    let merges: Vec<Value> = (0..10)
        .map(|i| {
            json!({"ids": [format!("Project/n-{:05}.md", 2 * i), format!("Project/n-{:05}.md", 2 * i + 1)],
                   "name": format!("Merged {i}"), "description": "merged", "body": format!("Merged fact {i}.")})
        })
        .collect();
    mock.push(json_reply(&json!({"merges": merges, "supersede": []})));
    let opts = DreamOptions {
        project: project.clone(),
        dry_run: false,
        if_due: false,
    };
    let start = Instant::now();
    let report = rt.block_on(memory::dream(&memory, &opts)).unwrap();
    let elapsed = start.elapsed();
    assert!(report.changed && report.merged.len() == 10, "{report:?}");
    println!(
        "dream over {notes} notes merging 10 pairs: {:.1} ms (mock model, zero latency)",
        elapsed.as_secs_f64() * 1000.0
    );
}

fn round_trip(rt: &tokio::runtime::Runtime) {
    let mock = MockModel::spawn();
    let tmp = tempfile::tempdir().unwrap();
    let (memory, project) = setup(tmp.path(), &mock);
    queue(&memory, &project, CAPTURES);
    mock.mount(json_reply(&json!({"notes": []})), CAPTURES);
    // The same work as "nothing durable" in an empty workspace: claim, call, trace.
    let d = time_index(rt, &memory, &project);
    println!(
        "empty workspace, nothing durable: {:.2} ms per capture (claim + model round trip + trace)",
        per_capture(d)
    );
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    round_trip(&rt);
    index_bench(&rt, 0);
    index_bench(&rt, 1000);
    dream_bench(&rt, 100);
    dream_bench(&rt, 1000);
}
