//! Always-on: autonomous background work on a project while its user is away.
//!
//! A tick ([`tick()`]) passes the gates ([`gates`]) and takes the project's lock ([`lock`]), then
//! fires a run (`run/`) of four phases: discovery, an agent turn that may file one plan (the plan
//! contract in [`plan`], the tool in [`plan_tool`]); an isolated workspace — a git repository of
//! its own (borrowing the user's objects read-only) holding the user's uncommitted changes, or a
//! snapshot copy ([`workspace`]); an unattended execution
//! confined to it; and a report ([`report`]). Both turns go through [`execute`]. Every phase is a
//! line in `events.jsonl` ([`events`]). The user reviews and applies the result with a
//! deterministic three-way apply ([`apply`], [`review`]).
//!
//! Owns: the `always_on_*` tables of `state.db` ([`db`], one file per table) and the states stored
//! there as enums ([`state`]: run outcome, cycle status and strategy, plan status, lease kind),
//! `<home>/projects/<key>/always-on/` ([`paths`]), the per-project tick lock and the reclaim of
//! what a dead holder left ([`lock`]), the heartbeat lease `run`/`chat` hold ([`lease`]), the
//! dormancy fingerprint ([`fingerprint`]), `watch`, `enable`/`disable` ([`settings`]) and the
//! doctor checks ([`check`], over [`maintenance`]), a plan's work as a patch file or a pushed
//! branch ([`export`]) and the Kubernetes CronJobs ticking cloned repositories ([`kubernetes`]).
//! Does not own the agent loop: every turn is started by `launch::run`, as for `run` and cron.
//! Never touches the user's working tree or index except in `apply`, and never pushes except
//! `apply --push-branch`, when the user asks. Called by `cli/always_on/`, and `cli/run.rs` and
//! `cli/chat` for the lease.

pub mod apply;
pub mod check;
pub mod db;
mod digest;
mod error;
pub mod events;
pub mod execute;
pub mod export;
pub mod fingerprint;
pub mod gates;
pub mod kubernetes;
pub mod lease;
pub mod lock;
pub mod maintenance;
pub mod paths;
pub mod plan;
pub mod plan_tool;
pub mod report;
pub mod review;
mod run;
pub mod settings;
pub mod state;
pub mod tick;
pub mod watch;
pub mod workspace;

pub use error::Error;
pub use gates::{Closed, Gate, Target};
pub use lease::{Lease, hold_or_warn};
pub use maintenance::{
    DeadLockHolder, OrphanKind, OrphanedWorkspace, dead_lock_holders, orphaned_workspaces,
    remove_orphaned_workspaces, repair_dead_lock_holders,
};
pub use state::{
    CycleEnd, CycleStatus, LeaseKind, PlanStatus, RunOutcome, UnknownState, WorkspaceStrategy,
};
pub use tick::{TickOptions, TickOutcome, TickReport, tick};
pub use watch::watch;
