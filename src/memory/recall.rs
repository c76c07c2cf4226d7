//! Recall: the notes relevant to a request, and the context block the agent receives.
//!
//! **Stage 1** is local and fast: rank notes and their paragraph windows with the full-text index
//! ([`super::rank`]: BM25 over name, description, body and dates as words; porter stemming; CJK
//! bigrams; relative time; optional feedback) over an index kept in step with the note files
//! ([`Memory::search`]: new, deleted and renamed notes count at once, notes edited in place within
//! seconds). The context block quotes each note's best windows. In a project the project's notes and the global
//! user notes are searched; in the General workspace (no project) every project's notes are.
//! The optional **semantic stage** ([`super::semantic`], `memory.embedding`) embeds the request and
//! scans the notes' vectors (on a connection of its own) while stage 1 runs, then fuses the notes
//! nearest by meaning into stage 1's ranking.
//! **Stage 2**, optional ([`super::select`]): the memory model decides whether memory is needed and
//! picks among stage 1's candidates, within what is left of `retrievalTimeoutMs`; on any failure
//! stage 1's ranking stands. Each recall records one trace with both stages.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use rusqlite::Connection;
use serde::Serialize;

use super::Error;
use super::dates::{self, Span};
use super::embed::{Embedder, Problem, Reason};
use super::fts::IndexedNote;
use super::layout;
use super::rank::{Ranked, RankedWindow, Request};
use super::select::{self, ModelStep, SkipReason};
use super::semantic::{self, Semantic};
use super::space::Memory;
use super::trace::{self, TraceKind};
use super::window;
use crate::home::Project;

/// Lines of a note body placed in the context block when no window of it matched.
const MAX_BODY_LINES: usize = 60;

/// A note of at most this many lines is quoted whole; a longer one by its best windows.
const WHOLE_NOTE_LINES: usize = 20;

/// Windows quoted per note in the context block, at most.
const WINDOWS_PER_NOTE: usize = 3;

/// What to recall.
#[derive(Debug, Clone)]
pub struct RecallOptions {
    /// `None`: the General workspace (search every project).
    pub project: Option<Project>,
    pub query: String,
    pub limit: usize,
    /// Stage 1 only, even when `reasoningMode: accuracy_first` asks for the model step.
    pub offline: bool,
    /// The day relative time ("last week") is read against; `None`: today.
    pub as_of: Option<NaiveDate>,
}

/// A ranked paragraph window of a recalled note.
#[derive(Debug, Clone, Serialize)]
pub struct RecalledWindow {
    /// The note's id.
    pub id: String,
    /// First and last body line (1-based).
    pub lines: [usize; 2],
    pub score: f64,
    pub text: String,
}

/// One recalled note.
#[derive(Debug, Clone, Serialize)]
pub struct RecalledNote {
    #[serde(flatten)]
    pub note: IndexedNote,
    /// The note's path relative to the memory root.
    pub id: String,
    /// The note's day: its `date:` or `created_at:` key, else `updated_at`.
    pub date: Option<NaiveDate>,
    pub body: String,
}

/// The notes for a query, best first.
#[derive(Debug, Clone, Serialize)]
pub struct RecallResult {
    pub query: String,
    pub notes: Vec<RecalledNote>,
    /// The best windows of those notes, best first.
    pub windows: Vec<RecalledWindow>,
    /// The reference day for relative time.
    pub as_of: NaiveDate,
    /// The request's relative time as days, when it names one.
    pub time_span: Option<Span>,
    /// Whether pseudo-relevance feedback ran (`memory.recall.feedback`).
    pub feedback: bool,
    /// What the semantic stage did (`memory.embedding`).
    pub semantic: Semantic,
    /// What stage 2 did (`skipped` when it did not run).
    pub model_step: ModelStep,
    pub elapsed_ms: f64,
}

/// Recalls notes for `opts.query`: stage 1 and, when `memory.embedding` is set, the semantic
/// stage fused with it ([`semantic`]), then the model step when configured. Stage 1 runs on a
/// blocking thread while the request is embedded; the whole recall is bounded by
/// `memory.retrievalTimeoutMs` — a stage 1 that does not finish in time is an error
/// ([`Error::RecallTimeout`]), an embedding or a model step that does not is skipped in favour of
/// stage 1. Records a trace.
pub async fn recall(memory: &Memory, opts: &RecallOptions) -> Result<RecallResult, Error> {
    let started = Instant::now();
    let timeout_ms = memory.settings.retrieval_timeout_ms.max(1);
    let deadline = tokio::time::Instant::now() + Duration::from_millis(timeout_ms);
    let skip = if opts.offline {
        Some(SkipReason::Offline)
    } else if !memory.model_step_enabled() {
        Some(SkipReason::AnswerFirst)
    } else {
        None
    };
    let wanted = match skip {
        Some(_) => opts.limit,
        None => opts.limit.max(select::MIN_CANDIDATES),
    };
    let embedder = match opts.offline {
        true => Ok(None),
        false => Embedder::resolve(memory),
    };
    let model = embedder
        .as_ref()
        .ok()
        .and_then(Option::as_ref)
        .map(Embedder::name);
    let pool = match model {
        Some(_) => wanted.max(semantic::POOL),
        None => wanted,
    };
    let stage1 = {
        let (memory, opts) = (memory.clone(), opts.clone());
        tokio::task::spawn_blocking(move || rank(&memory, &opts, wanted, pool))
    };
    // The request's vector, then the notes nearest to it, scanned on a thread of its own while
    // stage 1 still runs (the scan needs nothing of stage 1's).
    let scopes = memory.scopes(opts.project.as_ref().map(|p| &p.key));
    let nearest = async {
        let (Ok(Some(embedder)), Some(model)) = (&embedder, &model) else {
            return None;
        };
        let text = [opts.query.clone()];
        let query = match tokio::time::timeout_at(deadline, embedder.embed(&text)).await {
            Err(_) => Err(Problem::new(
                Reason::Timeout,
                format!("no reply within memory.retrievalTimeoutMs ({timeout_ms} ms)"),
            )),
            Ok(reply) => reply.map(|mut v| v.pop().unwrap_or_default()),
        };
        let query = match query {
            Ok(query) => query,
            Err(problem) => return Some(Ok(Err(problem))),
        };
        let (memory, model, scopes) = (memory.clone(), model.clone(), scopes.clone());
        let scan = tokio::task::spawn_blocking(move || {
            let found = semantic::nearest(&memory, (&model, scopes.as_deref()), &query)?;
            Ok(Ok((query, found)))
        });
        Some(match scan.await {
            Ok(found) => found,
            Err(_) => Err(Error::Bug("the vector scan stopped")),
        })
    };
    let (stage1, nearest) = tokio::join!(tokio::time::timeout_at(deadline, stage1), nearest);
    let (mut conn, ranked, as_of) = match stage1 {
        Err(_) => return Err(Error::RecallTimeout { ms: timeout_ms }),
        Ok(Err(_)) => return Err(Error::Bug("the recall thread stopped")),
        Ok(Ok(ranked)) => ranked?,
    };
    // The semantic stage's ranking, or what it did without one.
    let semantic = match (embedder, nearest.transpose()?) {
        (Ok(None), _) => Err(Semantic::Skipped),
        (Err(problem), _) | (_, Some(Err(problem))) => Err(Semantic::fallback(problem)),
        (_, Some(Ok(scanned))) => Ok(scanned),
        (Ok(Some(_)), None) => return Err(Error::Bug("the semantic stage lost its query")),
    };
    let finished = {
        let (memory, model) = (memory.clone(), model.unwrap_or_default());
        tokio::task::spawn_blocking(move || -> Result<_, Error> {
            let mut candidates = Candidate::ranked(ranked.notes);
            // A scan that read the index before stage 1 re-indexed changed notes is redone on the
            // index as it is now, whatever it found (on an index being rebuilt: no vectors).
            let semantic = match semantic {
                Ok((query, _)) if ranked.reindexed => {
                    semantic::nearest_on(&mut conn, (&model, scopes.as_deref()), &query)?
                        .map_err(Semantic::fallback)
                }
                Ok((_, found)) => found.map_err(Semantic::fallback),
                Err(skipped) => Err(skipped),
            };
            let semantic = match semantic {
                Err(skipped) => skipped,
                Ok(nearest) => {
                    semantic::fuse(&memory, &conn, &mut candidates, &nearest)?;
                    Semantic::Used
                }
            };
            let (notes, windows) = read_best(&memory, candidates, &ranked.windows, wanted);
            let found = Found {
                notes,
                windows,
                as_of,
                time_span: ranked.span,
                feedback: ranked.feedback,
            };
            Ok((conn, found, semantic))
        })
    };
    let (conn, found, semantic) = finished
        .await
        .map_err(|_| Error::Bug("the recall thread stopped"))??;
    let candidates = found.notes;
    let (notes, model_step) = match skip {
        Some(reason) => (candidates, ModelStep::Skipped { reason }),
        None if candidates.is_empty() => (
            candidates,
            ModelStep::Skipped {
                reason: SkipReason::NoCandidates,
            },
        ),
        None => select::choose(memory, &opts.query, candidates, opts.limit, deadline).await,
    };
    let mut windows = found.windows;
    windows.retain(|w| notes.iter().any(|n| n.id == w.id));
    windows.truncate(opts.limit);
    let result = RecallResult {
        query: opts.query.clone(),
        notes,
        windows,
        as_of: found.as_of,
        time_span: found.time_span,
        feedback: found.feedback,
        semantic,
        model_step,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    let trace = {
        let (opts, result) = (opts.clone(), result.clone());
        tokio::task::spawn_blocking(move || record(conn, &opts, &result))
    };
    trace
        .await
        .map_err(|_| Error::Bug("the recall thread stopped"))??;
    Ok(result)
}

/// Stage 1 only, on the calling thread (no runtime needed). Records a trace.
pub fn recall_offline(memory: &Memory, opts: &RecallOptions) -> Result<RecallResult, Error> {
    let started = Instant::now();
    let (conn, ranked, as_of) = rank(memory, opts, opts.limit, opts.limit)?;
    let candidates = Candidate::ranked(ranked.notes);
    let (notes, windows) = read_best(memory, candidates, &ranked.windows, opts.limit);
    let result = RecallResult {
        query: opts.query.clone(),
        notes,
        windows,
        as_of,
        time_span: ranked.span,
        feedback: ranked.feedback,
        semantic: Semantic::Skipped,
        model_step: ModelStep::Skipped {
            reason: SkipReason::Offline,
        },
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    record(conn, opts, &result)?;
    Ok(result)
}

/// What recall found, with note bodies read.
struct Found {
    notes: Vec<RecalledNote>,
    windows: Vec<RecalledWindow>,
    as_of: NaiveDate,
    time_span: Option<Span>,
    feedback: bool,
}

/// A note in the running for the result, not read yet.
pub(super) struct Candidate {
    pub note: IndexedNote,
    /// Its place in stage 1's ranking; `None` for a note found by meaning only.
    pub stage1: Option<usize>,
}

impl Candidate {
    /// Stage 1's ranking as candidates, in order.
    fn ranked(notes: Vec<IndexedNote>) -> Vec<Candidate> {
        (notes.into_iter().enumerate())
            .map(|(i, note)| Candidate {
                note,
                stage1: Some(i),
            })
            .collect()
    }
}

/// Stage 1: the best `pool` notes (feedback decided for `limit`) and their windows
/// ([`Memory::search`]), not read yet, and the reference day.
fn rank(
    memory: &Memory,
    opts: &RecallOptions,
    limit: usize,
    pool: usize,
) -> Result<(Connection, Ranked, NaiveDate), Error> {
    let key = opts.project.as_ref().map(|p| &p.key);
    let as_of = opts
        .as_of
        .unwrap_or_else(|| chrono::Local::now().date_naive());
    let req = Request {
        query: &opts.query,
        limit,
        pool,
        today: as_of,
        feedback: memory.settings.recall.feedback,
    };
    let (conn, ranked) = memory.search(key, &req)?;
    Ok((conn, ranked, as_of))
}

/// The first `keep` of `candidates` (best first) that can be read ([`read`]), with the best
/// `windows` of stage 1 among them. Only these notes' files are read.
fn read_best(
    memory: &Memory,
    candidates: Vec<Candidate>,
    windows: &[RankedWindow],
    keep: usize,
) -> (Vec<RecalledNote>, Vec<RecalledWindow>) {
    let mut notes = Vec::with_capacity(keep);
    // stage 1 place → index in `notes`
    let mut read_at: HashMap<usize, usize> = HashMap::new();
    for c in candidates {
        if notes.len() == keep {
            break;
        }
        if let Some(note) = read(memory, c.note) {
            if let Some(place) = c.stage1 {
                read_at.insert(place, notes.len());
            }
            notes.push(note);
        }
    }
    let windows = (windows.iter())
        .filter_map(|w| {
            let note = notes.get(*read_at.get(&w.note)?)?;
            let last = w.last_line.min(note.body.lines().count().max(w.first_line));
            Some(RecalledWindow {
                id: note.id.clone(),
                lines: [w.first_line, last],
                score: w.score,
                text: window::lines(&note.body, w.first_line, last),
            })
        })
        .collect();
    (notes, windows)
}

/// An indexed note with its text as the file says now (a note edited in place since the index
/// last saw it included); `None` for one that now says it is deprecated.
fn read(memory: &Memory, mut note: IndexedNote) -> Option<RecalledNote> {
    let mut date = None;
    let body = match layout::read_note(&note.path, note.kind) {
        Ok(fresh) if fresh.meta.deprecated => return None,
        Ok(fresh) => {
            date = dates::meta_days(&fresh.meta).first().copied();
            note.name = fresh.meta.name;
            note.description = fresh.meta.description;
            note.updated_at = fresh.meta.updated_at;
            note.source_sessions = fresh.meta.source_sessions;
            fresh.body
        }
        Err(_) => String::new(),
    };
    let id = layout::relative(&note.path, memory.layout.root());
    Some(RecalledNote {
        note,
        id,
        date,
        body,
    })
}

fn record(mut conn: Connection, opts: &RecallOptions, result: &RecallResult) -> Result<(), Error> {
    let detail = serde_json::json!({
        "query": result.query,
        "notes": result.notes.iter().map(|n| serde_json::json!({"id": n.id, "score": n.note.score})).collect::<Vec<_>>(),
        "semantic": result.semantic,
        "model_step": result.model_step,
        "elapsed_ms": result.elapsed_ms,
    });
    let trace_key = opts
        .project
        .as_ref()
        .map_or("general", |p| p.key.0.as_str());
    trace::record(&mut conn, trace_key, TraceKind::Recall, &detail)
}

/// The context block for the agent; empty when nothing was recalled.
pub fn render(result: &RecallResult) -> String {
    if result.notes.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<memory>\nLong-term memory that may be relevant. Use only what helps with the request; it may be \
         outdated, and the user's current instructions always take precedence.\n",
    );
    for n in &result.notes {
        out.push_str(&format!(
            "\n### [{}] {} — {} ({}, {})\n",
            n.note.kind.as_str(),
            n.note.name,
            n.note.description,
            n.id,
            n.date
                .map_or_else(|| "undated".to_owned(), |d| format!("dated {d}"))
        ));
        out.push_str(&quote(n, &result.windows));
        out.push('\n');
    }
    out.push_str("</memory>\n");
    out
}

/// What the context block quotes of note `n`: the whole body when short, else its best windows
/// in body order (each headed by its lines), else its first lines.
fn quote(n: &RecalledNote, windows: &[RecalledWindow]) -> String {
    let lines = n.body.lines().count();
    let mut mine: Vec<&RecalledWindow> = windows
        .iter()
        .filter(|w| w.id == n.id)
        .take(WINDOWS_PER_NOTE)
        .collect();
    if lines <= WHOLE_NOTE_LINES || mine.is_empty() {
        let body: Vec<&str> = n.body.lines().take(MAX_BODY_LINES).collect();
        return body.join("\n");
    }
    mine.sort_by_key(|w| w.lines[0]);
    let parts: Vec<String> = mine
        .iter()
        .map(|w| {
            format!(
                "[lines {}–{} of {lines}]\n{}",
                w.lines[0], w.lines[1], w.text
            )
        })
        .collect();
    parts.join("\n…\n")
}
