//! Where memory lives on disk and how note files are found, read and written.
//!
//! ```text
//! <root>/workspaces/<project key>/  MEMORY.md, project.meta.md, Project/*.md, Feedback/*.md
//! <root>/global/                    profile.md, User/*.md
//! <root>/snapshots/<project key>/   the workspace as it was before the last dream (for rollback)
//! <root>/snapshots/<key>.global/    the global notes as they were before that dream
//! <root>/.write.lock                held by every process while it writes notes
//! <root>/locks/index-<token>.lock   held by a running `memory index` for its claims
//! <root>/locks/stage-<id>.lock      held by the owner of a staged copy `.<dir>.<tag>-<id>`
//! ```
//! `<root>` is `memory.rootDir`, else `<home>/memory`. Every write goes through [`write_note`]
//! (atomic) while the caller holds [`Layout::lock_writes`].

use std::path::{Path, PathBuf};

use super::Error;
use super::note::{Note, NoteKind};
use crate::config::MemoryConfig;
use crate::home::{PilotHome, ProjectKey};
use crate::store::{self, FileLock};

/// The scope key of the global notes in `memory_notes`.
pub const GLOBAL_SCOPE: &str = "global";

/// The memory root and the paths under it.
#[derive(Debug, Clone)]
pub struct Layout {
    root: PathBuf,
}

/// One note file found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NoteFile {
    pub path: PathBuf,
    pub kind: NoteKind,
    /// The project key, or [`GLOBAL_SCOPE`].
    pub scope_key: String,
}

impl Layout {
    pub fn new(home: &PilotHome, config: Option<&MemoryConfig>) -> Layout {
        let root = config
            .and_then(|c| c.root_dir.as_deref())
            .map(crate::home::expand_tilde)
            .unwrap_or_else(|| home.memory_dir());
        Layout { root }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn workspaces(&self) -> PathBuf {
        self.root.join("workspaces")
    }

    pub fn workspace(&self, key: &ProjectKey) -> PathBuf {
        self.workspaces().join(&key.0)
    }

    pub fn global(&self) -> PathBuf {
        self.root.join("global")
    }

    pub fn snapshot(&self, key: &ProjectKey) -> PathBuf {
        self.root.join("snapshots").join(&key.0)
    }

    /// Blocks until this process is the only one writing notes.
    pub fn lock_writes(&self) -> Result<FileLock, Error> {
        Ok(FileLock::acquire(&self.root.join(".write.lock"))?)
    }

    /// Takes the write lock if no other process holds it (`doctor --deep --repair`).
    pub fn try_lock_writes(&self) -> Result<Option<FileLock>, Error> {
        Ok(FileLock::try_acquire(&self.root.join(".write.lock"))?)
    }

    pub fn worker_lock(&self, token: &str) -> PathBuf {
        self.root.join("locks").join(format!("index-{token}.lock"))
    }

    /// Held by the process that owns the staged directory `id` (dream, import).
    pub fn stage_lock(&self, id: &str) -> PathBuf {
        self.root.join("locks").join(format!("stage-{id}.lock"))
    }

    /// The lock file owning the stage directory `.<name>.<tag>-<id>`.
    pub fn stage_lock_of(&self, stage: &Path) -> Option<PathBuf> {
        let (_, id) = stage.file_name()?.to_str()?.rsplit_once('-')?;
        Some(self.stage_lock(id))
    }

    /// The global notes as they were before the last dream of project `key` changed them.
    pub fn global_snapshot(&self, key: &ProjectKey) -> PathBuf {
        self.root
            .join("snapshots")
            .join(format!("{}.global", key.0))
    }

    /// The directory holding notes of `kind` for project `key`.
    pub fn kind_dir(&self, key: &ProjectKey, kind: NoteKind) -> PathBuf {
        match kind {
            NoteKind::User => self.global().join(kind.folder()),
            NoteKind::Project | NoteKind::Feedback => self.workspace(key).join(kind.folder()),
        }
    }

    /// Project keys that have a workspace directory.
    pub fn workspace_keys(&self) -> Vec<ProjectKey> {
        let mut keys: Vec<ProjectKey> = std::fs::read_dir(self.workspaces())
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().is_dir())
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|n| !n.starts_with('.'))
            .map(ProjectKey)
            .collect();
        keys.sort();
        keys
    }
}

/// One note file with what its directory entry says about it: (mtime in ns, size).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Stamped {
    pub file: NoteFile,
    pub mtime_ns: i64,
    pub size: i64,
}

/// The note files of a workspace directory (`Project/`, `Feedback/`), sorted by path.
pub(super) fn workspace_files(dir: &Path, key: &ProjectKey) -> Vec<NoteFile> {
    unstamped(scan(dir, &[NoteKind::Project, NoteKind::Feedback], &key.0))
}

/// The global note files (`User/`), sorted by path.
pub(super) fn global_files(dir: &Path) -> Vec<NoteFile> {
    unstamped(scan(dir, &[NoteKind::User], GLOBAL_SCOPE))
}

/// [`workspace_files`] with their stamps, for the index sync.
pub(super) fn stamped_workspace_files(dir: &Path, key: &ProjectKey) -> Vec<Stamped> {
    scan(dir, &[NoteKind::Project, NoteKind::Feedback], &key.0)
}

/// [`global_files`] with their stamps, for the index sync.
pub(super) fn stamped_global_files(dir: &Path) -> Vec<Stamped> {
    scan(dir, &[NoteKind::User], GLOBAL_SCOPE)
}

fn unstamped(files: Vec<Stamped>) -> Vec<NoteFile> {
    files.into_iter().map(|s| s.file).collect()
}

/// Lists `*.md` files (not hidden) in the kind folders of `dir`. One `statx` per entry, relative
/// to the open directory (`DirEntry::metadata`); only symlinks are followed with a full `stat`.
/// This runs before every recall, so it stays this lean.
fn scan(dir: &Path, kinds: &[NoteKind], scope_key: &str) -> Vec<Stamped> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::MetadataExt;
    let mut out = Vec::new();
    for kind in kinds {
        let folder = dir.join(kind.folder());
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let bytes = name.as_bytes();
            if !bytes.ends_with(b".md") || bytes.starts_with(b".") {
                continue;
            }
            let Ok(mut meta) = entry.metadata() else {
                continue;
            };
            if meta.file_type().is_symlink() {
                let Ok(target) = std::fs::metadata(entry.path()) else {
                    continue;
                };
                meta = target;
            }
            if !meta.is_file() {
                continue;
            }
            out.push(Stamped {
                file: NoteFile {
                    path: folder.join(&name),
                    kind: *kind,
                    scope_key: scope_key.to_owned(),
                },
                mtime_ns: meta.mtime() * 1_000_000_000 + meta.mtime_nsec(),
                size: meta.size() as i64,
            });
        }
    }
    out.sort_by(|a, b| a.file.path.cmp(&b.file.path));
    out
}

/// Reads and parses a note file.
pub(super) fn read_note(path: &Path, kind: NoteKind) -> Result<Note, Error> {
    let text = std::fs::read_to_string(path).map_err(Error::io("read note", path))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(Note::parse(&text, &stem, kind))
}

/// Writes a note atomically. The caller holds [`Layout::lock_writes`].
pub(super) fn write_note(path: &Path, note: &Note) -> Result<(), Error> {
    Ok(store::write_atomic(path, note.render().as_bytes())?)
}

/// `path` relative to `base`, with `/` separators, for catalogs and output.
pub(super) fn relative(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}
