//! The project scan around a command: the stamp (mtime, ctime, size, mode, inode) of every regular
//! file under the root that `.gitignore` (also outside a git repository), `.ignore` and git's
//! exclude files do not ignore ([`crate::walk`], which never opens an ignore file that is not a
//! regular file), never descending into `.git`. One `stat` per file and no reads; comparing two
//! scans gives the files a command created, changed or removed.
//!
//! [`GitIndex`] tells which files are clean in the git index (their stat data matches the index
//! entry), whose content git can give back later, so the scan before a command need not save them.

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::walk::{Ignores, walker};

/// What a file looked like: enough to notice that it changed without reading it. A command can
/// put the mtime back after rewriting a file in place at the same size (`touch -d`, `utimensat`),
/// but not the ctime: any change sets it to now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub mtime_ns: i128,
    pub ctime_ns: i128,
    pub len: u64,
    pub mode: u32,
    pub ino: u64,
}

impl Stamp {
    pub fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            mtime_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
            ctime_ns: i128::from(meta.ctime()) * 1_000_000_000 + i128::from(meta.ctime_nsec()),
            len: meta.len(),
            mode: meta.mode() & 0o7777,
            ino: meta.ino(),
        }
    }
}

/// A project with more files than this (not ignored) is not scanned: commands there are not
/// checkpointed (a home directory, a data set without a `.gitignore`).
pub const MAX_SCAN_FILES: usize = 50_000;

/// Every regular file under `root` that is not ignored, with its stamp; `None` past
/// [`MAX_SCAN_FILES`].
pub fn scan(root: &Path) -> Option<HashMap<PathBuf, Stamp>> {
    let mut files = HashMap::new();
    let walk = walker(root, Some(Ignores::ALL), |entry| {
        entry.file_name() != ".git"
    })
    .build();
    for entry in walk.filter_map(Result::ok) {
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        if let Ok(meta) = entry.metadata() {
            files.insert(entry.into_path(), Stamp::of(&meta));
        }
        if files.len() > MAX_SCAN_FILES {
            return None;
        }
    }
    Some(files)
}

/// The stat data of a git index: which files are clean, and their blobs.
pub struct GitIndex {
    repo: PathBuf,
    /// Absolute path → (mtime seconds, mtime nanoseconds, size, blob id).
    entries: HashMap<PathBuf, (i64, u32, u64, git2::Oid)>,
    /// The index file's own mtime: a file changed in the same tick as the index was written may
    /// match its entry and still differ ("racy git"), so such a file is not trusted.
    written_ns: i128,
    /// The index file's stamp when read, to know when it must be read again.
    index_stamp: Stamp,
}

impl GitIndex {
    /// The index of the repository `root` is in; `None` outside a repository (or a bare one).
    pub fn open(root: &Path) -> Option<GitIndex> {
        let repo = git2::Repository::discover(root).ok()?;
        let workdir = repo.workdir()?.canonicalize().ok()?;
        let index = repo.index().ok()?;
        let index_stamp = std::fs::metadata(repo.path().join("index"))
            .map(|m| Stamp::of(&m))
            .ok()?;
        let entries = index
            .iter()
            .filter_map(|e| {
                let rel = std::str::from_utf8(&e.path).ok()?;
                Some((
                    workdir.join(rel),
                    (
                        i64::from(e.mtime.seconds()),
                        e.mtime.nanoseconds(),
                        u64::from(e.file_size),
                        e.id,
                    ),
                ))
            })
            .collect();
        Some(GitIndex {
            repo: repo.path().to_owned(),
            entries,
            written_ns: index_stamp.mtime_ns,
            index_stamp,
        })
    }

    /// This index read again only when the index file changed since.
    pub fn refresh(cached: Option<GitIndex>, root: &Path) -> Option<GitIndex> {
        let unchanged = |g: &GitIndex| {
            std::fs::metadata(g.repo.join("index")).is_ok_and(|m| Stamp::of(&m) == g.index_stamp)
        };
        match cached {
            Some(g) if unchanged(&g) => Some(g),
            _ => GitIndex::open(root),
        }
    }

    /// The blob of `path` when the file is clean in the index (its stamp matches the entry).
    pub fn clean(&self, path: &Path, stamp: &Stamp) -> Option<git2::Oid> {
        let (secs, nanos, size, oid) = *self.entries.get(path)?;
        let mtime_secs = i64::try_from(stamp.mtime_ns.div_euclid(1_000_000_000)).ok()?;
        let mtime_nanos = u32::try_from(stamp.mtime_ns.rem_euclid(1_000_000_000)).ok()?;
        let same = secs == mtime_secs
            && (nanos == 0 || nanos == mtime_nanos)
            && size == stamp.len
            && stamp.mtime_ns < self.written_ns;
        same.then_some(oid)
    }

    /// The content of blob `oid`, when the repository still has it and it is `len` bytes long (a
    /// content filter such as `core.autocrlf` would make the blob differ from the file).
    pub fn blob(repo: &Path, oid: git2::Oid, len: u64) -> Option<Vec<u8>> {
        let repo = git2::Repository::open(repo).ok()?;
        let blob = repo.find_blob(oid).ok()?;
        (blob.size() as u64 == len).then(|| blob.content().to_vec())
    }

    pub fn repo_path(&self) -> &Path {
        &self.repo
    }
}
