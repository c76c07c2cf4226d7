//! The files a plugin folder holds, as far as trust is concerned: [`inside`] resolves a path a
//! plugin manifest names (`hooks`, `mcpServers`, `commands`, `skills`), refusing one that leaves the
//! folder (absolute, `..`, or a symlink out), and [`hash_tree`] hashes every file under the folder,
//! so whatever the manifest points to — and the scripts its servers and hooks run — is covered by
//! the project's trust hash. The plugin loader (`crate::extensions`) resolves through [`inside`]
//! too: what it loads is what was hashed. [`hash_named`] does the same for one project path a
//! project setting names (the script a project MCP server or hook runs).

use std::path::{Component, Path, PathBuf};

use sha2::{Digest, Sha256};

/// `rel` (a path from a plugin manifest) inside the plugin folder `dir`; an error saying why when
/// it is absolute, climbs out with `..`, or resolves (symlinks followed) outside `dir`.
pub fn inside(dir: &Path, rel: &str) -> Result<PathBuf, String> {
    let path = Path::new(rel);
    if path.is_absolute() || path.has_root() {
        return Err(format!(
            "`{rel}` is an absolute path; a plugin may only name files inside its own folder"
        ));
    }
    if path.components().any(|c| c == Component::ParentDir) {
        return Err(format!(
            "`{rel}` climbs out with `..`; a plugin may only name files inside its own folder"
        ));
    }
    let joined = dir.join(path);
    // The deepest part that exists, symlinks resolved: a missing file under a symlink out counts.
    let real = joined.ancestors().find_map(|p| p.canonicalize().ok());
    if let (Some(real), Ok(real_dir)) = (real, dir.canonicalize())
        && !real.starts_with(&real_dir)
    {
        return Err(format!(
            "`{rel}` resolves to {} outside the plugin folder (a symlink); a plugin may only \
             name files inside its own folder",
            real.display()
        ));
    }
    Ok(joined)
}

/// Hashes every file under `dir` (sorted by relative path; symlinks hashed as their target's name,
/// not followed) into `hasher`.
pub fn hash_tree(dir: &Path, hasher: &mut Sha256) {
    let mut files = Vec::new();
    collect(dir, Path::new(""), &mut files);
    files.sort();
    for rel in files {
        hasher.update(rel.to_string_lossy().as_bytes());
        hasher.update([0]);
        hash_entry(&dir.join(&rel), hasher);
        hasher.update([0]);
    }
}

/// Hashes what a path a project setting names holds (an MCP server's `command`, `args`, `cwd`),
/// when it is a project file: `path` lies inside the project `root` (a canonical path) other than
/// the root itself. A file is hashed by its bytes, a folder as a tree ([`hash_tree`]), a symlink by
/// its target, a missing path as missing, and a path whose real location leaves the project (a
/// symlinked folder on the way) by that location. Returns false, hashing nothing, for a path
/// outside the project.
pub fn hash_named(root: &Path, path: &Path, hasher: &mut Sha256) -> bool {
    let Some(rel) = crate::home::lexical_inside(root, path) else {
        return false;
    };
    let full = root.join(&rel);
    hasher.update(b"named:");
    hasher.update(rel.to_string_lossy().as_bytes());
    hasher.update([0]);
    let parent_real = full
        .parent()
        .and_then(|p| p.ancestors().find_map(|a| a.canonicalize().ok()));
    match parent_real {
        Some(real) if !real.starts_with(root) => {
            hasher.update(b"outside:");
            hasher.update(real.to_string_lossy().as_bytes());
        }
        _ => hash_entry(&full, hasher),
    }
    hasher.update([0]);
    true
}

/// Hashes one path without following a symlink at its end: a file's bytes, a folder's tree, a
/// symlink's target; a missing path or a special file (a FIFO, a device: never read) by its kind.
fn hash_entry(path: &Path, hasher: &mut Sha256) {
    match std::fs::symlink_metadata(path) {
        Err(_) => hasher.update(b"missing"),
        Ok(meta) if meta.file_type().is_symlink() => {
            hasher.update(b"symlink:");
            let target = std::fs::read_link(path).unwrap_or_default();
            hasher.update(target.to_string_lossy().as_bytes());
        }
        Ok(meta) if meta.is_dir() => {
            hasher.update(b"dir:");
            hash_tree(path, hasher);
        }
        Ok(meta) if meta.is_file() => hasher.update(std::fs::read(path).unwrap_or_default()),
        Ok(_) => hasher.update(b"special"),
    }
}

/// The relative paths of the files (and symlinks) under `dir`.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, Path::new(""), &mut out);
    out.sort();
    out
}

/// The relative paths of the files (and symlinks) under `dir/rel`.
fn collect(dir: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let child = rel.join(entry.file_name());
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => collect(dir, &child, out),
            Ok(_) => out.push(child),
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_leaving_the_folder_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("p");
        std::fs::create_dir_all(&dir).unwrap();
        std::os::unix::fs::symlink(tmp.path(), dir.join("out")).unwrap();
        assert_eq!(inside(&dir, "s.json").unwrap(), dir.join("s.json"));
        assert!(inside(&dir, "../x.json").unwrap_err().contains("`..`"));
        assert!(
            inside(&dir, "/etc/passwd")
                .unwrap_err()
                .contains("absolute")
        );
        assert!(
            inside(&dir, "out")
                .unwrap_err()
                .contains("outside the plugin folder")
        );
        assert!(inside(&dir, "out/missing.json").is_err());
    }

    #[test]
    fn the_tree_hash_changes_with_any_file() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("deep")).unwrap();
        crate::store::write_atomic(&dir.join("deep/s.json"), b"{}").unwrap();
        let hash = || {
            let mut h = Sha256::new();
            hash_tree(dir, &mut h);
            format!("{:x}", h.finalize())
        };
        let before = hash();
        crate::store::write_atomic(&dir.join("deep/s.json"), b"{\"x\":1}").unwrap();
        assert_ne!(before, hash());
    }
}
