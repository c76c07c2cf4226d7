//! The session index in `state.db`: one row per transcript plus a full-text index of its passages.
//!
//! The transcripts are the source of truth; this is a cache that [`sync`] repairs whenever it
//! disagrees with the files (a file added, changed — by size or mtime — or deleted behind its back;
//! an unchanged sessions directory is trusted without statting its files) and [`reindex`] rebuilds
//! from nothing. Every write is one `BEGIN IMMEDIATE` transaction, so two
//! processes syncing at once leave a consistent index. A session's full-text rows are inserted in one
//! go and remembered as a rowid range, so replacing them never scans the whole text table.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use super::query;
use super::summary::{SessionSummary, passages, summarize};
use super::transcript::{Error, SessionId, Transcript};
use crate::home::PilotHome;
use crate::store;

/// Which sessions an operation covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// One project, by key.
    Project(String),
    /// Every project under PilotHome.
    All,
}

/// What a sync changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SyncReport {
    pub added: usize,
    pub updated: usize,
    pub removed: usize,
}

/// One search hit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchHit {
    pub session_id: SessionId,
    pub title: String,
    pub project: PathBuf,
    pub turn: u32,
    pub role: String,
    pub snippet: String,
    pub updated_at: DateTime<Utc>,
}

/// Opens the index (creating and migrating `state.db` if needed).
pub(crate) fn open(home: &PilotHome) -> Result<Connection, Error> {
    home.ensure()?;
    Ok(store::open(&home.state_db())?)
}

fn sqlite(home_db: &Path) -> impl Fn(rusqlite::Error) -> Error + '_ {
    move |source| {
        Error::Store(store::Error::Sqlite {
            path: home_db.to_owned(),
            source,
        })
    }
}

/// A transcript file on disk and its change stamp.
struct FileState {
    key: String,
    path: PathBuf,
    mtime_ns: i64,
    size: i64,
}

/// The project keys of `scope` that have a directory under PilotHome.
fn project_keys(home: &PilotHome, scope: &Scope) -> Vec<String> {
    match scope {
        Scope::Project(k) => vec![k.clone()],
        Scope::All => std::fs::read_dir(home.projects_dir())
            .map(|it| {
                it.filter_map(Result::ok)
                    .filter_map(|e| e.file_name().to_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// The transcripts in one project's sessions directory.
fn scan_dir(key: &str, dir: &Path) -> HashMap<String, FileState> {
    let mut files = HashMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(id) = name.to_str().and_then(|n| n.strip_suffix(".jsonl")) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else { continue };
        files.insert(
            id.to_owned(),
            FileState {
                key: key.to_owned(),
                path: entry.path(),
                mtime_ns: meta.modified().map_or(0, store::nanos),
                size: meta.len() as i64,
            },
        );
    }
    files
}

/// Brings the index for `scope` in line with the transcript files.
///
/// A project whose sessions directory has the mtime recorded when the index last matched it is
/// skipped without looking at its files: adding, removing or renaming a file changes the directory,
/// and pilotdeck's own appends mark it (`Transcript::append`). Any other directory is compared file
/// by file (size and mtime) and repaired. A transcript rewritten in place by another program, which
/// leaves its directory alone, is picked up with the next change in that directory or by
/// [`reindex`].
pub(crate) fn sync(
    home: &PilotHome,
    conn: &mut Connection,
    scope: &Scope,
) -> Result<SyncReport, Error> {
    let db = home.state_db();
    let err = sqlite(&db);
    let keys = project_keys(home, scope);
    let stamps: HashMap<String, i64> = {
        let (sql, arg) = match scope {
            Scope::Project(k) => (
                "SELECT project_key, dir_mtime_ns FROM session_dirs WHERE project_key = ?1",
                k.as_str(),
            ),
            Scope::All => (
                "SELECT project_key, dir_mtime_ns FROM session_dirs WHERE ?1 = ?1",
                "",
            ),
        };
        let mut stmt = conn.prepare_cached(sql).map_err(&err)?;
        let rows = stmt
            .query_map([arg], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(&err)?;
        rows.collect::<Result<_, _>>().map_err(&err)?
    };
    let mut report = SyncReport::default();
    for key in &keys {
        let dir = home.projects_dir().join(key).join("sessions");
        let mtime = std::fs::metadata(&dir)
            .and_then(|m| m.modified())
            .ok()
            .map(store::nanos);
        if mtime.is_some() && stamps.get(key) == mtime.as_ref() {
            continue;
        }
        report.add(sync_dir(home, conn, key, &dir, mtime)?);
    }
    if *scope == Scope::All {
        // Sessions of a project directory that is gone.
        let indexed: Vec<String> = {
            let mut stmt = conn
                .prepare_cached("SELECT DISTINCT project_key FROM sessions")
                .map_err(&err)?;
            let rows = stmt.query_map([], |r| r.get(0)).map_err(&err)?;
            rows.collect::<Result<_, _>>().map_err(&err)?
        };
        for key in indexed.iter().filter(|k| !keys.contains(k)) {
            let dir = home.projects_dir().join(key).join("sessions");
            report.add(sync_dir(home, conn, key, &dir, None)?);
        }
    }
    Ok(report)
}

impl SyncReport {
    fn add(&mut self, other: SyncReport) {
        self.added += other.added;
        self.updated += other.updated;
        self.removed += other.removed;
    }
}

/// Compares one project's transcripts with its index rows and repairs the difference; records the
/// directory's mtime `mtime` (read before the files) when it is old enough to be trusted.
fn sync_dir(
    home: &PilotHome,
    conn: &mut Connection,
    key: &str,
    dir: &Path,
    mtime: Option<i64>,
) -> Result<SyncReport, Error> {
    let db = home.state_db();
    let err = sqlite(&db);
    let files = scan_dir(key, dir);
    let indexed: HashMap<String, (i64, i64)> = {
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, file_mtime_ns, file_size FROM sessions WHERE project_key = ?1",
            )
            .map_err(&err)?;
        let rows = stmt
            .query_map([key], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
            .map_err(&err)?;
        rows.collect::<Result<_, _>>().map_err(&err)?
    };
    let mut report = SyncReport::default();
    let changed: Vec<&FileState> = files
        .iter()
        .filter(|(id, f)| match indexed.get(*id) {
            None => {
                report.added += 1;
                true
            }
            Some(&(mtime, size)) if mtime != f.mtime_ns || size != f.size => {
                report.updated += 1;
                true
            }
            Some(_) => false,
        })
        .map(|(_, f)| f)
        .collect();
    let gone: Vec<&String> = indexed
        .keys()
        .filter(|id| !files.contains_key(*id))
        .collect();
    report.removed = gone.len();
    let now = store::nanos(std::time::SystemTime::now());
    let stamp = mtime.filter(|m| store::settled(*m, now));
    store::immediate(conn, |tx| {
        for id in gone {
            delete(tx, id)?;
        }
        for file in changed {
            index_file(tx, file)?;
        }
        match stamp {
            Some(m) => tx.execute(
                "INSERT INTO session_dirs (project_key, dir_mtime_ns) VALUES (?1, ?2)
                 ON CONFLICT (project_key) DO UPDATE SET dir_mtime_ns = excluded.dir_mtime_ns",
                params![key, m],
            )?,
            None => tx.execute("DELETE FROM session_dirs WHERE project_key = ?1", [key])?,
        };
        Ok::<(), rusqlite::Error>(())
    })
    .map_err(&err)?;
    Ok(report)
}

/// Drops the whole index and rebuilds it from every transcript under PilotHome.
pub(crate) fn reindex(home: &PilotHome, conn: &mut Connection) -> Result<SyncReport, Error> {
    let db = home.state_db();
    let err = sqlite(&db);
    store::immediate(conn, |tx| {
        tx.execute_batch(
            "DELETE FROM sessions; DELETE FROM session_text; DELETE FROM session_dirs;",
        )
    })
    .map_err(&err)?;
    sync(home, conn, &Scope::All)
}

fn delete(tx: &Transaction<'_>, id: &str) -> rusqlite::Result<()> {
    let range: Option<(Option<i64>, Option<i64>)> = tx
        .query_row(
            "SELECT text_first, text_last FROM sessions WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    if let Some((Some(first), Some(last))) = range {
        tx.execute(
            "DELETE FROM session_text WHERE rowid BETWEEN ?1 AND ?2",
            [first, last],
        )?;
    }
    tx.execute("DELETE FROM sessions WHERE id = ?1", [id])?;
    Ok(())
}

/// (Re)indexes one transcript. A file that is not a transcript is skipped with a warning.
fn index_file(tx: &Transaction<'_>, file: &FileState) -> rusqlite::Result<()> {
    let Some(id) = file.path.file_stem().and_then(|s| s.to_str()) else {
        return Ok(());
    };
    delete(tx, id)?;
    let records = match Transcript::open(file.path.clone()).read() {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "skipping a session file that cannot be read");
            return Ok(());
        }
    };
    let Some(summary) = summarize(file.path.clone(), &file.key, &records) else {
        return Ok(());
    };
    let mut range: (Option<i64>, Option<i64>) = (None, None);
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO session_text (body, text, session_id, turn, role) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for p in passages(&records) {
            insert.execute(params![
                crate::text::segment(&p.text),
                p.text,
                summary.id.0,
                p.turn,
                p.role
            ])?;
            let row = tx.last_insert_rowid();
            range.0.get_or_insert(row);
            range.1 = Some(row);
        }
    }
    tx.execute(
        "INSERT INTO sessions (id, project_key, path, cwd, title, model, turns, input_tokens,
            output_tokens, cost_usd, created_at, updated_at, file_mtime_ns, file_size, text_first, text_last)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        params![
            summary.id.0,
            file.key,
            file.path.display().to_string(),
            summary.project.display().to_string(),
            summary.title,
            summary.model,
            summary.turns,
            summary.input_tokens as i64,
            summary.output_tokens as i64,
            summary.cost_usd,
            summary.created_at.to_rfc3339(),
            summary.updated_at.to_rfc3339(),
            file.mtime_ns,
            file.size,
            range.0,
            range.1,
        ],
    )?;
    Ok(())
}

const SUMMARY_COLUMNS: &str = "id, title, cwd, project_key, model, turns, input_tokens, output_tokens, cost_usd, created_at, updated_at, path";

fn parse_time(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

fn summary_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SessionSummary> {
    Ok(SessionSummary {
        id: SessionId(r.get(0)?),
        title: r.get(1)?,
        project: PathBuf::from(r.get::<_, String>(2)?),
        project_key: r.get(3)?,
        model: r.get(4)?,
        turns: r.get(5)?,
        input_tokens: r.get::<_, i64>(6)? as u64,
        output_tokens: r.get::<_, i64>(7)? as u64,
        cost_usd: r.get(8)?,
        created_at: parse_time(&r.get::<_, String>(9)?),
        updated_at: parse_time(&r.get::<_, String>(10)?),
        path: PathBuf::from(r.get::<_, String>(11)?),
    })
}

/// Indexed sessions of `scope`, most recently updated first.
pub(crate) fn list(
    home: &PilotHome,
    conn: &Connection,
    scope: &Scope,
    limit: usize,
) -> Result<Vec<SessionSummary>, Error> {
    let db = home.state_db();
    let err = sqlite(&db);
    let (filter, arg) = match scope {
        Scope::Project(k) => ("project_key = ?1", k.as_str()),
        Scope::All => ("?1 = ?1", ""),
    };
    let sql = format!(
        "SELECT {SUMMARY_COLUMNS} FROM sessions WHERE {filter} ORDER BY updated_at DESC, id DESC LIMIT ?2"
    );
    let mut stmt = conn.prepare(&sql).map_err(&err)?;
    let rows = stmt
        .query_map(params![arg, limit as i64], summary_row)
        .map_err(&err)?;
    rows.collect::<Result<_, _>>().map_err(err)
}

/// Matching passages ranked by relevance, at most: beyond this many matches, the newest this many
/// are ranked. bm25 costs a few microseconds per passage, and a query whose words occur in most of
/// a large history would otherwise rank every passage to show 20.
const RANKED_CANDIDATES: usize = 1_000;

/// Full-text search over the passages of `scope`, best match first (among the newest
/// [`RANKED_CANDIDATES`] matching passages).
pub(crate) fn search(
    home: &PilotHome,
    conn: &Connection,
    scope: &Scope,
    query: &str,
    limit: usize,
) -> Result<Vec<SearchHit>, Error> {
    let Some(expression) = query::match_expression(query) else {
        return Ok(Vec::new());
    };
    let db = home.state_db();
    let err = sqlite(&db);
    // Reading a passage's session id costs a read of its whole row, so the project filter is only
    // applied when the index holds sessions of other projects.
    let (filter, arg) = match scope {
        Scope::Project(k) => {
            let others: bool = conn
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM sessions WHERE project_key <> ?1)",
                    [k],
                    |r| r.get(0),
                )
                .map_err(&err)?;
            let filter = if others {
                "AND session_id IN (SELECT id FROM sessions WHERE project_key = ?2)"
            } else {
                "AND ?2 = ?2"
            };
            (filter, k.as_str())
        }
        Scope::All => ("AND ?2 = ?2", ""),
    };
    // FTS5 walks the matches newest first (rowid order) and stops after the candidates; `rank`
    // (bm25, lower is better) is computed for those only, and only the best `limit` passages are
    // read whole.
    let sql = format!(
        "SELECT t.session_id, s.title, s.cwd, t.turn, t.role, t.text, s.updated_at
         FROM (SELECT r, rank FROM (SELECT rowid AS r, rank FROM session_text
                                   WHERE session_text MATCH ?1 {filter}
                                   ORDER BY rowid DESC LIMIT ?4)
               ORDER BY rank LIMIT ?3) best
         JOIN session_text t ON t.rowid = best.r
         JOIN sessions s ON s.id = t.session_id
         ORDER BY best.rank"
    );
    let mut stmt = conn.prepare(&sql).map_err(&err)?;
    let rows = stmt
        .query_map(
            params![expression, arg, limit as i64, RANKED_CANDIDATES as i64],
            |r| {
                let text: String = r.get(5)?;
                Ok(SearchHit {
                    session_id: SessionId(r.get(0)?),
                    title: r.get(1)?,
                    project: PathBuf::from(r.get::<_, String>(2)?),
                    turn: r.get(3)?,
                    role: r.get(4)?,
                    snippet: query::snippet(&text, query, 100),
                    updated_at: parse_time(&r.get::<_, String>(6)?),
                })
            },
        )
        .map_err(&err)?;
    rows.collect::<Result<_, _>>().map_err(err)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, SystemTime};

    use super::{Scope, SyncReport, open, sync};
    use crate::home::{PilotHome, Project};
    use crate::session::{Record, Transcript};

    fn set_mtime(dir: &std::path::Path, at: SystemTime) {
        std::fs::File::open(dir).unwrap().set_modified(at).unwrap();
    }

    fn title(text: &str) -> Record {
        Record::Title {
            title: text.to_owned(),
            at: chrono::Utc::now(),
        }
    }

    #[test]
    fn an_unchanged_sessions_dir_is_trusted_and_a_marked_one_is_checked() {
        let tmp = tempfile::tempdir().unwrap();
        let home = PilotHome::at(tmp.path().join("home"));
        let root = tmp.path().join("project");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        let project = Project::resolve(&home, &root).unwrap();
        let (_, transcript) = Transcript::create(&home, &project, "mock/m").unwrap();
        let dir = home.sessions_dir(&project.key);
        let scope = Scope::Project(project.key.0.clone());
        let mut conn = open(&home).unwrap();

        // A directory changed just now is not trusted yet (the kernel's clock is coarse).
        assert_eq!(sync(&home, &mut conn, &scope).unwrap().added, 1);
        let old = SystemTime::now() - Duration::from_secs(60);
        set_mtime(&dir, old);
        assert_eq!(
            sync(&home, &mut conn, &scope).unwrap(),
            SyncReport::default()
        );

        // Trusted: a file rewritten in place behind pilotdeck's back, with the directory's mtime
        // as it was, is not looked at.
        crate::store::append_line(transcript.path(), &title("by hand")).unwrap();
        set_mtime(&dir, old);
        assert_eq!(
            sync(&home, &mut conn, &scope).unwrap(),
            SyncReport::default()
        );

        // pilotdeck's own append marks the directory, so the file is checked and re-indexed.
        transcript.append(&title("by pilotdeck")).unwrap();
        let report = sync(&home, &mut conn, &scope).unwrap();
        assert_eq!(report.updated, 1);
        let listed = super::list(&home, &conn, &scope, 10).unwrap();
        assert_eq!(listed[0].title, "by pilotdeck");

        // A file added changes the directory by itself.
        set_mtime(&dir, old);
        sync(&home, &mut conn, &scope).unwrap();
        Transcript::create(&home, &project, "mock/m").unwrap();
        assert_eq!(sync(&home, &mut conn, &scope).unwrap().added, 1);
    }
}
