//! One tick for one project: the gates ([`super::gates`]), then — when all are open — a run:
//! discover → workspace → execute → report, each phase an event in `events.jsonl`.
//!
//! Order of work: static gates; dormancy (a changed fingerprint wakes the project); activity gates;
//! the lock (taking it also reclaims what a dead holder left: its `running` run is recorded failed,
//! with its plan); the activity gates again under the lock (a tick that finished meanwhile started
//! a cooldown); `cycle_full`; then the run is recorded `running` and fired. Whatever happens after
//! that, the run row ends `executed`, `no_plan` or `failed`.

use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::apply;
use super::db::{Cycle, Db, RunRow, now_ms};
use super::digest;
use super::events::{PhaseEvent, emit};
use super::execute::{self, TurnSpec};
use super::fingerprint::{IgnoreSet, fingerprint};
use super::gates::{self, Closed, Dormancy, Gate, Target, format_ms};
use super::lock::{self, TickLock};
use super::paths::Paths;
use super::plan_tool::{PlanTool, PlanToolSource};
use super::report::{self, ReportInput, ReportSource};
use super::state::{PlanStatus, RunOutcome};
use super::workspace;
use crate::agent::{TurnError, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::session::TurnStatus;
use crate::tools::permission::PermissionMode;

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
    fn new(target: &Target) -> TickReport {
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
    match gates::dormancy(&db, cfg, target, opts.force)? {
        Dormancy::Asleep(closed) => return Ok(report.gated(closed)),
        Dormancy::Changed => {
            db.clear_dormant(&target.key)?;
            emit(&paths, PhaseEvent::new(&target.key, None, "woke"));
        }
        Dormancy::Awake => {}
    }
    if let Some(closed) = gates::activity_gates(&db, cfg, &target.key, opts.force)? {
        return Ok(report.gated(closed));
    }
    let run_id = ulid::Ulid::generate().to_string().to_lowercase();
    let Some(lock) = TickLock::try_acquire(&paths)? else {
        let holder = lock::holder(&paths)
            .map(|(pid, run)| format!(" (pid {pid}, run {run})"))
            .unwrap_or_default();
        return Ok(report.gated(Closed {
            gate: Gate::LockHeld,
            reason: format!("another always-on tick is working on this project{holder}"),
        }));
    };
    lock.record(&run_id)?;
    let mut report = report;
    report.reclaimed = reclaim(&db, &paths, &target.key)?;
    if let Some(closed) = gates::activity_gates(&db, cfg, &target.key, opts.force)? {
        return Ok(report.gated(closed));
    }
    if let Some(closed) = gates::cycle_gate(&db, cfg, &target.key)? {
        return Ok(report.gated(closed));
    }
    let project = Project {
        root: target.root.clone(),
        key: target.key.clone(),
    };
    // The `.cwd` marker maps the workspaces under `<home>/projects/<key>/` back to the project.
    project.ensure_dir(home)?;
    db.start_run(
        &RunRow {
            id: run_id.clone(),
            project_key: target.key.0.clone(),
            pid: std::process::id(),
            forced: opts.force,
            started_at: now_ms(),
            finished_at: None,
            outcome: RunOutcome::Running,
            plan_id: None,
            cycle_id: None,
            error: None,
        },
        &target.root,
    )?;
    report.run_id = Some(run_id.clone());
    emit(
        &paths,
        PhaseEvent::new(&target.key, Some(&run_id), "run_started")
            .detail(serde_json::json!({"forced": opts.force})),
    );
    let mut run = Run {
        home,
        config,
        project,
        paths: &paths,
        db: &mut db,
        run_id: &run_id,
        report,
    };
    let result = run.fire(cancel).await;
    let mut report = run.report;
    let event = |phase| PhaseEvent::new(&target.key, Some(&run_id), phase);
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
            db.finish_run(
                &run_id,
                stored,
                report.plan_id.as_deref(),
                None,
                error.as_deref(),
            )?;
            let e = event(if stored == RunOutcome::Failed {
                "run_failed"
            } else {
                "run_completed"
            })
            .outcome(stored.as_str());
            emit(
                &paths,
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
            report.account_error = matches!(&failure, Failure::Model(e) if e.is_account_error());
            report.error = Some(message.clone());
            if let Some(plan) = &report.plan_id {
                db.set_plan_status(plan, PlanStatus::Failed, None, None)?;
            }
            db.finish_run(
                &run_id,
                RunOutcome::Failed,
                report.plan_id.as_deref(),
                None,
                Some(&message),
            )?;
            emit(
                &paths,
                event("run_failed")
                    .outcome(RunOutcome::Failed.as_str())
                    .error(&message),
            );
        }
    }
    drop(lock);
    Ok(report)
}

/// Records every `running` run of the project as failed: the caller holds the lock, so their
/// ticks are gone. Returns their ids.
pub(super) fn reclaim(
    db: &Db,
    paths: &Paths,
    key: &crate::home::ProjectKey,
) -> Result<Vec<String>, Error> {
    let mut ids = Vec::new();
    for run in db.running(Some(key))? {
        let message = format!(
            "interrupted: the tick (pid {}) that started this run at {} stopped before finishing; \
             the next tick reclaimed its lock",
            run.pid,
            format_ms(run.started_at)
        );
        db.fail_dead_run(&run, &message)?;
        if let Some(plan) = &run.plan_id
            && db
                .plan(plan)?
                .is_some_and(|p| matches!(p.status, PlanStatus::Ready | PlanStatus::Executing))
        {
            db.set_plan_status(plan, PlanStatus::Failed, None, None)?;
        }
        emit(
            paths,
            PhaseEvent::new(key, Some(&run.id), "lock_reclaimed")
                .outcome(RunOutcome::Failed.as_str())
                .error(&message),
        );
        ids.push(run.id);
    }
    Ok(ids)
}

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
        _ => None,
    }
}

/// The state of one fired run.
struct Run<'a> {
    home: &'a PilotHome,
    config: &'a Config,
    project: Project,
    paths: &'a Paths,
    db: &'a mut Db,
    run_id: &'a str,
    report: TickReport,
}

impl Run<'_> {
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

    /// Phase 1: the discovery turn; `None` when it filed no plan (the project may go dormant).
    async fn discover(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<Option<super::plan_tool::SavedPlan>, Failure> {
        emit(self.paths, self.event("discovery_started"));
        let cfg = &self.config.always_on;
        let tool = PlanTool::new(self.home, &self.project, self.run_id);
        let prompt = execute::discovery_prompt(
            &self.project.root,
            self.run_id,
            &cfg.language,
            &digest::sessions(self.home, &self.project),
            &digest::plans(&self.db.plans(Some(&self.project.key))?),
        );
        let outcome = execute::run_turn(
            self.home,
            self.config,
            TurnSpec {
                project: self.project.clone(),
                prompt,
                mode: PermissionMode::ReadOnly,
                always_on_deny: &[],
                tool_sources: vec![Arc::new(PlanToolSource(Arc::clone(&tool)))],
                log: self.paths.run_log(self.run_id, "discover"),
            },
            cancel,
        )
        .await?;
        let saved = tool.saved();
        if let Some(plan) = &saved {
            self.report.plan_id = Some(plan.id.clone());
            self.report.title = Some(plan.title.clone());
            self.db
                .note_run(self.run_id, Some(&plan.id), None)
                .map_err(Failure::from)?;
            emit(
                self.paths,
                self.event("plan_produced")
                    .plan(&plan.id)
                    .title(&plan.title),
            );
            return Ok(saved);
        }
        if let Some(failure) = turn_failure(&outcome) {
            return Err(failure);
        }
        let mut event = self.event("no_plan");
        if let Some(e) = &outcome.error {
            event = event.error(&e.to_string());
        }
        emit(self.paths, event);
        if cfg.dormancy.enabled {
            let ignore = IgnoreSet::new(&cfg.dormancy.ignore_globs)?;
            let baseline = fingerprint(&self.project.root, &ignore);
            self.db
                .set_dormant(&self.project.key, &self.project.root, &baseline)?;
            emit(self.paths, self.event("dormant"));
        }
        Ok(None)
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

    /// Phases 3 and 4: execute the plan in the workspace, then write its report.
    async fn execute(
        &mut self,
        plan: &super::plan_tool::SavedPlan,
        cycle: &Cycle,
        cancel: &CancellationToken,
    ) -> Result<TickOutcome, Failure> {
        let started = chrono::Utc::now();
        emit(self.paths, self.event("execution_started").plan(&plan.id));
        let text = std::fs::read_to_string(&plan.file)
            .map_err(|e| Error::io("read the plan", &plan.file, e))?;
        let cfg = &self.config.always_on;
        let outcome = execute::run_turn(
            self.home,
            self.config,
            TurnSpec {
                project: Project {
                    root: cycle.path.clone(),
                    key: self.project.key.clone(),
                },
                prompt: execute::execution_prompt(&cycle.path, self.run_id, &cfg.language, &text),
                mode: PermissionMode::WorkspaceWrite,
                always_on_deny: execute::DENY_RULES,
                tool_sources: Vec::new(),
                log: self.paths.run_log(self.run_id, "execute"),
            },
            cancel,
        )
        .await?;
        let stopped = outcome.error.as_ref().map(ToString::to_string);
        let mut done = self
            .event("execution_completed")
            .plan(&plan.id)
            .detail(serde_json::json!({
                "status": outcome.status,
                "iterations": outcome.iterations,
                "tool_calls": outcome.tool_calls,
            }));
        if let Some(e) = &stopped {
            done = done.error(e);
        }
        emit(self.paths, done);
        if matches!(outcome.status, TurnStatus::Aborted) {
            return Err(Failure::Interrupted);
        }
        emit(self.paths, self.event("report_started").plan(&plan.id));
        let diffstat = apply::diff(cycle).map(|d| d.stat)?;
        let finished = chrono::Utc::now();
        let fmt =
            |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let completed = outcome.status == TurnStatus::Completed;
        let (markdown, source) = report::build(&ReportInput {
            title: &plan.title,
            plan_id: &plan.id,
            plan_file: &plan.file,
            run_id: self.run_id,
            started_at: &fmt(started),
            finished_at: &fmt(finished),
            outcome: if completed { "completed" } else { "stopped" },
            strategy: cycle.strategy.as_str(),
            workspace: &cycle.path,
            diffstat: &diffstat,
            agent_text: if completed { &outcome.final_text } else { "" },
            error: stopped.as_deref(),
        });
        let file = self.paths.report_file(&plan.id);
        crate::store::write_atomic(&file, markdown.as_bytes()).map_err(Error::from)?;
        let status = match (completed, source) {
            (false, _) => PlanStatus::Failed,
            (true, ReportSource::Fallback) => PlanStatus::CompletedNoReport,
            (true, _) => PlanStatus::Completed,
        };
        self.db
            .set_plan_status(&plan.id, status, Some(&cycle.id), Some(&file))?;
        self.report.report = Some(file.clone());
        emit(
            self.paths,
            self.event("report_produced")
                .plan(&plan.id)
                .outcome(status.as_str())
                .detail(
                    serde_json::json!({"file": file, "fallback": source == ReportSource::Fallback}),
                ),
        );
        if let Some(e) = stopped {
            self.report.error = Some(e);
        }
        if let Some(Failure::Model(e)) = turn_failure(&outcome) {
            self.report.account_error = e.is_account_error();
        }
        Ok(TickOutcome::Executed)
    }
}
