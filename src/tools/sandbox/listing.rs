//! The project's directories the guard searches for nested protected names ([`super::guard`]), kept
//! between a session's commands ([`Listings`]): before each command only the directories whose
//! status changed are read again, so an unchanged project costs one `stat` per directory instead
//! of a listing.
//!
//! A directory's entries change only with its status: adding, removing or renaming an entry sets
//! its mtime and ctime, and no program can set a ctime back (`touch -d` sets it to now). Each
//! directory's status is taken before it is read; an unchanged status (device, inode, mtime,
//! ctime) is trusted only when that ctime was already [`SETTLE`] old when the directory was read —
//! a change within the same clock tick as the reading would keep the same time. Elsewhere the
//! directory is read again; on file systems whose times may come from another clock (network and
//! FUSE ones, or an unknown type) every directory is read every time.
//!
//! Every directory is searched but those with a protected name, `.gitignore` or not: git enters a
//! repository in an ignored directory too (through a gitlink in a commit, or from a shell inside
//! it), and a command can change `.gitignore` to hide a directory while it plants a `.git` there
//! (attacker review, stop 40).

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::{OsStr, OsString};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::tools::permission::{GIT_HEAD, INSTRUCTION_FILES, PILOTDECK_DIR};

/// How old a ctime must be, when its directory is read, for an unchanged status to mean unchanged
/// entries (file system time granularity and clock ticks are well under it).
pub const SETTLE: Duration = Duration::from_secs(2);

/// True for a name the permission checks protect in any directory: `.git`, `.pilotdeck`, an
/// instruction file, `HEAD` (which makes a directory with `objects/` and `refs/` a bare repository
/// git uses when run there: a new one is removed).
pub fn protected_name(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    name == ".git"
        || name == PILOTDECK_DIR
        || name == GIT_HEAD
        || INSTRUCTION_FILES.iter().any(|f| *f == name)
}

/// True when the entries of the directory whose status is `meta` may have changed since `since`:
/// its ctime is not [`SETTLE`] older than that.
pub fn changed_since(meta: &std::fs::Metadata, since: SystemTime) -> bool {
    !Stamp::of(meta).settled(since)
}

/// The status that changes with a directory's entries (or a file's content).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
    size: u64,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            dev: meta.dev(),
            ino: meta.ino(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
            size: meta.size(),
        }
    }

    /// True when no change can have kept this status: its ctime was [`SETTLE`] old at `read`.
    fn settled(&self, read: SystemTime) -> bool {
        let Ok(since) = read.duration_since(UNIX_EPOCH) else {
            return false;
        };
        let Some(limit) = since.checked_sub(SETTLE) else {
            return false;
        };
        let (secs, nanos) = self.ctime;
        let (Ok(secs), Ok(nanos)) = (u64::try_from(secs), u32::try_from(nanos)) else {
            return false;
        };
        Duration::new(secs, nanos) < limit
    }
}

/// One directory as read.
#[derive(Debug)]
pub struct Dir {
    stamp: Stamp,
    settled: bool,
    /// Its subdirectories: one made later is searched whole.
    pub subdirs: BTreeSet<OsString>,
    /// The protected names in it (kept by the guard).
    pub protected: BTreeSet<OsString>,
}

impl Dir {
    /// Reads `dir` (not following a symlink); `None` when it is not a readable directory.
    fn read(dir: &Path) -> Option<Dir> {
        let now = SystemTime::now();
        let meta = std::fs::symlink_metadata(dir).ok()?;
        if !meta.is_dir() {
            return None;
        }
        let mut subdirs = BTreeSet::new();
        let mut protected = BTreeSet::new();
        for entry in std::fs::read_dir(dir).ok()?.flatten() {
            let name = entry.file_name();
            if protected_name(&name) {
                protected.insert(name);
            } else if entry.file_type().is_ok_and(|t| t.is_dir()) {
                subdirs.insert(name);
            }
        }
        let stamp = Stamp::of(&meta);
        Some(Dir {
            settled: stamp.settled(now),
            stamp,
            subdirs,
            protected,
        })
    }

    /// True when `dir` certainly holds the same entries as when read.
    pub fn unchanged(&self, dir: &Path) -> bool {
        std::fs::symlink_metadata(dir).is_ok_and(|m| self.unchanged_as(&m))
    }

    /// True when the directory whose status is `meta` (not followed) certainly holds the same
    /// entries as when read.
    pub fn unchanged_as(&self, meta: &std::fs::Metadata) -> bool {
        self.settled && meta.is_dir() && Stamp::of(meta) == self.stamp
    }
}

/// The searched directories of one project root.
#[derive(Debug, Default)]
pub struct Tree {
    pub dirs: BTreeMap<PathBuf, Arc<Dir>>,
}

impl Tree {
    /// Reads every directory below `root`.
    fn walk(root: &Path) -> Tree {
        let mut tree = Tree::default();
        tree.enter(root);
        tree
    }

    /// Reads `dir` and the directories below it.
    fn enter(&mut self, dir: &Path) {
        let Some(read) = Dir::read(dir) else {
            return;
        };
        let read = Arc::new(read);
        self.dirs.insert(dir.to_owned(), Arc::clone(&read));
        for name in &read.subdirs {
            self.enter(&dir.join(name));
        }
    }

    /// The tree as it is now: directories whose status changed are read again (and new
    /// subdirectories walked).
    fn refresh(&self, root: &Path) -> Tree {
        let mut tree = Tree::default();
        for (path, old) in &self.dirs {
            if tree.dirs.contains_key(path) {
                continue;
            }
            let reachable = path == root
                || path
                    .parent()
                    .zip(path.file_name())
                    .is_some_and(|(parent, name)| {
                        tree.dirs
                            .get(parent)
                            .is_some_and(|p| p.subdirs.contains(name))
                    });
            if !reachable {
                continue;
            }
            if old.unchanged(path) {
                tree.dirs.insert(path.clone(), Arc::clone(old));
                continue;
            }
            let Some(read) = Dir::read(path) else {
                continue;
            };
            let read = Arc::new(read);
            tree.dirs.insert(path.clone(), Arc::clone(&read));
            for name in read.subdirs.difference(&old.subdirs) {
                tree.enter(&path.join(name));
            }
        }
        tree
    }
}

/// A session's trees, one per project root, kept between commands.
#[derive(Debug, Default)]
pub struct Listings(Mutex<BTreeMap<PathBuf, Arc<Tree>>>);

impl Listings {
    /// The searched directories of `root` now: the kept tree refreshed where that is safe
    /// ([`caches`]), else walked again.
    pub fn tree(&self, root: &Path) -> Arc<Tree> {
        let kept = self.lock().get(root).cloned();
        let tree = Arc::new(match kept {
            Some(kept) if caches(root) => kept.refresh(root),
            _ => Tree::walk(root),
        });
        self.lock().insert(root.to_owned(), Arc::clone(&tree));
        tree
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<PathBuf, Arc<Tree>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// True when `root` is on a local file system whose times come from this machine's clock (ext4,
/// XFS, Btrfs, tmpfs, overlayfs, ZFS, F2FS): there a kept listing is trusted.
#[cfg(target_os = "linux")]
fn caches(root: &Path) -> bool {
    const LOCAL: &[i64] = &[
        0xEF53,      // ext2/3/4
        0x5846_5342, // XFS
        0x9123_683E, // Btrfs
        0x0102_1994, // tmpfs
        0x794C_7630, // overlayfs
        0x2FC1_2FC1, // ZFS
        0xF2F5_2010, // F2FS
    ];
    #[allow(
        clippy::useless_conversion,
        reason = "`f_type` is not an i64 on every Linux target"
    )]
    rustix::fs::statfs(root).is_ok_and(|s| LOCAL.contains(&i64::from(s.f_type)))
}

#[cfg(not(target_os = "linux"))]
fn caches(_root: &Path) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(
        clippy::disallowed_methods,
        reason = "a kept listing is trusted only once its directories' ctimes are SETTLE old"
    )]
    fn a_kept_listing_reads_again_only_what_changed() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        if !caches(&root) {
            return;
        }
        for dir in ["a/b/c/d", "ignored/x", "a/.pilotdeck/inside"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        crate::store::write_atomic(&root.join(".gitignore"), b"ignored/\n").unwrap();
        std::thread::sleep(SETTLE + Duration::from_millis(300));
        let listings = Listings::default();
        let first = listings.tree(&root);
        let keys = |t: &Tree| t.dirs.keys().cloned().collect::<Vec<_>>();
        // Ignored directories are searched too; a protected one is not entered.
        assert_eq!(
            keys(&first),
            ["", "a", "a/b", "a/b/c", "a/b/c/d", "ignored", "ignored/x"].map(|d| root.join(d))
        );
        assert!(first.dirs.values().all(|d| d.settled));
        // Nothing changed: every directory is kept as read, none read again.
        let second = listings.tree(&root);
        assert!(
            first
                .dirs
                .iter()
                .all(|(k, d)| Arc::ptr_eq(d, &second.dirs[k]))
        );
        // A name planted deep down, a new directory there and one in the ignored one.
        crate::store::write_atomic(&root.join("a/b/c/d/AGENTS.md"), b"x").unwrap();
        std::fs::create_dir_all(root.join("a/b/c/d/e/f")).unwrap();
        std::fs::create_dir_all(root.join("ignored/y")).unwrap();
        std::fs::remove_dir(root.join("a/b/c/d/e/f")).unwrap();
        let third = listings.tree(&root);
        let d = &third.dirs[&root.join("a/b/c/d")];
        assert!(d.protected.contains(OsStr::new("AGENTS.md")) && !d.settled);
        assert_eq!(
            keys(&third),
            [
                "",
                "a",
                "a/b",
                "a/b/c",
                "a/b/c/d",
                "a/b/c/d/e",
                "ignored",
                "ignored/x",
                "ignored/y"
            ]
            .map(|d| root.join(d))
        );
        assert!(Arc::ptr_eq(
            &first.dirs[&root.join("a")],
            &third.dirs[&root.join("a")]
        ));
        // Not yet settled: read again next time, and still holding the planted name.
        let fourth = listings.tree(&root);
        assert!(!Arc::ptr_eq(d, &fourth.dirs[&root.join("a/b/c/d")]));
    }
}
