//! `always_on_projects`: one row per project always-on has worked on — its root, dormancy
//! (since when and the baseline fingerprint) and its active work cycle.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use super::{Db, now_ms, text};
use crate::always_on::Error;
use crate::home::ProjectKey;
use crate::store;

/// Dormancy and the active work cycle of one project.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectState {
    pub dormant_since: Option<i64>,
    pub fingerprint: Option<String>,
    pub active_cycle: Option<String>,
}

impl Db {
    pub fn project_state(&self, key: &ProjectKey) -> Result<ProjectState, Error> {
        Ok(self
            .conn
            .query_row(
                "SELECT dormant_since, fingerprint, active_cycle FROM always_on_projects
                 WHERE project_key = ?1",
                [&key.0],
                |r| {
                    Ok(ProjectState {
                        dormant_since: r.get(0)?,
                        fingerprint: r.get(1)?,
                        active_cycle: r.get(2)?,
                    })
                },
            )
            .optional()?
            .unwrap_or_default())
    }

    /// The root recorded for a project key.
    pub fn project_root(&self, key: &str) -> Result<Option<PathBuf>, Error> {
        Ok(self
            .conn
            .query_row(
                "SELECT project_root FROM always_on_projects WHERE project_key = ?1",
                [key],
                |r| r.get::<_, String>(0),
            )
            .optional()?
            .map(PathBuf::from))
    }

    /// Every project always-on has state for: `(key, root)`.
    pub fn projects(&self) -> Result<Vec<(String, PathBuf)>, Error> {
        let mut stmt = self.conn.prepare(
            "SELECT project_key, project_root FROM always_on_projects ORDER BY project_key",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((r.get(0)?, PathBuf::from(r.get::<_, String>(1)?)))
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Records the project and its root (inside the caller's transaction).
    pub(super) fn ensure_project(
        tx: &Connection,
        key: &ProjectKey,
        root: &Path,
    ) -> rusqlite::Result<()> {
        tx.execute(
            "INSERT INTO always_on_projects (project_key, project_root) VALUES (?1, ?2)
             ON CONFLICT (project_key) DO UPDATE SET project_root = excluded.project_root",
            params![key.0, text(root)],
        )?;
        Ok(())
    }

    /// Puts the project to sleep with the baseline `fingerprint`.
    pub fn set_dormant(
        &mut self,
        key: &ProjectKey,
        root: &Path,
        fingerprint: &str,
    ) -> Result<(), Error> {
        store::immediate(&mut self.conn, |tx| {
            Self::ensure_project(tx, key, root)?;
            tx.execute(
                "UPDATE always_on_projects SET dormant_since = ?2, fingerprint = ?3
                 WHERE project_key = ?1",
                params![key.0, now_ms(), fingerprint],
            )?;
            Ok::<_, Error>(())
        })
    }

    pub fn clear_dormant(&mut self, key: &ProjectKey) -> Result<(), Error> {
        Ok(Self::wake(&self.conn, &key.0)?)
    }

    /// Clears the project's dormancy (inside the caller's transaction).
    pub(super) fn wake(conn: &Connection, key: &str) -> rusqlite::Result<()> {
        conn.execute(
            "UPDATE always_on_projects SET dormant_since = NULL, fingerprint = NULL
             WHERE project_key = ?1",
            [key],
        )?;
        Ok(())
    }
}
