//! Always-on: autonomous background work on a project while its user is away.
//!
//! A tick ([`tick()`]) passes the gates ([`gates`]), then runs discover → workspace → execute →
//! report: an agent turn that may file one plan (the plan contract in [`plan`], the tool in
//! [`plan_tool`]); an isolated workspace — a git worktree holding the user's uncommitted changes,
//! or a snapshot copy ([`workspace`]); an unattended execution confined to it ([`execute`]); and a
//! report ([`report`]). Every phase is a line in `events.jsonl` ([`events`]). The user reviews and
//! applies the result with a deterministic three-way apply ([`apply`], [`review`]).
//!
//! Owns: the `always_on_*` tables of `state.db` ([`db`]), `<home>/projects/<key>/always-on/`
//! ([`paths`]), the per-project tick lock ([`lock`]), the heartbeat lease `run`/`chat` hold
//! ([`lease`]), the dormancy fingerprint ([`fingerprint`]), `watch`, `enable`/`disable`
//! ([`settings`]) and the doctor checks ([`maintenance`]). Does not own the agent loop: every turn is
//! started by `launch::run`, as for `run` and cron. Never touches the user's working tree or index except
//! in `apply`, and never pushes anywhere. Called by `cli/always_on.rs`, and `cli/run.rs` and
//! `cli/chat` for the lease.

pub mod apply;
pub mod db;
mod digest;
mod error;
pub mod events;
pub mod execute;
pub mod fingerprint;
pub mod gates;
pub mod lease;
pub mod lock;
pub mod maintenance;
pub mod paths;
pub mod plan;
pub mod plan_tool;
pub mod report;
pub mod review;
pub mod settings;
pub mod tick;
pub mod watch;
pub mod workspace;

pub use error::Error;
pub use gates::{Closed, Gate, Target};
pub use lease::{Lease, LeaseKind, hold_or_warn};
pub use maintenance::{
    DeadLockHolder, OrphanKind, OrphanedWorkspace, dead_lock_holders, orphaned_workspaces,
    remove_orphaned_workspaces, repair_dead_lock_holders,
};
pub use tick::{TickOptions, TickOutcome, TickReport, tick};
pub use watch::watch;
