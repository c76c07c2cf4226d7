//! [`Recorder`]: saves what a turn's file changes replace, as the tools run. One recorder lives per
//! session (in the tool context); the loop hands each turn a copy naming the session and turn
//! ([`Recorder::for_turn`]). The registry calls [`Recorder::before_write`] or
//! [`Recorder::before_command`] before a changing call and [`Pending::finish`] after it. A
//! checkpoint that cannot be saved is logged and skipped: it never fails the tool call.
//!
//! A file's content is read through one open ([`Recorder::read`], for what is saved and for the
//! hash of what a call left): below the root, relative to the directory the no-follow walk reached
//! ([`confine::open_file_parent`], [`Beneath::open_read`](confine::Beneath::open_read)), never
//! blocking on a FIFO, and then only when the kernel says the file opened is in no secret location
//! ([`Secrets::covering_file`]) — so a directory a command swapped for a link to PilotHome or
//! `~/.ssh` never makes a secret the "before" a rewind would write into the project. Nothing is
//! recorded for such a file.

use std::collections::{HashMap, HashSet};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};

use super::confine;
use super::manifest::{self, Content, Entry};
use super::scan::{GitIndex, Stamp, scan};
use super::secrets::Secrets;
use super::{Checkpoints, ContentHash, Error, MAX_FILE_BYTES};
use crate::diff::FileChange;

/// Records a session's checkpoints. Cheap to clone.
#[derive(Clone)]
pub struct Recorder {
    shared: Arc<Shared>,
    turn: Option<(String, u32)>,
}

struct Shared {
    checkpoints: Checkpoints,
    root: PathBuf,
    /// Where no file is read from for saving.
    secrets: Arc<Secrets>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The turn `touched` belongs to.
    turn: Option<(String, u32)>,
    /// Paths whose `before` the current turn has recorded.
    touched: HashSet<PathBuf>,
    /// What the last scan saw of each file and where its content at that stamp can be had.
    known: HashMap<PathBuf, (Stamp, Prior)>,
    /// The git index as last read.
    git: Option<GitIndex>,
    /// Bytes the scans before commands saved this session, against [`SESSION_SAVE_BYTES`].
    saved_bytes: u64,
    /// The project was too large to scan (warned once).
    too_large: bool,
}

/// What the scans before commands may save in one session: past it, files that git cannot give
/// back and that were not saved yet are not checkpointed (so a first command in a large
/// directory without a `.gitignore` does not copy all of it).
const SESSION_SAVE_BYTES: u64 = 256 * 1024 * 1024;

/// Largest file a command's change line is diffed for; a larger one is checkpointed all the same.
const DIFF_BYTES: u64 = 256 * 1024;

/// Where a file's content at a known stamp is.
#[derive(Clone)]
enum Prior {
    Saved(Content),
    /// Clean in the git index: the blob of the repository at `repo`.
    Git {
        repo: PathBuf,
        oid: git2::Oid,
        len: u64,
        mode: u32,
    },
}

/// A changing call in progress; [`Pending::finish`] records what it left.
pub struct Pending {
    recorder: Recorder,
    tool: String,
    work: Work,
    /// When the call started: the `at` of the `before` records it makes.
    started: DateTime<Utc>,
}

enum Work {
    Write(PathBuf),
    Command(HashMap<PathBuf, Stamp>),
}

impl Recorder {
    pub(super) fn new(checkpoints: Checkpoints, root: PathBuf, secrets: Arc<Secrets>) -> Recorder {
        Recorder {
            shared: Arc::new(Shared {
                checkpoints,
                root,
                secrets,
                state: Mutex::default(),
            }),
            turn: None,
        }
    }

    /// This recorder for turn `turn` of `session`; without it nothing is recorded.
    pub fn for_turn(&self, session: &str, turn: u32) -> Recorder {
        Recorder {
            shared: Arc::clone(&self.shared),
            turn: Some((session.to_owned(), turn)),
        }
    }

    /// Before a tool writes `path` (resolved): saves the file's content if this turn has not yet.
    pub fn before_write(&self, path: &Path, tool: &str) -> Option<Pending> {
        let (session, turn) = self.turn.as_ref()?;
        if super::rewind::in_git_dir(path) {
            return None;
        }
        let started = Utc::now();
        let mut state = self.state();
        if !state.touched.contains(path) {
            let before = match std::fs::symlink_metadata(path) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                Err(e) => return skip(path, &Error::io("read", path, e)),
                Ok(meta) if !meta.is_file() || meta.len() > MAX_FILE_BYTES => {
                    tracing::warn!(path = %path.display(), "not a regular file or too large: no checkpoint");
                    return None;
                }
                Ok(meta) => match self.save(path, meta.mode() & 0o7777) {
                    Ok(content) => Some(content),
                    Err(e) => return skip(path, &e),
                },
            };
            if let Err(e) = self.append(session, *turn, before_entry(path, before, tool, started)) {
                return skip(path, &e);
            }
            state.touched.insert(path.to_owned());
        }
        Some(Pending {
            recorder: self.clone(),
            tool: tool.to_owned(),
            work: Work::Write(path.to_owned()),
            started,
        })
    }

    /// Before a command that may change files: scans the project and saves the content of every
    /// file git cannot give back and this session has not saved at its current stamp.
    pub fn before_command(&self, tool: &str) -> Option<Pending> {
        self.turn.as_ref()?;
        let started = Utc::now();
        let scanned = scan(&self.shared.root);
        let mut state = self.state();
        let Some(stamps) = scanned else {
            if !std::mem::replace(&mut state.too_large, true) {
                tracing::warn!(
                    root = %self.shared.root.display(),
                    "more than {} files are not ignored here: changes by commands are not checkpointed",
                    super::scan::MAX_SCAN_FILES
                );
            }
            return None;
        };
        let mut git: Option<Option<GitIndex>> = None;
        let root = &self.shared.root;
        for (path, stamp) in &stamps {
            if state.known.get(path).is_some_and(|(s, _)| s == stamp) {
                continue;
            }
            let index = git.get_or_insert_with(|| GitIndex::refresh(state.git.take(), root));
            let prior = match index
                .as_ref()
                .and_then(|g| Some((g, g.clean(path, stamp)?)))
            {
                Some((g, oid)) => Some(Prior::Git {
                    repo: g.repo_path().to_owned(),
                    oid,
                    len: stamp.len,
                    mode: stamp.mode,
                }),
                None if stamp.len <= MAX_FILE_BYTES
                    && state.saved_bytes + stamp.len <= SESSION_SAVE_BYTES =>
                {
                    match self.save(path, stamp.mode) {
                        Ok(content) => {
                            state.saved_bytes += stamp.len;
                            Some(Prior::Saved(content))
                        }
                        Err(e) => {
                            tracing::debug!(path = %path.display(), error = %e, "cannot save before a command");
                            None
                        }
                    }
                }
                None => None,
            };
            match prior {
                Some(prior) => state.known.insert(path.clone(), (*stamp, prior)),
                None => state.known.remove(path),
            };
        }
        if let Some(index) = git {
            state.git = index;
        }
        Some(Pending {
            recorder: self.clone(),
            tool: tool.to_owned(),
            work: Work::Command(stamps),
            started,
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        let mut state = self
            .shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if state.turn != self.turn {
            state.turn.clone_from(&self.turn);
            state.touched.clear();
        }
        state
    }

    /// Reads `path` into the blob store ([`Recorder::read`]); a missing file is an error here.
    fn save(&self, path: &Path, mode: u32) -> Result<Content, Error> {
        let bytes = self
            .read(path)
            .and_then(|bytes| bytes.ok_or_else(|| std::io::ErrorKind::NotFound.into()))
            .map_err(|e| Error::io("read", path, e))?;
        let hash = self.shared.checkpoints.blobs().put(&bytes)?;
        Ok(Content { hash, mode })
    }

    /// The content of `path` (`None`: absent): a regular file only, opened without following a
    /// link (below the root, in no component; elsewhere, at the file) nor blocking on a FIFO (a
    /// command may have swapped one in since the file was seen), not in a secret location, and of
    /// at most [`MAX_FILE_BYTES`] (a sparse `truncate -s 2G` file would otherwise be read whole).
    fn read(&self, path: &Path) -> std::io::Result<Option<Vec<u8>>> {
        let root = &self.shared.root;
        let not_secret = |file: &std::fs::File| {
            if let Some(hidden) = self.shared.secrets.covering_file(file) {
                return Err(format!(
                    "it is in a secret location ({}): not read",
                    hidden.display()
                ));
            }
            super::within_limit(file)
        };
        let read = if path.starts_with(root) && path != root {
            confine::read_regular(root, path, not_secret)
        } else {
            match crate::store::open_nonblocking(path, libc::O_NOFOLLOW) {
                Ok(file) => confine::read_open(file, path, not_secret).map(Some),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(e),
            }
        };
        read.map_err(|r| std::io::Error::other(r.reason))
    }

    fn append(&self, session: &str, turn: u32, entry: Entry) -> Result<(), Error> {
        let dir = self.shared.checkpoints.session_dir(session);
        manifest::append(&dir, turn, &entry)
    }

    /// The text `path` held at `was` (`Some(None)`: it did not exist), when this session saved or
    /// git holds that content and it is text of at most [`DIFF_BYTES`]; `None` otherwise.
    fn text_at(&self, path: &Path, was: Option<&Stamp>) -> Option<Option<String>> {
        let Some(stamp) = was else {
            return Some(None);
        };
        if stamp.len > DIFF_BYTES {
            return None;
        }
        let prior = self
            .state()
            .known
            .get(path)
            .filter(|(s, _)| s == stamp)
            .map(|(_, p)| p.clone())?;
        let bytes = match &prior {
            Prior::Saved(content) => self
                .shared
                .checkpoints
                .blobs()
                .get(&content.hash, path)
                .ok()?,
            Prior::Git { repo, oid, len, .. } => GitIndex::blob(repo, *oid, *len)?,
        };
        text(Some(bytes))
    }

    /// The change from `old` to `new` at `path`, named relative to the root; `None` when the text
    /// is the same (a command that only touched the file).
    fn change(&self, path: &Path, old: Option<String>, new: Option<String>) -> Option<FileChange> {
        if old == new {
            return None;
        }
        let shown = path.strip_prefix(&self.shared.root).unwrap_or(path);
        Some(FileChange {
            path: shown.display().to_string(),
            before: old,
            after: new,
        })
    }

    /// The content `prior` names, in the blob store.
    fn materialize(&self, prior: &Prior, path: &Path) -> Result<Content, Error> {
        match prior {
            Prior::Saved(content) => Ok(content.clone()),
            Prior::Git {
                repo,
                oid,
                len,
                mode,
            } => {
                let bytes = GitIndex::blob(repo, *oid, *len).ok_or_else(|| Error::MissingBlob {
                    hash: oid.to_string(),
                    path: path.to_owned(),
                })?;
                let hash = self.shared.checkpoints.blobs().put(&bytes)?;
                Ok(Content { hash, mode: *mode })
            }
        }
    }
}

impl Pending {
    /// After the call: records what it left in each path it changed. A command's changes to text
    /// files whose earlier content is known come back as [`FileChange`]s, in path order, for the
    /// change lines people read (a file tool reports its own change).
    pub fn finish(self) -> Vec<FileChange> {
        let Some((session, turn)) = self.recorder.turn.clone() else {
            return Vec::new();
        };
        match &self.work {
            Work::Write(path) => {
                self.after(&session, turn, path);
                Vec::new()
            }
            Work::Command(before) => {
                let Some(now) = scan(&self.recorder.shared.root) else {
                    return Vec::new();
                };
                let mut changed: Vec<&PathBuf> = before
                    .iter()
                    .filter(|(p, s)| now.get(*p) != Some(*s))
                    .map(|(p, _)| p)
                    .chain(now.keys().filter(|p| !before.contains_key(*p)))
                    .collect();
                changed.sort();
                let mut changes = Vec::new();
                for path in changed {
                    let was = before.get(path);
                    let old = self.recorder.text_at(path, was);
                    if !self.command_before(&session, turn, path, was) {
                        continue;
                    }
                    let new = self.after(&session, turn, path);
                    if let (Some(old), Some(new)) = (old, new.and_then(text)) {
                        changes.extend(self.recorder.change(path, old, new));
                    }
                }
                changes
            }
        }
    }

    /// Records the `before` of a path a command changed, unless the turn has one; false when its
    /// earlier content is unknown (nothing is recorded for it then).
    fn command_before(&self, session: &str, turn: u32, path: &Path, was: Option<&Stamp>) -> bool {
        let r = &self.recorder;
        let mut state = r.state();
        if state.touched.contains(path) {
            return true;
        }
        let before = match was {
            None => None,
            Some(stamp) => {
                let prior = state
                    .known
                    .get(path)
                    .filter(|(s, _)| s == stamp)
                    .map(|(_, p)| p.clone());
                match prior.map(|p| r.materialize(&p, path)) {
                    Some(Ok(content)) => Some(content),
                    Some(Err(e)) => return skip::<()>(path, &e).is_some(),
                    None => {
                        tracing::warn!(path = %path.display(), "its content before the command is unknown: no checkpoint");
                        return false;
                    }
                }
            }
        };
        let entry = before_entry(path, before, &self.tool, self.started);
        if let Err(e) = r.append(session, turn, entry) {
            return skip::<()>(path, &e).is_some();
        }
        state.touched.insert(path.to_owned());
        true
    }

    /// Records what `path` holds after the call; its bytes (`None` inside: absent), or `None`
    /// when it could not be read.
    fn after(&self, session: &str, turn: u32, path: &Path) -> Option<Option<Vec<u8>>> {
        let bytes = match self.recorder.read(path) {
            Ok(bytes) => bytes,
            Err(e) => return skip(path, &Error::io("read", path, e)),
        };
        let content = bytes.as_deref().map(ContentHash::of);
        let entry = Entry::After {
            path: path.to_owned(),
            content,
            at: Utc::now(),
        };
        if let Err(e) = self.recorder.append(session, turn, entry) {
            skip::<()>(path, &e);
        }
        Some(bytes)
    }
}

/// A file's bytes as the text a change line diffs (`Some(None)`: no file); `None` when they are
/// not text ([`crate::diff::text_of`]) or longer than [`DIFF_BYTES`].
fn text(bytes: Option<Vec<u8>>) -> Option<Option<String>> {
    if bytes.as_ref().is_some_and(|b| b.len() as u64 > DIFF_BYTES) {
        return None;
    }
    crate::diff::text_of(bytes)
}

fn before_entry(path: &Path, content: Option<Content>, tool: &str, at: DateTime<Utc>) -> Entry {
    Entry::Before {
        path: path.to_owned(),
        content,
        tool: tool.to_owned(),
        at,
    }
}

/// Logs a checkpoint that could not be saved; `None` for the caller to return.
fn skip<T>(path: &Path, error: &Error) -> Option<T> {
    tracing::warn!(path = %path.display(), error = %error, "no checkpoint for this file");
    None
}
