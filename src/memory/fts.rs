//! The note catalog and full-text index in `state.db` (`memory_notes` + the FTS5 table
//! `memory_fts`, same rowid), kept in step with the markdown files.
//!
//! Files are the truth; the index is a cache. [`sync`] compares each note file's mtime and size with
//! its row and re-reads only what changed, so a hand edit is searchable after it and a deleted file
//! drops out; when the whole listing hashes as at the last sync it reads nothing. Recall decides
//! when to run the full check ([`super::space::Memory::search`], [`last_check`]). Text is segmented
//! with [`crate::text::segment`] so CJK words of two characters match. All writes happen in one `BEGIN IMMEDIATE` transaction per sync; two processes syncing at
//! once converge (upserts by path).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use rusqlite::{Connection, OptionalExtension, params};

use super::Error;
use super::layout::{self, Listing, Scope};
use super::note::NoteKind;
use super::state;
use super::{dates, vectors, window};
use crate::store;

/// One indexed note, as the index knows it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct IndexedNote {
    pub path: PathBuf,
    pub scope_key: String,
    pub kind: NoteKind,
    pub name: String,
    pub description: String,
    pub updated_at: String,
    pub deprecated: bool,
    pub source_sessions: Vec<String>,
    /// BM25 relevance (higher is better); 0 when listed rather than searched.
    pub score: f64,
}

/// The `memory_state` key holding a scope's listing fingerprint (see [`sync`]).
const FINGERPRINT_KEY: &str = "index_fingerprint";

/// The `memory_state` key holding when recall last checked every note file of a scope and how
/// its folders looked then (see [`last_check`]).
const CHECKED_KEY: &str = "index_checked";

/// Brings the rows of `scope` in line with its files. Returns how many rows changed.
///
/// Fast path: the listing's fingerprint ([`Listing::fingerprint`]) is kept per scope; when it is
/// the same as at the last sync, nothing is read from the index and no paths are built. Otherwise
/// [`sync_to`] compares the stamps row by row and re-reads only changed files.
pub(super) fn sync(conn: &mut Connection, scope: &Scope<'_>) -> Result<usize, Error> {
    let listing = scope.list();
    let fingerprint = listing.fingerprint();
    if stored_fingerprint(conn, scope.key)?.as_deref() == Some(fingerprint.as_str()) {
        return Ok(0);
    }
    sync_to(conn, scope, listing, &fingerprint)
}

/// The fingerprint stored by the last sync of `scope_key`.
pub(super) fn stored_fingerprint(
    conn: &Connection,
    scope_key: &str,
) -> Result<Option<String>, Error> {
    state::get(conn, scope_key, FINGERPRINT_KEY)
}

/// When every note file of `scope_key` was last checked by recall (ns since the epoch) and the
/// [`super::layout::Folders`] stamp taken just before.
pub(super) fn last_check(
    conn: &Connection,
    scope_key: &str,
) -> Result<Option<(i64, String)>, Error> {
    Ok(state::get(conn, scope_key, CHECKED_KEY)?.and_then(|v| {
        let (at, stamp) = v.split_once(' ')?;
        Some((at.parse().ok()?, stamp.to_owned()))
    }))
}

/// Records, per scope key, that every note file was checked at `at_ns` with the folders stamp
/// given, or forgets the last check (`None`: the stamp is not to be trusted).
pub(super) fn record_checks(
    conn: &mut Connection,
    checks: &[(&str, i64, Option<&str>)],
) -> Result<(), Error> {
    store::immediate(conn, |tx| -> Result<(), Error> {
        for (scope_key, at_ns, stamp) in checks {
            match stamp {
                Some(stamp) => state::put(tx, scope_key, CHECKED_KEY, &format!("{at_ns} {stamp}"))?,
                None => state::delete(tx, scope_key, CHECKED_KEY)?,
            }
        }
        Ok(())
    })
}

/// Syncs `scope` to `listing` (just read, fingerprinted as `fingerprint`) and stores that
/// fingerprint; a change after the listing was read shows at the next sync. Returns how many rows
/// changed.
pub(super) fn sync_to(
    conn: &mut Connection,
    scope: &Scope<'_>,
    listing: Listing,
    fingerprint: &str,
) -> Result<usize, Error> {
    let scope_key = scope.key;
    let files = listing.files(scope_key);
    let known = known_rows(conn, scope_key)?;
    let mut changed = Vec::new();
    let mut on_disk: HashSet<&str> = HashSet::with_capacity(files.len());
    for f in &files {
        let Some(key) = f.file.path.to_str() else {
            continue;
        };
        on_disk.insert(key);
        if known.get(key) != Some(&(f.mtime_ns, f.size)) {
            changed.push((f, key));
        }
    }
    let removed: Vec<&String> = known
        .keys()
        .filter(|p| !on_disk.contains(p.as_str()))
        .collect();
    let count = changed.len() + removed.len();
    store::immediate(conn, |tx| -> Result<(), Error> {
        for path in &removed {
            delete_row(tx, path)?;
        }
        for (f, key) in &changed {
            let Ok(note) = layout::read_note(&f.file.path, f.file.kind) else {
                continue;
            };
            let sources = serde_json::to_string(&note.meta.source_sessions).unwrap_or_default();
            let own_days = dates::meta_days(&note.meta);
            let mut days = own_days.clone();
            days.extend(dates::days_in(&note.body));
            let days = dates::distinct(days);
            let hash = vectors::content_hash(&vectors::note_text(&note));
            tx.execute(
                "INSERT INTO memory_notes (path, scope_key, kind, name, description, deprecated, updated_at, source_sessions, mtime_ns, size, days, content_hash)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                 ON CONFLICT (path) DO UPDATE SET scope_key = ?2, kind = ?3, name = ?4, description = ?5,
                   deprecated = ?6, updated_at = ?7, source_sessions = ?8, mtime_ns = ?9, size = ?10, days = ?11,
                   content_hash = ?12",
                params![
                    key, f.file.scope_key, note.meta.kind.as_str(), note.meta.name, note.meta.description,
                    note.meta.deprecated, note.meta.updated_at, sources, f.mtime_ns, f.size,
                    dates::column(&days), hash
                ],
            )?;
            let rowid: i64 = tx.query_row(
                "SELECT rowid FROM memory_notes WHERE path = ?1",
                [key],
                |r| r.get(0),
            )?;
            delete_text(tx, rowid)?;
            tx.execute(
                "INSERT INTO memory_fts (rowid, name, description, body, dates) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    rowid,
                    crate::text::segment(&note.meta.name),
                    crate::text::segment(&note.meta.description),
                    crate::text::segment(&note.body),
                    dates::words(&days)
                ],
            )?;
            let windows = window::split(&note.body);
            // A note of one window is not indexed twice: recall takes the note as its window.
            let windows = if windows.len() > 1 {
                windows
            } else {
                Vec::new()
            };
            // Each window's text segmented once: as its body, and as its neighbours' context.
            let texts: Vec<String> = (windows.iter())
                .map(|w| crate::text::segment(&w.text))
                .collect();
            for (ordinal, w) in windows.iter().enumerate() {
                tx.execute(
                    "INSERT INTO memory_windows (note, ordinal, first_line, last_line) VALUES (?1, ?2, ?3, ?4)",
                    params![rowid, ordinal as i64, w.first_line as i64, w.last_line as i64],
                )?;
                let mut days = own_days.clone();
                days.extend(dates::days_in(&w.text));
                tx.execute(
                    "INSERT INTO memory_window_fts (rowid, body, context, dates) VALUES (?1, ?2, ?3, ?4)",
                    params![
                        tx.last_insert_rowid(),
                        texts[ordinal],
                        window::context(&texts, ordinal),
                        dates::words(&dates::distinct(days))
                    ],
                )?;
            }
        }
        state::put(tx, scope_key, FINGERPRINT_KEY, fingerprint)?;
        Ok(())
    })?;
    Ok(count)
}

/// Marks every row of `scope_key` stale, so the next sync re-reads all its files (after a
/// directory swap, where a file's stamp alone cannot be trusted). The rows stay searchable until
/// that sync replaces or removes them in its one transaction: a recall running between the two
/// (another process) still finds the scope's notes instead of an empty index.
pub(super) fn forget(conn: &mut Connection, scope_key: &str) -> Result<(), Error> {
    store::immediate(conn, |tx| -> Result<(), Error> {
        tx.execute(
            "UPDATE memory_notes SET mtime_ns = -1 WHERE scope_key = ?1",
            [scope_key],
        )?;
        state::delete(tx, scope_key, FINGERPRINT_KEY)?;
        state::delete(tx, scope_key, CHECKED_KEY)?;
        Ok(())
    })
}

fn delete_row(tx: &rusqlite::Transaction<'_>, path: &str) -> Result<(), Error> {
    let rowid: Option<i64> = tx
        .query_row(
            "SELECT rowid FROM memory_notes WHERE path = ?1",
            [path],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(rowid) = rowid {
        delete_text(tx, rowid)?;
        tx.execute("DELETE FROM memory_notes WHERE rowid = ?1", [rowid])?;
    }
    Ok(())
}

/// Drops the full-text rows and windows of note `rowid`.
fn delete_text(tx: &rusqlite::Transaction<'_>, rowid: i64) -> Result<(), Error> {
    tx.execute("DELETE FROM memory_fts WHERE rowid = ?1", [rowid])?;
    tx.execute(
        "DELETE FROM memory_window_fts WHERE rowid IN (SELECT id FROM memory_windows WHERE note = ?1)",
        [rowid],
    )?;
    tx.execute("DELETE FROM memory_windows WHERE note = ?1", [rowid])?;
    Ok(())
}

/// path → (mtime_ns, size) of the indexed notes of `scope_key`.
fn known_rows(conn: &Connection, scope_key: &str) -> Result<HashMap<String, (i64, i64)>, Error> {
    let mut stmt = conn
        .prepare_cached("SELECT path, mtime_ns, size FROM memory_notes WHERE scope_key = ?1")
        .map_err(Error::sqlite("reading the note index"))?;
    let rows = stmt
        .query_map([scope_key], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("reading the note index"))?;
    Ok(rows)
}

const COLUMNS: &str = "n.path, n.scope_key, n.kind, n.name, n.description, n.updated_at, n.deprecated, n.source_sessions";

fn row_to_note(r: &rusqlite::Row<'_>, score: f64) -> rusqlite::Result<IndexedNote> {
    let kind: String = r.get(2)?;
    let sources: String = r.get(7)?;
    Ok(IndexedNote {
        path: PathBuf::from(r.get::<_, String>(0)?),
        scope_key: r.get(1)?,
        kind: NoteKind::parse(&kind).unwrap_or(NoteKind::Project),
        name: r.get(3)?,
        description: r.get(4)?,
        updated_at: r.get(5)?,
        deprecated: r.get(6)?,
        source_sessions: serde_json::from_str(&sources).unwrap_or_default(),
        score,
    })
}

/// `scopes` as the JSON array the queries filter on; `None` means every scope.
pub(super) fn scope_param(scopes: Option<&[String]>) -> Option<String> {
    scopes.map(|s| serde_json::to_string(s).unwrap_or_else(|_| "[]".to_owned()))
}

/// A note matching a query, with its BM25 relevance (higher is better) and its days.
pub(super) struct NoteHit {
    pub rowid: i64,
    pub note: IndexedNote,
    pub days: Vec<chrono::NaiveDate>,
    /// Whether the note has windows of its own (a note of one paragraph has none).
    pub windowed: bool,
}

/// A window matching a query: its note's rowid, lines and BM25 relevance (higher is better).
pub(super) struct WindowHit {
    pub note: i64,
    pub first_line: usize,
    pub last_line: usize,
    pub score: f64,
}

/// Weight of the `dates` column against a body (1) in `bm25()`.
const DATES_WEIGHT: f64 = 3.0;
/// Weight of a window's `context` (its neighbouring windows' text) against its body (1).
const CONTEXT_WEIGHT: f64 = 0.3;

/// The best `limit` active notes in `scopes` (all when `None`) for the FTS5 expression `expr`,
/// by BM25 over name (×3), description (×2), body and dates.
pub(super) fn notes(
    conn: &Connection,
    expr: &str,
    scopes: Option<&[String]>,
    limit: usize,
) -> Result<Vec<NoteHit>, Error> {
    let sql = format!(
        "SELECT {COLUMNS}, bm25(memory_fts, 3.0, 2.0, 1.0, {DATES_WEIGHT}) AS rank, n.rowid, n.days,
                EXISTS (SELECT 1 FROM memory_windows w WHERE w.note = n.rowid)
         FROM memory_fts JOIN memory_notes n ON n.rowid = memory_fts.rowid
         WHERE memory_fts MATCH ?1 AND n.deprecated = 0
           AND (?2 IS NULL OR n.scope_key IN (SELECT value FROM json_each(?2)))
         ORDER BY rank LIMIT ?3"
    );
    let mut stmt = conn
        .prepare_cached(&sql)
        .map_err(Error::sqlite("searching notes"))?;
    let rows = stmt
        .query_map(params![expr, scope_param(scopes), limit as i64], |r| {
            let rank: f64 = r.get(8)?;
            let days: String = r.get(10)?;
            Ok(NoteHit {
                note: row_to_note(r, -rank)?,
                rowid: r.get(9)?,
                days: dates::from_column(&days),
                windowed: r.get(11)?,
            })
        })
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("searching notes"))?;
    Ok(rows)
}

/// The best `limit` windows of the notes `notes` (rowids) for `expr`, by BM25 over body,
/// context (its neighbours, [`CONTEXT_WEIGHT`]) and dates.
pub(super) fn windows(
    conn: &Connection,
    expr: &str,
    notes: &[i64],
    limit: usize,
) -> Result<Vec<WindowHit>, Error> {
    let sql = format!(
        "SELECT w.note, w.first_line, w.last_line,
                bm25(memory_window_fts, 1.0, {CONTEXT_WEIGHT}, {DATES_WEIGHT}) AS rank
         FROM memory_window_fts JOIN memory_windows w ON w.id = memory_window_fts.rowid
         WHERE memory_window_fts MATCH ?1 AND w.note IN (SELECT value FROM json_each(?2))
         ORDER BY rank LIMIT ?3"
    );
    let notes = serde_json::to_string(notes).unwrap_or_else(|_| "[]".to_owned());
    let mut stmt = conn
        .prepare_cached(&sql)
        .map_err(Error::sqlite("searching notes"))?;
    let rows = stmt
        .query_map(params![expr, notes, limit as i64], |r| {
            let rank: f64 = r.get(3)?;
            Ok(WindowHit {
                note: r.get(0)?,
                first_line: r.get::<_, i64>(1)? as usize,
                last_line: r.get::<_, i64>(2)? as usize,
                score: -rank,
            })
        })
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("searching notes"))?;
    Ok(rows)
}

/// The active notes of `scope_key` whose embedded text has content hash `hash`.
pub(super) fn active_by_hash(
    conn: &Connection,
    scope_key: &str,
    hash: &str,
) -> Result<Vec<IndexedNote>, Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM memory_notes n
         WHERE n.content_hash = ?1 AND n.scope_key = ?2 AND n.deprecated = 0 ORDER BY n.path"
    );
    conn.prepare_cached(&sql)
        .and_then(|mut s| {
            s.query_map([hash, scope_key], |r| row_to_note(r, 0.0))?
                .collect()
        })
        .map_err(Error::sqlite("reading the note index"))
}

/// The indexed (segmented) body of note `rowid`.
pub(super) fn body(conn: &Connection, rowid: i64) -> Result<String, Error> {
    conn.prepare_cached("SELECT body FROM memory_fts WHERE rowid = ?1")
        .and_then(|mut s| s.query_row([rowid], |r| r.get(0)).optional())
        .map(Option::unwrap_or_default)
        .map_err(Error::sqlite("reading the note index"))
}

/// Every indexed note in `scopes` (all when `None`), newest first within each kind.
pub(super) fn list(
    conn: &Connection,
    scopes: Option<&[String]>,
) -> Result<Vec<IndexedNote>, Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM memory_notes n
         WHERE (?1 IS NULL OR n.scope_key IN (SELECT value FROM json_each(?1)))
         ORDER BY n.kind, n.updated_at DESC, n.path"
    );
    let mut stmt = conn
        .prepare_cached(&sql)
        .map_err(Error::sqlite("listing notes"))?;
    let rows = stmt
        .query_map(params![scope_param(scopes)], |r| row_to_note(r, 0.0))
        .and_then(Iterator::collect)
        .map_err(Error::sqlite("listing notes"))?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::home::ProjectKey;

    #[test]
    fn sync_reads_nothing_for_an_unchanged_listing_and_sees_in_place_edits() {
        let dir = tempfile::tempdir().unwrap();
        let key = ProjectKey("proj-0123456789".to_owned());
        let path = dir.path().join("Project/build.md");
        let note =
            super::super::note::Note::new(NoteKind::Project, "Build", "how", "Use make.", "t");
        store::write_atomic(&path, note.render().as_bytes()).unwrap();
        let mut conn = store::open_memory().unwrap();
        let scope = Scope::workspace(dir.path(), &key);
        assert_eq!(sync(&mut conn, &scope).unwrap(), 1);
        assert_eq!(sync(&mut conn, &scope).unwrap(), 0);
        // An editor that writes in place: the directory does not change, the file does.
        let edited = note.render().replace("Use make.", "Use cargo xtask.");
        crate::test_edits::edit_in_place(&path, &edited);
        assert_eq!(sync(&mut conn, &scope).unwrap(), 1);
        let hits = notes(&conn, "\"xtask\"", None, 5).unwrap();
        assert_eq!(hits.len(), 1);
        assert!(
            windows(&conn, "\"xtask\"", &[hits[0].rowid], 5)
                .unwrap()
                .is_empty(),
            "a note of one paragraph is its own window"
        );
        std::fs::remove_file(&path).unwrap();
        assert_eq!(sync(&mut conn, &scope).unwrap(), 1);
        assert!(notes(&conn, "\"xtask\"", None, 5).unwrap().is_empty());
        assert!(
            windows(&conn, "\"xtask\"", &[hits[0].rowid], 5)
                .unwrap()
                .is_empty()
        );
    }
}
