//! Traces: one row in `state.db` per index, recall and dream, so a person can see what memory did
//! and why (`memory trace`). Details are free-form JSON owned by each stage. The newest
//! [`KEEP`] of each kind are kept (recall writes one per user turn).

use rusqlite::{Connection, params};
use serde::Serialize;

use super::Error;
use super::space::now;

/// Traces kept per kind; older ones are dropped every [`PRUNE_EVERY`] writes.
pub(super) const KEEP: i64 = 10_000;
const PRUNE_EVERY: i64 = 100;

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
        if tx.last_insert_rowid() % PRUNE_EVERY == 0 {
            tx.execute(
                "DELETE FROM memory_traces WHERE kind = ?1 AND id <= (
                   SELECT id FROM memory_traces WHERE kind = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)",
                params![kind.as_str(), KEEP],
            )?;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_traces_of_a_kind_are_kept() {
        let mut conn = crate::store::open_memory().unwrap();
        let detail = serde_json::json!({});
        let extra = 2 * PRUNE_EVERY + 7;
        for _ in 0..KEEP + extra {
            record(&mut conn, "p", TraceKind::Recall, &detail).unwrap();
        }
        record(&mut conn, "p", TraceKind::Index, &detail).unwrap();
        let count = |kind: &str| -> i64 {
            conn.query_row(
                "SELECT count(*) FROM memory_traces WHERE kind = ?1",
                [kind],
                |r| r.get(0),
            )
            .unwrap()
        };
        let recalls = count("recall");
        assert!((KEEP..KEEP + PRUNE_EVERY).contains(&recalls), "{recalls}");
        assert_eq!(count("index"), 1);
        let newest = recent(&conn, Some("p"), Some(TraceKind::Recall), 1).unwrap();
        assert_eq!(newest[0].id, KEEP + extra);
    }
}
