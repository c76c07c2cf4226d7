//! `memory_state`: small values per scope (project key or `global`) — when the last dream ran, the
//! note index's listing fingerprint, when recall last checked every note file.

use rusqlite::{Connection, OptionalExtension, params};

use super::Error;
use crate::store;

/// The value of `key` for `scope_key`.
pub(super) fn get(conn: &Connection, scope_key: &str, key: &str) -> Result<Option<String>, Error> {
    conn.prepare_cached("SELECT value FROM memory_state WHERE project_key = ?1 AND key = ?2")
        .and_then(|mut s| s.query_row([scope_key, key], |r| r.get(0)).optional())
        .map_err(Error::sqlite("reading memory state"))
}

/// Sets `key` of `scope_key`, in the caller's transaction.
pub(super) fn put(
    conn: &Connection,
    scope_key: &str,
    key: &str,
    value: &str,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO memory_state (project_key, key, value) VALUES (?1, ?2, ?3)
         ON CONFLICT (project_key, key) DO UPDATE SET value = ?3",
    )?
    .execute(params![scope_key, key, value])?;
    Ok(())
}

/// Removes `key` of `scope_key`, in the caller's transaction.
pub(super) fn delete(conn: &Connection, scope_key: &str, key: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM memory_state WHERE project_key = ?1 AND key = ?2")?
        .execute([scope_key, key])?;
    Ok(())
}

/// Sets `key` of `scope_key` in a transaction of its own.
pub(super) fn set(
    conn: &mut Connection,
    scope_key: &str,
    key: &str,
    value: &str,
) -> Result<(), Error> {
    store::immediate(conn, |tx| -> Result<(), Error> {
        Ok(put(tx, scope_key, key, value)?)
    })
}
