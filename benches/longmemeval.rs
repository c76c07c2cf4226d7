//! Recall quality on LongMemEval_S through the real binary, beside a plain SQLite FTS5 baseline.
//!
//! A held-out check (issue 19): ranking is never tuned on this data. Run with `cargo bench
//! --profile dev --bench longmemeval` (needs `../shared/benchdata/longmemeval_s/` or
//! `PILOTDECK_LME=dir` holding `questions.json` and `sessions.jsonl.xz`, read with `xz -dc`).
//! Each instance is measured as a new user would: a fresh PilotHome and project, each of its
//! ~48 haystack sessions one markdown note with a neutral name (`n17` = the 17th haystack entry),
//! the session's day as `date:` and one paragraph per turn (`user: …`, `assistant: …`), loaded
//! with `pilotdeck memory import DIR`; then the question is one `pilotdeck memory recall --offline
//! --json --limit 10 --as-of DAY QUESTION` process, DAY being the question's day. Instances run a
//! few at a time. Abstention questions (`*_abs`, no evidence to find) are skipped and counted.
//!
//! The baseline is an in-memory FTS5 table of the same sessions, the recipe of the `locomo` bench
//! (`support/recall_eval.rs`). Printed for both, overall and per `question_type`: all@5 and all@10
//! (every evidence session in the top k, the owners' "all evidence in top 5"), session R@5 (share
//! of the evidence sessions in the top 5) and binary NDCG@5; then the same by how many sessions
//! hold the answer (1, 2, 3 or more).
//!
//! `PILOTDECK_LME_LIMIT=N` runs the first N instances; `PILOTDECK_LME_FEEDBACK=on|off|auto` sets
//! `memory.recall.feedback` (default: the default).
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
#[path = "support/recall_eval.rs"]
mod recall_eval;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use chrono::NaiveDate;
use recall_eval::{Baseline, Memory, Ranked, Session, entries, in_parallel};
use serde_json::Value;

/// Instances measured at the same time (each is an import then one recall process).
const JOBS: usize = 3;

const TYPES: [&str; 6] = [
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "multi-session",
    "knowledge-update",
    "temporal-reasoning",
];

/// One question and its haystack.
struct Instance {
    kind: String,
    question: String,
    /// The question's day, `YYYY-MM-DD`.
    as_of: String,
    /// Haystack entries in order: session id and day. Entry i is note `n{i+1}`.
    haystack: Vec<(String, Option<NaiveDate>)>,
    /// The note numbers of the sessions holding the answer.
    evidence: BTreeSet<u32>,
}

/// "2023/05/30 (Tue) 23:42" → 2023-05-30.
fn day(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.get(..10)?, "%Y/%m/%d").ok()
}

/// The first `limit` instances, and how many of them were abstention questions (skipped).
fn instances(dir: &Path, limit: Option<usize>) -> (Vec<Instance>, usize) {
    let path = dir.join("questions.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Vec<Value> = serde_json::from_str(&text).unwrap();
    let strings = |v: &Value| -> Vec<String> {
        (v.as_array().into_iter().flatten())
            .filter_map(|s| Some(s.as_str()?.to_owned()))
            .collect()
    };
    let taken = &all[..limit.unwrap_or(all.len()).min(all.len())];
    let mut skipped = 0;
    let mut out = Vec::new();
    for q in taken {
        if q["question_id"].as_str().unwrap_or("").ends_with("_abs") {
            skipped += 1;
            continue;
        }
        let ids = strings(&q["haystack_session_ids"]);
        let dates = strings(&q["haystack_dates"]);
        let answers: HashSet<String> = strings(&q["answer_session_ids"]).into_iter().collect();
        let evidence = (ids.iter().enumerate())
            .filter(|(_, id)| answers.contains(*id))
            .map(|(i, _)| i as u32 + 1)
            .collect::<BTreeSet<u32>>();
        assert!(
            !evidence.is_empty(),
            "{}: no evidence session",
            q["question_id"]
        );
        out.push(Instance {
            kind: q["question_type"].as_str().unwrap_or("").to_owned(),
            question: q["question"].as_str().unwrap_or("").to_owned(),
            as_of: day(q["question_date"].as_str().unwrap_or(""))
                .map(|d| d.to_string())
                .unwrap_or_default(),
            haystack: (ids.into_iter())
                .zip(dates.iter().map(|d| day(d)))
                .collect(),
            evidence,
        });
    }
    (out, skipped)
}

/// The turns (`role: text`, one line each) of the sessions the instances need, by session id.
fn sessions(dir: &Path, needed: &HashSet<&str>) -> HashMap<String, Vec<String>> {
    let path = dir.join("sessions.jsonl.xz");
    let mut xz = Command::new("xz")
        .arg("-dc")
        .arg(&path)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("xz -dc {}: {e}", path.display()));
    let mut out = HashMap::new();
    for line in BufReader::new(xz.stdout.take().unwrap()).lines() {
        let s: Value = serde_json::from_str(&line.unwrap()).unwrap();
        let id = s["session_id"].as_str().unwrap_or("");
        if !needed.contains(id) {
            continue;
        }
        let turns = (s["turns"].as_array().into_iter().flatten())
            .map(|t| {
                let role = t["role"].as_str().unwrap_or("");
                let text = t["content"].as_str().unwrap_or("");
                format!("{role}: {}", text.replace(['\n', '\r'], " "))
            })
            .collect();
        out.insert(id.to_owned(), turns);
    }
    assert!(xz.wait().unwrap().success(), "xz -dc {}", path.display());
    out
}

/// One instance through the binary and through the baseline; its directory is removed after.
fn run(
    bin: &Path,
    tmp: &Path,
    (i, q): &(usize, &Instance),
    turns: &HashMap<String, Vec<String>>,
) -> (Ranked, Ranked) {
    let dir = tmp.join(format!("i{i}"));
    let feedback = std::env::var("PILOTDECK_LME_FEEDBACK").ok();
    let mut memory = Memory::new(bin, &dir, feedback.as_deref());
    let fts = Baseline::new(false);
    for (k, (id, date)) in q.haystack.iter().enumerate() {
        let session = Session {
            n: k as u32 + 1,
            date: *date,
            turns: (turns
                .get(id)
                .unwrap_or_else(|| panic!("session {id} missing")))
            .iter()
            .enumerate()
            .map(|(t, text)| (t as u32 + 1, text.clone()))
            .collect(),
        };
        memory.add(&session);
        fts.add(&session);
    }
    memory.import();
    let as_of = (!q.as_of.is_empty()).then_some(q.as_of.as_str());
    let ours = memory.recall(&q.question, as_of);
    std::fs::remove_dir_all(&dir).unwrap();
    (ours, fts.query(&q.question))
}

/// Sums of the per-question all@5, all@10, R@5, NDCG@5.
#[derive(Default, Clone, Copy)]
struct Sums {
    n: usize,
    v: [f64; 4],
}

impl Sums {
    fn add(&mut self, q: &Instance, r: &Ranked) {
        let ranked = entries(&r.sessions);
        let f = [
            recall_eval::all_at(&q.evidence, &ranked, 5),
            recall_eval::all_at(&q.evidence, &ranked, 10),
            recall_eval::recall_at(&q.evidence, &ranked, 5),
            recall_eval::ndcg5(&q.evidence, &ranked),
        ];
        self.n += 1;
        for (sum, x) in self.v.iter_mut().zip(f) {
            *sum += x;
        }
    }

    fn cells(&self) -> String {
        let n = self.n.max(1) as f64;
        (self.v.iter())
            .map(|x| format!("{:>6.3}", x / n))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn report(qs: &[Instance], ours: &[Ranked], base: &[Ranked]) {
    let head = " all@5 all@10    R@5 NDCG@5";
    println!(
        "pilotdeck = `memory recall --offline`; FTS5 = bm25(), porter, stop words removed, terms OR-ed"
    );
    println!("{:<31} | {:<27} | FTS5", "", "pilotdeck");
    println!("{:<26} {:>4} | {head} | {head}", "question_type", "n");
    // Rows: overall, per question type, then by how many sessions hold the answer.
    let mut rows: Vec<(String, Sums, Sums)> = std::iter::once("all".to_owned())
        .chain(TYPES.iter().map(|t| (*t).to_owned()))
        .chain(["evidence in 1 session", "in 2 sessions", "in 3+ sessions"].map(String::from))
        .map(|label| (label, Sums::default(), Sums::default()))
        .collect();
    for ((q, o), b) in qs.iter().zip(ours).zip(base) {
        let by_count = 1 + TYPES.len() + q.evidence.len().clamp(1, 3) - 1;
        for row in [
            0,
            1 + TYPES.iter().position(|t| *t == q.kind).unwrap(),
            by_count,
        ] {
            rows[row].1.add(q, o);
            rows[row].2.add(q, b);
        }
    }
    for (label, so, sb) in rows.iter().filter(|r| r.1.n > 0) {
        println!("{label:<26} {:>4} | {} | {}", so.n, so.cells(), sb.cells());
    }
}

fn main() {
    let dir = recall_eval::bench_data("PILOTDECK_LME", "longmemeval_s");
    let (qs, skipped) = instances(&dir, recall_eval::env_number("PILOTDECK_LME_LIMIT"));
    let unknown: Vec<&str> = (qs.iter())
        .map(|q| q.kind.as_str())
        .filter(|k| !TYPES.contains(k))
        .collect();
    assert!(unknown.is_empty(), "unknown question types {unknown:?}");
    let bin = process::pilotdeck_bin();
    assert!(bin.exists(), "{} not built", bin.display());
    let started = std::time::Instant::now();
    let needed: HashSet<&str> = (qs.iter())
        .flat_map(|q| q.haystack.iter().map(|(id, _)| id.as_str()))
        .collect();
    let turns = sessions(&dir, &needed);
    let tmp = tempfile::tempdir().unwrap();
    let work: Vec<(usize, &Instance)> = qs.iter().enumerate().collect();
    let results = in_parallel(&work, JOBS, |w| run(&bin, tmp.path(), w, &turns));
    let (ours, base): (Vec<Ranked>, Vec<Ranked>) = results.into_iter().unzip();
    let notes: usize = qs.iter().map(|q| q.haystack.len()).sum();
    let feedback = std::env::var("PILOTDECK_LME_FEEDBACK")
        .map(|f| format!(", memory.recall.feedback: {f}"))
        .unwrap_or_default();
    println!(
        "LongMemEval_S: {} questions ({skipped} abstention skipped), {notes} notes{feedback}, {:.0} s",
        qs.len(),
        started.elapsed().as_secs_f64()
    );
    report(&qs, &ours, &base);
}
