//! The capture queue in `state.db` (`memory_captures`) and the claims `memory index` takes on it.
//!
//! A row is `pending` when captured, `claimed` by exactly one index worker while its notes are being
//! written, then `indexed` (or `failed` when the model's output stayed invalid). Claims are taken in
//! a `BEGIN IMMEDIATE` transaction, so two workers never get the same row. A worker holds a file
//! lock named after its token for as long as it lives; a claim whose worker lock can be taken belongs
//! to a dead worker (killed, crashed) and goes back to `pending`. No timeouts, no clocks: the kernel
//! releases the lock when the process dies.

use std::path::PathBuf;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::Error;
use super::layout::Layout;
use super::space::now;
use crate::home::{Project, ProjectKey};
use crate::store::{self, FileLock};

/// One captured turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Capture {
    pub id: i64,
    pub project_key: String,
    pub project_root: String,
    pub session_id: Option<String>,
    pub turn: Option<i64>,
    pub text: String,
    pub captured_at: String,
    pub state: String,
    /// Whether the project was trusted when the turn was captured.
    pub trusted: bool,
}

const CAPTURE_COLUMNS: &str =
    "id, project_key, project_root, session_id, turn, text, captured_at, state, trusted";

fn row_to_capture(r: &rusqlite::Row<'_>) -> rusqlite::Result<Capture> {
    Ok(Capture {
        id: r.get(0)?,
        project_key: r.get(1)?,
        project_root: r.get(2)?,
        session_id: r.get(3)?,
        turn: r.get(4)?,
        text: r.get(5)?,
        captured_at: r.get(6)?,
        state: r.get(7)?,
        trusted: r.get(8)?,
    })
}

/// Queues `text`; skipped (`None`) when it repeats the session's newest capture.
pub(super) fn enqueue(
    conn: &mut Connection,
    project: &Project,
    session: Option<&str>,
    turn: u32,
    (text, trusted): (&str, bool),
) -> Result<Option<i64>, Error> {
    store::immediate(conn, |tx| -> Result<Option<i64>, Error> {
        if let Some(session) = session {
            let last: Option<String> = tx
                .query_row(
                    "SELECT text FROM memory_captures WHERE session_id = ?1 ORDER BY id DESC LIMIT 1",
                    [session],
                    |r| r.get(0),
                )
                .optional()?;
            if last.as_deref() == Some(text) {
                return Ok(None);
            }
        }
        tx.execute(
            "INSERT INTO memory_captures (project_key, project_root, session_id, turn, text, captured_at, trusted)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![project.key.0, project.root.to_string_lossy(), session, turn, text, now(), trusted],
        )?;
        Ok(Some(tx.last_insert_rowid()))
    })
}

/// Captures not yet indexed (pending or claimed), oldest first; of one project or all.
pub(super) fn pending(conn: &Connection, project_key: Option<&str>) -> Result<Vec<Capture>, Error> {
    let sql = format!(
        "SELECT {CAPTURE_COLUMNS} FROM memory_captures
         WHERE state IN ('pending', 'claimed') AND (?1 IS NULL OR project_key = ?1) ORDER BY id"
    );
    let mut stmt = conn
        .prepare(&sql)
        .map_err(Error::sqlite("reading the capture queue"))?;
    let rows = stmt
        .query_map([project_key], row_to_capture)
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("reading the capture queue"))?;
    Ok(rows)
}

/// Captures whose model reply stayed invalid (`failed`), of one project or all: how many.
pub(super) fn failed_count(conn: &Connection, project_key: Option<&str>) -> Result<usize, Error> {
    conn.query_row(
        "SELECT count(*) FROM memory_captures WHERE state = 'failed' AND (?1 IS NULL OR project_key = ?1)",
        [project_key],
        |r| r.get::<_, i64>(0),
    )
    .map(|n| usize::try_from(n).unwrap_or(0))
    .map_err(Error::sqlite("reading the capture queue"))
}

/// Queues the `failed` captures of one project or all again (`memory index --retry-failed`); how
/// many.
pub(super) fn retry_failed(
    conn: &mut Connection,
    project_key: Option<&str>,
) -> Result<usize, Error> {
    store::immediate(conn, |tx| -> Result<usize, Error> {
        Ok(tx.execute(
            "UPDATE memory_captures SET state = 'pending', indexed_at = NULL
             WHERE state = 'failed' AND (?1 IS NULL OR project_key = ?1)",
            [project_key],
        )?)
    })
}

/// Projects with captures waiting, with the root each was captured in.
pub(super) fn pending_projects(conn: &Connection) -> Result<Vec<(ProjectKey, PathBuf)>, Error> {
    let mut stmt = conn
        .prepare(
            "SELECT project_key, MAX(project_root) FROM memory_captures
             WHERE state IN ('pending', 'claimed') GROUP BY project_key ORDER BY project_key",
        )
        .map_err(Error::sqlite("reading the capture queue"))?;
    let rows = stmt
        .query_map([], |r| {
            Ok((ProjectKey(r.get(0)?), PathBuf::from(r.get::<_, String>(1)?)))
        })
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("reading the capture queue"))?;
    Ok(rows)
}

/// How a claimed row ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Finish {
    Indexed,
    Failed,
    /// Give it back (the model was unreachable); another run retries it.
    Release,
}

/// A live index worker: its token and the lock that proves it is alive.
#[derive(Debug)]
pub(super) struct Worker {
    token: String,
    lock: Option<FileLock>,
}

impl Worker {
    /// Starts a worker: takes its lock before it claims anything.
    pub(super) fn start(layout: &Layout) -> Result<Worker, Error> {
        let token = ulid::Ulid::generate().to_string();
        let lock = FileLock::acquire(&layout.worker_lock(&token))?;
        Ok(Worker {
            token,
            lock: Some(lock),
        })
    }

    /// Claims the oldest pending capture of `project_key`, after returning dead workers' claims.
    pub(super) fn claim(
        &self,
        conn: &mut Connection,
        layout: &Layout,
        project_key: &str,
    ) -> Result<Option<Capture>, Error> {
        store::immediate(conn, |tx| -> Result<Option<Capture>, Error> {
            release_orphans(tx, layout, &self.token)?;
            let sql = format!(
                "UPDATE memory_captures SET state = 'claimed', claimed_by = ?1
                 WHERE id = (SELECT id FROM memory_captures WHERE project_key = ?2 AND state = 'pending' ORDER BY id LIMIT 1)
                 RETURNING {CAPTURE_COLUMNS}"
            );
            Ok(tx
                .query_row(&sql, params![self.token, project_key], row_to_capture)
                .optional()?)
        })
    }

    /// Ends this worker's claim on `id`.
    pub(super) fn finish(&self, conn: &mut Connection, id: i64, how: Finish) -> Result<(), Error> {
        store::immediate(conn, |tx| -> Result<(), Error> {
            match how {
                Finish::Indexed | Finish::Failed => {
                    let state = if how == Finish::Indexed {
                        "indexed"
                    } else {
                        "failed"
                    };
                    tx.execute(
                        "UPDATE memory_captures SET state = ?1, claimed_by = NULL, indexed_at = ?2
                         WHERE id = ?3 AND claimed_by = ?4",
                        params![state, now(), id, self.token],
                    )?;
                }
                Finish::Release => {
                    tx.execute(
                        "UPDATE memory_captures SET state = 'pending', claimed_by = NULL WHERE id = ?1 AND claimed_by = ?2",
                        params![id, self.token],
                    )?;
                }
            }
            Ok(())
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(lock) = self.lock.take() {
            let path = lock.path().to_owned();
            drop(lock);
            let _ = std::fs::remove_file(path);
        }
    }
}

fn release_orphans(tx: &rusqlite::Transaction<'_>, layout: &Layout, me: &str) -> Result<(), Error> {
    let owners: Vec<String> = {
        let mut stmt = tx.prepare(
            "SELECT DISTINCT claimed_by FROM memory_captures WHERE state = 'claimed' AND claimed_by IS NOT NULL AND claimed_by != ?1",
        )?;
        stmt.query_map([me], |r| r.get(0))?
            .collect::<Result<_, _>>()?
    };
    for owner in owners {
        let path = layout.worker_lock(&owner);
        if let Some(lock) = FileLock::try_acquire(&path)? {
            tracing::info!(worker = %owner, "returning the claims of a dead memory index worker");
            release_claims(tx, &owner)?;
            drop(lock);
            let _ = std::fs::remove_file(&path);
        }
    }
    Ok(())
}

/// Returns every capture `owner` claimed to the queue.
pub(super) fn release_claims(tx: &rusqlite::Transaction<'_>, owner: &str) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE memory_captures SET state = 'pending', claimed_by = NULL
         WHERE claimed_by = ?1 AND state = 'claimed'",
        [owner],
    )?;
    Ok(())
}

/// Each worker holding claims, with how many captures it holds.
pub(super) fn claim_owners(conn: &Connection) -> rusqlite::Result<Vec<(String, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT claimed_by, count(*) FROM memory_captures
         WHERE state = 'claimed' AND claimed_by IS NOT NULL GROUP BY claimed_by",
    )?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}
