//! Whole-file writes that leave either the old or the new content, never a mix.

use std::ffi::OsStr;
use std::fs::{DirBuilder, File};
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::DirBuilderExt;
use std::path::Path;

use rustix::fs::{AtFlags, Mode, OFlags};

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
    let name = path.file_name().ok_or_else(|| {
        Error::io(
            "replace",
            path,
            io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"),
        )
    })?;
    let dir_fd = rustix::fs::open(
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| Error::io("open directory", dir, e.into()))?;
    write_atomic_at(&dir_fd, name, path, contents, mode)
}

/// [`write_atomic_mode`] relative to the open directory `dir`: the temp file is created there
/// (`O_EXCL`, never through a link) and renamed to `name` in that same directory, so the file lands
/// in the directory the caller opened whatever happens to its path meanwhile. A link at `name` is
/// replaced, not followed. `path` names the file in errors.
pub fn write_atomic_at(
    dir: &impl AsFd,
    name: &OsStr,
    path: &Path,
    contents: &[u8],
    mode: u32,
) -> Result<(), Error> {
    let (tmp_name, file) = create_temp(dir, path)?;
    let tmp_path = path.with_file_name(&tmp_name);
    let written = rustix::fs::fchmod(&file, Mode::from_raw_mode(mode))
        .map_err(io::Error::from)
        .and_then(|()| (&file).write_all(contents))
        .and_then(|()| file.sync_all())
        .map_err(|e| Error::io("write", &tmp_path, e))
        .and_then(|()| {
            rustix::fs::renameat(dir, tmp_name.as_str(), dir, name)
                .map_err(|e| Error::io("replace", path, e.into()))
        });
    if written.is_err() {
        let _ = rustix::fs::unlinkat(dir, tmp_name.as_str(), AtFlags::empty());
        return written;
    }
    // The rename is durable only once the directory entry is.
    let _ = rustix::fs::fsync(dir);
    Ok(())
}

/// A new `.tmp-*` file (mode 0600) in `dir`.
fn create_temp(dir: &impl AsFd, path: &Path) -> Result<(String, File), Error> {
    for _ in 0..16 {
        let name = format!(".tmp-{:012x}", rand::random::<u64>() & 0xffff_ffff_ffff);
        match rustix::fs::openat(
            dir,
            name.as_str(),
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o600),
        ) {
            Ok(fd) => return Ok((name, File::from(fd))),
            Err(rustix::io::Errno::EXIST) => {}
            Err(e) => return Err(Error::io("create a temporary file next to", path, e.into())),
        }
    }
    Err(Error::io(
        "create a temporary file next to",
        path,
        rustix::io::Errno::EXIST.into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

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
