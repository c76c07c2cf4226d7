//! The per-turn manifests: `sessions/<session>/<turn>.jsonl`, one JSON record per line, appended
//! as the turn goes (whole lines, so a crash leaves every earlier record readable).

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{ContentHash, Error};
use crate::store;

/// A file's content at one moment: its blob and permission bits, or absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Content {
    pub hash: ContentHash,
    pub mode: u32,
}

/// One line of a turn's manifest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Entry {
    /// The turn's first change to `path` is about to happen (a write tool) or happened (a command);
    /// `content` is what it was before (`None`: it did not exist); `at` is when the call making
    /// the change started (so a directory born after it was made by the turn).
    Before {
        path: PathBuf,
        content: Option<Content>,
        tool: String,
        at: DateTime<Utc>,
    },
    /// What `path` holds after one of the turn's changes (`None`: the change removed it).
    After {
        path: PathBuf,
        content: Option<ContentHash>,
        at: DateTime<Utc>,
    },
    /// A rewind restored the files this turn changed.
    Rewound { at: DateTime<Utc> },
    #[serde(other)]
    Unknown,
}

/// One path in one turn: what it was before the turn and what the agent last left.
#[derive(Debug, Clone, PartialEq)]
pub struct PathChange {
    pub before: Option<Content>,
    /// When the call that first changed it in the turn started.
    pub since: DateTime<Utc>,
    /// `None` until an `after` record: the change did not finish (the process died), so what it
    /// left is unknown.
    pub after: Option<Option<ContentHash>>,
}

/// One turn's manifest, read.
#[derive(Debug, Clone, Default)]
pub struct TurnChanges {
    /// Paths in the order the turn first changed them.
    pub paths: Vec<PathBuf>,
    pub changes: BTreeMap<PathBuf, PathChange>,
    pub rewound: bool,
}

impl TurnChanges {
    /// True when some path differs after the turn from before it.
    pub fn changes_files(&self) -> bool {
        self.changes.values().any(|c| match &c.after {
            Some(after) => after.as_ref() != c.before.as_ref().map(|b| &b.hash),
            None => true,
        })
    }
}

fn turn_file(session_dir: &Path, turn: u32) -> PathBuf {
    session_dir.join(format!("{turn}.jsonl"))
}

/// Appends one record to a turn's manifest.
pub fn append(session_dir: &Path, turn: u32, entry: &Entry) -> Result<(), Error> {
    store::append_line(&turn_file(session_dir, turn), entry)?;
    Ok(())
}

/// Every turn manifest of a session, by turn.
pub fn read_session(session_dir: &Path) -> Result<BTreeMap<u32, TurnChanges>, Error> {
    let mut turns = BTreeMap::new();
    let entries = match std::fs::read_dir(session_dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(turns),
        Err(e) => return Err(Error::io("read", session_dir, e)),
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(turn) = name
            .to_str()
            .and_then(|n| n.strip_suffix(".jsonl"))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        turns.insert(turn, read_turn(&entry.path())?);
    }
    Ok(turns)
}

fn read_turn(path: &Path) -> Result<TurnChanges, Error> {
    let read = store::read_lines::<Entry>(path)?;
    let mut turn = TurnChanges::default();
    for entry in read.records {
        match entry {
            Entry::Before {
                path, content, at, ..
            } => {
                if !turn.changes.contains_key(&path) {
                    turn.paths.push(path.clone());
                    turn.changes.insert(
                        path,
                        PathChange {
                            before: content,
                            since: at,
                            after: None,
                        },
                    );
                }
            }
            Entry::After { path, content, .. } => {
                if let Some(change) = turn.changes.get_mut(&path) {
                    change.after = Some(content);
                }
            }
            Entry::Rewound { .. } => turn.rewound = true,
            Entry::Unknown => {}
        }
    }
    Ok(turn)
}

/// Every blob any manifest under `sessions_dir` names.
pub fn live_hashes(sessions_dir: &Path) -> Result<HashSet<ContentHash>, Error> {
    let mut live = HashSet::new();
    let Ok(sessions) = std::fs::read_dir(sessions_dir) else {
        return Ok(live);
    };
    for session in sessions.filter_map(Result::ok) {
        for turn in read_session(&session.path())?.into_values() {
            live.extend(
                turn.changes
                    .into_values()
                    .filter_map(|c| c.before.map(|b| b.hash)),
            );
        }
    }
    Ok(live)
}
