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

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use chrono::NaiveDate;
use rusqlite::Connection;
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

/// The baseline's stop words (the common English list of NLTK).
const STOP_WORDS: &str = "i me my myself we our ours ourselves you your yours yourself yourselves he him his \
    himself she her hers herself it its itself they them their theirs themselves what which who whom this that \
    these those am is are was were be been being have has had having do does did doing a an the and but if or \
    because as until while of at by for with about against between into through during before after above \
    below to from up down in out on off over under again further then once here there when where why how all \
    any both each few more most other some such no nor not only own same so than too very s t can will just \
    don should now d ll m o re ve y";

/// One session of a conversation: number, date, and its turns `(dia_id turn number, text)`.
struct Session {
    n: u32,
    date: Option<NaiveDate>,
    turns: Vec<(u32, String)>,
}

struct Question {
    conv: usize,
    text: String,
    category: u64,
    sessions: BTreeSet<u32>,
    turns: BTreeSet<(u32, u32)>,
}

/// Ranked answers for one question: sessions, and turns (each window as the turns it covers).
#[derive(Default)]
struct Ranked {
    sessions: Vec<u32>,
    turns: Vec<Vec<(u32, u32)>>,
}

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

/// The note of a session: the date in the frontmatter, one paragraph per turn. Returns the note
/// and, per body line (1-based), the turn on it.
fn note(s: &Session) -> (String, HashMap<usize, u32>) {
    let date = s.date.map(|d| d.to_string()).unwrap_or_default();
    let mut text = format!(
        "---\nname: n{n}\ndescription: ''\ntype: project\nscope: project\nupdated_at: {date}\ndate: {date}\n---\n",
        n = s.n
    );
    let mut lines = HashMap::new();
    for (i, (turn, body)) in s.turns.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        lines.insert(2 * i + 1, *turn);
        text.push_str(body);
        text.push('\n');
    }
    (text, lines)
}

/// One conversation through the binary: import its notes, recall every question.
fn pilotdeck(bin: &Path, tmp: &Path, conv: usize, data: &Value, qs: &[&Question]) -> Vec<Ranked> {
    let home = tmp.join(format!("home{conv}"));
    let project = tmp.join(format!("project{conv}"));
    let notes = tmp.join(format!("notes{conv}/Project"));
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(&notes).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    if let Ok(feedback) = std::env::var("PILOTDECK_LOCOMO_FEEDBACK") {
        let yaml = format!("memory:\n  recall:\n    feedback: {feedback}\n");
        std::fs::write(home.join("pilotdeck.yaml"), yaml).unwrap();
    }
    let sessions = sessions(data);
    let mut lines: HashMap<u32, HashMap<usize, u32>> = HashMap::new();
    for s in &sessions {
        let (text, map) = note(s);
        std::fs::write(notes.join(format!("n{}.md", s.n)), text).unwrap();
        lines.insert(s.n, map);
    }
    let as_of = sessions
        .iter()
        .filter_map(|s| s.date)
        .max()
        .and_then(|d| d.succ_opt())
        .map(|d| d.to_string())
        .unwrap_or_default();
    let run = |args: &[&str]| -> Vec<u8> {
        let out = Command::new(bin)
            .args(args)
            .env("PILOTDECK_HOME", &home)
            .current_dir(&project)
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        assert!(out.status.success(), "{args:?} failed");
        out.stdout
    };
    run(&[
        "memory",
        "import",
        notes.parent().unwrap().to_str().unwrap(),
    ]);
    let results: Mutex<Vec<(usize, Ranked)>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|threads| {
        for _ in 0..2 {
            threads.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(q) = qs.get(i) else { break };
                    let mut args = vec!["memory", "recall", "--offline", "--json", "--limit", "10"];
                    if !as_of.is_empty() {
                        args.extend(["--as-of", as_of.as_str()]);
                    }
                    args.push("--");
                    args.push(&q.text);
                    let out: Value = serde_json::from_slice(&run(&args)).unwrap();
                    results.lock().unwrap().push((i, parse(&out, &lines)));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// `Project/n7.md` → 7.
fn session_of(id: &str) -> Option<u32> {
    id.rsplit('/')
        .next()?
        .strip_prefix('n')?
        .strip_suffix(".md")?
        .parse()
        .ok()
}

fn parse(out: &Value, lines: &HashMap<u32, HashMap<usize, u32>>) -> Ranked {
    let sessions = (out["notes"].as_array().into_iter().flatten())
        .filter_map(|n| session_of(n["id"].as_str()?))
        .collect();
    let turns = (out["windows"].as_array().into_iter().flatten())
        .filter_map(|w| {
            let s = session_of(w["id"].as_str()?)?;
            let (first, last) = (
                w["lines"][0].as_u64()? as usize,
                w["lines"][1].as_u64()? as usize,
            );
            let map = lines.get(&s)?;
            Some(
                (first..=last)
                    .filter_map(|l| Some((s, *map.get(&l)?)))
                    .collect(),
            )
        })
        .collect();
    Ranked { sessions, turns }
}

/// The baseline for one conversation: FTS5 over sessions and over turns.
fn baseline(data: &Value, qs: &[&Question]) -> Vec<Ranked> {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(
        "CREATE VIRTUAL TABLE s USING fts5 (body, n UNINDEXED, tokenize = 'porter unicode61');
         CREATE VIRTUAL TABLE t USING fts5 (body, n UNINDEXED, turn UNINDEXED, tokenize = 'porter unicode61');",
    )
    .unwrap();
    for s in sessions(data) {
        let body: Vec<&str> = s.turns.iter().map(|(_, t)| t.as_str()).collect();
        conn.execute(
            "INSERT INTO s (body, n) VALUES (?1, ?2)",
            (body.join("\n"), s.n),
        )
        .unwrap();
        for (turn, text) in &s.turns {
            conn.execute(
                "INSERT INTO t (body, n, turn) VALUES (?1, ?2, ?3)",
                (text, s.n, turn),
            )
            .unwrap();
        }
    }
    let stop: BTreeSet<&str> = STOP_WORDS.split_whitespace().collect();
    qs.iter()
        .map(|q| {
            let words: BTreeSet<String> = q
                .text
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .filter(|w| !w.is_empty() && !stop.contains(w.as_str()))
                .collect();
            if words.is_empty() {
                return Ranked::default();
            }
            let expr: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
            let expr = expr.join(" OR ");
            let mut stmt = conn
                .prepare_cached("SELECT n FROM s WHERE s MATCH ?1 ORDER BY bm25(s) LIMIT 10")
                .unwrap();
            let sessions = stmt
                .query_map([&expr], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let mut stmt = conn
                .prepare_cached("SELECT n, turn FROM t WHERE t MATCH ?1 ORDER BY bm25(t) LIMIT 10")
                .unwrap();
            let turns = stmt
                .query_map([&expr], |r| Ok(vec![(r.get(0)?, r.get(1)?)]))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            Ranked { sessions, turns }
        })
        .collect()
}

/// Sums of the per-question figures: R@1, R@5, R@10, all@5, NDCG@5, for sessions then turns.
#[derive(Default, Clone, Copy)]
struct Sums {
    n: usize,
    s: [f64; 5],
    t: [f64; 5],
}

fn figures<T: Ord + Copy>(wanted: &BTreeSet<T>, ranked: &[Vec<T>]) -> [f64; 5] {
    let within = |k: usize| -> BTreeSet<T> { ranked.iter().take(k).flatten().copied().collect() };
    let recall = |k: usize| wanted.intersection(&within(k)).count() as f64 / wanted.len() as f64;
    let mut seen = BTreeSet::new();
    let mut dcg = 0.0;
    for (i, r) in ranked.iter().take(5).enumerate() {
        if r.iter().any(|x| wanted.contains(x) && seen.insert(*x)) {
            dcg += 1.0 / (i as f64 + 2.0).log2();
        }
    }
    let ideal: f64 = (0..wanted.len().min(5))
        .map(|i| 1.0 / (i as f64 + 2.0).log2())
        .sum();
    let all = if recall(5) >= 1.0 { 1.0 } else { 0.0 };
    [recall(1), recall(5), recall(10), all, dcg / ideal]
}

impl Sums {
    fn add(&mut self, q: &Question, r: &Ranked) {
        let sessions: Vec<Vec<u32>> = r.sessions.iter().map(|s| vec![*s]).collect();
        let s = figures(&q.sessions, &sessions);
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
    let convs: usize = std::env::var("PILOTDECK_LOCOMO_CONVS")
        .ok()
        .and_then(|v| v.parse().ok())
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
