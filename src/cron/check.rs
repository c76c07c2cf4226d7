//! The cron check for `doctor --deep`: no cron run is left `running` by a process that no longer
//! exists (its claim would count against `maxConcurrentRuns` until the next tick).

use crate::home::PilotHome;
use crate::store::{self, Finding, Severity};

/// Runs marked running by an ended process; with `repair`, recorded as interrupted.
pub fn orphaned_runs(home: &PilotHome, repair: bool) -> Vec<Finding> {
    let db = home.state_db();
    let runs = match store::check::found(&db, || super::orphaned_runs(&db)) {
        Ok(runs) => runs,
        Err(done) => return done,
    };
    let ids: Vec<String> = runs
        .iter()
        .map(|r| format!("{} (task {}, pid {})", r.run_id, r.task_id.0, r.pid))
        .collect();
    let finding = Finding::new(
        Severity::Fail,
        db.display().to_string(),
        format!(
            "{} cron run(s) marked running by a process that has ended: {}",
            runs.len(),
            ids.join(", ")
        ),
    )
    .repair("record them as interrupted, as the next `cron tick` would");
    vec![finding.fix(repair, || {
        super::reap_orphaned_runs(&db)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}
