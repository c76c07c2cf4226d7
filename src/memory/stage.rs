//! Staged copies of a workspace directory and the atomic swap that commits them.
//!
//! Dream, rollback and import never edit live notes in place: they build the new state in a sibling
//! directory and exchange the two with `renameat2(RENAME_EXCHANGE)`, so a reader sees the old tree
//! or the new one and a crash at any point leaves the live notes whole (a leftover stage is removed
//! by the next dream).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::Error;
use crate::store;

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

/// Removes stages left by crashed runs: siblings of `live` named `.<name>.<tag>-*`. The caller holds
/// the write lock, so no live run owns them.
pub(super) fn remove_leftovers(live: &Path, tag: &str) {
    let name = live
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.{tag}-");
    let Some(parent) = live.parent() else { return };
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = remove_tree(&entry.path());
        }
    }
}
