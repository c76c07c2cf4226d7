//! `always_on_runs`: one row per tick that got past the gates, `running` until it ends.

use std::path::Path;

use rusqlite::{OptionalExtension, Row, params};
use serde::Serialize;

use super::{Db, now_ms};
use crate::always_on::Error;
use crate::always_on::state::RunOutcome;
use crate::home::ProjectKey;
use crate::store;

/// One tick that got past the gates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RunRow {
    pub id: String,
    pub project_key: String,
    pub pid: u32,
    pub forced: bool,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    pub outcome: RunOutcome,
    pub plan_id: Option<String>,
    pub cycle_id: Option<String>,
    pub error: Option<String>,
}

fn run_row(r: &Row<'_>) -> rusqlite::Result<RunRow> {
    Ok(RunRow {
        id: r.get(0)?,
        project_key: r.get(1)?,
        pid: r.get(2)?,
        forced: r.get(3)?,
        started_at: r.get(4)?,
        finished_at: r.get(5)?,
        outcome: r.get(6)?,
        plan_id: r.get(7)?,
        cycle_id: r.get(8)?,
        error: r.get(9)?,
    })
}
const RUN_COLS: &str =
    "id, project_key, pid, forced, started_at, finished_at, outcome, plan_id, cycle_id, error";

impl Db {
    /// When the last run of the project finished.
    pub fn last_finished(&self, key: &ProjectKey) -> Result<Option<i64>, Error> {
        Ok(self.conn.query_row(
            "SELECT MAX(finished_at) FROM always_on_runs WHERE project_key = ?1",
            [&key.0],
            |r| r.get(0),
        )?)
    }

    /// Runs of the project started at or after `since`.
    pub fn runs_since(&self, key: &ProjectKey, since: i64) -> Result<u32, Error> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM always_on_runs WHERE project_key = ?1 AND started_at >= ?2",
            params![key.0, since],
            |r| r.get(0),
        )?)
    }

    pub fn last_run(&self, key: &ProjectKey) -> Result<Option<RunRow>, Error> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {RUN_COLS} FROM always_on_runs WHERE project_key = ?1
                     ORDER BY started_at DESC, id DESC LIMIT 1"
                ),
                [&key.0],
                run_row,
            )
            .optional()?)
    }

    /// Runs still marked running (of one project, or of all).
    pub fn running(&self, key: Option<&ProjectKey>) -> Result<Vec<RunRow>, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {RUN_COLS} FROM always_on_runs
             WHERE outcome = ?1 AND (?2 IS NULL OR project_key = ?2) ORDER BY started_at"
        ))?;
        let rows = stmt
            .query_map(
                params![RunOutcome::Running, key.map(|k| k.0.as_str())],
                run_row,
            )?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    pub fn start_run(&mut self, run: &RunRow, root: &Path) -> Result<(), Error> {
        store::immediate(&mut self.conn, |tx| {
            Self::ensure_project(tx, &ProjectKey(run.project_key.clone()), root)?;
            tx.execute(
                &format!("INSERT INTO always_on_runs ({RUN_COLS}) VALUES (?1, ?2, ?3, ?4, ?5, NULL, ?6, NULL, NULL, NULL)"),
                params![run.id, run.project_key, run.pid, run.forced, run.started_at, RunOutcome::Running],
            )?;
            Self::wake(tx, &run.project_key)?;
            Ok::<_, Error>(())
        })
    }

    /// Ends a run with `outcome` (executed, no plan or failed).
    pub fn finish_run(
        &self,
        id: &str,
        outcome: RunOutcome,
        plan: Option<&str>,
        cycle: Option<&str>,
        error: Option<&str>,
    ) -> Result<(), Error> {
        self.conn.execute(
            "UPDATE always_on_runs SET finished_at = ?2, outcome = ?3,
               plan_id = COALESCE(?4, plan_id), cycle_id = COALESCE(?5, cycle_id), error = ?6
             WHERE id = ?1",
            params![id, now_ms(), outcome, plan, cycle, error],
        )?;
        Ok(())
    }

    /// Notes the plan and cycle a running run works on (so a reclaim can fail the plan too).
    pub fn note_run(&self, id: &str, plan: Option<&str>, cycle: Option<&str>) -> Result<(), Error> {
        self.conn.execute(
            "UPDATE always_on_runs SET plan_id = COALESCE(?2, plan_id), cycle_id = COALESCE(?3, cycle_id)
             WHERE id = ?1",
            params![id, plan, cycle],
        )?;
        Ok(())
    }
    /// Records a run whose tick died as failed; it is dated at its start (when it died is unknown),
    /// so it does not restart the cooldown.
    pub fn fail_dead_run(&self, run: &RunRow, error: &str) -> Result<(), Error> {
        self.conn.execute(
            "UPDATE always_on_runs SET finished_at = started_at, outcome = ?3, error = ?2
             WHERE id = ?1 AND outcome = ?4",
            params![run.id, error, RunOutcome::Failed, RunOutcome::Running],
        )?;
        Ok(())
    }

    pub fn runs(&self, key: &ProjectKey, limit: u32) -> Result<Vec<RunRow>, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {RUN_COLS} FROM always_on_runs WHERE project_key = ?1
             ORDER BY started_at DESC, id DESC LIMIT ?2"
        ))?;
        let rows = stmt
            .query_map(params![key.0, limit], run_row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }
}
