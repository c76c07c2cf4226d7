//! Session checks for `doctor --deep`: transcripts parse (torn or invalid lines are reported, and
//! set aside by a repair) and the session index in `state.db` agrees with the transcript files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::Record;
use crate::home::PilotHome;
use crate::store::{self, Finding, Severity};

/// Every `<home>/projects/*/sessions/*.jsonl`, by session id.
fn transcript_files(home: &PilotHome) -> HashMap<String, PathBuf> {
    let mut out = HashMap::new();
    let projects = std::fs::read_dir(home.projects_dir());
    for project in projects.into_iter().flatten().flatten() {
        let sessions = std::fs::read_dir(project.path().join("sessions"));
        for entry in sessions.into_iter().flatten().flatten() {
            let name = entry.file_name();
            if let Some(id) = name.to_str().and_then(|n| n.strip_suffix(".jsonl")) {
                out.insert(id.to_owned(), entry.path());
            }
        }
    }
    out
}

/// Every transcript parses; with `repair`, unreadable lines are moved to `<id>.jsonl.torn`.
pub fn transcripts(home: &PilotHome, repair: bool) -> Vec<Finding> {
    let mut files: Vec<PathBuf> = transcript_files(home).into_values().collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let subject = path.display().to_string();
        let read = match store::read_lines::<Record>(&path) {
            Ok(r) => r,
            Err(e) => {
                out.push(Finding::new(Severity::Fail, subject, e.to_string()));
                continue;
            }
        };
        if read.records.is_empty() {
            // Nothing readable at all: a process died writing the very first line.
            let torn = torn_path(&path);
            let problem = Finding::new(Severity::Fail, subject, "holds no readable record")
                .repair(format!("move it to {}", torn.display()));
            let lines: Vec<usize> = read.skipped.iter().map(|s| s.line).collect();
            out.push(problem.fix(repair, || {
                set_aside(&path, &torn, &lines)?;
                std::fs::remove_file(&path).map_err(|e| e.to_string())
            }));
            continue;
        }
        if !matches!(read.records.first(), Some(Record::Session { .. })) {
            out.push(Finding::new(
                Severity::Fail,
                subject,
                "does not start with a session record, so no command can open it; move it out of \
                 the sessions directory",
            ));
            continue;
        }
        if read.skipped.is_empty() {
            continue;
        }
        let lines: Vec<usize> = read.skipped.iter().map(|s| s.line).collect();
        let detail = read
            .skipped
            .iter()
            .map(|s| format!("line {}: {}", s.line, s.reason))
            .collect::<Vec<_>>()
            .join("; ");
        let torn = torn_path(&path);
        let problem = Finding::new(Severity::Fail, subject, format!("unreadable: {detail}"))
            .repair(format!(
                "move the unreadable lines to {} and rewrite the transcript without them",
                torn.display()
            ));
        out.push(problem.fix(repair, || set_aside(&path, &torn, &lines)));
    }
    out
}

/// `<id>.jsonl.torn`: where unreadable lines go (not a `.jsonl`, so nothing reads it as a session).
fn torn_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".torn");
    path.with_file_name(name)
}

/// Moves the 1-based `lines` of `path` to the end of `torn` and rewrites `path` without them.
fn set_aside(path: &Path, torn: &Path, lines: &[usize]) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let mut keep = Vec::with_capacity(bytes.len());
    let mut moved = std::fs::read(torn).unwrap_or_default();
    for (i, line) in bytes.split_inclusive(|b| *b == b'\n').enumerate() {
        if lines.contains(&(i + 1)) {
            moved.extend_from_slice(line);
            if !line.ends_with(b"\n") {
                moved.push(b'\n');
            }
        } else {
            keep.extend_from_slice(line);
        }
    }
    store::write_atomic(torn, &moved).map_err(|e| e.to_string())?;
    let now = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if now != bytes.len() as u64 {
        return Err("the transcript grew while it was being repaired; run the repair again".into());
    }
    store::write_atomic(path, &keep).map_err(|e| e.to_string())
}

/// An indexed transcript's change stamp.
struct Indexed {
    mtime_ns: i64,
    size: i64,
}

fn stamp(path: &Path) -> Option<(i64, i64)> {
    let meta = std::fs::metadata(path).ok()?;
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as i64);
    Some((mtime, meta.len() as i64))
}

fn indexed(db: &Path) -> Result<HashMap<String, Indexed>, store::Error> {
    let sqlite = |source| store::Error::Sqlite {
        path: db.to_owned(),
        source,
    };
    let conn = store::open(db)?;
    let mut stmt = conn
        .prepare("SELECT id, file_mtime_ns, file_size FROM sessions")
        .map_err(sqlite)?;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                Indexed {
                    mtime_ns: r.get(1)?,
                    size: r.get(2)?,
                },
            ))
        })
        .and_then(Iterator::collect)
        .map_err(sqlite)?;
    Ok(rows)
}

/// The session index lists every transcript as it is now; with `repair`, it is rebuilt.
pub fn index(home: &PilotHome, repair: bool) -> Vec<Finding> {
    let db = home.state_db();
    let files = transcript_files(home);
    let rows = if db.exists() {
        match indexed(&db) {
            Ok(rows) => rows,
            Err(e) => {
                return vec![Finding::failed(&db, &e)];
            }
        }
    } else {
        HashMap::new()
    };
    let mut missing = Vec::new();
    let mut changed = Vec::new();
    for (id, path) in &files {
        match (rows.get(id), stamp(path)) {
            (None, _) => missing.push(path.display().to_string()),
            (Some(row), Some((mtime, size))) if row.mtime_ns != mtime || row.size != size => {
                changed.push(path.display().to_string());
            }
            _ => {}
        }
    }
    let gone: Vec<&String> = rows.keys().filter(|id| !files.contains_key(*id)).collect();
    let mut parts = Vec::new();
    for (n, what, example) in [
        (
            missing.len(),
            "transcript(s) not in the index",
            missing.iter().min(),
        ),
        (
            changed.len(),
            "transcript(s) changed since indexed",
            changed.iter().min(),
        ),
        (
            gone.len(),
            "indexed session(s) whose transcript is gone",
            gone.iter().copied().min(),
        ),
    ] {
        if let Some(example) = example {
            parts.push(format!("{n} {what} (e.g. {example})"));
        }
    }
    if parts.is_empty() {
        return Vec::new();
    }
    let problem = Finding::new(
        Severity::Warn,
        db.display().to_string(),
        format!(
            "{}; the next `session list` or `session search` catches up",
            parts.join(", ")
        ),
    )
    .repair("rebuild the session index from the transcripts (`session reindex`)");
    vec![problem.fix(repair, || {
        super::reindex(home).map(|_| ()).map_err(|e| e.to_string())
    })]
}
