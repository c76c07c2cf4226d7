//! Keeping a write inside the project (a rewind, the saved plan, a large tool result's spill file):
//! a path is written, restored or removed only when it is an absolute
//! path under the project root without `.`/`..` components, and no existing component below the
//! root (the file included) is a symlink, so a directory the agent swapped for a link to `~/.ssh`
//! is never written through. Missing parent directories are created one by one, each checked.

use std::path::{Component, Path, PathBuf};

/// Why a path was left alone.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Refused {
    pub path: PathBuf,
    pub reason: String,
}

fn refused(path: &Path, reason: impl Into<String>) -> Refused {
    Refused {
        path: path.to_owned(),
        reason: reason.into(),
    }
}

/// The components of `path` below `root`, when `path` is lexically inside it.
fn below<'p>(root: &Path, path: &'p Path) -> Result<Vec<&'p std::ffi::OsStr>, Refused> {
    if !path.is_absolute() {
        return Err(refused(path, "not an absolute path"));
    }
    if path
        .components()
        .any(|c| matches!(c, Component::ParentDir | Component::CurDir))
    {
        return Err(refused(path, "the path has `.` or `..` components"));
    }
    let rest = path
        .strip_prefix(root)
        .map_err(|_| refused(path, "outside the project"))?;
    let parts: Vec<_> = rest.iter().collect();
    if parts.is_empty() {
        return Err(refused(path, "the project root itself"));
    }
    Ok(parts)
}

/// Checks that every existing component of `path` below `root` is a real directory (or, the last
/// one, not a symlink), that what exists resolves inside `root`; with `create`, makes the missing
/// parent directories. `root` must have its symlinks resolved.
pub fn check(root: &Path, path: &Path, create: bool) -> Result<(), Refused> {
    walk(root, path, create, false)
}

/// [`check`], but `path` itself may be a symbolic link: for removing or replacing it (a link is
/// removed, never followed), as the sandbox guard does.
pub fn check_parents(root: &Path, path: &Path, create: bool) -> Result<(), Refused> {
    walk(root, path, create, true)
}

fn walk(root: &Path, path: &Path, create: bool, last_may_link: bool) -> Result<(), Refused> {
    let parts = below(root, path)?;
    let mut at = root.to_owned();
    let last = parts.len() - 1;
    for (i, part) in parts.into_iter().enumerate() {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() && !(last_may_link && i == last) => {
                return Err(refused(
                    path,
                    format!("`{}` is a symbolic link", at.display()),
                ));
            }
            Ok(meta) if i < last && !meta.is_dir() => {
                return Err(refused(
                    path,
                    format!("`{}` is not a directory", at.display()),
                ));
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if i == last || !create {
                    continue;
                }
                match std::fs::create_dir(&at) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                        return Err(refused(path, format!("`{}` appeared", at.display())));
                    }
                    Err(e) => {
                        return Err(refused(
                            path,
                            format!("cannot create `{}`: {e}", at.display()),
                        ));
                    }
                }
            }
            Err(e) => {
                return Err(refused(
                    path,
                    format!("cannot inspect `{}`: {e}", at.display()),
                ));
            }
        }
    }
    // Bind mounts and the like: what exists of the parent must still resolve inside the root.
    if let Some(parent) = path.parent().filter(|p| p.exists())
        && let Ok(real) = parent.canonicalize()
        && !real.starts_with(root)
    {
        return Err(refused(
            path,
            format!("`{}` resolves outside the project", parent.display()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_outside_with_dots_or_through_links_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(root.join("real")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("link")).unwrap();
        assert_eq!(check(&root, &root.join("real/a.txt"), false), Ok(()));
        for (path, why) in [
            (outside.join("a.txt"), "outside the project"),
            (root.join("real/../../outside/a"), "`..`"),
            (PathBuf::from("p/a"), "absolute"),
            (root.join("link/a.txt"), "symbolic link"),
            (root.join("link"), "symbolic link"),
        ] {
            let err = check(&root, &path, true).unwrap_err();
            assert!(err.reason.contains(why), "{path:?}: {err:?}");
        }
        assert!(!outside.join("a.txt").exists());
        assert_eq!(check(&root, &root.join("new/dir/a.txt"), true), Ok(()));
        assert!(root.join("new/dir").is_dir());
    }
}
