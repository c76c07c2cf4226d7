//! No always-on run is left `running` by a tick that died (its project would stay locked out of
//! the cooldown and budget accounting until the next tick), and no workspace, worktree or
//! `always-on/*` branch is left behind without a work cycle that accounts for it.

use super::{DeepContext, Problem, Severity};
use crate::always_on;

pub(super) fn dead_runs(ctx: &DeepContext) -> Vec<Problem> {
    let db = ctx.home.state_db();
    if !db.exists() {
        return Vec::new();
    }
    let dead = match always_on::dead_lock_holders(&ctx.home) {
        Ok(dead) => dead,
        Err(e) => {
            return vec![Problem::new(
                Severity::Fail,
                db.display().to_string(),
                e.to_string(),
            )];
        }
    };
    if dead.is_empty() {
        return Vec::new();
    }
    let runs: Vec<String> = dead
        .iter()
        .map(|d| format!("{} (project {}, pid {})", d.run_id, d.project_key, d.pid))
        .collect();
    let problem = Problem::new(
        Severity::Fail,
        db.display().to_string(),
        format!(
            "{} always-on run(s) marked running by a tick that has ended: {}",
            dead.len(),
            runs.join(", ")
        ),
    )
    .repair("record them (and their plans) as failed, as the next `always-on tick` would");
    vec![ctx.fix(problem, || {
        always_on::repair_dead_lock_holders(&ctx.home)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}

pub(super) fn orphaned_workspaces(ctx: &DeepContext) -> Vec<Problem> {
    let db = ctx.home.state_db();
    if !db.exists() {
        return Vec::new();
    }
    let orphans = match always_on::orphaned_workspaces(&ctx.home, &ctx.config) {
        Ok(orphans) => orphans,
        Err(e) => {
            return vec![Problem::new(
                Severity::Fail,
                db.display().to_string(),
                e.to_string(),
            )];
        }
    };
    if orphans.is_empty() {
        return Vec::new();
    }
    let parts: Vec<String> = orphans
        .iter()
        .map(|o| match o.name.as_str() {
            "" => format!("{:?} {}", o.kind, o.path.display()),
            name => format!("{:?} {name} in {}", o.kind, o.path.display()),
        })
        .collect();
    let problem = Problem::new(
        Severity::Warn,
        "always-on workspaces",
        format!(
            "{} workspace part(s) without a work cycle: {}",
            orphans.len(),
            parts.join(", ")
        ),
    )
    .repair("remove them (no active or applied cycle refers to them)");
    vec![ctx.fix(problem, || {
        always_on::remove_orphaned_workspaces(&ctx.home, &ctx.config)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}
