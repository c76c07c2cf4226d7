//! The always-on checks for `doctor --deep`: no always-on run is left `running` by a tick that died
//! (its project would stay locked out of the cooldown and budget accounting until the next tick),
//! and no workspace, worktree or `always-on/*` branch is left behind without a work cycle that
//! accounts for it. The state they read and repair is [`super::maintenance`]'s.

use crate::config::Config;
use crate::home::PilotHome;
use crate::store::{self, Finding, Severity};

/// Runs marked running by a tick that has ended; with `repair`, recorded (with their plans) failed.
pub fn dead_runs(home: &PilotHome, repair: bool) -> Vec<Finding> {
    let db = home.state_db();
    let dead = match store::check::found(&db, || super::dead_lock_holders(home)) {
        Ok(dead) => dead,
        Err(done) => return done,
    };
    let runs: Vec<String> = dead
        .iter()
        .map(|d| format!("{} (project {}, pid {})", d.run_id, d.project_key, d.pid))
        .collect();
    let finding = Finding::new(
        Severity::Fail,
        db.display().to_string(),
        format!(
            "{} always-on run(s) marked running by a tick that has ended: {}",
            dead.len(),
            runs.join(", ")
        ),
    )
    .repair("record them (and their plans) as failed, as the next `always-on tick` would");
    vec![finding.fix(repair, || {
        super::repair_dead_lock_holders(home)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}

/// Workspace parts no work cycle accounts for; with `repair`, removed.
pub fn orphaned_workspaces(home: &PilotHome, config: &Config, repair: bool) -> Vec<Finding> {
    let db = home.state_db();
    let orphans = match store::check::found(&db, || super::orphaned_workspaces(home, config)) {
        Ok(orphans) => orphans,
        Err(done) => return done,
    };
    let parts: Vec<String> = orphans
        .iter()
        .map(|o| match o.name.as_str() {
            "" => format!("{:?} {}", o.kind, o.path.display()),
            name => format!("{:?} {name} in {}", o.kind, o.path.display()),
        })
        .collect();
    let finding = Finding::new(
        Severity::Warn,
        "always-on workspaces",
        format!(
            "{} workspace part(s) without a work cycle: {}",
            orphans.len(),
            parts.join(", ")
        ),
    )
    .repair("remove them (no active or applied cycle refers to them)");
    vec![finding.fix(repair, || {
        super::remove_orphaned_workspaces(home, config)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}
