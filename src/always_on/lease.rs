//! [`Lease`]: the heartbeat lease a `run` or `chat` process holds in `state.db` while it is active,
//! so an always-on tick in the same project knows the agent is busy (gate `agent_busy`) or that the
//! user just wrote (gate `recent_user_msg`).
//!
//! The row is refreshed every third of `alwaysOn.trigger.heartbeatStaleSeconds`; a lease whose
//! heartbeat is older than that, or whose process is gone, counts as released. Dropping the lease
//! releases it but keeps the row (for a day) so the time of the last user message survives.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::Error;
use super::db::{Db, LeaseRow, now_ms};
use super::state::LeaseKind;
use crate::home::{PilotHome, Project};

/// A held lease; see the module doc.
pub struct Lease {
    id: String,
    db: Arc<Mutex<Db>>,
    _heartbeat: tokio_util::task::AbortOnDropHandle<()>,
}

impl Lease {
    /// Takes a lease for `project` and starts its heartbeat (needs a tokio runtime). A `run`
    /// records its prompt as a user message.
    pub fn hold(
        home: &PilotHome,
        project: &Project,
        kind: LeaseKind,
        stale_seconds: u32,
    ) -> Result<Lease, Error> {
        let db = Db::open(home)?;
        let id = ulid::Ulid::generate().to_string();
        let busy = kind == LeaseKind::Run;
        db.insert_lease(
            &project.key,
            &LeaseRow {
                id: id.clone(),
                kind,
                pid: std::process::id(),
                busy,
                heartbeat_at: now_ms(),
                last_user_msg_at: busy.then(now_ms),
                released_at: None,
            },
        )?;
        let db = Arc::new(Mutex::new(db));
        let every = Duration::from_millis(u64::from(stale_seconds.max(1)) * 1000 / 3);
        let beat = {
            let (db, id) = (Arc::clone(&db), id.clone());
            tokio::spawn(async move {
                let mut ticker = tokio::time::interval(every);
                ticker.tick().await;
                loop {
                    ticker.tick().await;
                    let db = db.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Err(e) = db.update_lease(&id, None, false, false) {
                        tracing::debug!("always-on lease heartbeat: {e}");
                    }
                }
            })
        };
        Ok(Lease {
            id,
            db,
            _heartbeat: tokio_util::task::AbortOnDropHandle::new(beat),
        })
    }

    fn update(&self, busy: Option<bool>, user_message: bool, release: bool) {
        let db = self.db.lock().unwrap_or_else(PoisonError::into_inner);
        if let Err(e) = db.update_lease(&self.id, busy, user_message, release) {
            tracing::debug!("always-on lease update: {e}");
        }
    }

    /// A user message arrived and a turn starts.
    pub fn turn_started(&self) {
        self.update(Some(true), true, false);
    }

    /// The turn ended; the process stays (an idle chat).
    pub fn turn_ended(&self) {
        self.update(Some(false), false, false);
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        self.update(Some(false), false, true);
    }
}

/// Holds a lease for `run`/`chat`, or logs why it could not (always-on then simply does not see
/// this process; the command itself goes on).
pub fn hold_or_warn(
    home: &PilotHome,
    project: &Project,
    kind: LeaseKind,
    config: &crate::config::Config,
) -> Option<Lease> {
    match Lease::hold(
        home,
        project,
        kind,
        config.always_on.trigger.heartbeat_stale_seconds,
    ) {
        Ok(lease) => Some(lease),
        Err(e) => {
            tracing::warn!("cannot record this session for always-on (state.db): {e}");
            None
        }
    }
}
