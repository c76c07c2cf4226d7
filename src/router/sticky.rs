//! [`StickyStore`]: the router's state in `state.db`, shared by every pilotdeck process.
//!
//! - `router_sticky`: per session, the last decision (tier, model, turn) and the last call's input
//!   and cache-read token counts. A follow-up request in the same turn reuses the model; a short
//!   continuation in a later turn keeps the tier; cache-aware switching reads the usage. Entries
//!   older than [`STICKY_TTL`] are ignored.
//! - `router_health`: consecutive failures per provider. After [`CIRCUIT_FAILURES`] in a row the
//!   provider's circuit opens for [`CIRCUIT_OPEN`], and fallback skips it unless it is the last
//!   candidate. A success closes it.
//!
//! Every write is one `BEGIN IMMEDIATE` transaction (`store::immediate`).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

use super::error::Error;
use crate::config::ModelRef;
use crate::model::Usage;

/// How long a session's routing state stays relevant.
pub(super) const STICKY_TTL: Duration = Duration::from_secs(3600);
/// Consecutive failures that open a provider's circuit.
pub(super) const CIRCUIT_FAILURES: u32 = 3;
/// How long an open circuit skips the provider.
pub(super) const CIRCUIT_OPEN: Duration = Duration::from_secs(30);

/// A session's last routing decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Sticky {
    pub tier: Option<String>,
    pub model: ModelRef,
    pub turn: u32,
    pub last_input_tokens: u64,
    pub last_cache_read_tokens: u64,
}

/// A provider's health.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    pub failures: u32,
    pub is_open: bool,
}

/// Access to the router tables of one `state.db`.
pub struct StickyStore {
    path: PathBuf,
    conn: Connection,
}

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl StickyStore {
    pub fn open(path: &Path) -> Result<StickyStore, Error> {
        let conn = crate::store::open(path).map_err(|source| Error::State {
            path: path.to_owned(),
            source,
        })?;
        Ok(StickyStore {
            path: path.to_owned(),
            conn,
        })
    }

    fn sqlite(&self) -> impl Fn(rusqlite::Error) -> Error + '_ {
        |source| Error::Sqlite {
            path: self.path.clone(),
            source,
        }
    }

    /// The session's last decision, unless it is older than [`STICKY_TTL`].
    pub fn get(&self, session: &str) -> Result<Option<Sticky>, Error> {
        let cutoff = now_secs() - STICKY_TTL.as_secs() as i64;
        let row = self
            .conn
            .query_row(
                "SELECT tier, provider, model, turn, input_tokens, cache_read_tokens
                 FROM router_sticky WHERE session = ?1 AND updated_at >= ?2",
                params![session, cutoff],
                |r| {
                    Ok(Sticky {
                        tier: r.get(0)?,
                        model: ModelRef {
                            provider: r.get(1)?,
                            model: r.get(2)?,
                        },
                        turn: r.get(3)?,
                        last_input_tokens: r.get::<_, i64>(4)? as u64,
                        last_cache_read_tokens: r.get::<_, i64>(5)? as u64,
                    })
                },
            )
            .optional()
            .map_err(self.sqlite())?;
        Ok(row)
    }

    /// Records the decision for `session` (keeping the last usage).
    pub fn set(
        &mut self,
        session: &str,
        tier: Option<&str>,
        model: &ModelRef,
        turn: u32,
    ) -> Result<(), Error> {
        let now = now_secs();
        let path = self.path.clone();
        crate::store::immediate(&mut self.conn, |tx| {
            tx.execute(
                "INSERT INTO router_sticky (session, tier, provider, model, turn, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (session) DO UPDATE SET tier = ?2, provider = ?3, model = ?4,
                   turn = ?5, updated_at = ?6",
                params![session, tier, model.provider, model.model, turn, now],
            )
            .map(|_| ())
        })
        .map_err(|source| Error::Sqlite { path, source })
    }

    /// Records the usage of the session's latest call (for cache-aware switching).
    pub fn set_usage(&mut self, session: &str, usage: &Usage) -> Result<(), Error> {
        let path = self.path.clone();
        crate::store::immediate(&mut self.conn, |tx| {
            tx.execute(
                "UPDATE router_sticky SET input_tokens = ?2, cache_read_tokens = ?3 WHERE session = ?1",
                params![
                    session,
                    (usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens) as i64,
                    usage.cache_read_tokens as i64
                ],
            )
            .map(|_| ())
        })
        .map_err(|source| Error::Sqlite { path, source })
    }

    pub fn health(&self, provider: &str) -> Result<Health, Error> {
        let row: Option<(u32, i64)> = self
            .conn
            .query_row(
                "SELECT failures, open_until FROM router_health WHERE provider = ?1",
                params![provider],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(self.sqlite())?;
        let (failures, open_until) = row.unwrap_or((0, 0));
        Ok(Health {
            failures,
            is_open: open_until > now_secs(),
        })
    }

    /// Records a failed (`ok == false`) or successful call to `provider`.
    pub fn record_health(&mut self, provider: &str, ok: bool) -> Result<(), Error> {
        let now = now_secs();
        let path = self.path.clone();
        crate::store::immediate(&mut self.conn, |tx| {
            if ok {
                tx.execute(
                    "DELETE FROM router_health WHERE provider = ?1",
                    params![provider],
                )?;
                return Ok(());
            }
            tx.execute(
                "INSERT INTO router_health (provider, failures, open_until) VALUES (?1, 1, 0)
                 ON CONFLICT (provider) DO UPDATE SET failures = failures + 1",
                params![provider],
            )?;
            tx.execute(
                "UPDATE router_health SET open_until = ?2
                 WHERE provider = ?1 AND failures >= ?3 AND open_until <= ?4",
                params![
                    provider,
                    now + CIRCUIT_OPEN.as_secs() as i64,
                    CIRCUIT_FAILURES,
                    now
                ],
            )?;
            Ok(())
        })
        .map_err(|source: rusqlite::Error| Error::Sqlite { path, source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticky_round_trip_and_circuit() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = StickyStore::open(&dir.path().join("state.db")).unwrap();
        let m = ModelRef::parse("a/b").unwrap();
        assert_eq!(store.get("s").unwrap(), None);
        store.set("s", Some("medium"), &m, 2).unwrap();
        store
            .set_usage(
                "s",
                &Usage {
                    input_tokens: 10,
                    cache_read_tokens: 90,
                    ..Usage::default()
                },
            )
            .unwrap();
        let got = store.get("s").unwrap().unwrap();
        assert_eq!(got.tier.as_deref(), Some("medium"));
        assert_eq!(got.turn, 2);
        assert_eq!(got.last_input_tokens, 100);
        assert_eq!(got.last_cache_read_tokens, 90);
        for _ in 0..CIRCUIT_FAILURES {
            assert!(!store.health("a").unwrap().is_open);
            store.record_health("a", false).unwrap();
        }
        assert!(store.health("a").unwrap().is_open);
        store.record_health("a", true).unwrap();
        assert!(!store.health("a").unwrap().is_open);
    }
}
