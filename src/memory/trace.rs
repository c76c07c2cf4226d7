//! Traces: one row in `state.db` per index, recall and dream, so a person can see what memory did
//! and why (`memory trace`). Details are free-form JSON owned by each stage.

use rusqlite::{Connection, params};
use serde::Serialize;

use super::Error;
use super::space::now;

/// Which stage wrote a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceKind {
    Index,
    Recall,
    Dream,
}

impl TraceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TraceKind::Index => "index",
            TraceKind::Recall => "recall",
            TraceKind::Dream => "dream",
        }
    }
}

/// A stored trace.
#[derive(Debug, Clone, Serialize)]
pub struct Trace {
    pub id: i64,
    pub project_key: String,
    pub kind: String,
    pub at: String,
    pub detail: serde_json::Value,
}

/// Appends a trace (one short write transaction).
pub(super) fn record(
    conn: &mut Connection,
    project_key: &str,
    kind: TraceKind,
    detail: &serde_json::Value,
) -> Result<(), Error> {
    crate::store::immediate(conn, |tx| -> Result<(), Error> {
        tx.execute(
            "INSERT INTO memory_traces (project_key, kind, at, detail) VALUES (?1, ?2, ?3, ?4)",
            params![project_key, kind.as_str(), now(), detail.to_string()],
        )?;
        Ok(())
    })
}

/// The newest `last` traces, optionally of one kind and one project, newest first.
pub fn recent(
    conn: &Connection,
    project_key: Option<&str>,
    kind: Option<TraceKind>,
    last: usize,
) -> Result<Vec<Trace>, Error> {
    let mut stmt = conn
        .prepare(
            "SELECT id, project_key, kind, at, detail FROM memory_traces
             WHERE (?1 IS NULL OR project_key = ?1) AND (?2 IS NULL OR kind = ?2)
             ORDER BY id DESC LIMIT ?3",
        )
        .map_err(Error::sqlite("reading traces"))?;
    let rows = stmt
        .query_map(
            params![project_key, kind.map(TraceKind::as_str), last as i64],
            |r| {
                let detail: String = r.get(4)?;
                Ok(Trace {
                    id: r.get(0)?,
                    project_key: r.get(1)?,
                    kind: r.get(2)?,
                    at: r.get(3)?,
                    detail: serde_json::from_str(&detail).unwrap_or(serde_json::Value::Null),
                })
            },
        )
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("reading traces"))?;
    Ok(rows)
}
