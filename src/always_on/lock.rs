//! The per-project tick lock: an advisory lock (`store::FileLock`) on `tick.lock` that only one
//! tick holds while it works. The kernel drops the lock when its holder dies, so a killed tick
//! never blocks the next one; the holder's pid and run id are written into the file ([`take`]), and
//! a run the dead holder left `running` in `state.db` is recorded as failed by the next holder
//! ([`reclaim`], called by the tick and by `doctor --deep --fix`).

use std::io::{Seek, Write};

use super::Error;
use super::db::Db;
use super::events::{PhaseEvent, emit};
use super::gates::{Closed, Gate, format_ms};
use super::paths::Paths;
use super::state::{PlanStatus, RunOutcome};
use crate::home::ProjectKey;
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

/// The holder as its file says, allowing it a moment to write itself there: a tick records its
/// pid right after taking the lock, so a file still empty just after losing the race is the
/// holder not having written yet (up to ~100 ms), not an unknown holder.
async fn recorded_holder(paths: &Paths) -> Option<(u32, String)> {
    for _ in 0..10 {
        if let Some(found) = holder(paths) {
            return Some(found);
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    holder(paths)
}

/// Takes the lock for the tick `run_id` and records it as the holder, or the `lock_held` gate
/// closed (naming the holder when the file says who it is).
pub async fn take(paths: &Paths, run_id: &str) -> Result<Result<TickLock, Closed>, Error> {
    let Some(lock) = TickLock::try_acquire(paths)? else {
        let holder = recorded_holder(paths)
            .await
            .map(|(pid, run)| format!(" (pid {pid}, run {run})"))
            .unwrap_or_default();
        return Ok(Err(Closed {
            gate: Gate::LockHeld,
            reason: format!("another always-on tick is working on this project{holder}"),
        }));
    };
    lock.record(run_id)?;
    Ok(Ok(lock))
}

/// Records every `running` run of the project as failed: the caller holds the lock, so their
/// ticks are gone. Returns their ids.
pub fn reclaim(db: &Db, paths: &Paths, key: &ProjectKey) -> Result<Vec<String>, Error> {
    let mut ids = Vec::new();
    for run in db.running(Some(key))? {
        let message = format!(
            "interrupted: the tick (pid {}) that started this run at {} stopped before finishing; \
             the next tick reclaimed its lock",
            run.pid,
            format_ms(run.started_at)
        );
        db.fail_dead_run(&run, &message)?;
        if let Some(plan) = &run.plan_id
            && db
                .plan(plan)?
                .is_some_and(|p| matches!(p.status, PlanStatus::Ready | PlanStatus::Executing))
        {
            db.set_plan_status(plan, PlanStatus::Failed, None, None)?;
        }
        emit(
            paths,
            PhaseEvent::new(key, Some(&run.id), "lock_reclaimed")
                .outcome(RunOutcome::Failed.as_str())
                .error(&message),
        );
        ids.push(run.id);
    }
    Ok(ids)
}
