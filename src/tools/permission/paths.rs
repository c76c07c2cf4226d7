//! Path resolution before the confinement check: `~` expanded, relative paths joined to the project
//! root, `..` and symlinks resolved component by component. For a path that does not exist yet the
//! nearest existing ancestor is resolved and the rest appended, and a dangling symlink is followed to
//! where it points — so `link/../../etc/x`, `outside-link/new.txt` and `dangling -> /etc/x` all resolve
//! to where a write would really land.

use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::home::expand_tilde;

/// Symlink hops followed before giving up (the kernel's own limit is 40).
const MAX_LINKS: u8 = 40;

/// Resolves `path` as a tool would use it. Never fails: what cannot be resolved is kept lexically.
pub fn resolve_path(root: &Path, path: &Path) -> PathBuf {
    let expanded = match path.to_str() {
        Some(text) if text == "~" || text.starts_with("~/") => expand_tilde(text),
        _ => path.to_owned(),
    };
    let absolute = if expanded.is_absolute() {
        expanded
    } else {
        root.join(expanded)
    };
    resolve_absolute(&absolute, 0)
}

fn resolve_absolute(absolute: &Path, hops: u8) -> PathBuf {
    let parts: Vec<Component<'_>> = absolute.components().collect();
    let mut out = PathBuf::new();
    let mut exists = true;
    for (i, part) in parts.iter().enumerate() {
        match part {
            Component::Prefix(_) | Component::RootDir => out.push(part.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(name) => {
                out.push(name);
                if !exists {
                    continue;
                }
                match fs::canonicalize(&out) {
                    Ok(real) => out = real,
                    Err(_) => {
                        if hops < MAX_LINKS
                            && let Ok(target) = fs::read_link(&out)
                        {
                            let mut next = out.parent().map(Path::to_owned).unwrap_or_default();
                            next.push(target);
                            for rest in parts.iter().skip(i + 1) {
                                next.push(rest.as_os_str());
                            }
                            return resolve_absolute(&next, hops + 1);
                        }
                        exists = false;
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn resolves_dotdot_symlinks_and_missing_tails() {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        let root = base.join("proj");
        let outside = base.join("outside");
        fs::create_dir_all(root.join("src")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        symlink(&outside, root.join("out")).unwrap();
        symlink(outside.join("nope/file"), root.join("dangling")).unwrap();

        assert_eq!(
            resolve_path(&root, Path::new("src/a.rs")),
            root.join("src/a.rs")
        );
        assert_eq!(
            resolve_path(&root, Path::new("src/../../x")),
            base.join("x")
        );
        assert_eq!(
            resolve_path(&root, Path::new("new/dir/../f")),
            root.join("new/f")
        );
        assert_eq!(
            resolve_path(&root, Path::new("out/new.txt")),
            outside.join("new.txt")
        );
        assert_eq!(
            resolve_path(&root, Path::new("dangling")),
            outside.join("nope/file")
        );
        assert_eq!(resolve_path(&root, &outside.join("y")), outside.join("y"));
    }
}
