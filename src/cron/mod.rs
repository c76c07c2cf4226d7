//! Scheduled agent tasks (`pilotdeck cron`): schedules, the task store, ticks with claims, the daemon
//! and the generated system units and Kubernetes CronJobs.
//!
//! Owns: the `cron_tasks`/`cron_runs` tables in `state.db` (migration 2), the schedule semantics
//! (5-field cron with the Vixie day rule, one-shot, interval; per-task IANA zones and the DST rule in
//! `schedule.rs`), claiming each (task, slot) exactly once across processes (`db.rs`, `tick.rs`),
//! delivery of run records, the `doctor --deep` check of its runs ([`check`]), the system units
//! ([`install`]) and the Kubernetes CronJobs with the task file their pods run ([`kubernetes`]).
//! Does not own the agent: a run is `launch::run`, unattended, in the task's project. Called by
//! `cli/cron/`.

pub mod check;
mod daemon;
mod db;
mod deliver;
mod error;
pub mod expr;
pub mod install;
pub mod kubernetes;
mod ops;
mod pilotdeck;
mod runner;
pub mod schedule;
mod task;
mod tick;

pub use daemon::daemon;
pub use error::Error;
pub use ops::{
    AddOptions, EditOptions, TaskView, When, add, edit, history, list, next, remove, run_now,
    set_active, show,
};
pub use pilotdeck::{ImportReport, import};
pub use runner::RunEnv;
pub use schedule::Schedule;
pub use task::{CatchUp, Delivery, RunRecord, RunStatus, Task, TaskId, TaskState, Trigger};
pub use tick::{
    Dropped, GRACE, MAX_CATCH_UP, TickOptions, TickReport, orphaned_runs, reap_orphaned_runs, tick,
};
