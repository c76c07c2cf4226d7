//! The always-on tables of `state.db` (migration 7): per-project dormancy and active work cycle,
//! tick runs, work cycles, plans and the heartbeat leases of `run`/`chat`. Every write that two
//! processes may race on is one `BEGIN IMMEDIATE` transaction.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use super::Error;
use super::state::{CycleEnd, CycleStatus, LeaseKind, PlanStatus, RunOutcome, WorkspaceStrategy};
use crate::home::{PilotHome, ProjectKey};
use crate::store;

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// An open `state.db`.
pub struct Db {
    pub(crate) conn: Connection,
}

/// Dormancy and the active work cycle of one project.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectState {
    pub dormant_since: Option<i64>,
    pub fingerprint: Option<String>,
    pub active_cycle: Option<String>,
}

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

/// A plan filed by discovery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanRow {
    pub id: String,
    pub project_key: String,
    pub run_id: String,
    pub title: String,
    pub dedupe_key: String,
    pub status: PlanStatus,
    pub cycle_id: Option<String>,
    pub created_at: i64,
    pub plan_file: PathBuf,
    pub report_file: Option<PathBuf>,
}

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

fn plan_row(r: &Row<'_>) -> rusqlite::Result<PlanRow> {
    Ok(PlanRow {
        id: r.get(0)?,
        project_key: r.get(1)?,
        run_id: r.get(2)?,
        title: r.get(3)?,
        dedupe_key: r.get(4)?,
        status: r.get(5)?,
        cycle_id: r.get(6)?,
        created_at: r.get(7)?,
        plan_file: PathBuf::from(r.get::<_, String>(8)?),
        report_file: r.get::<_, Option<String>>(9)?.map(PathBuf::from),
    })
}
const PLAN_COLS: &str = "id, project_key, run_id, title, dedupe_key, status, cycle_id, created_at, plan_file, report_file";

fn text(path: &Path) -> String {
    path.display().to_string()
}

impl Db {
    pub fn open(home: &PilotHome) -> Result<Db, Error> {
        Ok(Db {
            conn: store::open(&home.state_db())?,
        })
    }

    // --- projects ---

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

    fn ensure_project(tx: &Connection, key: &ProjectKey, root: &Path) -> rusqlite::Result<()> {
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
        self.conn.execute(
            "UPDATE always_on_projects SET dormant_since = NULL, fingerprint = NULL
             WHERE project_key = ?1",
            [&key.0],
        )?;
        Ok(())
    }

    // --- runs ---

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
            tx.execute(
                "UPDATE always_on_projects SET dormant_since = NULL, fingerprint = NULL
                 WHERE project_key = ?1",
                [&run.project_key],
            )?;
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

    pub fn plan(&self, id: &str) -> Result<Option<PlanRow>, Error> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {PLAN_COLS} FROM always_on_plans WHERE id = ?1"),
                [id],
                plan_row,
            )
            .optional()?)
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

    // --- cycles ---

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

    // --- plans ---

    /// Saves a new plan; `Ok(Some(existing))` when the dedupe key is taken (nothing saved).
    pub fn insert_plan(&mut self, plan: &PlanRow) -> Result<Option<PlanRow>, Error> {
        store::immediate(&mut self.conn, |tx| {
            let existing = tx
                .query_row(
                    &format!(
                        "SELECT {PLAN_COLS} FROM always_on_plans
                         WHERE project_key = ?1 AND dedupe_key = ?2"
                    ),
                    params![plan.project_key, plan.dedupe_key],
                    plan_row,
                )
                .optional()?;
            if existing.is_some() {
                return Ok::<_, Error>(existing);
            }
            tx.execute(
                &format!("INSERT INTO always_on_plans ({PLAN_COLS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
                params![
                    plan.id,
                    plan.project_key,
                    plan.run_id,
                    plan.title,
                    plan.dedupe_key,
                    plan.status,
                    plan.cycle_id,
                    plan.created_at,
                    text(&plan.plan_file),
                    plan.report_file.as_deref().map(text)
                ],
            )?;
            Ok(None)
        })
    }

    pub fn plans(&self, key: Option<&ProjectKey>) -> Result<Vec<PlanRow>, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {PLAN_COLS} FROM always_on_plans WHERE (?1 IS NULL OR project_key = ?1)
             ORDER BY created_at DESC, id DESC"
        ))?;
        let rows = stmt
            .query_map([key.map(|k| k.0.as_str())], plan_row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// The plan whose id is `query` or starts with it.
    pub fn find_plan(&self, query: &str) -> Result<PlanRow, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {PLAN_COLS} FROM always_on_plans WHERE id = ?1 OR id LIKE ?2 ESCAPE '\\'
             ORDER BY id LIMIT 10"
        ))?;
        let pattern = format!(
            "{}%",
            query
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let rows: Vec<PlanRow> = stmt
            .query_map(params![query, pattern], plan_row)?
            .collect::<Result<_, _>>()?;
        if let Some(exact) = rows.iter().find(|p| p.id == query) {
            return Ok(exact.clone());
        }
        match rows.len() {
            0 => Err(Error::PlanNotFound {
                query: query.to_owned(),
            }),
            1 => Ok(rows.into_iter().next().ok_or_else(|| Error::PlanNotFound {
                query: query.to_owned(),
            })?),
            _ => Err(Error::AmbiguousPlan {
                query: query.to_owned(),
                ids: rows.into_iter().map(|p| p.id).collect(),
            }),
        }
    }

    pub fn plans_in_cycle(&self, cycle: &str) -> Result<u32, Error> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM always_on_plans WHERE cycle_id = ?1",
            [cycle],
            |r| r.get(0),
        )?)
    }

    pub fn set_plan_status(
        &self,
        id: &str,
        status: PlanStatus,
        cycle: Option<&str>,
        report: Option<&Path>,
    ) -> Result<(), Error> {
        self.conn.execute(
            "UPDATE always_on_plans SET status = ?2, cycle_id = COALESCE(?3, cycle_id),
               report_file = COALESCE(?4, report_file) WHERE id = ?1",
            params![id, status, cycle, report.map(text)],
        )?;
        Ok(())
    }

    // --- leases ---

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
