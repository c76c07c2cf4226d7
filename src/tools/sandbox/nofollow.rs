//! The guard's paths below a project root, reached without following a symbolic link
//! ([`super::guard`]). A confined command may swap any project directory for a link to a directory
//! outside the project (the link is just a file in it), and the guard runs unsandboxed afterwards:
//! a path it lists, reads, removes or writes after a command is used only when every component
//! between the project root and it is a real directory now (`crate::checkpoint::confine`; the path
//! itself may be a link: it is recorded, removed or replaced, never followed).

use std::path::Path;

use crate::checkpoint::confine;

/// True when nothing between `root` and `path` is a symbolic link (or a file), so `path` is the
/// entry it names inside the project. A path not below `root` (a linked worktree's git directory,
/// whose parents commands cannot change) is not checked.
pub fn reachable(root: &Path, path: &Path) -> bool {
    !path.starts_with(root) || path == root || confine::check_parents(root, path, false).is_ok()
}

/// True when `dir` is a real directory reached without a link from `root` (or is `root`).
pub fn real_dir(root: &Path, dir: &Path) -> bool {
    reachable(root, dir) && std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir())
}

/// True when `dir`, below `root` and reached without a link, is now a symbolic link.
pub fn swapped(root: &Path, dir: &Path) -> bool {
    dir != root
        && reachable(root, dir)
        && std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink())
}

/// Checks `path` can be removed or written without following a link, making its missing parent
/// directories with `create`; why not.
pub fn confine(root: &Path, path: &Path, create: bool) -> Result<(), String> {
    if !path.starts_with(root) {
        return Ok(());
    }
    confine::check_parents(root, path, create).map_err(|r| r.reason)
}
