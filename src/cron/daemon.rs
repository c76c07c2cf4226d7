//! `cron daemon`: a long-running loop over the same [`tick`] as `cron tick`, so it can run next to a
//! system timer without double fires. It sleeps until the earliest next slot (at most a minute), and
//! wakes early when another process changes `state.db` (`PRAGMA data_version`, checked once a
//! second — a task added or edited elsewhere is picked up without a restart). Cancelling the token
//! (SIGTERM, Ctrl-C) stops it between ticks; a tick in progress finishes its runs' bookkeeping first.

use std::time::Duration;

use chrono::Utc;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::CronDb;
use super::task::TaskState;
use super::tick::{TickOptions, TickReport, tick};
use crate::home::PilotHome;

/// Longest sleep between ticks.
const MAX_SLEEP: Duration = Duration::from_secs(60);
/// How often the database is checked for changes while sleeping.
const POLL: Duration = Duration::from_secs(1);

/// Runs ticks until `cancel` fires; `on_tick` sees each tick's report.
pub async fn daemon(
    home: &PilotHome,
    opts: &TickOptions,
    cancel: &CancellationToken,
    on_tick: &mut (dyn FnMut(&TickReport) + Send),
) -> Result<(), Error> {
    let db = CronDb::open(&home.state_db())?;
    let version = |db: &CronDb| -> i64 {
        db.conn
            .pragma_query_value(None, "data_version", |r| r.get(0))
            .unwrap_or(0)
    };
    while !cancel.is_cancelled() {
        let tick_opts = TickOptions {
            now: None,
            ..opts.clone()
        };
        let report = tick(home, &tick_opts, cancel).await?;
        on_tick(&report);
        let seen = version(&db);
        let sleep = until_next(&db)?.min(MAX_SLEEP);
        let deadline = tokio::time::Instant::now() + sleep;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                break;
            }
            tokio::select! {
                () = tokio::time::sleep(left.min(POLL)) => {}
                () = cancel.cancelled() => return Ok(()),
            }
            if version(&db) != seen {
                break;
            }
        }
    }
    Ok(())
}

/// Time until the earliest next slot of an active task (zero when one is already due).
fn until_next(db: &CronDb) -> Result<Duration, Error> {
    let now = Utc::now();
    let mut best = MAX_SLEEP;
    for task in db.tasks(None)? {
        if task.state != TaskState::Active {
            continue;
        }
        if let Some(next) = task.next_slot()? {
            let wait = (next - now).to_std().unwrap_or(Duration::ZERO);
            best = best.min(wait);
        }
    }
    // Wake just after the slot's second starts.
    Ok(best + Duration::from_millis(200))
}
