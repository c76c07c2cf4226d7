//! Memory recall: latency over 10,000 notes and retrieval quality on LoCoMo (offline, lexical).
//!
//! Run with `cargo bench --bench memory`. Needs `../shared/benchdata/locomo/locomo10.json` (or
//! `PILOTDECK_LOCOMO=path`). Reports:
//! - quality: each conversation's sessions become notes of one project (one note per session, from
//!   its observations, and separately from its dialogue turns); every question with evidence is
//!   recalled and the share of its evidence sessions in the top 1/5/10 is averaged;
//! - latency: stage-1 recall in-process (index sync + search + trace) and as a whole process
//!   (`pilotdeck memory recall --offline`) over 10,000 notes. Goal (issue 7): process median < 30 ms.
//!
//! A recall checks every note file only when a folder changed or its last full check is over 10 s
//! old (`Memory::search`); the first whole-process figure is the common case (folders unchanged),
//! the second adds a note before each run so every run checks all 10,000 files. Figures and their
//! history are in BENCHMARKS.md and issue 7's notes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

#[path = "support/process.rs"]
mod process;

use process::{children_cpu, pilotdeck_bin, time_run};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pilotdeck::config::Config;
use pilotdeck::home::{PilotHome, Project};
use pilotdeck::memory::{Memory, Note, NoteKind, RecallOptions, recall_offline as recall};
use serde_json::Value;

const LATENCY_NOTES: usize = 10_000;
const PROCESS_RUNS: usize = 30;

fn locomo() -> Vec<Value> {
    let path = std::env::var_os("PILOTDECK_LOCOMO")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../shared/benchdata/locomo/locomo10.json")
        });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// `(session number, date, observation text, dialogue text)` for each session of a conversation.
fn sessions(conv: &Value) -> Vec<(u32, String, String, String)> {
    let c = &conv["conversation"];
    let mut out = Vec::new();
    for n in 1..100u32 {
        let Some(turns) = c[format!("session_{n}")].as_array() else {
            continue;
        };
        let date = c[format!("session_{n}_date_time")]
            .as_str()
            .unwrap_or("")
            .to_owned();
        let dialogue: Vec<String> = turns
            .iter()
            .map(|t| {
                format!(
                    "{}: {}",
                    t["speaker"].as_str().unwrap_or(""),
                    t["text"].as_str().unwrap_or("")
                )
            })
            .collect();
        let mut obs = Vec::new();
        if let Some(map) = conv["observation"][format!("session_{n}_observation")].as_object() {
            for facts in map.values() {
                for f in facts.as_array().into_iter().flatten() {
                    obs.push(f[0].as_str().unwrap_or("").to_owned());
                }
            }
        }
        out.push((n, date, obs.join("\n"), dialogue.join("\n")));
    }
    out
}

fn write_note(
    memory: &Memory,
    project: &Project,
    stem: &str,
    name: &str,
    description: &str,
    body: &str,
) {
    let note = Note::new(
        NoteKind::Project,
        name,
        description,
        body,
        "2026-01-01T00:00:00Z",
    );
    let path = memory
        .layout
        .workspace(&project.key)
        .join("Project")
        .join(format!("{stem}.md"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, note.render()).unwrap();
}

fn setup(root: &Path, name: &str) -> (Memory, Project) {
    let home = PilotHome::at(root.join(format!("home-{name}")));
    let dir = root.join(format!("project-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let project = Project::resolve(&home, &dir).unwrap();
    (Memory::new(&home, &Config::default()), project)
}

fn evidence_sessions(qa: &Value) -> BTreeSet<u32> {
    qa["evidence"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e.as_str())
        .filter_map(|e| e.trim_start_matches('D').split(':').next()?.parse().ok())
        .collect()
}

fn quality(data: &[Value], tmp: &Path, use_observations: bool) {
    let ks = [1usize, 5, 10];
    let mut sums = [0.0f64; 3];
    let mut questions = 0usize;
    for (i, conv) in data.iter().enumerate() {
        let (memory, project) = setup(tmp, &format!("q{i}-{use_observations}"));
        for (n, date, obs, dialogue) in sessions(conv) {
            let body = if use_observations { obs } else { dialogue };
            write_note(
                &memory,
                &project,
                &format!("s{n}"),
                &format!("Session {n} on {date}"),
                &date,
                &body,
            );
        }
        for qa in conv["qa"].as_array().into_iter().flatten() {
            let wanted = evidence_sessions(qa);
            let Some(question) = qa["question"].as_str() else {
                continue;
            };
            if wanted.is_empty() {
                continue;
            }
            let opts = RecallOptions {
                project: Some(project.clone()),
                query: question.to_owned(),
                limit: 10,
                offline: true,
                as_of: None,
            };
            let result = recall(&memory, &opts).unwrap();
            let got: Vec<u32> = result
                .notes
                .iter()
                .filter_map(|n| {
                    n.note
                        .path
                        .file_stem()?
                        .to_str()?
                        .trim_start_matches('s')
                        .parse()
                        .ok()
                })
                .collect();
            for (j, k) in ks.iter().enumerate() {
                let top: BTreeSet<u32> = got.iter().take(*k).copied().collect();
                sums[j] += wanted.intersection(&top).count() as f64 / wanted.len() as f64;
            }
            questions += 1;
        }
    }
    let what = if use_observations {
        "observation notes"
    } else {
        "dialogue notes"
    };
    println!(
        "LoCoMo session recall, {what}: {questions} questions, R@1 {:.3}, R@5 {:.3}, R@10 {:.3}",
        sums[0] / questions as f64,
        sums[1] / questions as f64,
        sums[2] / questions as f64
    );
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn latency(data: &[Value], tmp: &Path) {
    let (memory, project) = setup(tmp, "latency");
    let mut turns: Vec<String> = Vec::new();
    for conv in data {
        for (_, _, _, dialogue) in sessions(conv) {
            turns.extend(dialogue.lines().map(str::to_owned));
        }
    }
    for i in 0..LATENCY_NOTES {
        let body: Vec<&str> = (0..3)
            .map(|j| turns[(i * 3 + j) % turns.len()].as_str())
            .collect();
        write_note(
            &memory,
            &project,
            &format!("n{i:05}"),
            &format!("Note {i}"),
            body[0],
            &body.join("\n"),
        );
    }
    let queries: Vec<String> = data
        .iter()
        .flat_map(|c| c["qa"].as_array().cloned().unwrap_or_default())
        .filter_map(|q| q["question"].as_str().map(str::to_owned))
        .take(200)
        .collect();
    let first = Instant::now();
    recall(
        &memory,
        &RecallOptions {
            project: Some(project.clone()),
            query: "warm up".to_owned(),
            limit: 5,
            offline: true,
            as_of: None,
        },
    )
    .unwrap();
    println!(
        "index build (first sync) of {LATENCY_NOTES} notes: {:.0} ms",
        first.elapsed().as_secs_f64() * 1000.0
    );
    let times: Vec<Duration> = queries
        .iter()
        .map(|q| {
            let start = Instant::now();
            recall(
                &memory,
                &RecallOptions {
                    project: Some(project.clone()),
                    query: q.clone(),
                    limit: 5,
                    offline: true,
                    as_of: None,
                },
            )
            .unwrap();
            start.elapsed()
        })
        .collect();
    println!(
        "in-process recall over {LATENCY_NOTES} notes: median {:.2} ms ({} queries)",
        median(times).as_secs_f64() * 1000.0,
        queries.len()
    );
    let bin = pilotdeck_bin();
    if !bin.exists() {
        println!(
            "whole-process recall: skipped ({} not built)",
            bin.display()
        );
        return;
    }
    let (home, dir) = (memory.home.root(), &project.root);
    let process = |q: &str| {
        time_run(
            &bin,
            &["memory", "recall", "--offline", "--json", q],
            home,
            dir,
        )
    };
    let cpu = children_cpu();
    let times: Vec<Duration> = queries
        .iter()
        .take(PROCESS_RUNS)
        .map(|q| process(q))
        .collect();
    let cpu = (children_cpu() - cpu).as_secs_f64() * 1000.0 / PROCESS_RUNS as f64;
    println!(
        "whole-process recall over {LATENCY_NOTES} notes: median {:.1} ms, CPU (user + sys) mean {cpu:.1} ms ({PROCESS_RUNS} runs; folders unchanged since a full check)",
        median(times).as_secs_f64() * 1000.0
    );
    // A note added before each run changes the folder: every recall checks all 10,000 files
    // and indexes the new note.
    let times: Vec<Duration> = (queries.iter().take(PROCESS_RUNS).enumerate())
        .map(|(i, q)| {
            write_note(
                &memory,
                &project,
                &format!("added{i:02}"),
                "Added",
                "added",
                q,
            );
            process(q)
        })
        .collect();
    println!(
        "whole-process recall over {LATENCY_NOTES} notes: median {:.1} ms ({PROCESS_RUNS} runs; a note added before each, so every file is checked)",
        median(times).as_secs_f64() * 1000.0
    );
}

fn main() {
    let data = locomo();
    let tmp = tempfile::tempdir().unwrap();
    quality(&data, tmp.path(), true);
    quality(&data, tmp.path(), false);
    latency(&data, tmp.path());
}
