//! Recall: the notes relevant to a request, and the context block the agent receives.
//!
//! **Stage 1** is local and fast: rank notes with the full-text index (BM25 over name, description
//! and body; porter stemming; CJK bigrams) over an index kept in step with the note files
//! ([`Memory::search`]: new, deleted and renamed notes count at once, notes edited in place within
//! seconds). In a project the project's notes and the global
//! user notes are searched; in the General workspace (no project) every project's notes are.
//! **Stage 2**, optional ([`super::select`]): the memory model decides whether memory is needed and
//! picks among stage 1's candidates, within what is left of `retrievalTimeoutMs`; on any failure
//! stage 1's ranking stands. Each recall records one trace with both stages.

use std::time::{Duration, Instant};

use rusqlite::Connection;
use serde::Serialize;

use super::Error;
use super::fts::IndexedNote;
use super::layout;
use super::select::{self, ModelStep, SkipReason};
use super::space::Memory;
use super::trace::{self, TraceKind};
use crate::home::Project;

/// Lines of a note body placed in the context block.
const MAX_BODY_LINES: usize = 60;

/// What to recall.
#[derive(Debug, Clone)]
pub struct RecallOptions {
    /// `None`: the General workspace (search every project).
    pub project: Option<Project>,
    pub query: String,
    pub limit: usize,
    /// Stage 1 only, even when `reasoningMode: accuracy_first` asks for the model step.
    pub offline: bool,
}

/// One recalled note.
#[derive(Debug, Clone, Serialize)]
pub struct RecalledNote {
    #[serde(flatten)]
    pub note: IndexedNote,
    /// The note's path relative to the memory root.
    pub id: String,
    pub body: String,
}

/// The notes for a query, best first.
#[derive(Debug, Clone, Serialize)]
pub struct RecallResult {
    pub query: String,
    pub notes: Vec<RecalledNote>,
    /// What stage 2 did (`skipped` when it did not run).
    pub model_step: ModelStep,
    pub elapsed_ms: f64,
}

/// Recalls notes for `opts.query`: stage 1, then the model step when configured. Stage 1 runs on a
/// blocking thread; the whole recall is bounded by `memory.retrievalTimeoutMs` — a stage 1 that
/// does not finish in time is an error ([`Error::RecallTimeout`]), a model step that does not is
/// skipped in favour of stage 1. Records a trace.
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
    let stage1 = {
        let (memory, opts) = (memory.clone(), opts.clone());
        tokio::task::spawn_blocking(move || rank(&memory, &opts, wanted))
    };
    let (conn, candidates) = match tokio::time::timeout_at(deadline, stage1).await {
        Err(_) => return Err(Error::RecallTimeout { ms: timeout_ms }),
        Ok(Err(_)) => return Err(Error::Bug("the recall thread stopped")),
        Ok(Ok(ranked)) => ranked?,
    };
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
    let result = RecallResult {
        query: opts.query.clone(),
        notes,
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
    let (conn, notes) = rank(memory, opts, opts.limit)?;
    let result = RecallResult {
        query: opts.query.clone(),
        notes,
        model_step: ModelStep::Skipped {
            reason: SkipReason::Offline,
        },
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    record(conn, opts, &result)?;
    Ok(result)
}

/// Stage 1: the best `limit` notes ([`Memory::search`]) with their bodies. Each note is read from
/// its file, so what is returned is as the file says now (a note edited in place since the index
/// last saw it included); one that now says it is deprecated is left out.
fn rank(
    memory: &Memory,
    opts: &RecallOptions,
    limit: usize,
) -> Result<(Connection, Vec<RecalledNote>), Error> {
    let key = opts.project.as_ref().map(|p| &p.key);
    let (conn, hits) = memory.search(key, &opts.query, limit)?;
    let notes = hits
        .into_iter()
        .filter_map(|mut note| {
            let body = match layout::read_note(&note.path, note.kind) {
                Ok(fresh) if fresh.meta.deprecated => return None,
                Ok(fresh) => {
                    note.name = fresh.meta.name;
                    note.description = fresh.meta.description;
                    note.updated_at = fresh.meta.updated_at;
                    note.source_sessions = fresh.meta.source_sessions;
                    fresh.body
                }
                Err(_) => String::new(),
            };
            let id = layout::relative(&note.path, memory.layout.root());
            Some(RecalledNote { note, id, body })
        })
        .collect();
    Ok((conn, notes))
}

fn record(mut conn: Connection, opts: &RecallOptions, result: &RecallResult) -> Result<(), Error> {
    let detail = serde_json::json!({
        "query": result.query,
        "notes": result.notes.iter().map(|n| serde_json::json!({"id": n.id, "score": n.note.score})).collect::<Vec<_>>(),
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
            "\n### [{}] {} — {} ({}, updated {})\n",
            n.note.kind.as_str(),
            n.note.name,
            n.note.description,
            n.id,
            n.note.updated_at
        ));
        let body: Vec<&str> = n.body.lines().take(MAX_BODY_LINES).collect();
        out.push_str(&body.join("\n"));
        out.push('\n');
    }
    out.push_str("</memory>\n");
    out
}
