//! Phase 1 of a run: the discovery turn, read-only plus the plan tool
//! ([`crate::always_on::plan_tool`]). No plan puts the project to sleep (when dormancy is on) with a
//! fingerprint of its files.

use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::{Failure, Run, turn_failure};
use crate::always_on::digest;
use crate::always_on::events::emit;
use crate::always_on::execute::{self, TurnSpec};
use crate::always_on::fingerprint::{IgnoreSet, fingerprint};
use crate::always_on::plan_tool::{PlanTool, PlanToolSource, SavedPlan};
use crate::tools::permission::PermissionMode;

impl Run<'_> {
    /// Phase 1: the discovery turn; `None` when it filed no plan (the project may go dormant).
    pub(super) async fn discover(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<Option<SavedPlan>, Failure> {
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
}
