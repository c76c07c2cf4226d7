//! Phases 3 and 4 of a run: the execution turn in the cycle's workspace, then its report.

use tokio_util::sync::CancellationToken;

use super::{Failure, Run, turn_failure};
use crate::always_on::Error;
use crate::always_on::apply;
use crate::always_on::db::Cycle;
use crate::always_on::events::emit;
use crate::always_on::execute::{self, TurnSpec};
use crate::always_on::plan_tool::SavedPlan;
use crate::always_on::report::{self, ReportInput, ReportSource};
use crate::always_on::state::PlanStatus;
use crate::always_on::tick::TickOutcome;
use crate::home::Project;
use crate::session::TurnStatus;
use crate::tools::permission::PermissionMode;

impl Run<'_> {
    /// Phases 3 and 4: execute the plan in the workspace, then write its report.
    pub(super) async fn execute(
        &mut self,
        plan: &SavedPlan,
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
            // Interrupted (SIGTERM, Ctrl-C): the fallback report still says so and what the
            // workspace holds, then the run fails.
            self.write_report(plan, cycle, started, "interrupted", "", Some("interrupted"))?;
            return Err(Failure::Interrupted);
        }
        let completed = outcome.status == TurnStatus::Completed;
        let (outcome_label, agent_text) = if completed {
            ("completed", outcome.final_text.as_str())
        } else {
            ("stopped", "")
        };
        self.write_report(
            plan,
            cycle,
            started,
            outcome_label,
            agent_text,
            stopped.as_deref(),
        )?;
        if let Some(e) = stopped {
            self.report.error = Some(e);
        }
        if let Some(Failure::Model(e)) = turn_failure(&outcome) {
            self.report.account_error = e.is_account_error();
        }
        Ok(TickOutcome::Executed)
    }

    /// Phase 4: the report of `plan`'s execution, the agent's `agent_text` or the fallback, with
    /// the workspace's diffstat; the plan's status follows from it (`completed` with the agent's
    /// report, `completed_no_report`, else `failed`).
    fn write_report(
        &mut self,
        plan: &SavedPlan,
        cycle: &Cycle,
        started: chrono::DateTime<chrono::Utc>,
        outcome: &str,
        agent_text: &str,
        error: Option<&str>,
    ) -> Result<(), Failure> {
        emit(self.paths, self.event("report_started").plan(&plan.id));
        let diffstat = apply::diff(cycle).map(|d| d.stat)?;
        let finished = chrono::Utc::now();
        let fmt =
            |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let completed = outcome == "completed";
        let (markdown, source) = report::build(&ReportInput {
            title: &plan.title,
            plan_id: &plan.id,
            plan_file: &plan.file,
            run_id: self.run_id,
            started_at: &fmt(started),
            finished_at: &fmt(finished),
            outcome,
            strategy: cycle.strategy.as_str(),
            workspace: &cycle.path,
            diffstat: &diffstat,
            agent_text,
            error,
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
        Ok(())
    }
}
