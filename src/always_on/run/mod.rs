//! One fired run of a tick, after every gate was open and the lock taken ([`super::tick`]): the
//! run row is recorded `running`, then the phases run in order — discovery (`discovery.rs`), the
//! cycle's workspace (here), execution and its report (`execution.rs`) — and the row ends
//! `executed`, `no_plan` or `failed`, each step an event in `events.jsonl`.

mod discovery;
mod execution;

use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::{Cycle, Db, RunRow, now_ms};
use super::events::{PhaseEvent, emit};
use super::fingerprint::IgnoreSet;
use super::gates::Target;
use super::paths::Paths;
use super::state::{PlanStatus, RunOutcome};
use super::tick::{TickOutcome, TickReport};
use super::workspace;
use crate::agent::{TurnError, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::session::TurnStatus;

/// Why a fired run failed.
enum Failure {
    Interrupted,
    Model(crate::model::Error),
    Other(String),
}

impl Failure {
    fn message(&self) -> String {
        match self {
            Failure::Interrupted => "interrupted".to_owned(),
            Failure::Model(e) => e.user_message(),
            Failure::Other(m) => m.clone(),
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Other(e.to_string())
    }
}

impl From<crate::agent::RunError> for Failure {
    fn from(e: crate::agent::RunError) -> Failure {
        match e {
            crate::agent::RunError::Model(m) => Failure::Model(m),
            other => Failure::Other(other.to_string()),
        }
    }
}

/// Ends a turn that did not complete: interrupted or a model error fails the run.
fn turn_failure(outcome: &TurnOutcome) -> Option<Failure> {
    match (&outcome.status, &outcome.error) {
        (TurnStatus::Aborted, _) => Some(Failure::Interrupted),
        (_, Some(TurnError::Model(e))) => Some(Failure::Model(e.clone())),
        // `dailyBudgetUsd` (or `agent.budget`): the run fails, saying so.
        (_, Some(e @ TurnError::Budget(_))) => Some(Failure::Other(e.to_string())),
        _ => None,
    }
}

/// The state of one fired run.
pub(super) struct Run<'a> {
    home: &'a PilotHome,
    config: &'a Config,
    project: Project,
    paths: &'a Paths,
    db: &'a mut Db,
    run_id: &'a str,
    report: TickReport,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        home: &'a PilotHome,
        config: &'a Config,
        target: &Target,
        paths: &'a Paths,
        db: &'a mut Db,
        run_id: &'a str,
        report: TickReport,
    ) -> Run<'a> {
        Run {
            home,
            config,
            project: Project {
                root: target.root.clone(),
                key: target.key.clone(),
            },
            paths,
            db,
            run_id,
            report,
        }
    }

    /// Records the run `running`, fires it and records how it ended; returns the tick's report.
    pub(super) async fn go(
        mut self,
        forced: bool,
        cancel: &CancellationToken,
    ) -> Result<TickReport, Error> {
        // The `.cwd` marker maps the workspaces under `<home>/projects/<key>/` back to the project.
        self.project.ensure_dir(self.home)?;
        self.db.start_run(
            &RunRow {
                id: self.run_id.to_owned(),
                project_key: self.project.key.0.clone(),
                pid: std::process::id(),
                forced,
                started_at: now_ms(),
                finished_at: None,
                outcome: RunOutcome::Running,
                plan_id: None,
                cycle_id: None,
                error: None,
            },
            &self.project.root,
        )?;
        self.report.run_id = Some(self.run_id.to_owned());
        emit(
            self.paths,
            self.event("run_started")
                .detail(serde_json::json!({"forced": forced})),
        );
        let result = self.fire(cancel).await;
        self.finish(result)?;
        Ok(self.report)
    }

    /// Ends the run row `executed`, `no_plan` or `failed`, and says so in `events.jsonl`.
    fn finish(&mut self, result: Result<TickOutcome, Failure>) -> Result<(), Error> {
        let report = &mut self.report;
        match result {
            Ok(outcome) => {
                report.outcome = outcome;
                let (stored, error) = match outcome {
                    TickOutcome::Executed if report.error.is_none() => (RunOutcome::Executed, None),
                    TickOutcome::NoPlan => (RunOutcome::NoPlan, None),
                    _ => (RunOutcome::Failed, report.error.clone()),
                };
                if stored == RunOutcome::Failed && outcome == TickOutcome::Executed {
                    report.outcome = TickOutcome::Failed;
                }
                self.db.finish_run(
                    self.run_id,
                    stored,
                    report.plan_id.as_deref(),
                    None,
                    error.as_deref(),
                )?;
                let phase = if stored == RunOutcome::Failed {
                    "run_failed"
                } else {
                    "run_completed"
                };
                let e = PhaseEvent::new(&self.project.key, Some(self.run_id), phase)
                    .outcome(stored.as_str());
                emit(
                    self.paths,
                    match &error {
                        Some(err) => e.error(err),
                        None => e,
                    },
                );
            }
            Err(failure) => {
                let message = failure.message();
                report.outcome = match failure {
                    Failure::Interrupted => TickOutcome::Interrupted,
                    _ => TickOutcome::Failed,
                };
                report.account_error =
                    matches!(&failure, Failure::Model(e) if e.is_account_error());
                report.error = Some(message.clone());
                if let Some(plan) = &report.plan_id {
                    self.db
                        .set_plan_status(plan, PlanStatus::Failed, None, None)?;
                }
                self.db.finish_run(
                    self.run_id,
                    RunOutcome::Failed,
                    report.plan_id.as_deref(),
                    None,
                    Some(&message),
                )?;
                emit(
                    self.paths,
                    PhaseEvent::new(&self.project.key, Some(self.run_id), "run_failed")
                        .outcome(RunOutcome::Failed.as_str())
                        .error(&message),
                );
            }
        }
        Ok(())
    }

    fn event(&self, phase: &'static str) -> PhaseEvent {
        PhaseEvent::new(&self.project.key, Some(self.run_id), phase)
    }

    async fn fire(&mut self, cancel: &CancellationToken) -> Result<TickOutcome, Failure> {
        let Some(plan) = self.discover(cancel).await? else {
            return Ok(TickOutcome::NoPlan);
        };
        if cancel.is_cancelled() {
            return Err(Failure::Interrupted);
        }
        crate::crash::point("always_on.planned");
        let cycle = self.workspace()?;
        crate::crash::point("always_on.workspace");
        self.db
            .set_plan_status(&plan.id, PlanStatus::Executing, Some(&cycle.id), None)
            .map_err(Failure::from)?;
        self.db
            .note_run(self.run_id, Some(&plan.id), Some(&cycle.id))
            .map_err(Failure::from)?;
        self.execute(&plan, &cycle, cancel).await
    }

    /// Phase 2: the active cycle's workspace, or a new one.
    fn workspace(&mut self) -> Result<Cycle, Failure> {
        emit(self.paths, self.event("workspace_started"));
        let cfg = &self.config.always_on;
        let existing = self
            .db
            .active_cycle(&self.project.key)?
            .filter(|c| c.path.is_dir());
        let reused = existing.is_some();
        let cycle = match existing {
            Some(c) => c,
            None => {
                let ignore = IgnoreSet::new(&cfg.dormancy.ignore_globs)?;
                let id = ulid::Ulid::generate().to_string().to_lowercase();
                let cycle =
                    workspace::create(&self.project, self.paths, &cfg.workspace, &ignore, &id)?;
                self.db.insert_cycle(&cycle, &self.project.root)?;
                cycle
            }
        };
        self.report.workspace = Some(cycle.path.clone());
        emit(
            self.paths,
            self.event("workspace_ready").detail(serde_json::json!({
                "cycle": cycle.id,
                "strategy": cycle.strategy,
                "path": cycle.path,
                "branch": cycle.branch,
                "reused": reused,
            })),
        );
        Ok(cycle)
    }
}
