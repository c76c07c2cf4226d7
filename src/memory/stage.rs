//! Staged copies of a notes directory and the atomic swap that commits them.
//!
//! Dream, rollback and import never edit live notes in place: they build the new state in a sibling
//! directory and exchange the two with `renameat2(RENAME_EXCHANGE)`, so a reader sees the old tree
//! or the new one and a crash at any point leaves the live notes whole. A [`Staged`] directory is
//! owned by the process that holds its lock file (`<root>/locks/stage-<id>.lock`), so a dream may
//! keep its stage while it waits for the model without holding the write lock; a stage whose lock
//! is free belongs to a dead process and is removed by the next dream or import
//! ([`remove_leftovers`]). [`digest`] tells whether a live directory changed since it was staged.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::Error;
use super::layout::Layout;
use crate::store::{self, FileLock};

/// A private staged copy of a live directory; removed when dropped unless swapped in.
#[derive(Debug)]
pub(super) struct Staged {
    pub dir: PathBuf,
    lock: Option<FileLock>,
}

impl Staged {
    /// Copies `live` (or nothing, when it does not exist) to a new sibling named
    /// `.<name>.<tag>-<id>`, owned through a lock file under `layout`'s lock directory.
    pub(super) fn copy_of(layout: &Layout, live: &Path, tag: &str) -> Result<Staged, Error> {
        let id = ulid::Ulid::generate().to_string();
        let lock = FileLock::acquire(&layout.stage_lock(&id))?;
        let dir = sibling_named(live, tag, &id);
        let staged = Staged {
            dir,
            lock: Some(lock),
        };
        if live.is_dir() {
            copy_tree(live, &staged.dir)?;
        } else {
            store::create_dir_private(&staged.dir)?;
        }
        Ok(staged)
    }

    /// Puts the stage in place of `live` atomically (a plain rename when `live` does not exist).
    /// The old tree is removed.
    pub(super) fn swap_into(mut self, live: &Path) -> Result<(), Error> {
        if live.exists() {
            exchange(&self.dir, live)?;
            crate::crash::point("memory.stage.swapped");
        } else {
            if let Some(parent) = live.parent() {
                store::create_dir_private(parent)?;
            }
            std::fs::rename(&self.dir, live).map_err(Error::io("swap in", live))?;
        }
        let old = std::mem::take(&mut self.dir);
        let _ = remove_tree(&old);
        self.release();
        Ok(())
    }

    fn release(&mut self) {
        if let Some(lock) = self.lock.take() {
            let path = lock.path().to_owned();
            drop(lock);
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.dir.as_os_str().is_empty() {
            let _ = remove_tree(&self.dir);
        }
        self.release();
    }
}

/// A hash of every file under `dir` (relative paths and contents); the same for an absent and an
/// empty directory.
pub(super) fn digest(dir: &Path) -> Result<String, Error> {
    let mut files = Vec::new();
    collect_files(dir, dir, &mut files)?;
    files.sort();
    let mut hash = Sha256::new();
    for (rel, path) in files {
        let bytes = std::fs::read(&path).map_err(Error::io("read", &path))?;
        hash.update(rel.as_bytes());
        hash.update([0]);
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    Ok(format!("{:x}", hash.finalize()))
}

fn collect_files(base: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) -> Result<(), Error> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::io("read directory", dir)(e)),
    };
    for entry in entries {
        let entry = entry.map_err(Error::io("read directory", dir))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(Error::io("inspect", &path))?;
        if kind.is_dir() {
            collect_files(base, &path, out)?;
        } else if kind.is_file() {
            let rel = super::layout::relative(&path, base);
            out.push((rel, path));
        }
    }
    Ok(())
}

fn sibling_named(live: &Path, tag: &str, id: &str) -> PathBuf {
    let name = live
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    live.with_file_name(format!(".{name}.{tag}-{id}"))
}

/// A sibling of `live` named `.<name>.<tag>-<ulid>`.
pub(super) fn sibling(live: &Path, tag: &str) -> PathBuf {
    let name = live
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    live.with_file_name(format!(".{name}.{tag}-{}", ulid::Ulid::generate()))
}

/// Copies the directory tree `from` to `to` (which must not exist).
pub(super) fn copy_tree(from: &Path, to: &Path) -> Result<(), Error> {
    store::create_dir_private(to)?;
    let entries = std::fs::read_dir(from).map_err(Error::io("read directory", from))?;
    for entry in entries {
        let entry = entry.map_err(Error::io("read directory", from))?;
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().map_err(Error::io("inspect", &src))?;
        if kind.is_dir() {
            copy_tree(&src, &dst)?;
        } else if kind.is_file() {
            std::fs::copy(&src, &dst).map_err(Error::io("copy", &src))?;
            let _ = std::fs::set_permissions(&dst, std::fs::Permissions::from_mode(0o600));
        }
    }
    Ok(())
}

/// Exchanges two existing directories atomically.
pub(super) fn exchange(a: &Path, b: &Path) -> Result<(), Error> {
    rustix::fs::renameat_with(
        rustix::fs::CWD,
        a,
        rustix::fs::CWD,
        b,
        rustix::fs::RenameFlags::EXCHANGE,
    )
    .map_err(|e| Error::Io {
        action: "swap in",
        path: a.to_owned(),
        source: e.into(),
    })
}

/// Removes a directory tree, ignoring one that is already gone.
pub(super) fn remove_tree(dir: &Path) -> Result<(), Error> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io("remove", dir)(e)),
    }
}

/// Removes stages left by dead processes: siblings of `live` named `.<name>.<tag>-<id>` whose
/// lock file nobody holds.
pub(super) fn remove_leftovers(layout: &Layout, live: &Path, tag: &str) {
    let name = live
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.{tag}-");
    let Some(parent) = live.parent() else { return };
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        if !entry.file_name().to_string_lossy().starts_with(&prefix) {
            continue;
        }
        let Some(lock_path) = layout.stage_lock_of(&entry.path()) else {
            continue;
        };
        if let Ok(Some(lock)) = FileLock::try_acquire(&lock_path) {
            let _ = remove_tree(&entry.path());
            drop(lock);
            let _ = std::fs::remove_file(&lock_path);
        }
    }
}
