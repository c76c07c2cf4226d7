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

#[cfg(test)]
mod tests {
    use super::super::guard::{Outcome, Snapshot};
    use super::super::listing::Listings;

    /// `.git/objects` (not kept: commands write it) swapped for a link to a directory outside
    /// holding `info/alternates`: the kept alternates path is not read, removed or written there.
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
        assert!(
            matches!(&outcomes[..], [Outcome::Failed { path, .. }] if path.ends_with("objects/info/alternates")),
            "{outcomes:?}"
        );
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
