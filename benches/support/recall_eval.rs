//! Recall quality through the real binary, shared by the `locomo` and `longmemeval` benches.
//!
//! Owns the pieces a retrieval bench over past chat sessions needs, so that both benches measure
//! the same way: a session as a markdown note (neutral name `n7`, its day as `date:`, one paragraph
//! per turn), a PilotHome + project that `memory import`s the notes and answers `memory recall
//! --offline --json` processes, the plain SQLite FTS5 baseline (`porter unicode61`, the question's
//! words minus the NLTK English stop words, OR-ed, `ORDER BY bm25()`), and the metrics (recall@k,
//! all evidence in the top k, binary NDCG@5). Printing stays in each bench.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::disallowed_methods,
    reason = "each bench uses part of this; a bench fails loudly"
)]

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use chrono::NaiveDate;
use rusqlite::Connection;
use serde_json::Value;

/// The baseline's stop words (the common English list of NLTK).
pub(crate) const STOP_WORDS: &str = "i me my myself we our ours ourselves you your yours yourself yourselves he him his \
    himself she her hers herself it its itself they them their theirs themselves what which who whom this that \
    these those am is are was were be been being have has had having do does did doing a an the and but if or \
    because as until while of at by for with about against between into through during before after above \
    below to from up down in out on off over under again further then once here there when where why how all \
    any both each few more most other some such no nor not only own same so than too very s t can will just \
    don should now d ll m o re ve y";

/// One past session: its number (the note is `n{n}.md`), its day, and its turns `(number, text)`.
pub(crate) struct Session {
    pub(crate) n: u32,
    pub(crate) date: Option<NaiveDate>,
    pub(crate) turns: Vec<(u32, String)>,
}

/// Ranked answers for one question: sessions, and turns (each window as the turns it covers).
#[derive(Default)]
pub(crate) struct Ranked {
    pub(crate) sessions: Vec<u32>,
    pub(crate) turns: Vec<Vec<(u32, u32)>>,
}

/// The data file named by the environment variable `var`, else `rel` under the checkout's
/// `../shared/benchdata/`.
pub(crate) fn bench_data(var: &str, rel: &str) -> PathBuf {
    std::env::var_os(var).map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/benchdata")
            .join(rel)
    })
}

/// The number in the environment variable `var`, if set and a number.
pub(crate) fn env_number(var: &str) -> Option<usize> {
    std::env::var(var).ok().and_then(|v| v.parse().ok())
}

/// The note of a session: the date in the frontmatter, one paragraph per turn. Returns the note
/// and, per body line (1-based), the turn on it.
pub(crate) fn note(s: &Session) -> (String, HashMap<usize, u32>) {
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

/// A PilotHome and a project under one directory, holding the notes of some sessions and
/// answering recall through the binary. `memory.recall.feedback` is set when given.
pub(crate) struct Memory {
    bin: PathBuf,
    home: PathBuf,
    project: PathBuf,
    notes: PathBuf,
    /// Per session, per body line of its note, the turn on it.
    lines: HashMap<u32, HashMap<usize, u32>>,
}

impl Memory {
    pub(crate) fn new(bin: &Path, dir: &Path, feedback: Option<&str>) -> Self {
        let memory = Self {
            bin: bin.to_path_buf(),
            home: dir.join("home"),
            project: dir.join("project"),
            notes: dir.join("notes/Project"),
            lines: HashMap::new(),
        };
        for d in [&memory.home, &memory.project, &memory.notes] {
            std::fs::create_dir_all(d).unwrap();
        }
        if let Some(feedback) = feedback {
            let yaml = format!("memory:\n  recall:\n    feedback: {feedback}\n");
            std::fs::write(memory.home.join("pilotdeck.yaml"), yaml).unwrap();
        }
        memory
    }

    /// Writes the session's note (not yet imported).
    pub(crate) fn add(&mut self, s: &Session) {
        let (text, map) = note(s);
        std::fs::write(self.notes.join(format!("n{}.md", s.n)), text).unwrap();
        self.lines.insert(s.n, map);
    }

    /// `memory import` of every note written so far.
    pub(crate) fn import(&self) {
        let dir = self.notes.parent().unwrap().to_str().unwrap();
        self.run(&["memory", "import", dir]);
    }

    /// One `memory recall --offline --json --limit 10 [--as-of DAY] -- QUESTION` process.
    pub(crate) fn recall(&self, question: &str, as_of: Option<&str>) -> Ranked {
        let mut args = vec!["memory", "recall", "--offline", "--json", "--limit", "10"];
        if let Some(day) = as_of {
            args.extend(["--as-of", day]);
        }
        args.extend(["--", question]);
        let out: Value = serde_json::from_slice(&self.run(&args)).unwrap();
        parse(&out, &self.lines)
    }

    fn run(&self, args: &[&str]) -> Vec<u8> {
        let out = Command::new(&self.bin)
            .args(args)
            .env("PILOTDECK_HOME", &self.home)
            .current_dir(&self.project)
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", self.bin.display()));
        assert!(out.status.success(), "{args:?} failed");
        out.stdout
    }
}

/// `f` over `items`, `jobs` at a time; the results in the order of `items`.
pub(crate) fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|threads| {
        for _ in 0..jobs {
            threads.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    results.lock().unwrap().push((i, r));
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

/// The ranked notes and windows of `memory recall --json`.
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

/// The plain FTS5 baseline: an in-memory table of sessions and, when asked, one of turns.
pub(crate) struct Baseline {
    conn: Connection,
    with_turns: bool,
    stop: BTreeSet<&'static str>,
}

impl Baseline {
    pub(crate) fn new(with_turns: bool) -> Self {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE VIRTUAL TABLE s USING fts5 (body, n UNINDEXED, tokenize = 'porter unicode61');
             CREATE VIRTUAL TABLE t USING fts5 (body, n UNINDEXED, turn UNINDEXED, tokenize = 'porter unicode61');",
        )
        .unwrap();
        Self {
            conn,
            with_turns,
            stop: STOP_WORDS.split_whitespace().collect(),
        }
    }

    pub(crate) fn add(&self, s: &Session) {
        let body: Vec<&str> = s.turns.iter().map(|(_, t)| t.as_str()).collect();
        self.conn
            .execute(
                "INSERT INTO s (body, n) VALUES (?1, ?2)",
                (body.join("\n"), s.n),
            )
            .unwrap();
        if !self.with_turns {
            return;
        }
        for (turn, text) in &s.turns {
            self.conn
                .execute(
                    "INSERT INTO t (body, n, turn) VALUES (?1, ?2, ?3)",
                    (text, s.n, turn),
                )
                .unwrap();
        }
    }

    /// The top 10 sessions (and turns) for the question's words minus stop words, OR-ed.
    pub(crate) fn query(&self, question: &str) -> Ranked {
        let words: BTreeSet<String> = question
            .split(|c: char| !c.is_alphanumeric())
            .map(str::to_lowercase)
            .filter(|w| !w.is_empty() && !self.stop.contains(w.as_str()))
            .collect();
        if words.is_empty() {
            return Ranked::default();
        }
        let expr: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
        let expr = expr.join(" OR ");
        let mut stmt = (self.conn)
            .prepare_cached("SELECT n FROM s WHERE s MATCH ?1 ORDER BY bm25(s) LIMIT 10")
            .unwrap();
        let sessions = stmt
            .query_map([&expr], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        if !self.with_turns {
            return Ranked {
                sessions,
                turns: Vec::new(),
            };
        }
        let mut stmt = (self.conn)
            .prepare_cached("SELECT n, turn FROM t WHERE t MATCH ?1 ORDER BY bm25(t) LIMIT 10")
            .unwrap();
        let turns = stmt
            .query_map([&expr], |r| Ok(vec![(r.get(0)?, r.get(1)?)]))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        Ranked { sessions, turns }
    }
}

/// Share of `wanted` within the first `k` ranked entries (an entry may cover several items).
pub(crate) fn recall_at<T: Ord + Copy>(wanted: &BTreeSet<T>, ranked: &[Vec<T>], k: usize) -> f64 {
    let within: BTreeSet<T> = ranked.iter().take(k).flatten().copied().collect();
    wanted.intersection(&within).count() as f64 / wanted.len() as f64
}

/// 1 when every item of `wanted` is within the first `k` ranked entries, else 0.
pub(crate) fn all_at<T: Ord + Copy>(wanted: &BTreeSet<T>, ranked: &[Vec<T>], k: usize) -> f64 {
    if recall_at(wanted, ranked, k) >= 1.0 {
        1.0
    } else {
        0.0
    }
}

/// Binary NDCG@5: an entry gains when it covers an item of `wanted` not seen higher up.
pub(crate) fn ndcg5<T: Ord + Copy>(wanted: &BTreeSet<T>, ranked: &[Vec<T>]) -> f64 {
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
    dcg / ideal
}

/// R@1, R@5, R@10, all@5, NDCG@5.
pub(crate) fn figures<T: Ord + Copy>(wanted: &BTreeSet<T>, ranked: &[Vec<T>]) -> [f64; 5] {
    [
        recall_at(wanted, ranked, 1),
        recall_at(wanted, ranked, 5),
        recall_at(wanted, ranked, 10),
        all_at(wanted, ranked, 5),
        ndcg5(wanted, ranked),
    ]
}

/// Ranked sessions as one-item entries, the shape the metrics take.
pub(crate) fn entries(sessions: &[u32]) -> Vec<Vec<u32>> {
    sessions.iter().map(|s| vec![*s]).collect()
}
