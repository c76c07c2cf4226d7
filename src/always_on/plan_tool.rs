//! `always_on_plan`: the one tool the discovery turn gets besides the read-only builtins. It
//! renders the model's fields into the plan contract ([`super::plan`]), validates the text, refuses
//! a dedupe key the project already has, and saves the plan (row in `state.db`, file under
//! `plans/`). At most one plan per discovery run; a second call is refused.
//!
//! It reaches the agent as a [`ToolSource`], the same door MCP tools use, so the loop needs no
//! always-on knowledge.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use super::db::{Db, PlanRow, now_ms};
use super::paths::Paths;
use super::plan::{self, PlanDraft, PlanHeader};
use super::state::PlanStatus;
use crate::home::{PilotHome, Project};
use crate::tools::{
    LiveTools, Tool, ToolContext, ToolFuture, ToolOutput, ToolSource, ToolSourceFuture,
};

/// The tool's name.
pub const NAME: &str = "always_on_plan";

/// A plan the tool saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedPlan {
    pub id: String,
    pub title: String,
    pub file: PathBuf,
}

/// The tool for one discovery run; [`PlanTool::saved`] tells what it filed.
#[derive(Debug)]
pub struct PlanTool {
    home: PilotHome,
    project: Project,
    paths: Paths,
    run_id: String,
    saved: Mutex<Option<SavedPlan>>,
}

impl PlanTool {
    pub fn new(home: &PilotHome, project: &Project, run_id: &str) -> Arc<PlanTool> {
        Arc::new(PlanTool {
            home: home.clone(),
            project: project.clone(),
            paths: Paths::new(home, &project.key),
            run_id: run_id.to_owned(),
            saved: Mutex::new(None),
        })
    }

    pub fn saved(&self) -> Option<SavedPlan> {
        self.saved
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn file(&self, input: Value) -> ToolOutput {
        if let Some(done) = self.saved() {
            return ToolOutput::error(format!(
                "plan_quota_exhausted: this run already filed plan {} (\"{}\"); only one plan per \
                 run. Stop now.",
                done.id, done.title
            ));
        }
        let draft: PlanDraft = match serde_json::from_value(input) {
            Ok(d) => d,
            Err(e) => return ToolOutput::error(format!("invalid plan fields: {e}")),
        };
        let id = ulid::Ulid::generate().to_string().to_lowercase();
        let dedupe_key = plan::normalize_key(&draft.dedupe_key);
        let header = PlanHeader {
            id: id.clone(),
            run: self.run_id.clone(),
            created: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            project: self.project.root.display().to_string(),
            dedupe_key: dedupe_key.clone(),
        };
        let text = plan::render(&header, &draft);
        let valid = match plan::validate(&text) {
            Ok(v) => v,
            Err(problems) => {
                return ToolOutput::error(format!(
                    "the plan does not follow the plan contract; fix these and call {NAME} again:\n- {}",
                    problems.join("\n- ")
                ));
            }
        };
        let file = self.paths.plan_file(&id);
        let row = PlanRow {
            id: id.clone(),
            project_key: self.project.key.0.clone(),
            run_id: self.run_id.clone(),
            title: valid.title.clone(),
            dedupe_key: dedupe_key.clone(),
            status: PlanStatus::Ready,
            cycle_id: None,
            created_at: now_ms(),
            plan_file: file.clone(),
            report_file: None,
        };
        let saved = Db::open(&self.home).and_then(|mut db| {
            let existing = db.insert_plan(&row)?;
            if existing.is_none()
                && let Err(e) = crate::store::write_atomic(&file, text.as_bytes())
            {
                db.set_plan_status(&id, PlanStatus::Failed, None, None)?;
                return Err(e.into());
            }
            Ok(existing)
        });
        match saved {
            Ok(Some(existing)) => ToolOutput::error(format!(
                "a plan with dedupe key `{dedupe_key}` already exists (plan {}, \"{}\", {}); it was \
                 not saved again. File a different improvement or stop without a plan.",
                existing.id, existing.title, existing.status
            )),
            Ok(None) => {
                *self.saved.lock().unwrap_or_else(PoisonError::into_inner) = Some(SavedPlan {
                    id: id.clone(),
                    title: valid.title.clone(),
                    file,
                });
                ToolOutput::ok(
                    format!(
                        "saved plan {id}: {}. Stop now; it will be executed in an isolated workspace.",
                        valid.title
                    ),
                    format!("plan {id} saved"),
                )
            }
            Err(e) => ToolOutput::error(format!("cannot save the plan: {e}")),
        }
    }
}

fn list(description: &str) -> Value {
    json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "description": description})
}

impl Tool for PlanTool {
    fn name(&self) -> &str {
        NAME
    }

    fn description(&self) -> &str {
        "File the one improvement plan of this always-on run. It is executed later, unattended, in an \
         isolated copy of the project, and a person reviews the result. Call it at most once; call \
         nothing if there is nothing clearly worth doing."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "title": {"type": "string", "description": "short imperative title"},
                "dedupe_key": {"type": "string", "description": "stable key naming this improvement, so it is never planned twice (e.g. `docs-readme-usage`)"},
                "summary": {"type": "string", "description": "one paragraph, at most 200 characters"},
                "rationale": {"type": "string", "description": "why this is worth doing now"},
                "context_signals": list("what in the project or recent sessions points to it"),
                "proposed_change": {"type": "string", "description": "the change, decided (no TODO)"},
                "execution_steps": list("ordered steps"),
                "verification": list("how to check the result (commands, tests)")
            },
            "required": ["title", "dedupe_key", "summary", "rationale", "context_signals", "proposed_change", "execution_steps", "verification"],
            "additionalProperties": false
        })
    }

    /// It writes only pilotdeck's own state, so it runs in the read-only discovery turn.
    fn is_read_only(&self) -> bool {
        true
    }

    fn is_concurrency_safe(&self) -> bool {
        false
    }

    fn call<'a>(&'a self, _ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { self.file(input) })
    }
}

/// Offers one [`PlanTool`] to the discovery agent.
#[derive(Debug)]
pub struct PlanToolSource(pub Arc<PlanTool>);

#[derive(Debug)]
struct Fixed(Arc<PlanTool>);

impl LiveTools for Fixed {
    fn current(&self) -> Vec<Arc<dyn Tool>> {
        vec![Arc::clone(&self.0) as Arc<dyn Tool>]
    }
}

impl ToolSource for PlanToolSource {
    fn load<'a>(
        &'a self,
        _sandbox: Option<&'a crate::tools::sandbox::Confinement>,
        _cancel: &'a CancellationToken,
        _env: &'a crate::tools::EnvFilter,
    ) -> ToolSourceFuture<'a> {
        let live: Arc<dyn LiveTools> = Arc::new(Fixed(Arc::clone(&self.0)));
        Box::pin(async move { live })
    }
}
