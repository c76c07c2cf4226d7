//! Advisory whole-file locks (`flock` through std's `File::lock`), released when the guard drops or
//! the holding process dies.

use std::fs::{File, OpenOptions, TryLockError};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::{Error, create_dir_private};

/// An exclusive advisory lock on a file; dropping it releases the lock.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

impl FileLock {
    fn open(path: &Path) -> Result<File, Error> {
        if let Some(dir) = path.parent() {
            create_dir_private(dir)?;
        }
        OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(path)
            .map_err(|e| Error::io("open lock file", path, e))
    }

    /// Blocks until the lock on `path` is held.
    pub fn acquire(path: &Path) -> Result<FileLock, Error> {
        let file = Self::open(path)?;
        file.lock().map_err(|e| Error::io("lock", path, e))?;
        Ok(FileLock {
            file,
            path: path.to_owned(),
        })
    }

    /// Blocks until the lock on the directory `dir` itself is held (created if missing): for changes
    /// to a file in it that is replaced by a rename (a lock on the file would be on the inode being
    /// replaced) where no lock file may be left behind (a project's `.pilotdeck/`).
    pub fn acquire_dir(dir: &Path) -> Result<FileLock, Error> {
        create_dir_private(dir)?;
        let file = File::open(dir).map_err(|e| Error::io("open", dir, e))?;
        file.lock().map_err(|e| Error::io("lock", dir, e))?;
        Ok(FileLock {
            file,
            path: dir.to_owned(),
        })
    }

    /// Takes the lock if nobody holds it; `Ok(None)` when another holder has it.
    pub fn try_acquire(path: &Path) -> Result<Option<FileLock>, Error> {
        let file = Self::open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(FileLock {
                file,
                path: path.to_owned(),
            })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(Error::io("lock", path, e)),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The locked file, for holders that keep content in it (a pid, a lease).
    pub fn file(&self) -> &File {
        &self.file
    }
}

/// True when a process with this pid exists (EPERM means it exists but is not ours). Lock holders
/// and leases record their pid so a later process can tell a dead holder from a live one.
pub fn pid_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e == rustix::io::Errno::PERM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_holder_is_refused_until_release() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.lock");
        let first = FileLock::acquire(&path).unwrap();
        assert!(FileLock::try_acquire(&path).unwrap().is_none());
        drop(first);
        assert!(FileLock::try_acquire(&path).unwrap().is_some());
    }
}
