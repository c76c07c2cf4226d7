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
//! <root>/.sync.lock                 held by a running `memory sync`
//! <root>/sync.git/                  the notes repository `memory sync` fetches and pushes
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

    /// Held by a running `memory sync` (beside the write lock, not under `locks/`, whose files
    /// `doctor --deep` reports once no index worker holds them).
    pub(super) fn sync_lock(&self) -> PathBuf {
        self.root.join(".sync.lock")
    }

    /// The notes repository `memory sync` fetches and pushes (not a dot-directory: those beside
    /// the notes are stages that `doctor --deep --repair` removes).
    pub(super) fn sync_repo(&self) -> PathBuf {
        self.root.join("sync.git")
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

/// A scope's folders as [`Scope::folders`] saw them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Folders {
    /// Device, inode, mtime and ctime of each folder (`-` when missing).
    pub stamp: String,
    /// The newest mtime among them (when an entry last changed), in ns since the epoch.
    pub newest_ns: i64,
}

/// The note folders of one index scope: a workspace (`Project/`, `Feedback/`) or the global notes
/// (`User/`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Scope<'a> {
    dir: &'a Path,
    kinds: &'static [NoteKind],
    pub(super) key: &'a str,
}

impl<'a> Scope<'a> {
    /// The workspace directory `dir` of project `key`.
    pub(super) fn workspace(dir: &'a Path, key: &'a ProjectKey) -> Scope<'a> {
        Scope {
            dir,
            kinds: &[NoteKind::Project, NoteKind::Feedback],
            key: &key.0,
        }
    }

    /// The global notes directory `dir`.
    pub(super) fn global(dir: &'a Path) -> Scope<'a> {
        Scope {
            dir,
            kinds: &[NoteKind::User],
            key: GLOBAL_SCOPE,
        }
    }

    /// The note files with their stamps, sorted by path.
    pub(super) fn files(&self) -> Vec<Stamped> {
        self.list().files(self.key)
    }

    /// What the scope's folders say about their entries, from one `statx` per folder: creating,
    /// deleting or renaming a note (editors that save by renaming a new file over the old one
    /// included) changes it; editing a note in place does not.
    pub(super) fn folders(&self) -> Folders {
        use std::os::unix::fs::MetadataExt;
        let mut stamp = String::new();
        let mut newest_ns = 0;
        for kind in self.kinds {
            match std::fs::metadata(self.dir.join(kind.folder())) {
                Ok(m) => {
                    let mtime_ns = ns(m.mtime(), m.mtime_nsec());
                    let ctime_ns = ns(m.ctime(), m.ctime_nsec());
                    newest_ns = newest_ns.max(mtime_ns);
                    stamp.push_str(&format!("{}:{}:{mtime_ns}:{ctime_ns};", m.dev(), m.ino()));
                }
                Err(_) => stamp.push_str("-;"),
            }
        }
        Folders { stamp, newest_ns }
    }

    /// Reads the kind folders: each `*.md` file (not hidden) with its stamp, in directory order.
    /// One directory read and one `statx` per file ([`stamps`]).
    pub(super) fn list(&self) -> Listing {
        use std::os::unix::ffi::OsStrExt;
        let folders = (self.kinds.iter())
            .map(|kind| {
                let folder = self.dir.join(kind.folder());
                let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(&folder)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .filter(|e| {
                        let name = e.file_name();
                        let bytes = name.as_bytes();
                        bytes.ends_with(b".md") && !bytes.starts_with(b".")
                    })
                    .collect();
                let stamps = stamps(&entries);
                let files = (entries.into_iter().zip(stamps))
                    .filter_map(|(entry, stamp)| {
                        stamp.map(|(mtime_ns, size)| (entry, mtime_ns, size))
                    })
                    .collect();
                (*kind, folder, files)
            })
            .collect();
        Listing { folders }
    }
}

/// One read of a scope's note files ([`Scope::list`]): per kind folder, its files with their
/// (mtime ns, size).
pub(super) struct Listing {
    folders: Vec<ListedFolder>,
}

/// A kind folder, its path and its files: (entry, mtime ns, size).
type ListedFolder = (NoteKind, PathBuf, Vec<(std::fs::DirEntry, i64, i64)>);

impl Listing {
    /// A hash of every file's kind, name, mtime and size, independent of directory order: equal
    /// for an unchanged listing, different after any create, delete, rename or write. Builds no
    /// paths and sorts nothing, so checking an unchanged scope costs the directory reads and the
    /// `statx` calls and little else.
    pub(super) fn fingerprint(&self) -> String {
        use std::hash::{Hash, Hasher};
        let (mut count, mut sum, mut xor) = (0u64, 0u64, 0u64);
        for (kind, _, files) in &self.folders {
            for (entry, mtime_ns, size) in files {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                (kind.folder(), entry.file_name(), mtime_ns, size).hash(&mut h);
                let v = h.finish();
                count += 1;
                sum = sum.wrapping_add(v);
                xor ^= v.rotate_left(17);
            }
        }
        format!("{count}-{sum:016x}-{xor:016x}")
    }

    /// The files of scope `scope_key`, sorted by path.
    pub(super) fn files(self, scope_key: &str) -> Vec<Stamped> {
        let mut out: Vec<Stamped> = (self.folders.into_iter())
            .flat_map(|(kind, folder, files)| {
                files
                    .into_iter()
                    .map(move |(entry, mtime_ns, size)| Stamped {
                        file: NoteFile {
                            path: folder.join(entry.file_name()),
                            kind,
                            scope_key: scope_key.to_owned(),
                        },
                        mtime_ns,
                        size,
                    })
            })
            .collect();
        // Byte order of the whole path is path order here (files one level down in folders whose
        // names differ in their first byte) and much cheaper than comparing components.
        out.sort_unstable_by(|a, b| a.file.path.as_os_str().cmp(b.file.path.as_os_str()));
        out
    }
}

/// Entries at which [`stamps`] splits the `statx` calls over threads.
const PARALLEL_STAT_FROM: usize = 2_000;

/// (mtime ns, size) of each entry that is a regular file (symlinks followed), `None` otherwise.
/// One `statx` per entry, relative to the open directory (`DirEntry::metadata`); a large folder is
/// split over up to four threads, as the calls cost kernel time (path lookup) and nothing is shared.
fn stamps(entries: &[std::fs::DirEntry]) -> Vec<Option<(i64, i64)>> {
    let threads = if entries.len() < PARALLEL_STAT_FROM {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
    };
    let chunk = entries.len().div_ceil(threads).max(1);
    let stamp_all = |part: &[std::fs::DirEntry]| part.iter().map(stamp).collect::<Vec<_>>();
    std::thread::scope(|scope| {
        let mut parts = entries.chunks(chunk);
        let first = parts.next().unwrap_or(&[]);
        let others: Vec<_> = parts
            .map(|part| (part.len(), scope.spawn(move || stamp_all(part))))
            .collect();
        let mut out = stamp_all(first);
        for (len, handle) in others {
            out.extend(handle.join().unwrap_or_else(|_| vec![None; len]));
        }
        out
    })
}

fn stamp(entry: &std::fs::DirEntry) -> Option<(i64, i64)> {
    use std::os::unix::fs::MetadataExt;
    let mut meta = entry.metadata().ok()?;
    if meta.file_type().is_symlink() {
        meta = std::fs::metadata(entry.path()).ok()?;
    }
    meta.is_file()
        .then(|| (ns(meta.mtime(), meta.mtime_nsec()), meta.size() as i64))
}

/// A file time (seconds and nanoseconds, as `stat` gives them) in ns since the epoch.
fn ns(secs: i64, nsec: i64) -> i64 {
    secs * 1_000_000_000 + nsec
}

/// The note files of a workspace directory (`Project/`, `Feedback/`), sorted by path.
pub(super) fn workspace_files(dir: &Path, key: &ProjectKey) -> Vec<NoteFile> {
    unstamped(Scope::workspace(dir, key).files())
}

/// The global note files (`User/`), sorted by path.
pub(super) fn global_files(dir: &Path) -> Vec<NoteFile> {
    unstamped(Scope::global(dir).files())
}

fn unstamped(files: Vec<Stamped>) -> Vec<NoteFile> {
    files.into_iter().map(|s| s.file).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Enough files that the stat calls are split over threads.
    #[test]
    fn a_large_folder_is_listed_whole_and_its_fingerprint_sees_an_in_place_edit() {
        let dir = tempfile::tempdir().unwrap();
        let key = ProjectKey("proj-0123456789".to_owned());
        let folder = dir.path().join("Project");
        std::fs::create_dir_all(&folder).unwrap();
        let count = PARALLEL_STAT_FROM + 101;
        for i in 0..count {
            store::write_atomic(
                &folder.join(format!("n{i:05}.md")),
                format!("note {i}\n").as_bytes(),
            )
            .unwrap();
        }
        store::write_atomic(&folder.join(".hidden.md"), b"x").unwrap();
        store::write_atomic(&folder.join("notes.txt"), b"x").unwrap();
        std::fs::create_dir(folder.join("dir.md")).unwrap();
        let scope = Scope::workspace(dir.path(), &key);

        let files = scope.files();
        assert_eq!(files.len(), count);
        assert!(files.windows(2).all(|w| w[0].file.path < w[1].file.path));
        let last = &files[count - 1];
        assert_eq!(last.file.path, folder.join(format!("n{:05}.md", count - 1)));
        assert_eq!(last.size, format!("note {}\n", count - 1).len() as i64);

        let before = scope.list().fingerprint();
        assert_eq!(scope.list().fingerprint(), before);
        // Written in place, the directory unchanged: only the file's stamp tells.
        crate::test_edits::edit_in_place(&folder.join("n01234.md"), "note 1234\nmore\n");
        let after = scope.list().fingerprint();
        assert_ne!(after, before);
        std::fs::remove_file(folder.join("n00007.md")).unwrap();
        assert_ne!(scope.list().fingerprint(), after);
        assert_eq!(scope.files().len(), count - 1);
    }
}
