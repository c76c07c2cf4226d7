//! `pilotdeck doctor --deep`: is PilotHome consistent? Each check finds one kind of problem and, with
//! `--repair`, fixes what it can fix without losing anything. The checks belong to the subsystems
//! that own the state ([`store::check`], `session::check`, `memory::check`, `cron::check`,
//! `always_on::check`) and return typed [`Finding`]s; this module only lists them in order and runs
//! them. A check is one row of [`CHECKS`]: adding a subsystem's check is adding one row.
//!
//! Repairs are the same steps pilotdeck itself takes lazily (the next `session list` syncs the index,
//! the next `cron tick` records dead runs, the next `memory index` returns dead workers' claims), done
//! now; the one repair that rewrites content (torn transcript lines) keeps the removed lines in a
//! `.torn` file next to the transcript.

use serde::Serialize;

use crate::home::PilotHome;
use crate::memory::Memory;
use crate::{always_on, cron, memory, session, store};

pub use crate::store::{Finding, Severity};

/// What every check gets.
#[derive(Debug)]
pub struct DeepContext {
    pub home: PilotHome,
    /// Memory with the configured layout (`memory.rootDir` honoured).
    pub memory: Memory,
    /// The configuration (always-on workspace bases).
    pub config: crate::config::Config,
    /// Repair what can be repaired safely.
    pub repair: bool,
}

/// The outcome of one check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    pub name: &'static str,
    pub problems: Vec<Finding>,
}

type CheckFn = fn(&DeepContext) -> Vec<Finding>;

/// Every deep check, in the order they run (the database first: the others read it).
pub const CHECKS: &[(&str, CheckFn)] = &[
    ("state.db", |c| store::check::integrity(&c.home.state_db())),
    ("transcripts", |c| {
        session::check::transcripts(&c.home, c.repair)
    }),
    ("session index", |c| {
        session::check::index(&c.home, c.repair)
    }),
    ("memory catalogs", |c| {
        memory::check::catalogs(&c.memory, c.repair)
    }),
    ("memory claims", |c| {
        memory::check::claims(&c.memory, c.repair)
    }),
    ("memory stages", |c| {
        memory::check::stages(&c.memory, c.repair)
    }),
    ("lock files", |c| memory::check::locks(&c.memory, c.repair)),
    ("cron runs", |c| {
        cron::check::orphaned_runs(&c.home, c.repair)
    }),
    ("always-on runs", |c| {
        always_on::check::dead_runs(&c.home, c.repair)
    }),
    ("always-on workspaces", |c| {
        always_on::check::orphaned_workspaces(&c.home, &c.config, c.repair)
    }),
];

/// Runs every check.
pub fn run(ctx: &DeepContext) -> Vec<CheckReport> {
    CHECKS
        .iter()
        .map(|(name, check)| CheckReport {
            name,
            problems: check(ctx),
        })
        .collect()
}
