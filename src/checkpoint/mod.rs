//! Checkpoints: the content of every project file an agent turn changed, as it was before the turn's
//! first change to it, so `session rewind` and chat's `/undo` can put it back.
//!
//! Layout under `<home>/projects/<key>/checkpoints/` ([`Checkpoints`]):
//!
//! - `blobs/<2 hex>/<sha256>`: file contents, content-addressed, so a file saved by many turns or
//!   sessions is stored once ([`blobs`]).
//! - `sessions/<session id>/<turn>.jsonl`: one manifest per turn that changed files — a `before`
//!   record at the turn's first change to a path (its blob, or absent), an `after` record after each
//!   change (what the agent left), and `rewound` once a rewind undid the turn ([`manifest`]).
//! - `sessions/<session id>/rewind.json`: the journal of a rewind in progress ([`rewind`]).
//!
//! Recording ([`Recorder`], held by the tool context and driven by `tools::ToolRegistry`): a
//! `write_file`/`edit_file` call saves its one path before it runs; a `bash` command that is not
//! read-only is bracketed by a scan of the project ([`scan`]: the mtime, ctime, size, mode and inode
//! of every file not ignored by `.gitignore`), and the files whose stamp changed are recorded (and
//! those of them that are text come back as `diff::FileChange`s, for the change lines). A
//! file's earlier content is known because the scan before the command saved whatever git cannot
//! give back: files clean in the git index are read from git's object store when needed, every
//! other file is saved once per session and again only when its stamp changes. A file is read for
//! saving from the directory the no-follow walk from the root reached (so a directory swapped for a
//! link to PilotHome or `~/.ssh` is not read through) and only when the file opened is in no secret
//! location: otherwise nothing is saved for it, and it is not restored. Read-only tools and
//! read-only commands do nothing here, so a turn without edits costs nothing.
//!
//! Rewinding ([`Checkpoints::rewind`]) restores each path to its `before` of the earliest turn
//! rewound, unless the file now differs from what the agent last left (the user changed it): that is
//! a conflict, left alone unless forced. A file the agent created is removed, and so are the
//! directories it made for it once they are empty (those born since the change's call started,
//! by their birth time; where the filesystem keeps none, they stay). Only paths inside the project
//! are touched, never through a symlink ([`confine`]): others are refused and reported. Each file
//! is replaced atomically, and the plan is written
//! to a journal first, so a rewind killed half-way is finished by the next one. The checkpoints of
//! a session are removed with it (`session::remove`), and blobs no session names any more with them.

pub mod blobs;
pub mod confine;
pub mod manifest;
mod recorder;
pub mod rewind;
pub mod scan;
pub mod secrets;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use blobs::ContentHash;
pub use confine::Refused;
pub use recorder::{Pending, Recorder};
pub use rewind::{FileRewound, FilesRewound, RewindOptions};

use crate::home::{PilotHome, ProjectKey};
use secrets::Secrets;

/// Files larger than this are not saved (and so not restored): a checkpoint is for sources, not
/// for data sets or build outputs that are not ignored.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// `Err` naming the limit when the open `file` is larger than [`MAX_FILE_BYTES`]: the recorder
/// does not hash it and rewind does not compare it (a sparse `truncate -s 3G` file costs a command
/// nothing and would be read whole).
pub(crate) fn within_limit(file: &std::fs::File) -> Result<(), String> {
    match file.metadata() {
        Ok(meta) if meta.len() > MAX_FILE_BYTES => Err(format!(
            "it is larger than {} MiB: not read",
            MAX_FILE_BYTES / (1024 * 1024)
        )),
        _ => Ok(()),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Store(#[from] crate::store::Error),
    #[error("cannot {action} `{path}`: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("the checkpoint blob {hash} is missing or damaged; `{path}` cannot be restored")]
    MissingBlob { hash: String, path: PathBuf },
}

impl Error {
    pub(crate) fn io(action: &'static str, path: &Path, source: std::io::Error) -> Error {
        Error::Io {
            action,
            path: path.to_owned(),
            source,
        }
    }
}

/// One project's checkpoint directory.
#[derive(Debug, Clone)]
pub struct Checkpoints {
    dir: PathBuf,
}

impl Checkpoints {
    pub fn new(home: &PilotHome, key: &ProjectKey) -> Checkpoints {
        Checkpoints::at(home.checkpoints_dir(key))
    }

    pub fn at(dir: PathBuf) -> Checkpoints {
        Checkpoints { dir }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub(crate) fn blobs(&self) -> blobs::Blobs {
        blobs::Blobs::new(self.dir.join("blobs"))
    }

    /// `sessions/<session>/`: the session's manifests and rewind journal.
    pub(crate) fn session_dir(&self, session: &str) -> PathBuf {
        self.dir.join("sessions").join(session)
    }

    /// A recorder for a session whose tools work in `root` (bash changes are looked for there;
    /// symlinks resolved), never saving a file in one of the `secrets` locations.
    pub fn recorder(&self, root: &Path, secrets: Arc<Secrets>) -> Recorder {
        Recorder::new(self.clone(), root.to_owned(), secrets)
    }

    /// The newest turn of `session` with file changes not yet rewound.
    pub fn last_changed_turn(&self, session: &str) -> Result<Option<u32>, Error> {
        let turns = manifest::read_session(&self.session_dir(session))?;
        Ok(turns
            .iter()
            .rev()
            .find(|(_, t)| !t.rewound && t.changes_files())
            .map(|(n, _)| *n))
    }

    /// Removes a session's checkpoints (after the session itself was deleted), then every blob no
    /// remaining session names.
    pub fn remove_session(&self, session: &str) -> Result<(), Error> {
        let dir = self.session_dir(session);
        match std::fs::remove_dir_all(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(Error::io("remove", &dir, e)),
        }
        let live = manifest::live_hashes(&self.dir.join("sessions"))?;
        let removed = self.blobs().collect_garbage(&live)?;
        tracing::debug!(session, removed, "checkpoints removed");
        Ok(())
    }
}
