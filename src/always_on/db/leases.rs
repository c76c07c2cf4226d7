//! `always_on_leases`: the heartbeat leases of `run`/`chat` processes ([`crate::always_on::lease`]).

use rusqlite::params;

use super::{Db, now_ms};
use crate::always_on::Error;
use crate::always_on::state::LeaseKind;
use crate::home::ProjectKey;

/// A heartbeat lease of a `run` or `chat` process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaseRow {
    pub id: String,
    pub kind: LeaseKind,
    pub pid: u32,
    pub busy: bool,
    pub heartbeat_at: i64,
    pub last_user_msg_at: Option<i64>,
    pub released_at: Option<i64>,
}

impl Db {
    pub fn insert_lease(&self, key: &ProjectKey, lease: &LeaseRow) -> Result<(), Error> {
        let now = now_ms();
        // Released leases only matter for "recent user message"; a day is plenty.
        self.conn.execute(
            "DELETE FROM always_on_leases WHERE released_at IS NOT NULL AND released_at < ?1",
            [now - 86_400_000],
        )?;
        self.conn.execute(
            "INSERT INTO always_on_leases
               (id, project_key, kind, pid, busy, started_at, heartbeat_at, last_user_msg_at, released_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, NULL)",
            params![
                lease.id,
                key.0,
                lease.kind,
                lease.pid,
                lease.busy,
                now,
                lease.last_user_msg_at
            ],
        )?;
        Ok(())
    }

    pub fn update_lease(
        &self,
        id: &str,
        busy: Option<bool>,
        user_message: bool,
        release: bool,
    ) -> Result<(), Error> {
        let now = now_ms();
        self.conn.execute(
            "UPDATE always_on_leases SET heartbeat_at = ?2, busy = COALESCE(?3, busy),
               last_user_msg_at = CASE WHEN ?4 THEN ?2 ELSE last_user_msg_at END,
               released_at = CASE WHEN ?5 THEN ?2 ELSE released_at END
             WHERE id = ?1",
            params![id, now, busy, user_message, release],
        )?;
        Ok(())
    }

    /// Leases of the project not released.
    pub fn open_leases(&self, key: &ProjectKey) -> Result<Vec<LeaseRow>, Error> {
        let mut stmt = self.conn.prepare(
            "SELECT id, kind, pid, busy, heartbeat_at, last_user_msg_at, released_at
             FROM always_on_leases WHERE project_key = ?1 AND released_at IS NULL",
        )?;
        let rows = stmt
            .query_map([&key.0], |r| {
                Ok(LeaseRow {
                    id: r.get(0)?,
                    kind: r.get(1)?,
                    pid: r.get(2)?,
                    busy: r.get(3)?,
                    heartbeat_at: r.get(4)?,
                    last_user_msg_at: r.get(5)?,
                    released_at: r.get(6)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// The newest user message any `run`/`chat` of the project recorded.
    pub fn last_user_message(&self, key: &ProjectKey) -> Result<Option<i64>, Error> {
        Ok(self.conn.query_row(
            "SELECT MAX(last_user_msg_at) FROM always_on_leases WHERE project_key = ?1",
            [&key.0],
            |r| r.get(0),
        )?)
    }
}
