//! Recall quality on LoCoMo through the real binary, beside a plain SQLite FTS5 baseline.
//!
//! Run with `cargo bench --bench locomo` (release build; needs
//! `../shared/benchdata/locomo/locomo10.json` or `PILOTDECK_LOCOMO=path`). For each of the 10
//! conversations, every session becomes one markdown note with a neutral name (`n7`), the session's
//! date in its frontmatter (`date:`) and one paragraph per turn; the notes are loaded with
//! `pilotdeck memory import DIR`, then each question is one `pilotdeck memory recall --offline
//! --json --limit 10 --as-of DATE QUESTION` process (two at a time), `DATE` being the day after the
//! conversation's last session. The baseline is an in-memory FTS5 table (`porter unicode61`) of the
//! same sessions and of their turns, queried with the question's words minus English stop words,
//! OR-ed, ordered by `bm25()`.
//!
//! Printed for both, overall and per LoCoMo category: session recall@1/5/10 (share of a question's
//! evidence sessions in the top k), "all" (every evidence session in the top 5), NDCG@5, and the same
//! for turns (pilotdeck: the ranked `windows` of `--json`; a window counts for the turns it covers).
//! Conversations 1–5 are the dev split (what ranking was tuned on), 6–10 the check split; both are
//! printed. `PILOTDECK_LOCOMO_CONVS=N` limits the run to the first N conversations;
//! `PILOTDECK_LOCOMO_FEEDBACK=on|off|auto` sets `memory.recall.feedback` (default: the default).
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

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use chrono::NaiveDate;
use recall_eval::{Baseline, Memory, Ranked, Session, entries, figures, in_parallel};
use serde_json::Value;

const CATEGORIES: [(u64, &str); 5] = [
    (1, "multi-hop"),
    (2, "temporal"),
    (3, "open-domain"),
    (4, "single-hop"),
    (5, "adversarial"),
];

/// Conversations `0..DEV_SPLIT` are the dev split.
const DEV_SPLIT: usize = 5;

struct Question {
    conv: usize,
    text: String,
    category: u64,
    sessions: BTreeSet<u32>,
    turns: BTreeSet<(u32, u32)>,
}

fn locomo() -> Vec<Value> {
    let path = recall_eval::bench_data("PILOTDECK_LOCOMO", "locomo/locomo10.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// "1:56 pm on 8 May, 2023" → 2023-05-08.
fn session_date(text: &str) -> Option<NaiveDate> {
    let day = text.split(" on ").nth(1)?.trim();
    NaiveDate::parse_from_str(day, "%d %B, %Y").ok()
}

fn turn_text(t: &Value) -> String {
    let mut text = format!(
        "{}: {}",
        t["speaker"].as_str().unwrap_or(""),
        t["text"].as_str().unwrap_or("").replace('\n', " ")
    );
    if let Some(caption) = t["blip_caption"].as_str() {
        text.push_str(&format!(" [shares a photo: {caption}]"));
    }
    text
}

/// `D3:12` (also `D:3:12`) → (3, 12).
fn dia_id(id: &str) -> Option<(u32, u32)> {
    let rest = id.trim().strip_prefix('D')?.trim_start_matches(':');
    let (s, t) = rest.split_once(':')?;
    Some((s.parse().ok()?, t.trim().parse().ok()?))
}

fn sessions(conv: &Value) -> Vec<Session> {
    let c = &conv["conversation"];
    (1..100u32)
        .filter_map(|n| {
            let turns = c[format!("session_{n}")].as_array()?;
            Some(Session {
                n,
                date: session_date(c[format!("session_{n}_date_time")].as_str().unwrap_or("")),
                turns: turns
                    .iter()
                    .filter_map(|t| Some((dia_id(t["dia_id"].as_str()?)?.1, turn_text(t))))
                    .collect(),
            })
        })
        .collect()
}

fn questions(conv: usize, data: &Value) -> Vec<Question> {
    (data["qa"].as_array().into_iter().flatten())
        .filter_map(|qa| {
            let turns: BTreeSet<(u32, u32)> = (qa["evidence"].as_array().into_iter().flatten())
                .filter_map(Value::as_str)
                .flat_map(|e| e.split([';', ' ']).filter_map(dia_id).collect::<Vec<_>>())
                .collect();
            (!turns.is_empty()).then(|| Question {
                conv,
                text: qa["question"].as_str().unwrap_or("").to_owned(),
                category: qa["category"].as_u64().unwrap_or(0),
                sessions: turns.iter().map(|t| t.0).collect(),
                turns,
            })
        })
        .collect()
}

/// One conversation through the binary: import its notes, recall every question.
fn pilotdeck(bin: &Path, tmp: &Path, conv: usize, data: &Value, qs: &[&Question]) -> Vec<Ranked> {
    let feedback = std::env::var("PILOTDECK_LOCOMO_FEEDBACK").ok();
    let mut memory = Memory::new(bin, &tmp.join(format!("conv{conv}")), feedback.as_deref());
    let sessions = sessions(data);
    for s in &sessions {
        memory.add(s);
    }
    let as_of = sessions
        .iter()
        .filter_map(|s| s.date)
        .max()
        .and_then(|d| d.succ_opt())
        .map(|d| d.to_string());
    memory.import();
    in_parallel(qs, 2, |q| memory.recall(&q.text, as_of.as_deref()))
}

/// The baseline for one conversation: FTS5 over sessions and over turns.
fn baseline(data: &Value, qs: &[&Question]) -> Vec<Ranked> {
    let fts = Baseline::new(true);
    for s in sessions(data) {
        fts.add(&s);
    }
    qs.iter().map(|q| fts.query(&q.text)).collect()
}

/// Sums of the per-question figures: R@1, R@5, R@10, all@5, NDCG@5, for sessions then turns.
#[derive(Default, Clone, Copy)]
struct Sums {
    n: usize,
    s: [f64; 5],
    t: [f64; 5],
}

impl Sums {
    fn add(&mut self, q: &Question, r: &Ranked) {
        let s = figures(&q.sessions, &entries(&r.sessions));
        let t = figures(&q.turns, &r.turns);
        self.n += 1;
        for i in 0..5 {
            self.s[i] += s[i];
            self.t[i] += t[i];
        }
    }

    fn row(&self, label: &str) -> String {
        let n = self.n.max(1) as f64;
        let f = |v: &[f64; 5]| {
            v.iter()
                .map(|x| format!("{:.3}", x / n))
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "{label:<24} {:>5} | {} | {}",
            self.n,
            f(&self.s),
            f(&self.t)
        )
    }
}

fn report(name: &str, qs: &[Question], ranked: &[Ranked]) {
    println!("\n{name}");
    println!(
        "{:<24} {:>5} | session R@1 R@5 R@10 all@5 NDCG@5 | turn R@1 R@5 R@10 all@5 NDCG@5",
        "", "n"
    );
    let mut total = Sums::default();
    let mut split = [Sums::default(); 2];
    let mut cats: HashMap<u64, Sums> = HashMap::new();
    for (q, r) in qs.iter().zip(ranked) {
        total.add(q, r);
        split[usize::from(q.conv >= DEV_SPLIT)].add(q, r);
        cats.entry(q.category).or_default().add(q, r);
    }
    println!("{}", total.row("all"));
    println!("{}", split[0].row("dev (conv 1-5)"));
    println!("{}", split[1].row("check (conv 6-10)"));
    for (c, label) in CATEGORIES {
        if let Some(s) = cats.get(&c) {
            println!("{}", s.row(&format!("{c} {label}")));
        }
    }
}

fn main() {
    let data = locomo();
    let convs: usize = recall_eval::env_number("PILOTDECK_LOCOMO_CONVS")
        .unwrap_or(data.len())
        .min(data.len());
    let bin = process::pilotdeck_bin();
    assert!(bin.exists(), "{} not built", bin.display());
    let tmp = tempfile::tempdir().unwrap();
    let mut qs = Vec::new();
    let mut ours = Vec::new();
    let mut base = Vec::new();
    let started = std::time::Instant::now();
    for (i, conv) in data.iter().take(convs).enumerate() {
        let conv_qs = questions(i, conv);
        let refs: Vec<&Question> = conv_qs.iter().collect();
        ours.extend(pilotdeck(&bin, tmp.path(), i, conv, &refs));
        base.extend(baseline(conv, &refs));
        qs.extend(conv_qs);
    }
    println!(
        "LoCoMo: {} conversations, {} questions with evidence, {:.0} s",
        convs,
        qs.len(),
        started.elapsed().as_secs_f64()
    );
    report("pilotdeck memory recall --offline", &qs, &ours);
    report("FTS5 baseline (porter, stop words removed, OR)", &qs, &base);
}
