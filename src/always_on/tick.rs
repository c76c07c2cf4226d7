//! One tick for one project: the gates ([`super::gates`]), the lock ([`super::lock`]), then — when
//! all are open — a run ([`super::run`]): discover → workspace → execute → report, each phase an
//! event in `events.jsonl`.
//!
//! Order of work: static gates; dormancy (a changed fingerprint wakes the project); activity gates;
//! the lock (taking it also reclaims what a dead holder left: its `running` run is recorded failed,
//! with its plan); the activity gates again under the lock (a tick that finished meanwhile started
//! a cooldown); `cycle_full`; then the run is recorded `running` and fired. Whatever happens after
//! that, the run row ends `executed`, `no_plan` or `failed`.

use std::path::PathBuf;

use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::Db;
use super::gates::{self, Closed, Target};
use super::lock;
use super::paths::Paths;
use super::run::Run;
use crate::config::Config;
use crate::home::PilotHome;

/// What a tick is asked to do.
#[derive(Debug, Clone, Copy, Default)]
pub struct TickOptions {
    /// Skip the time gates (dormancy, recent user message, cooldown, daily budget).
    pub force: bool,
}

/// How a tick ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TickOutcome {
    /// A gate was closed; nothing ran.
    Gated,
    /// Discovery filed no plan; the project went dormant (when dormancy is on).
    NoPlan,
    /// A plan was executed and reported.
    Executed,
    /// The run failed (the reason is in `error`).
    Failed,
    /// The run was interrupted (Ctrl-C / SIGTERM) and recorded failed.
    Interrupted,
}

/// What one tick of one project did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TickReport {
    pub project: PathBuf,
    pub project_key: String,
    pub outcome: TickOutcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<Closed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Runs of dead ticks this tick found and recorded failed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reclaimed: Vec<String>,
    /// The failure was the provider refusing the account (exit code 3).
    #[serde(skip)]
    pub account_error: bool,
}

impl TickReport {
    /// The report of a tick that could not start in `target` (its configuration does not load, its
    /// state cannot be read): failed, with `error`.
    pub fn failed(target: &Target, error: String) -> TickReport {
        TickReport {
            outcome: TickOutcome::Failed,
            error: Some(error),
            ..TickReport::new(target)
        }
    }

    pub(super) fn new(target: &Target) -> TickReport {
        TickReport {
            project: target.root.clone(),
            project_key: target.key.0.clone(),
            outcome: TickOutcome::Gated,
            gate: None,
            run_id: None,
            plan_id: None,
            title: None,
            workspace: None,
            report: None,
            error: None,
            reclaimed: Vec::new(),
            account_error: false,
        }
    }

    fn gated(mut self, closed: Closed) -> TickReport {
        self.outcome = TickOutcome::Gated;
        self.gate = Some(closed);
        self
    }
}

/// Runs one tick for `target` with `config` (the project's merged configuration).
pub async fn tick(
    home: &PilotHome,
    config: &Config,
    target: &Target,
    opts: TickOptions,
    cancel: &CancellationToken,
) -> Result<TickReport, Error> {
    let cfg = &config.always_on;
    let report = TickReport::new(target);
    if let Some(closed) = gates::static_gates(cfg, target) {
        return Ok(report.gated(closed));
    }
    let paths = Paths::new(home, &target.key);
    let mut db = Db::open(home)?;
    if let Some(closed) = gates::before_lock(&mut db, cfg, target, &paths, opts.force)? {
        return Ok(report.gated(closed));
    }
    let run_id = ulid::Ulid::generate().to_string().to_lowercase();
    let lock = match lock::take(&paths, &run_id).await? {
        Ok(lock) => lock,
        Err(closed) => return Ok(report.gated(closed)),
    };
    let mut report = report;
    report.reclaimed = lock::reclaim(&db, &paths, &target.key)?;
    if let Some(closed) = gates::under_lock(&db, cfg, &paths, opts.force)? {
        return Ok(report.gated(closed));
    }
    let run = Run::new(home, config, target, &paths, &mut db, &run_id, report);
    let report = run.go(opts.force, cancel).await?;
    drop(lock);
    Ok(report)
}
