//! `events.jsonl`: one line per phase of every always-on run of a project (and per apply/discard),
//! appended as it happens, so a person or a script can follow what the background work did.

use serde::Serialize;

use super::Error;
use super::paths::Paths;
use crate::home::ProjectKey;

/// One phase event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PhaseEvent {
    pub schema_version: u32,
    pub event_id: String,
    pub run_id: Option<String>,
    pub project_key: ProjectKey,
    /// `run_started`, `lock_reclaimed`, `woke`, `discovery_started`, `plan_produced`, `no_plan`,
    /// `dormant`, `workspace_started`, `workspace_ready`, `execution_started`,
    /// `execution_completed`, `report_started`, `report_produced`, `run_completed`, `run_failed`,
    /// `apply_started`, `apply_completed`, `apply_conflict`, `apply_partial`, `discarded`.
    pub phase: &'static str,
    pub at: chrono::DateTime<chrono::Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
}

impl PhaseEvent {
    pub fn new(key: &ProjectKey, run_id: Option<&str>, phase: &'static str) -> PhaseEvent {
        PhaseEvent {
            schema_version: 1,
            event_id: ulid::Ulid::generate().to_string(),
            run_id: run_id.map(str::to_owned),
            project_key: key.clone(),
            phase,
            at: chrono::Utc::now(),
            plan_id: None,
            title: None,
            outcome: None,
            error: None,
            detail: None,
        }
    }

    pub fn plan(mut self, id: &str) -> PhaseEvent {
        self.plan_id = Some(id.to_owned());
        self
    }

    pub fn title(mut self, title: &str) -> PhaseEvent {
        self.title = Some(title.to_owned());
        self
    }

    pub fn outcome(mut self, outcome: &str) -> PhaseEvent {
        self.outcome = Some(outcome.to_owned());
        self
    }

    pub fn error(mut self, error: &str) -> PhaseEvent {
        self.error = Some(error.to_owned());
        self
    }

    pub fn detail(mut self, detail: serde_json::Value) -> PhaseEvent {
        self.detail = Some(detail);
        self
    }
}

/// Appends `event` to the project's `events.jsonl`.
pub fn record(paths: &Paths, event: &PhaseEvent) -> Result<(), Error> {
    crate::store::append_line(&paths.events_file(), event)?;
    Ok(())
}

/// Appends `event`, logging instead of failing: a lost event line must not fail the run.
pub fn emit(paths: &Paths, event: PhaseEvent) {
    if let Err(e) = record(paths, &event) {
        tracing::warn!("cannot append to {}: {e}", paths.events_file().display());
    }
}
