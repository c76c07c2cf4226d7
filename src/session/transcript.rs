//! The transcript: `<home>/projects/<key>/sessions/<ulid>.jsonl`, the source of truth for a session.
//!
//! Line 1 is a [`Record::Session`] header; every later line is one record appended as it happens (user
//! input, each assistant message, each batch of tool results, denials, the turn's end). Appends are
//! single whole-line writes (see `store::append_line`), so a process killed at any point leaves every
//! earlier record readable and at most one torn last line, which readers skip.
//!
//! The format is stable: readers skip record types they do not know.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::home::{PilotHome, Project};
use crate::model::{Message, Usage};
use crate::store;

/// A session id: a ULID, so ids sort by creation time.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SessionId(pub String);

impl SessionId {
    pub fn generate() -> SessionId {
        SessionId(ulid::Ulid::generate().to_string())
    }
}

impl std::fmt::Display for SessionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnStatus {
    Completed,
    Failed,
    /// Cancelled by Ctrl-C / SIGTERM.
    Aborted,
    /// Stopped by max turns, max tool calls, the timeout or the circuit breaker.
    LimitReached,
}

/// One line of a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Record {
    /// The first line.
    Session {
        id: SessionId,
        cwd: PathBuf,
        model: String,
        created_at: DateTime<Utc>,
        version: String,
    },
    /// The input that starts a turn.
    User {
        turn: u32,
        message: Message,
        at: DateTime<Utc>,
    },
    /// One model reply.
    Assistant {
        turn: u32,
        message: Message,
        model: String,
        usage: Usage,
        at: DateTime<Utc>,
    },
    /// The results of one reply's tool calls, in call order.
    ToolResults {
        turn: u32,
        message: Message,
        at: DateTime<Utc>,
    },
    /// A tool call the permission policy refused.
    Denial {
        turn: u32,
        call_id: String,
        tool: String,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The end of a turn.
    TurnEnd {
        turn: u32,
        status: TurnStatus,
        usage: Usage,
        cost_usd: Option<f64>,
        duration_ms: u64,
        error: Option<String>,
        at: DateTime<Utc>,
    },
    /// The session's title: written after the first turn (a model-written title) and by `session
    /// rename`. The last one wins.
    Title { title: String, at: DateTime<Utc> },
    /// A compaction boundary: the conversation before this line was replaced by `messages` (a
    /// summary plus the newest messages kept verbatim). Resume starts from the last one.
    Compaction {
        turn: u32,
        messages: Vec<Message>,
        /// Estimated tokens of the conversation before and after.
        tokens_before: u64,
        tokens_after: u64,
        at: DateTime<Utc>,
    },
    /// A sub-agent started by an `agent` tool call: its own session and transcript (`path`, under
    /// `<parent>/subagents/`).
    Subagent {
        session: SessionId,
        path: PathBuf,
        task: String,
        at: DateTime<Utc>,
    },
    /// A model call that gave no reply the turn kept (failed, cancelled, or cut by the output token
    /// limit and recovered from): its tokens, and how the turn went on (`recovery`, e.g.
    /// `continue_text`, `retry_larger_output`, `retry_empty`). They are part of the turn's usage.
    ModelCall {
        turn: u32,
        model: String,
        usage: Usage,
        status: String,
        reason: String,
        recovery: Option<String>,
        at: DateTime<Utc>,
    },
    /// The session's to-do list as the agent (`todo_write`) or `run --plan` last set it, whole;
    /// a resumed session starts from the last one.
    TodoList {
        turn: u32,
        items: Vec<super::TodoItem>,
        at: DateTime<Utc>,
    },
    /// A record type this version does not know (written by a newer pilotdeck).
    #[serde(other)]
    Unknown,
}

/// Appends records to one session file.
#[derive(Debug, Clone)]
pub struct Transcript {
    path: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Store(#[from] store::Error),
    #[error(transparent)]
    Home(#[from] crate::home::Error),
    #[error(
        "no session matches `{query}` in this project; list them with `pilotdeck session list`"
    )]
    NotFound { query: String },
    #[error("`{query}` matches several sessions ({}); give more of the id", candidates.join(", "))]
    Ambiguous {
        query: String,
        candidates: Vec<String>,
    },
    #[error("`{path}` is not a pilotdeck transcript (its first line is not a session header)")]
    NotATranscript { path: PathBuf },
    #[error("cannot remove `{path}`: {source}")]
    Remove {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot remove the session's checkpoints: {0}")]
    Checkpoint(#[from] crate::checkpoint::Error),
    #[error(
        "session {id} has no turn {turn} (its last turn is {last}); pick a turn from `pilotdeck session show {id}`"
    )]
    NoSuchTurn { id: SessionId, turn: u32, last: u32 },
    #[error(
        "session {id} is in use by another pilotdeck (a `run` or `chat` on it has not ended); try \
         again when it has, or continue a copy: `pilotdeck session fork {id}`"
    )]
    InUse { id: SessionId },
}

/// A session's writer: while it is held, no other process appends turns to the session (two
/// `run --continue` at once would interleave their records). Released when dropped.
/// One lock per session and process, shared by the conversations of this process that hold it
/// (chat's `/resume` of the session it is in opens it again before closing it).
#[derive(Debug, Clone)]
pub struct Hold {
    _lock: std::sync::Arc<store::FileLock>,
}

/// The sessions this process holds, by lock file.
static HELD: std::sync::Mutex<Vec<(PathBuf, std::sync::Weak<store::FileLock>)>> =
    std::sync::Mutex::new(Vec::new());

impl Hold {
    /// Takes the session `id` of `home` for this process, or says it is in use; the transcript
    /// `path` must be writable (so a turn is not run that could not be recorded).
    pub fn take(home: &PilotHome, id: &SessionId, path: &Path) -> Result<Hold, Error> {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| store::Error::io("open for writing", path, e))?;
        let file = Self::file(home, id);
        let mut held = HELD
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        held.retain(|(_, lock)| lock.strong_count() > 0);
        if let Some(lock) = (held.iter()).find_map(|(f, lock)| (*f == file).then(|| lock.upgrade()))
        {
            return Ok(Hold {
                _lock: lock.ok_or_else(|| Error::InUse { id: id.clone() })?,
            });
        }
        let Some(lock) = store::FileLock::try_acquire(&file)? else {
            return Err(Error::InUse { id: id.clone() });
        };
        let lock = std::sync::Arc::new(lock);
        held.push((file, std::sync::Arc::downgrade(&lock)));
        Ok(Hold { _lock: lock })
    }

    /// Removes the lock file of the removed session `id` (held by the caller, so no other process
    /// is writing the session; a later one finds no transcript to hold).
    pub fn forget(home: &PilotHome, id: &SessionId) {
        let file = Self::file(home, id);
        if let Err(e) = std::fs::remove_file(&file)
            && e.kind() != std::io::ErrorKind::NotFound
        {
            tracing::debug!(path = %file.display(), error = %e, "cannot remove a session lock");
        }
    }

    fn file(home: &PilotHome, id: &SessionId) -> PathBuf {
        home.locks_dir().join(format!("session-{id}.lock"))
    }
}

impl Transcript {
    /// Creates a new session file for `project` and writes its header.
    pub fn create(
        home: &PilotHome,
        project: &Project,
        model: &str,
    ) -> Result<(SessionId, Transcript), Error> {
        project.ensure_dir(home)?;
        let id = SessionId::generate();
        let path = home.sessions_dir(&project.key).join(format!("{id}.jsonl"));
        let transcript = Transcript::create_at(path, &id, &project.root, model)?;
        Ok((id, transcript))
    }

    /// Creates a session file at `path` (its directory too) and writes its header.
    pub fn create_at(
        path: PathBuf,
        id: &SessionId,
        cwd: &Path,
        model: &str,
    ) -> Result<Transcript, store::Error> {
        let transcript = Transcript { path };
        transcript.append(&Record::Session {
            id: id.clone(),
            cwd: cwd.to_owned(),
            model: model.to_owned(),
            created_at: Utc::now(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        })?;
        Ok(transcript)
    }

    /// Where the transcript of sub-agent `child` of this session goes:
    /// `<sessions>/<this id>/subagents/<child>.jsonl`, out of the session listing.
    pub fn subagent_path(parent: &Path, child: &SessionId) -> PathBuf {
        parent
            .with_extension("")
            .join("subagents")
            .join(format!("{child}.jsonl"))
    }

    /// An existing session file.
    pub fn open(path: PathBuf) -> Transcript {
        Transcript { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record, then marks the sessions directory as changed (its mtime), so the index
    /// knows to look at the files again without statting every transcript (see `index::sync`).
    /// Only the header creates the file: a transcript removed meanwhile (`session rm`) is not
    /// made again headless.
    pub fn append(&self, record: &Record) -> Result<(), store::Error> {
        match record {
            Record::Session { .. } => store::append_line(&self.path, record)?,
            _ => store::append_line_existing(&self.path, record)?,
        }
        if let Some(dir) = self.path.parent() {
            mark_changed(dir);
        }
        Ok(())
    }

    /// Every readable record; torn or invalid lines are skipped with a warning.
    pub fn read(&self) -> Result<Vec<Record>, Error> {
        let read = store::read_lines::<Record>(&self.path)?;
        match read.records.first() {
            Some(Record::Session { .. }) => Ok(read.records),
            _ => Err(Error::NotATranscript {
                path: self.path.clone(),
            }),
        }
    }
}

/// Finds a session of `project` by id, unique id prefix, or `last`: the one written to most
/// recently (its transcript's modification time; the newest id on a tie), as `session list` shows
/// first — a session continued after a newer one was started is `last` again.
pub fn find(
    home: &PilotHome,
    project: &Project,
    query: &str,
) -> Result<(SessionId, Transcript), Error> {
    let dir = home.sessions_dir(&project.key);
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    e.file_name()
                        .to_str()?
                        .strip_suffix(".jsonl")
                        .map(str::to_owned)
                })
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    let matches: Vec<&String> = if query == "last" {
        let written = |id: &String| {
            std::fs::metadata(dir.join(format!("{id}.jsonl")))
                .and_then(|m| m.modified())
                .ok()
        };
        // Newest first; a file whose first line is not a session header (emptied, or a stray
        // file) is passed over while a readable one is left.
        let mut newest: Vec<&String> = ids.iter().collect();
        newest.sort_by_key(|id| std::cmp::Reverse((written(id), id.as_str())));
        let readable = newest
            .iter()
            .find(|id| has_header(&dir.join(format!("{id}.jsonl"))));
        readable.or(newest.first()).copied().into_iter().collect()
    } else {
        let upper = query.to_ascii_uppercase();
        ids.iter().filter(|id| id.starts_with(&upper)).collect()
    };
    match matches.as_slice() {
        [one] => Ok((
            SessionId((*one).clone()),
            Transcript::open(dir.join(format!("{one}.jsonl"))),
        )),
        [] => Err(Error::NotFound {
            query: query.to_owned(),
        }),
        many => Err(Error::Ambiguous {
            query: query.to_owned(),
            candidates: many.iter().take(5).map(|s| (*s).clone()).collect(),
        }),
    }
}

/// True when the first line of the file at `path` is a session header.
fn has_header(path: &Path) -> bool {
    use std::io::{BufRead, Read};
    let Ok(file) = store::open_nonblocking(path, 0) else {
        return false;
    };
    let mut first = String::new();
    let read = std::io::BufReader::new(file.take(1 << 20)).read_line(&mut first);
    read.is_ok() && matches!(serde_json::from_str(&first), Ok(Record::Session { .. }))
}

/// Sets a directory's mtime to now. An append does not change its directory, so the writer does it;
/// failing costs only the shortcut (the next full check finds the change).
pub(crate) fn mark_changed(dir: &Path) {
    let marked =
        std::fs::File::open(dir).and_then(|d| d.set_modified(std::time::SystemTime::now()));
    if let Err(e) = marked {
        tracing::debug!(error = %e, dir = %dir.display(), "cannot mark the sessions directory changed");
    }
}
