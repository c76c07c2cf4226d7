//! One confined command at a time per project. The guard ([`super::guard`]) snapshots the protected
//! paths before a command and puts them back after it; two commands whose snapshot → run → restore
//! interleave (parallel sub-agents) undo the guard: the second one's snapshot holds what the first
//! one planted (a git hook, a `core.fsmonitor` line), and its restore writes it back after the first
//! one's restore removed it. So every confined command runs holding a [`Turn`]: the session's
//! in-process lock (its sub-agents share the session's sandbox) and an advisory file lock per
//! writable root under PilotHome (`<home>/locks/guard-<key>.lock`, [`lock_path`]), which other
//! pilotdeck processes — and other sessions of this one, `mcp serve`'s — on the same project take
//! too. PilotHome is hidden from confined commands, so none can hold those locks itself.
//!
//! Nobody waits forever: the holder's command is bounded by its own timeout and cancellation, and a
//! waiter gives up when its own timeout passes or it is cancelled ([`Busy`]), without running.
//! A lock file that cannot be opened (a read-only PilotHome) leaves the in-process lock alone, with
//! a warning.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, OwnedMutexGuard};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::store::FileLock;

/// How often a waiter tries a file lock another process holds.
const POLL: Duration = Duration::from_millis(25);

/// The locks of one session's sandbox: in-process, and one file per writable root.
#[derive(Debug, Default)]
pub(super) struct Turns {
    local: Arc<Mutex<()>>,
    files: Vec<PathBuf>,
}

/// Held around one confined command; dropping it lets the next one run.
#[derive(Debug)]
pub struct Turn {
    _local: OwnedMutexGuard<()>,
    _files: Vec<FileLock>,
}

/// Why a command did not get its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    #[error(
        "another command in this project ran for all of this command's timeout, so it did not \
         run (confined commands of a project run one at a time, for the protected-path guard)"
    )]
    TimedOut,
    #[error("cancelled while waiting for another command in this project to finish")]
    Cancelled,
}

/// The lock file of the writable `root` under `lock_dir` (`<home>/locks`).
pub fn lock_path(lock_dir: &Path, root: &Path) -> PathBuf {
    let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
    lock_dir.join(format!("guard-{}.lock", crate::home::project_key(&root)))
}

impl Turns {
    /// The locks for the writable `roots`, their files in `lock_dir` (none without one).
    pub(super) fn new(lock_dir: Option<&Path>, roots: &[PathBuf]) -> Turns {
        let mut files: Vec<PathBuf> = lock_dir
            .map(|dir| roots.iter().map(|root| lock_path(dir, root)).collect())
            .unwrap_or_default();
        // One order for every process, so two never wait for each other's second lock.
        files.sort();
        files.dedup();
        Turns {
            local: Arc::default(),
            files,
        }
    }

    /// Waits for the turn, at most `timeout`, or until `cancel`.
    pub(super) async fn take(
        &self,
        timeout: Duration,
        cancel: &CancellationToken,
    ) -> Result<Turn, Busy> {
        // No deadline when it lies past what an `Instant` holds (`Duration::MAX`: no timeout).
        let deadline = Instant::now().checked_add(timeout);
        let expired = async {
            match deadline {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        let local = tokio::select! {
            guard = Arc::clone(&self.local).lock_owned() => guard,
            () = cancel.cancelled() => return Err(Busy::Cancelled),
            () = expired => return Err(Busy::TimedOut),
        };
        let mut files = Vec::with_capacity(self.files.len());
        for path in &self.files {
            loop {
                match FileLock::try_acquire(path) {
                    Ok(Some(lock)) => {
                        files.push(lock);
                        break;
                    }
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(
                            "{e}; confined commands of other pilotdeck processes on this project \
                             may run at the same time as this one"
                        );
                        break;
                    }
                }
                if deadline.is_some_and(|at| Instant::now() >= at) {
                    return Err(Busy::TimedOut);
                }
                tokio::select! {
                    () = tokio::time::sleep(POLL) => {}
                    () = cancel.cancelled() => return Err(Busy::Cancelled),
                }
            }
        }
        Ok(Turn {
            _local: local,
            _files: files,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_second_command_waits_for_the_first_and_gives_up_at_its_timeout() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir_all(&root).unwrap();
        let roots = [root.clone()];
        let session = Turns::new(Some(dir.path()), &roots);
        let never = CancellationToken::new();
        let first = session.take(Duration::from_secs(5), &never).await.unwrap();
        let short = Duration::from_millis(100);
        assert_eq!(
            session.take(short, &never).await.unwrap_err(),
            Busy::TimedOut
        );
        // Another session (another process) on the same project waits on the file.
        let other = Turns::new(Some(dir.path()), &roots);
        assert_eq!(other.take(short, &never).await.unwrap_err(), Busy::TimedOut);
        let cancel = CancellationToken::new();
        cancel.cancel();
        assert_eq!(
            other
                .take(Duration::from_secs(5), &cancel)
                .await
                .unwrap_err(),
            Busy::Cancelled
        );
        drop(first);
        let second = other.take(short, &never).await.unwrap();
        drop(second);
        session.take(short, &never).await.unwrap();
        // No timeout at all (`Duration::MAX`) is a wait without a deadline, not an overflow.
        session.take(Duration::MAX, &never).await.unwrap();
    }
}
