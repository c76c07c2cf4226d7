//! The library operations behind `pilotdeck session …`: each takes PilotHome and a project, works on
//! the transcript files (the source of truth) and keeps the index in step.

use chrono::Utc;

use super::index::{self, Scope, SearchHit, SyncReport};
use super::summary::{SessionSummary, summarize};
use super::transcript::{Error, Hold, Record, SessionId, Transcript, find};
use crate::home::{PilotHome, Project};

/// A session loaded from its file.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub summary: SessionSummary,
    pub records: Vec<Record>,
    pub transcript: Transcript,
}

/// Loads a session of `project` by id, unique prefix or `last`.
pub fn load(home: &PilotHome, project: &Project, query: &str) -> Result<Loaded, Error> {
    let (_, transcript) = find(home, project, query)?;
    let records = transcript.read()?;
    let summary =
        summarize(transcript.path().to_owned(), &project.key.0, &records).ok_or_else(|| {
            Error::NotATranscript {
                path: transcript.path().to_owned(),
            }
        })?;
    Ok(Loaded {
        summary,
        records,
        transcript,
    })
}

/// Sessions of `scope`, newest first, after repairing the index from the files.
pub fn list(home: &PilotHome, scope: &Scope, limit: usize) -> Result<Vec<SessionSummary>, Error> {
    let mut conn = index::open(home)?;
    index::sync(home, &mut conn, scope)?;
    index::list(home, &conn, scope, limit)
}

/// Full-text search over `scope`, after repairing the index.
pub fn search(
    home: &PilotHome,
    scope: &Scope,
    query: &str,
    limit: usize,
) -> Result<Vec<SearchHit>, Error> {
    let mut conn = index::open(home)?;
    index::sync(home, &mut conn, scope)?;
    index::search(home, &conn, scope, query, limit)
}

/// Rebuilds the whole index from the transcripts.
pub fn reindex(home: &PilotHome) -> Result<SyncReport, Error> {
    let mut conn = index::open(home)?;
    index::reindex(home, &mut conn)
}

/// Re-syncs one project's part of the index (after a write to one of its transcripts).
pub fn refresh(home: &PilotHome, project: &Project) -> Result<(), Error> {
    let mut conn = index::open(home)?;
    index::sync(home, &mut conn, &Scope::Project(project.key.0.clone()))?;
    Ok(())
}

/// Sets a session's title (appends a title record).
pub fn rename(
    home: &PilotHome,
    project: &Project,
    query: &str,
    title: &str,
) -> Result<SessionId, Error> {
    let loaded = load(home, project, query)?;
    loaded.transcript.append(&Record::Title {
        title: title.trim().to_owned(),
        at: Utc::now(),
    })?;
    refresh(home, project)?;
    Ok(loaded.summary.id)
}

/// Deletes a session's transcript, its sub-agents' transcripts (`<id>/`), its index entry and its
/// file checkpoints.
/// Refused while another process writes the session (`Error::InUse`).
pub fn remove(home: &PilotHome, project: &Project, query: &str) -> Result<SessionId, Error> {
    let (id, transcript) = find(home, project, query)?;
    let _hold = Hold::take(home, &id, transcript.path())?;
    std::fs::remove_file(transcript.path()).map_err(|source| Error::Remove {
        path: transcript.path().to_owned(),
        source,
    })?;
    let children = transcript.path().with_extension("");
    match std::fs::remove_dir_all(&children) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(source) => {
            return Err(Error::Remove {
                path: children,
                source,
            });
        }
    }
    refresh(home, project)?;
    crate::checkpoint::Checkpoints::new(home, &project.key).remove_session(&id.0)?;
    Hold::forget(home, &id);
    Ok(id)
}

/// A new session holding the history of `query` up to and including turn `at` (default: all of it).
pub fn fork(
    home: &PilotHome,
    project: &Project,
    query: &str,
    at: Option<u32>,
) -> Result<SessionId, Error> {
    let loaded = load(home, project, query)?;
    let last = loaded.summary.turns;
    let upto = at.unwrap_or(last);
    if upto == 0 || upto > last {
        return Err(Error::NoSuchTurn {
            id: loaded.summary.id,
            turn: upto,
            last,
        });
    }
    fork_upto(home, project, &loaded, upto)
}

/// A new session holding the history of `query` before turn `turn` (none of it for turn 1): the
/// conversation as it was when that turn started (`session rewind`).
pub fn fork_before(
    home: &PilotHome,
    project: &Project,
    query: &str,
    turn: u32,
) -> Result<SessionId, Error> {
    let loaded = load(home, project, query)?;
    let last = loaded.summary.turns;
    if turn == 0 || turn > last {
        return Err(Error::NoSuchTurn {
            id: loaded.summary.id,
            turn,
            last,
        });
    }
    fork_upto(home, project, &loaded, turn - 1)
}

fn fork_upto(
    home: &PilotHome,
    project: &Project,
    loaded: &Loaded,
    upto: u32,
) -> Result<SessionId, Error> {
    let (id, transcript) = Transcript::create(home, project, &loaded.summary.model)?;
    for record in &loaded.records {
        let turn = match record {
            Record::User { turn, .. }
            | Record::Assistant { turn, .. }
            | Record::ToolResults { turn, .. }
            | Record::Denial { turn, .. }
            | Record::TurnEnd { turn, .. }
            | Record::ModelCall { turn, .. }
            | Record::TodoList { turn, .. }
            | Record::Compaction { turn, .. } => *turn,
            Record::Session { .. }
            | Record::Title { .. }
            | Record::Subagent { .. }
            | Record::Unknown => continue,
        };
        if turn <= upto {
            transcript.append(record)?;
        }
    }
    transcript.append(&Record::Title {
        title: format!(
            "{} (fork of {})",
            loaded.summary.title,
            short(&loaded.summary.id)
        ),
        at: Utc::now(),
    })?;
    refresh(home, project)?;
    Ok(id)
}

/// The first 10 characters of an id: enough to be unique in practice and to type.
pub fn short(id: &SessionId) -> &str {
    id.0.get(..10).unwrap_or(&id.0)
}
