//! Recall stage 1: rank notes with the local full-text index (BM25 over name, description and body;
//! porter stemming; CJK bigrams), offline and fast, and render the context block the agent receives.
//!
//! Every recall first syncs the index with the note files, so hand edits count at once. In a project
//! the project's notes and the global user notes are searched; in the General workspace (no project)
//! every project's notes are. There is no model stage yet: the lexical ranking is the result.

use std::time::Instant;

use serde::Serialize;

use super::Error;
use super::fts::{self, IndexedNote};
use super::layout;
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

/// The ranked notes for a query.
#[derive(Debug, Clone, Serialize)]
pub struct RecallResult {
    pub query: String,
    pub notes: Vec<RecalledNote>,
    pub elapsed_ms: f64,
}

/// Stage 1 recall. Records a trace.
pub fn recall(memory: &Memory, opts: &RecallOptions) -> Result<RecallResult, Error> {
    let started = Instant::now();
    let mut conn = memory.db()?;
    let key = opts.project.as_ref().map(|p| &p.key);
    memory.sync(&mut conn, key)?;
    let scopes = memory.scopes(key);
    let hits = fts::search(&conn, &opts.query, scopes.as_deref(), opts.limit)?;
    let notes: Vec<RecalledNote> = hits
        .into_iter()
        .map(|note| {
            let body = layout::read_note(&note.path, note.kind)
                .map(|n| n.body)
                .unwrap_or_default();
            let id = layout::relative(&note.path, memory.layout.root());
            RecalledNote { note, id, body }
        })
        .collect();
    let result = RecallResult {
        query: opts.query.clone(),
        notes,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    let detail = serde_json::json!({
        "query": result.query,
        "notes": result.notes.iter().map(|n| serde_json::json!({"id": n.id, "score": n.note.score})).collect::<Vec<_>>(),
        "elapsed_ms": result.elapsed_ms,
    });
    let trace_key = key.map_or("general", |k| k.0.as_str());
    trace::record(&mut conn, trace_key, TraceKind::Recall, &detail)?;
    Ok(result)
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
