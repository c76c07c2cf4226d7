//! `always_on_cycles`: work cycles, each one workspace shared by up to `maxPlansPerCycle` plans.

use std::path::{Path, PathBuf};

use rusqlite::{OptionalExtension, Row, params};
use serde::Serialize;

use super::{Db, now_ms, text};
use crate::always_on::Error;
use crate::always_on::state::{CycleEnd, CycleStatus, WorkspaceStrategy};
use crate::home::ProjectKey;
use crate::store;

/// A work cycle: one workspace, shared by up to `maxPlansPerCycle` plans.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cycle {
    pub id: String,
    pub project_key: String,
    pub status: CycleStatus,
    pub strategy: WorkspaceStrategy,
    pub path: PathBuf,
    /// The repository the workspace belongs to: the user's repo for a worktree, the snapshot itself.
    pub repo_root: PathBuf,
    pub branch: Option<String>,
    /// The commit holding the project as it was when the workspace was made (the user's HEAD plus
    /// their uncommitted changes): the base of diffs and of the three-way apply.
    pub base_commit: String,
    pub created_at: i64,
}

fn cycle_row(r: &Row<'_>) -> rusqlite::Result<Cycle> {
    Ok(Cycle {
        id: r.get(0)?,
        project_key: r.get(1)?,
        status: r.get(2)?,
        strategy: r.get(3)?,
        path: PathBuf::from(r.get::<_, String>(4)?),
        repo_root: PathBuf::from(r.get::<_, String>(5)?),
        branch: r.get(6)?,
        base_commit: r.get(7)?,
        created_at: r.get(8)?,
    })
}
const CYCLE_COLS: &str =
    "id, project_key, status, strategy, path, repo_root, branch, base_commit, created_at";

impl Db {
    pub fn cycle(&self, id: &str) -> Result<Option<Cycle>, Error> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {CYCLE_COLS} FROM always_on_cycles WHERE id = ?1"),
                [id],
                cycle_row,
            )
            .optional()?)
    }

    pub fn active_cycle(&self, key: &ProjectKey) -> Result<Option<Cycle>, Error> {
        let state = self.project_state(key)?;
        match state.active_cycle {
            Some(id) => Ok(self.cycle(&id)?.filter(|c| c.status == CycleStatus::Active)),
            None => Ok(None),
        }
    }

    /// Every cycle (all projects).
    pub fn cycles(&self) -> Result<Vec<Cycle>, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {CYCLE_COLS} FROM always_on_cycles ORDER BY created_at"
        ))?;
        let rows = stmt.query_map([], cycle_row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// Records a new cycle and makes it the project's active one.
    pub fn insert_cycle(&mut self, cycle: &Cycle, root: &Path) -> Result<(), Error> {
        store::immediate(&mut self.conn, |tx| {
            Self::ensure_project(tx, &ProjectKey(cycle.project_key.clone()), root)?;
            tx.execute(
                &format!("INSERT INTO always_on_cycles ({CYCLE_COLS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
                params![
                    cycle.id,
                    cycle.project_key,
                    cycle.status,
                    cycle.strategy,
                    text(&cycle.path),
                    text(&cycle.repo_root),
                    cycle.branch,
                    cycle.base_commit,
                    cycle.created_at
                ],
            )?;
            tx.execute(
                "UPDATE always_on_projects SET active_cycle = ?2 WHERE project_key = ?1",
                params![cycle.project_key, cycle.id],
            )?;
            Ok::<_, Error>(())
        })
    }

    /// Closes a cycle (applied or discarded) and its plans; the project gets no active cycle.
    pub fn close_cycle(&mut self, id: &str, end: CycleEnd) -> Result<(), Error> {
        store::immediate(&mut self.conn, |tx| {
            tx.execute(
                "UPDATE always_on_cycles SET status = ?2, closed_at = ?3 WHERE id = ?1",
                params![id, end.cycle_status(), now_ms()],
            )?;
            tx.execute(
                "UPDATE always_on_plans SET status = ?2 WHERE cycle_id = ?1",
                params![id, end.plan_status()],
            )?;
            tx.execute(
                "UPDATE always_on_projects SET active_cycle = NULL WHERE active_cycle = ?1",
                [id],
            )?;
            Ok::<_, Error>(())
        })
    }
}
