//! Reviewing what always-on did: `status`, `plans`, `show`, `diff`, `apply` and `discard`.
//!
//! A plan's changes live in its cycle's workspace, which up to `maxPlansPerCycle` plans share, so
//! `apply` and `discard` act on the whole workspace: applying brings every plan of the cycle in and
//! closes the cycle (the next plan gets a fresh workspace); discarding removes the worktree and its
//! branch (or the snapshot). Both hold the project's tick lock, so they never race a running tick.

use std::path::PathBuf;

use serde::Serialize;

use super::Error;
use super::apply::{self, ApplyReport, WorkspaceDiff};
use super::db::{Cycle, Db, PlanRow, RunRow};
use super::events::{PhaseEvent, emit};
use super::gates::{self, Closed, Dormancy, Gate, Target, format_ms};
use super::lock::{self, TickLock};
use super::paths::Paths;
use super::state::{CycleEnd, CycleStatus};
use super::workspace;
use crate::config::AlwaysOnConfig;
use crate::home::{PilotHome, ProjectKey};

/// `always-on status` for one project.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProjectStatus {
    pub project: PathBuf,
    pub project_key: String,
    /// The gate the next tick would stop at (`None`: it would run).
    pub gate: Option<Closed>,
    pub dormant_since: Option<String>,
    pub last_run: Option<RunRow>,
    pub budget_left: u32,
    pub active_workspace: Option<Cycle>,
    pub plans_in_workspace: u32,
}

/// What the next tick of `target` would do, without doing it.
pub fn status(
    home: &PilotHome,
    cfg: &AlwaysOnConfig,
    target: &Target,
) -> Result<ProjectStatus, Error> {
    let db = Db::open(home)?;
    let key = &target.key;
    let state = db.project_state(key)?;
    let mut gate = gates::static_gates(cfg, target);
    if gate.is_none()
        && let Dormancy::Asleep(c) = gates::dormancy(&db, cfg, target, false)?
    {
        gate = Some(c);
    }
    let paths = Paths::new(home, key);
    if gate.is_none() {
        gate = gates::activity_gates(&db, cfg, &paths, false)?;
    }
    if gate.is_none() && TickLock::try_acquire(&paths)?.is_none() {
        gate = Some(Closed {
            gate: Gate::LockHeld,
            reason: match lock::holder(&paths) {
                Some((pid, run)) => format!("a tick is running (pid {pid}, run {run})"),
                None => "a tick is running".to_owned(),
            },
        });
    }
    if gate.is_none() {
        gate = gates::cycle_gate(&db, cfg, key)?;
    }
    let active = db.active_cycle(key)?;
    let plans_in_workspace = match &active {
        Some(c) => db.plans_in_cycle(&c.id)?,
        None => 0,
    };
    Ok(ProjectStatus {
        project: target.root.clone(),
        project_key: key.0.clone(),
        gate,
        dormant_since: state.dormant_since.map(format_ms),
        last_run: db.last_run(key)?,
        budget_left: gates::budget_left(&db, cfg, key)?,
        active_workspace: active,
        plans_in_workspace,
    })
}

/// Plans, newest first (of one project, or all).
pub fn plans(home: &PilotHome, key: Option<&ProjectKey>) -> Result<Vec<PlanRow>, Error> {
    Db::open(home)?.plans(key)
}

/// `always-on show PLAN`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {
    pub plan: PlanRow,
    pub plan_text: String,
    pub report_text: Option<String>,
    pub workspace: Option<Cycle>,
    pub diffstat: Option<String>,
}

fn read(path: &std::path::Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| Error::io("read", path, e))
}

pub fn show(home: &PilotHome, query: &str) -> Result<Shown, Error> {
    let db = Db::open(home)?;
    let plan = db.find_plan(query)?;
    let cycle = match &plan.cycle_id {
        Some(id) => db.cycle(id)?,
        None => None,
    };
    let diffstat = match &cycle {
        Some(c) if c.path.is_dir() => Some(apply::diff(c)?.stat),
        _ => None,
    };
    Ok(Shown {
        plan_text: read(&plan.plan_file)?,
        report_text: plan.report_file.as_deref().map(read).transpose()?,
        plan,
        workspace: cycle,
        diffstat,
    })
}

/// The plan and its workspace's cycle; errors when it has none or the directory is gone.
fn workspace_of(db: &Db, query: &str) -> Result<(PlanRow, Cycle), Error> {
    let plan = db.find_plan(query)?;
    let cycle = match &plan.cycle_id {
        Some(id) => db.cycle(id)?,
        None => None,
    };
    let Some(cycle) = cycle else {
        return Err(Error::NoWorkspace {
            plan: plan.id.clone(),
            status: plan.status,
        });
    };
    Ok((plan, cycle))
}

pub(super) fn open_workspace(db: &Db, query: &str) -> Result<(PlanRow, Cycle), Error> {
    let (plan, cycle) = workspace_of(db, query)?;
    if cycle.status != CycleStatus::Active {
        return Err(Error::WorkspaceClosed {
            plan: plan.id,
            status: cycle.status,
        });
    }
    if !cycle.path.is_dir() {
        return Err(Error::WorkspaceMissing {
            plan: plan.id,
            path: cycle.path,
        });
    }
    Ok((plan, cycle))
}

pub fn diff(home: &PilotHome, query: &str) -> Result<(PlanRow, WorkspaceDiff), Error> {
    let db = Db::open(home)?;
    let (plan, cycle) = workspace_of(&db, query)?;
    if !cycle.path.is_dir() {
        if cycle.status != CycleStatus::Active {
            return Err(Error::WorkspaceClosed {
                plan: plan.id,
                status: cycle.status,
            });
        }
        return Err(Error::WorkspaceMissing {
            plan: plan.id,
            path: cycle.path,
        });
    }
    Ok((plan, apply::diff(&cycle)?))
}

/// Takes the project's tick lock for a review action, or says a tick is running.
fn hold_lock(paths: &Paths) -> Result<TickLock, Error> {
    TickLock::try_acquire(paths)?.ok_or_else(|| Error::TickRunning {
        lock: paths.lock_file(),
    })
}

/// `always-on apply PLAN [--dry-run]`.
pub fn apply_plan(
    home: &PilotHome,
    query: &str,
    dry_run: bool,
) -> Result<(PlanRow, ApplyReport), Error> {
    let mut db = Db::open(home)?;
    let (plan, cycle) = open_workspace(&db, query)?;
    let key = ProjectKey(plan.project_key.clone());
    let paths = Paths::new(home, &key);
    let _lock = hold_lock(&paths)?;
    let root = db
        .project_root(&plan.project_key)?
        .ok_or_else(|| Error::PlanNotFound {
            query: query.to_owned(),
        })?;
    let changes = apply::diff(&cycle)?;
    if !dry_run {
        emit(
            &paths,
            PhaseEvent::new(&key, Some(&plan.run_id), "apply_started").plan(&plan.id),
        );
    }
    let report = apply::apply(&root, &changes, dry_run)?;
    if dry_run {
        return Ok((plan, report));
    }
    let detail = serde_json::to_value(&report).unwrap_or_default();
    // A refused file keeps the workspace open: the user can look at it, fix their tree and apply
    // again (what was applied is then unchanged), or discard it.
    let phase = if !report.conflicts.is_empty() {
        "apply_conflict"
    } else if !report.refused.is_empty() {
        "apply_partial"
    } else {
        db.close_cycle(&cycle.id, CycleEnd::Applied)?;
        "apply_completed"
    };
    emit(
        &paths,
        PhaseEvent::new(&key, Some(&plan.run_id), phase)
            .plan(&plan.id)
            .detail(detail),
    );
    Ok((plan, report))
}

/// `always-on discard PLAN`: removes the workspace (worktree and branch, or snapshot).
pub fn discard(home: &PilotHome, query: &str) -> Result<(PlanRow, Cycle), Error> {
    let mut db = Db::open(home)?;
    let (plan, cycle) = workspace_of(&db, query)?;
    // A closed workspace (applied, or discarded already) has nothing to discard, unless its
    // directory was left behind.
    if cycle.status != CycleStatus::Active && !cycle.path.exists() {
        return Err(Error::WorkspaceClosed {
            plan: plan.id,
            status: cycle.status,
        });
    }
    let key = ProjectKey(plan.project_key.clone());
    let paths = Paths::new(home, &key);
    let _lock = hold_lock(&paths)?;
    workspace::remove(&cycle)?;
    if cycle.status == CycleStatus::Active {
        db.close_cycle(&cycle.id, CycleEnd::Discarded)?;
    }
    emit(
        &paths,
        PhaseEvent::new(&key, Some(&plan.run_id), "discarded")
            .plan(&plan.id)
            .detail(serde_json::json!({"workspace": cycle.path})),
    );
    Ok((plan, cycle))
}
