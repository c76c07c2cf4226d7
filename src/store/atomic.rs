//! Whole-file writes that leave either the old or the new content, never a mix.

use std::fs::{self, DirBuilder, File};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::Path;

use super::Error;

/// Creates `dir` and its missing parents with mode 0700. Existing directories keep their mode.
pub fn create_dir_private(dir: &Path) -> Result<(), Error> {
    DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|e| Error::io("create directory", dir, e))
}

/// Writes `contents` to `path` atomically: a temp file in the same directory is written, fsynced,
/// given mode 0600, renamed over `path`, and the directory is fsynced. A crash at any point leaves
/// the previous file or the new one.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    create_dir_private(dir)?;
    write_atomic_mode(path, contents, 0o600)
}

/// [`write_atomic`] into an existing directory, the file getting `mode` before it is renamed into
/// place (a project file restored with its own permission bits).
pub fn write_atomic_mode(path: &Path, contents: &[u8], mode: u32) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .map_err(|e| Error::io("create a temporary file in", dir, e))?;
    tmp.as_file()
        .set_permissions(fs::Permissions::from_mode(mode))
        .map_err(|e| Error::io("set permissions on", tmp.path(), e))?;
    tmp.write_all(contents)
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| Error::io("write", tmp.path().to_owned(), e))?;
    tmp.persist(path)
        .map_err(|e| Error::io("replace", path, e.error))?;
    // The rename is durable only once the directory entry is.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_with_private_mode_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/file.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let dmode = fs::metadata(dir.path().join("a"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(dmode, 0o700);
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temp file is left behind");
    }
}
