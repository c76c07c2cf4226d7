//! `pilotdeck doctor --deep`: is PilotHome consistent? Each check finds one kind of problem and, with
//! `--repair`, fixes what it can fix without losing anything. A check is one row of [`CHECKS`]: a name
//! and a function that reports problems (and repairs them when asked). Adding a subsystem's check is
//! adding one row.
//!
//! Repairs are the same steps pilotdeck itself takes lazily (the next `session list` syncs the index,
//! the next `cron tick` records dead runs, the next `memory index` returns dead workers' claims), done
//! now; the one repair that rewrites content (torn transcript lines) keeps the removed lines in a
//! `.torn` file next to the transcript.

mod always_on;
mod cron;
mod memory;
mod sessions;
mod state_db;

use serde::Serialize;

use crate::home::PilotHome;
use crate::memory::Memory;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Lost or unreadable state, or a claim nobody will release: the exit status is 1 while it remains.
    Fail,
    /// Harmless leftovers or work pilotdeck does lazily; reported, never fails the check.
    Warn,
}

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub severity: Severity,
    /// The file, row or directory concerned.
    pub subject: String,
    pub detail: String,
    /// What `--repair` does about it, or `None` when it needs a person.
    pub repair: Option<String>,
    /// True when `--repair` fixed it in this run.
    pub repaired: bool,
}

impl Problem {
    fn new(severity: Severity, subject: impl Into<String>, detail: impl Into<String>) -> Problem {
        Problem {
            severity,
            subject: subject.into(),
            detail: detail.into(),
            repair: None,
            repaired: false,
        }
    }

    fn repair(mut self, what: impl Into<String>) -> Problem {
        self.repair = Some(what.into());
        self
    }

    /// Records the result of a repair attempt: fixed, or the error appended to the detail.
    fn repaired_by(mut self, result: Result<(), String>) -> Problem {
        match result {
            Ok(()) => self.repaired = true,
            Err(e) => self.detail = format!("{}; repair failed: {e}", self.detail),
        }
        self
    }

    /// True while it still needs attention and fails the run.
    pub fn fails(&self) -> bool {
        self.severity == Severity::Fail && !self.repaired
    }
}

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

impl DeepContext {
    /// Runs `repair` on a repairable problem when `--repair` was given.
    fn fix(&self, problem: Problem, repair: impl FnOnce() -> Result<(), String>) -> Problem {
        if self.repair && problem.repair.is_some() {
            problem.repaired_by(repair())
        } else {
            problem
        }
    }
}

/// The outcome of one check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    pub name: &'static str,
    pub problems: Vec<Problem>,
}

type CheckFn = fn(&DeepContext) -> Vec<Problem>;

/// Every deep check, in the order they run (the database first: the others read it).
pub const CHECKS: &[(&str, CheckFn)] = &[
    ("state.db", state_db::integrity),
    ("transcripts", sessions::transcripts),
    ("session index", sessions::index),
    ("memory catalogs", memory::catalogs),
    ("memory claims", memory::claims),
    ("memory stages", memory::stages),
    ("lock files", memory::locks),
    ("cron runs", cron::orphaned_runs),
    ("always-on runs", always_on::dead_runs),
    ("always-on workspaces", always_on::orphaned_workspaces),
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
