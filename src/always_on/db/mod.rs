//! The always-on tables of `state.db` (made by `store`'s migrations), one file per table: the
//! per-project dormancy and active work cycle (`projects.rs`), tick runs (`runs.rs`), work cycles
//! (`cycles.rs`), plans (`plans.rs`) and the heartbeat leases of `run`/`chat` (`leases.rs`). Each
//! holds its row type and its part of `impl Db`; states are the enums of [`super::state`]. Every write that two
//! processes may race on is one `BEGIN IMMEDIATE` transaction.

use std::path::Path;

use rusqlite::Connection;

use super::Error;
use crate::home::PilotHome;
use crate::store;

mod cycles;
mod leases;
mod plans;
mod projects;
mod runs;

pub use cycles::Cycle;
pub use leases::LeaseRow;
pub use plans::PlanRow;
pub use projects::ProjectState;
pub use runs::RunRow;

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// An open `state.db`.
pub struct Db {
    pub(crate) conn: Connection,
}

impl Db {
    pub fn open(home: &PilotHome) -> Result<Db, Error> {
        Ok(Db {
            conn: store::open(&home.state_db())?,
        })
    }
}

/// A path as stored.
fn text(path: &Path) -> String {
    path.display().to_string()
}
