//! The per-project tick lock: an advisory lock (`store::FileLock`) on `tick.lock` that only one
//! tick holds while it works. The kernel drops the lock when its holder dies, so a killed tick
//! never blocks the next one; the holder's pid and run id are written into the file, and a run the
//! dead holder left `running` in `state.db` is recorded as failed by the next holder
//! ([`super::tick`]).

use std::io::{Seek, Write};

use super::Error;
use super::paths::Paths;
use crate::store::FileLock;

/// A held tick lock.
#[derive(Debug)]
pub struct TickLock {
    lock: FileLock,
}

impl TickLock {
    /// Takes the lock, or `Ok(None)` when another tick holds it.
    pub fn try_acquire(paths: &Paths) -> Result<Option<TickLock>, Error> {
        Ok(FileLock::try_acquire(&paths.lock_file())?.map(|lock| TickLock { lock }))
    }

    /// Records the holder (`pid run`) in the lock file.
    pub fn record(&self, run_id: &str) -> Result<(), Error> {
        let path = self.lock.path();
        let mut file = self.lock.file();
        let text = format!("{} {run_id}\n", std::process::id());
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(text.as_bytes()))
            .map_err(|e| Error::io("write", path, e))
    }
}

impl Drop for TickLock {
    fn drop(&mut self) {
        let _ = self.lock.file().set_len(0);
    }
}

/// Who the lock file says holds it: `(pid, run id)`.
pub fn holder(paths: &Paths) -> Option<(u32, String)> {
    let text = std::fs::read_to_string(paths.lock_file()).ok()?;
    let (pid, run) = text.trim().split_once(' ')?;
    Some((pid.parse().ok()?, run.to_owned()))
}
