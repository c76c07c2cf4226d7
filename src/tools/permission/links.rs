//! Hard links: a regular file inside the project with more than one name may be the same file as
//! one outside it (`ln ~/.ssh/id_ed25519 notes.txt` needs no permission the agent lacks), so its
//! path alone does not show where its contents live. The policy treats such a file like a path
//! outside the project: it is allowed in `full` mode or by a rule that names the path, and otherwise
//! needs approval (denied unattended).

use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The link count of `path` when it is a regular file with more than one name; `None` for a file
/// with one name, a directory, or a path that does not exist.
pub(super) fn shared_link_count(path: &Path) -> Option<u64> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    (meta.is_file() && meta.nlink() > 1).then_some(meta.nlink())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_with_several_names_count() {
        let tmp = tempfile::tempdir().unwrap();
        let one = tmp.path().join("one");
        crate::store::write_atomic(&one, b"x").unwrap();
        assert_eq!(shared_link_count(&one), None);
        std::fs::hard_link(&one, tmp.path().join("two")).unwrap();
        assert_eq!(shared_link_count(&one), Some(2));
        assert_eq!(shared_link_count(tmp.path()), None, "a directory");
        assert_eq!(shared_link_count(&tmp.path().join("none")), None);
    }
}
