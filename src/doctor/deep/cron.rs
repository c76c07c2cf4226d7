//! No cron run is left `running` by a process that no longer exists (its claim would count against
//! `maxConcurrentRuns` until the next tick).

use super::{DeepContext, Problem, Severity};
use crate::cron;

pub(super) fn orphaned_runs(ctx: &DeepContext) -> Vec<Problem> {
    let db = ctx.home.state_db();
    if !db.exists() {
        return Vec::new();
    }
    let runs = match cron::orphaned_runs(&db) {
        Ok(runs) => runs,
        Err(e) => {
            return vec![Problem::new(
                Severity::Fail,
                db.display().to_string(),
                e.to_string(),
            )];
        }
    };
    if runs.is_empty() {
        return Vec::new();
    }
    let ids: Vec<String> = runs
        .iter()
        .map(|r| format!("{} (task {}, pid {})", r.run_id, r.task_id.0, r.pid))
        .collect();
    let problem = Problem::new(
        Severity::Fail,
        db.display().to_string(),
        format!(
            "{} cron run(s) marked running by a process that has ended: {}",
            runs.len(),
            ids.join(", ")
        ),
    )
    .repair("record them as interrupted, as the next `cron tick` would");
    vec![ctx.fix(problem, || {
        cron::reap_orphaned_runs(&db)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })]
}
