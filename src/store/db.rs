//! `state.db`: the SQLite database every pilotdeck process shares for coordination and indexes.
//!
//! Opened in WAL mode with a busy timeout so readers never block writers and short write transactions
//! queue instead of failing. Migrations are an append-only list keyed by `PRAGMA user_version` and run
//! in one `EXCLUSIVE` transaction, so two processes opening a fresh database at once end with one
//! schema: the second waits for the first and then finds nothing to do.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::{Error, create_dir_private};

/// How long a statement waits for another process's write lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The size the write-ahead log is kept under: after a checkpoint resets it, the file is truncated
/// to this, and a connection that opens a larger one (a big import just ended) checkpoints it first.
const WAL_LIMIT: u64 = 4 * 1024 * 1024;

/// Pages a commit may leave in the log before it checkpoints (SQLite's default is 1,000). The first
/// connection of a process re-reads and checksums every frame since the last checkpoint to rebuild
/// the log index, so a short log keeps each command's start cheap; a checkpoint (with its fsyncs)
/// then comes every few dozen commands instead of at every exit.
const WAL_AUTOCHECKPOINT_PAGES: i64 = 128;

/// Schema migrations, applied in order. Never remove, reorder or edit an entry: append a new one.
/// Each subsystem appends the tables it owns (the comment names the owner).
pub const MIGRATIONS: &[&str] = &[
    // 1: store — key/value facts about the database itself.
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
     INSERT INTO meta (key, value) VALUES ('created_by', 'pilotdeck');",
    // 2: session — the session index (rebuildable from the transcripts; `file_*` detect changes) and
    // the full-text index, whose `body` is the text with CJK runs split into bigrams (text::segment).
    "CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        project_key TEXT NOT NULL,
        path TEXT NOT NULL,
        cwd TEXT NOT NULL,
        title TEXT NOT NULL,
        model TEXT NOT NULL,
        turns INTEGER NOT NULL,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        cost_usd REAL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        file_mtime_ns INTEGER NOT NULL,
        file_size INTEGER NOT NULL,
        -- the session's rows in session_text are this contiguous rowid range (NULL when none)
        text_first INTEGER,
        text_last INTEGER
     );
     CREATE INDEX sessions_by_project ON sessions (project_key, updated_at);
     CREATE VIRTUAL TABLE session_text USING fts5 (
        body, text UNINDEXED, session_id UNINDEXED, turn UNINDEXED, role UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2'
     );",
    // 3: router — the last routing decision per session (sticky tier, cache-aware switching).
    "CREATE TABLE router_sticky (
        session TEXT PRIMARY KEY,
        tier TEXT,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        turn INTEGER NOT NULL,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL
     );",
    // 4: router — provider health for the fallback circuit.
    "CREATE TABLE router_health (
        provider TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        open_until INTEGER NOT NULL DEFAULT 0
     );",
    // 5: memory — capture queue, pipeline state, note catalog + full-text index, traces.
    "CREATE TABLE memory_captures (
        id INTEGER PRIMARY KEY,
        project_key TEXT NOT NULL,
        project_root TEXT NOT NULL,
        session_id TEXT,
        turn INTEGER,
        text TEXT NOT NULL,
        captured_at TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        claimed_by TEXT,
        indexed_at TEXT
     );
     CREATE INDEX memory_captures_state ON memory_captures (project_key, state, id);
     CREATE TABLE memory_state (
        project_key TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (project_key, key)
     );
     CREATE TABLE memory_notes (
        path TEXT PRIMARY KEY,
        scope_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        deprecated INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        source_sessions TEXT NOT NULL,
        mtime_ns INTEGER NOT NULL,
        size INTEGER NOT NULL
     );
     CREATE INDEX memory_notes_scope ON memory_notes (scope_key);
     CREATE VIRTUAL TABLE memory_fts USING fts5 (
        name, description, body, tokenize = 'porter unicode61'
     );
     CREATE TABLE memory_traces (
        id INTEGER PRIMARY KEY,
        project_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        at TEXT NOT NULL,
        detail TEXT NOT NULL
     );
     CREATE INDEX memory_traces_kind ON memory_traces (kind, id);",
    // 6: cron — scheduled tasks and their runs. A run row is the claim of one (task, slot): the
    // UNIQUE index makes concurrent ticks fire each slot once. Manual runs have slot_at NULL.
    "CREATE TABLE cron_tasks (
       id TEXT PRIMARY KEY,
       name TEXT,
       project_key TEXT NOT NULL,
       project_root TEXT NOT NULL,
       message TEXT NOT NULL,
       schedule TEXT NOT NULL,
       timezone TEXT NOT NULL,
       model TEXT,
       permission_mode TEXT,
       timeout_secs INTEGER,
       catch_up TEXT NOT NULL,
       deliver TEXT,
       state TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       updated_at INTEGER NOT NULL,
       cursor_at INTEGER NOT NULL
     );
     CREATE INDEX cron_tasks_project ON cron_tasks (project_key);
     CREATE TABLE cron_runs (
       id TEXT PRIMARY KEY,
       task_id TEXT NOT NULL,
       task_name TEXT,
       slot_at INTEGER,
       trigger TEXT NOT NULL,
       status TEXT NOT NULL,
       pid INTEGER NOT NULL,
       started_at INTEGER NOT NULL,
       finished_at INTEGER,
       session_id TEXT,
       model TEXT,
       input_tokens INTEGER NOT NULL DEFAULT 0,
       output_tokens INTEGER NOT NULL DEFAULT 0,
       cost_usd REAL,
       text TEXT NOT NULL DEFAULT '',
       error TEXT,
       delivery_error TEXT
     );
     CREATE UNIQUE INDEX cron_runs_slot ON cron_runs (task_id, slot_at);
     CREATE INDEX cron_runs_status ON cron_runs (status);
     CREATE INDEX cron_runs_started ON cron_runs (task_id, started_at);",
    // 7: session — the mtime of each project's sessions directory when the index last matched its
    // files; an unchanged directory needs no per-file check (session::index::sync).
    "CREATE TABLE session_dirs (
        project_key TEXT PRIMARY KEY,
        dir_mtime_ns INTEGER NOT NULL
     );",
    // 8: always_on — heartbeat leases held by `run`/`chat`, per-project dormancy and active work
    // cycle, tick runs (a `running` row left by a dead tick is recorded failed by the next one),
    // work cycles (one workspace each) and plans (one dedupe key per project). Times are Unix ms.
    "CREATE TABLE always_on_leases (
       id TEXT PRIMARY KEY,
       project_key TEXT NOT NULL,
       kind TEXT NOT NULL,
       pid INTEGER NOT NULL,
       busy INTEGER NOT NULL,
       started_at INTEGER NOT NULL,
       heartbeat_at INTEGER NOT NULL,
       last_user_msg_at INTEGER,
       released_at INTEGER
     );
     CREATE INDEX always_on_leases_project ON always_on_leases (project_key, released_at);
     CREATE TABLE always_on_projects (
       project_key TEXT PRIMARY KEY,
       project_root TEXT NOT NULL,
       dormant_since INTEGER,
       fingerprint TEXT,
       active_cycle TEXT
     );
     CREATE TABLE always_on_runs (
       id TEXT PRIMARY KEY,
       project_key TEXT NOT NULL,
       pid INTEGER NOT NULL,
       forced INTEGER NOT NULL,
       started_at INTEGER NOT NULL,
       finished_at INTEGER,
       outcome TEXT NOT NULL,
       plan_id TEXT,
       cycle_id TEXT,
       error TEXT
     );
     CREATE INDEX always_on_runs_project ON always_on_runs (project_key, started_at);
     CREATE TABLE always_on_cycles (
       id TEXT PRIMARY KEY,
       project_key TEXT NOT NULL,
       status TEXT NOT NULL,
       strategy TEXT NOT NULL,
       path TEXT NOT NULL,
       repo_root TEXT NOT NULL,
       branch TEXT,
       base_commit TEXT NOT NULL,
       created_at INTEGER NOT NULL,
       closed_at INTEGER
     );
     CREATE INDEX always_on_cycles_project ON always_on_cycles (project_key, status);
     CREATE TABLE always_on_plans (
       id TEXT PRIMARY KEY,
       project_key TEXT NOT NULL,
       run_id TEXT NOT NULL,
       title TEXT NOT NULL,
       dedupe_key TEXT NOT NULL,
       status TEXT NOT NULL,
       cycle_id TEXT,
       created_at INTEGER NOT NULL,
       plan_file TEXT NOT NULL,
       report_file TEXT
     );
     CREATE UNIQUE INDEX always_on_plans_dedupe ON always_on_plans (project_key, dedupe_key);",
    // 9: session — the full-text index is re-segmented: a lone CJK character is now a token of its
    // own (`第3章` → ` 第 3 章 `, text::segment, as memory always indexed it), so rows written before
    // would miss one-character searches. The index is a cache of the transcripts: emptying it (as
    // `session reindex` does) makes the next sync of each project rebuild it in the new form.
    "DELETE FROM session_text;
     DELETE FROM sessions;
     DELETE FROM session_dirs;",
    // 10: cron — a task's cost cap per run (`cron add --max-cost`), USD; NULL = none.
    "ALTER TABLE cron_tasks ADD COLUMN max_cost_usd REAL;",
    // 11: memory — recall ranks notes and their paragraph windows, with each note's dates as words
    // (`dates` columns) and as days (`memory_notes.days`, ISO, space-separated). The note index is a
    // cache of the files: it is emptied here and rebuilt by the next sync in the new form.
    "DROP TABLE memory_fts;
     CREATE VIRTUAL TABLE memory_fts USING fts5 (
        name, description, body, dates, tokenize = 'porter unicode61'
     );
     DELETE FROM memory_notes;
     DELETE FROM memory_state WHERE key IN ('index_fingerprint', 'index_checked');
     ALTER TABLE memory_notes ADD COLUMN days TEXT NOT NULL DEFAULT '';
     CREATE TABLE memory_windows (
        id INTEGER PRIMARY KEY,
        note INTEGER NOT NULL,
        ordinal INTEGER NOT NULL,
        first_line INTEGER NOT NULL,
        last_line INTEGER NOT NULL
     );
     CREATE INDEX memory_windows_note ON memory_windows (note, ordinal);
     CREATE VIRTUAL TABLE memory_window_fts USING fts5 (
        body, dates, tokenize = 'porter unicode61'
     );",
    // 12: memory — recall's semantic stage: each note's embedded text is hashed (`content_hash`,
    // SHA-256 of what is sent to the embedding model) and its vector cached by (model, hash), so an
    // unchanged note is never embedded twice, across syncs, imports and dreams. `vector` is the
    // unit-length vector as little-endian f32. The note index is emptied to be rebuilt with hashes.
    "DELETE FROM memory_fts;
     DELETE FROM memory_window_fts;
     DELETE FROM memory_windows;
     DELETE FROM memory_notes;
     DELETE FROM memory_state WHERE key IN ('index_fingerprint', 'index_checked');
     ALTER TABLE memory_notes ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';
     CREATE TABLE memory_vectors (
        id INTEGER PRIMARY KEY,
        model TEXT NOT NULL,
        hash TEXT NOT NULL,
        dims INTEGER NOT NULL,
        vector BLOB NOT NULL,
        created_at TEXT NOT NULL
     );
     CREATE UNIQUE INDEX memory_vectors_key ON memory_vectors (model, hash);",
    // 13: memory — vectors are stored quantized, a quarter of the size, so recall reads ~7.7 MB
    // instead of ~30 MB at 10,000 notes of 768 dimensions: `vector` is the little-endian f32 scale
    // then one signed byte per dimension (component = byte × scale). The f32 vectors of migration
    // 12 are dropped; the next write or `memory reindex --embeddings` embeds the notes again.
    "DELETE FROM memory_vectors;",
    // 14: memory — a paragraph window is indexed with its neighbours as `context` (a lower-weight
    // column), so a window is ranked with what surrounds it (a question and its answer in the next
    // paragraph). The note index is a cache of the files: it is emptied and rebuilt by the next sync.
    "DROP TABLE memory_window_fts;
     CREATE VIRTUAL TABLE memory_window_fts USING fts5 (
        body, context, dates, tokenize = 'porter unicode61'
     );
     DELETE FROM memory_fts;
     DELETE FROM memory_windows;
     DELETE FROM memory_notes;
     DELETE FROM memory_state WHERE key IN ('index_fingerprint', 'index_checked');",
    // 15: memory — recall reads a scope's vectors as one row: `memory_vector_packs` holds, per
    // (model, scope), the cached vectors of the scope's active notes back to back (`vectors`) and
    // their content hashes (`hashes`, hex, 64 bytes each), stamped with the scope's index
    // fingerprint and, when a note had no vector yet, the newest vector's id then. Packs are
    // derived from `memory_vectors`, which is kept: the first recall or write after this builds
    // them. Recall maps the nearest hashes back to notes by `content_hash`.
    "CREATE TABLE memory_vector_packs (
        model TEXT NOT NULL,
        scope_key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        vectors_seen INTEGER,
        dims INTEGER NOT NULL,
        hashes BLOB NOT NULL,
        vectors BLOB NOT NULL,
        PRIMARY KEY (model, scope_key)
     );
     CREATE INDEX memory_notes_hash ON memory_notes (content_hash);",
    // Whether the project a turn was captured in was trusted (`config::trust`): `memory index`
    // files an untrusted capture's `user` notes in that project, not among the global notes every
    // project recalls. Captures queued before this are taken as untrusted.
    "ALTER TABLE memory_captures ADD COLUMN trusted INTEGER NOT NULL DEFAULT 0;",
    // 17: memory — a long paragraph of entries (list items, `speaker: text` lines) is cut into one
    // window per entry (`memory::window`), so the windows indexed before are re-cut: the note index
    // is emptied and rebuilt by the next sync.
    REBUILD_NOTE_INDEX,
    // 18: memory — a window's `context` holds at most the 48 words of each neighbour nearest it
    // (`memory::window::context`): the note index is emptied and rebuilt by the next sync.
    REBUILD_NOTE_INDEX,
];

/// Empties the note index (a cache of the note files), so the next sync rebuilds it in a new form.
/// Never edited: migrations that used it have run.
const REBUILD_NOTE_INDEX: &str = "DELETE FROM memory_fts;
     DELETE FROM memory_window_fts;
     DELETE FROM memory_windows;
     DELETE FROM memory_notes;
     DELETE FROM memory_state WHERE key IN ('index_fingerprint', 'index_checked');";

/// Opens (creating if needed) the database at `path`, configures it and brings its schema up to date.
pub fn open(path: &Path) -> Result<Connection, Error> {
    if let Some(dir) = path.parent() {
        create_dir_private(dir)?;
    }
    let sqlite = |source| Error::Sqlite {
        path: path.to_owned(),
        source,
    };
    make_private(path);
    let started = std::time::Instant::now();
    let mut attempt = 0u32;
    loop {
        #[expect(
            clippy::disallowed_methods,
            reason = "this is the one sanctioned opener"
        )]
        let conn = Connection::open(path).map_err(sqlite)?;
        let result = configure(&conn)
            .map_err(sqlite)
            .and_then(|()| migrate(&conn, path));
        match result {
            Ok(()) => {
                shrink_large_wal(&conn, path);
                return Ok(conn);
            }
            // Switching a fresh file to WAL and the first migration can report SQLITE_BUSY without
            // consulting the busy handler while another process does the same; back off and retry.
            Err(e) if is_busy(&e) && started.elapsed() < BUSY_TIMEOUT => {
                attempt += 1;
                let pause = Duration::from_millis(5 * u64::from(attempt.min(20)));
                #[expect(
                    clippy::disallowed_methods,
                    reason = "bounded back-off in synchronous open"
                )]
                std::thread::sleep(pause);
            }
            Err(e) => return Err(e),
        }
    }
}

/// The most of `state.db` [`read_mapped`] maps.
const MMAP_SIZE: i64 = 256 << 20;

/// Has `conn` read `state.db` through a shared memory mapping (`PRAGMA mmap_size`) instead of
/// copying each page into its private cache: for a short-lived process that reads scattered pages
/// of a large index once (a memory recall), it saves the copies and the heap they would fault in.
/// Not the default: a scan of many pages (listing 10,000 sessions) is no faster mapped, and the
/// mapped pages count in its resident size. Writes still go through the log.
pub fn read_mapped(conn: &Connection) -> Result<(), Error> {
    conn.pragma_update(None, "mmap_size", MMAP_SIZE)
        .map_err(|source| Error::Sqlite {
            path: conn.path().map(Into::into).unwrap_or_default(),
            source,
        })
}

fn is_busy(e: &Error) -> bool {
    matches!(
        e,
        Error::Sqlite {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// An in-memory database with the full schema, for callers that need the schema without a file.
pub fn open_memory() -> Result<Connection, Error> {
    let path = Path::new(":memory:");
    let sqlite = |source| Error::Sqlite {
        path: path.to_owned(),
        source,
    };
    let conn = Connection::open_in_memory().map_err(sqlite)?;
    configure(&conn).map_err(sqlite)?;
    migrate(&conn, path)?;
    Ok(conn)
}

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // journal_mode needs a lock of its own; the busy handler covers it.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "journal_size_limit", WAL_LIMIT as i64)?;
    conn.pragma_update(None, "wal_autocheckpoint", WAL_AUTOCHECKPOINT_PAGES)?;
    // Commits checkpoint the log as it grows (autocheckpoint). Checkpointing
    // again when a short-lived process closes its connection would cost every command a few
    // fsyncs and the log's removal and re-creation; the log and its index stay instead, bounded
    // by [`shrink_large_wal`].
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE,
        true,
    )?;
    Ok(())
}

/// Checkpoints and truncates a write-ahead log grown past [`WAL_LIMIT`] (one large transaction
/// leaves it so), without waiting: when another connection is busy, the next open tries again.
fn shrink_large_wal(conn: &Connection, path: &Path) {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    if std::fs::metadata(&wal).map_or(0, |m| m.len()) <= WAL_LIMIT {
        return;
    }
    let _ = conn.busy_timeout(Duration::ZERO);
    let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    let _ = conn.busy_timeout(BUSY_TIMEOUT);
}

/// Creates the database file with mode 0600, or restricts an existing one, before SQLite opens it:
/// SQLite gives the log and its index (which outlive connections and hold the same data) the
/// database file's mode, so all three are the user's alone.
fn make_private(path: &Path) {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path);
    if created.is_err() {
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
}

fn migrate(conn: &Connection, path: &Path) -> Result<(), Error> {
    let sqlite = |source| Error::Sqlite {
        path: path.to_owned(),
        source,
    };
    let known = MIGRATIONS.len() as i64;
    let current: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(sqlite)?;
    if current == known {
        return Ok(());
    }
    if current > known {
        return Err(Error::SchemaTooNew {
            path: path.to_owned(),
            found: current,
            known,
        });
    }
    // EXCLUSIVE: the second of two racing processes waits here, then re-reads the version.
    let mut conn_tx =
        Transaction::new_unchecked(conn, TransactionBehavior::Exclusive).map_err(sqlite)?;
    let current: i64 = conn_tx
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(sqlite)?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current.max(0) as usize) {
        conn_tx.execute_batch(sql).map_err(sqlite)?;
        conn_tx
            .pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(sqlite)?;
    }
    conn_tx.set_drop_behavior(rusqlite::DropBehavior::Rollback);
    conn_tx.commit().map_err(sqlite)
}

/// Runs `f` inside a `BEGIN IMMEDIATE` transaction (the write lock is taken up front, so the
/// transaction never fails half-way on a lock upgrade) and commits it. An error from `f` rolls back.
pub fn immediate<T, E>(
    conn: &mut Connection,
    f: impl FnOnce(&Transaction<'_>) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<rusqlite::Error>,
{
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let out = f(&tx)?;
    tx.commit()?;
    Ok(out)
}

/// Like [`immediate`], but only when no other connection is writing at this moment: `Ok(None)`
/// instead of waiting for the write lock. For work a later call may do instead (a cache refill).
pub fn try_immediate<T, E>(
    conn: &mut Connection,
    f: impl FnOnce(&Transaction<'_>) -> Result<T, E>,
) -> Result<Option<T>, E>
where
    E: From<rusqlite::Error>,
{
    conn.busy_timeout(Duration::ZERO)?;
    let begun = Transaction::new_unchecked(conn, TransactionBehavior::Immediate);
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let tx = match begun {
        Ok(tx) => tx,
        Err(rusqlite::Error::SqliteFailure(f, _))
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            ) =>
        {
            return Ok(None);
        }
        Err(e) => return Err(e.into()),
    };
    let out = f(&tx)?;
    tx.commit()?;
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_is_a_no_op() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        drop(open(&path).unwrap());
        let conn = open(&path).unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, MIGRATIONS.len() as i64);
        let mode: String = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.db");
        let conn = open(&path).unwrap();
        conn.pragma_update(None, "user_version", 999).unwrap();
        drop(conn);
        assert!(matches!(
            open(&path),
            Err(Error::SchemaTooNew { found: 999, .. })
        ));
    }
}
