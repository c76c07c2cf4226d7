//! The guard's paths below a project root, reached without following a symbolic link
//! ([`super::guard`]). A confined command may swap any project directory for a link to a directory
//! outside the project (the link is just a file in it), and the guard runs unsandboxed afterwards:
//! a path it lists, reads, removes or writes after a command is used only when every component
//! between the project root and it is a real directory now (`crate::checkpoint::confine`; the path
//! itself may be a link: it is recorded, removed or replaced, never followed). What the guard
//! removes or writes back it reaches through its parent directory held open ([`anchored`]), so a
//! swap made between that check and the change, by a process still running, is not followed either.

use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

use crate::checkpoint::confine;

/// True when nothing between `root` and `path` is a symbolic link (or a file), so `path` is the
/// entry it names inside the project. A path not below `root` (a linked worktree's git directory,
/// whose parents commands cannot change) is not checked.
pub fn reachable(root: &Path, path: &Path) -> bool {
    !path.starts_with(root) || path == root || confine::check_parents(root, path, false).is_ok()
}

/// True when `dir`, below `root` and reached without a link, is now a symbolic link (one lookup
/// when it is not: this runs for every directory of the project).
pub fn swapped(root: &Path, dir: &Path) -> bool {
    dir != root
        && std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink())
        && reachable(root, dir)
}

/// Checks `path` can be removed or written without following a link, making its missing parent
/// directories with `create`; why not.
pub fn confine(root: &Path, path: &Path, create: bool) -> Result<(), String> {
    if !path.starts_with(root) {
        return Ok(());
    }
    confine::check_parents(root, path, create).map_err(|r| r.reason)
}

/// `path` as the guard removes or writes it after a command, reached through its parent directory
/// held open ([`confine::open_parent`], making missing parents with `create`): on Linux
/// `/proc/self/fd/N/NAME`, so a directory swapped for a link between the check and the change — by
/// a process still running, such as a sandboxed MCP server between its calls — cannot send the
/// change outside the project (attacker review, stop 39: a removal deleted another repository's
/// `.git`). The held directory comes back with the path and must be kept while the path is used.
/// A path not below `root`, or whose parent is missing, is given as it is.
pub fn anchored(
    root: &Path,
    path: &Path,
    create: bool,
) -> Result<(PathBuf, Option<confine::Beneath>), String> {
    if !path.starts_with(root) || path == root {
        return Ok((path.to_owned(), None));
    }
    let Some(parent) = confine::open_parent(root, path, create).map_err(|r| r.reason)? else {
        return Ok((path.to_owned(), None));
    };
    let held = Path::new("/proc/self/fd").join(parent.dir.as_raw_fd().to_string());
    if !held.is_dir() {
        // No `/proc` (not Linux): checked, not held.
        return Ok((path.to_owned(), Some(parent)));
    }
    Ok((held.join(&parent.name), Some(parent)))
}

#[cfg(test)]
mod tests {
    use super::super::guard::{Outcome, Snapshot};
    use super::super::listing::Listings;

    /// `.git/objects` (not kept: commands write it) swapped for a link to a directory outside
    /// holding `info/alternates`: the kept alternates path is not read, removed or written there;
    /// the link goes (a link where git writes is kept) and the alternates come back inside.
    #[test]
    fn kept_paths_below_a_swapped_directory_are_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(root.join(".git/objects/info")).unwrap();
        crate::store::write_atomic(&root.join(".git/objects/info/alternates"), b"/a\n").unwrap();
        crate::store::write_atomic(&outside.join("info/alternates"), b"/theirs\n").unwrap();
        let snapshot = Snapshot::take(std::slice::from_ref(&root), &Listings::default()).unwrap();
        std::fs::rename(root.join(".git/objects"), root.join("objects-away")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join(".git/objects")).unwrap();
        let outcomes = snapshot.restore();
        assert_eq!(
            std::fs::read(outside.join("info/alternates")).unwrap(),
            b"/theirs\n",
            "{outcomes:?}"
        );
        assert!(!root.join(".git/objects").is_symlink(), "{outcomes:?}");
        assert_eq!(
            std::fs::read(root.join(".git/objects/info/alternates")).unwrap(),
            b"/a\n"
        );
        assert!(
            outcomes.contains(&Outcome::Undone(root.join(".git/objects"))),
            "{outcomes:?}"
        );
    }

    /// A directory swapped for a link to another repository after the guard checked the path
    /// below it: removing through the anchored path removes the project's entry, not theirs.
    #[test]
    fn an_anchored_path_is_not_redirected_by_a_later_swap() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("victim");
        crate::store::write_atomic(&root.join("nd/.git/config"), b"planted\n").unwrap();
        crate::store::write_atomic(&outside.join(".git/config"), b"theirs\n").unwrap();
        let (path, _held) = super::anchored(&root, &root.join("nd/.git"), false).unwrap();
        std::fs::rename(root.join("nd"), root.join("nd-away")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("nd")).unwrap();
        super::super::guard::remove(&path).unwrap();
        assert_eq!(
            std::fs::read(outside.join(".git/config")).unwrap(),
            b"theirs\n"
        );
        assert!(!root.join("nd-away/.git").exists());
    }

    /// A nested repository's parent swapped for a link to another repository: its `.git` is
    /// neither moved aside nor replaced; the link goes aside and the directory is rebuilt.
    #[test]
    fn a_nested_git_directory_is_brought_back_inside_the_project() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        crate::store::write_atomic(&root.join("sub/.git/config"), b"mine\n").unwrap();
        crate::store::write_atomic(&outside.join(".git/config"), b"theirs\n").unwrap();
        let snapshot = Snapshot::take(std::slice::from_ref(&root), &Listings::default()).unwrap();
        std::fs::rename(root.join("sub"), root.join("sub2")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("sub")).unwrap();
        let outcomes = snapshot.restore();
        assert_eq!(
            std::fs::read(outside.join(".git/config")).unwrap(),
            b"theirs\n"
        );
        assert_eq!(
            std::fs::read(root.join("sub/.git/config")).unwrap(),
            b"mine\n",
            "{outcomes:?}"
        );
        assert!(
            outcomes.iter().any(|o| matches!(o,
                Outcome::Failed { path, aside: Some(_), .. } if path == &root.join("sub"))),
            "{outcomes:?}"
        );
        assert!(snapshot.restore().is_empty());
    }
}
