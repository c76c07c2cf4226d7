//! Running one claimed slot: an unattended agent turn in the task's project (launched by
//! `launch::run` like `pilotdeck run`; "ask" permissions are denied because nobody can answer), with
//! its own session and the run timeout as the launch's deadline, then the record written to history
//! and delivered.

use std::path::PathBuf;
use std::time::Duration;

use chrono::Utc;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::CronDb;
use super::deliver::deliver;
use super::task::{RunRecord, RunStatus, Task, TaskState};
use crate::agent::{AgentOptions, Resume, RunBudget, SessionStart, TurnError};
use crate::config::CronConfig;
use crate::home::{PilotHome, Project};
use crate::launch::{self, Launch, MemoryChoice, Setup};
use crate::session::TurnStatus;
use crate::tools::permission::PermissionMode;

/// Where runs get their configuration.
#[derive(Debug, Clone, Default)]
pub struct RunEnv {
    /// `--config FILE`, passed on to each task's config load.
    pub config_file: Option<PathBuf>,
}

/// The run timeout of `task`: its own `--timeout`, else `cron.runTimeoutMinutes` (0 = none).
fn timeout_of(task: &Task, cron: &CronConfig) -> Option<Duration> {
    match task.timeout_secs {
        Some(s) => Some(Duration::from_secs(s)),
        None if cron.run_timeout_minutes > 0 => Some(Duration::from_secs(
            u64::from(cron.run_timeout_minutes) * 60,
        )),
        None => None,
    }
}

/// Runs `record` (already claimed) for `task`, then writes its end to history, delivers it and marks
/// a one-shot task done. Returns the finished record.
pub(super) async fn execute(
    home: &PilotHome,
    env: &RunEnv,
    db_path: &std::path::Path,
    task: &Task,
    mut record: RunRecord,
    cancel: &CancellationToken,
) -> Result<RunRecord, Error> {
    let project = Project {
        root: task.project_root.clone(),
        key: task.project_key.clone(),
    };
    match agent_turn(home, env, &project, task, &mut record, cancel).await {
        Ok(()) => {}
        Err(message) => {
            record.status = RunStatus::Failed;
            record.error = Some(message);
        }
    }
    record.finished_at = Some(Utc::now());
    record.duration_ms = record
        .finished_at
        .map(|f| (f - record.started_at).num_milliseconds().max(0) as u64);
    if let Some(delivery) = &task.deliver
        && let Err(e) = deliver(delivery, &record, &task.project_root).await
    {
        tracing::warn!(task = %task.id, "delivery failed: {e}");
        record.delivery_error = Some(e);
    }
    crate::crash::point("cron.finished");
    let db = CronDb::open(db_path)?;
    db.finish(&record)?;
    if task.schedule.is_once() && record.slot_at.is_some() {
        db.set_state(&task.id, TaskState::Done, Utc::now())?;
    }
    Ok(record)
}

/// The agent turn itself; `Err` is a setup failure (bad config, unknown model) as text.
async fn agent_turn(
    home: &PilotHome,
    env: &RunEnv,
    project: &Project,
    task: &Task,
    record: &mut RunRecord,
    cancel: &CancellationToken,
) -> Result<(), String> {
    let config =
        launch::load_config(home, project, env.config_file.clone()).map_err(|e| e.to_string())?;
    let permission_mode = task
        .permission_mode
        .as_deref()
        .map(|m| PermissionMode::parse(m, "--permission-mode"))
        .transpose()
        .map_err(|e| e.to_string())?;
    let timeout = timeout_of(task, &config.cron.clone().unwrap_or_default());
    let launch = Launch {
        setup: Setup {
            project: project.clone(),
            config,
            agent: AgentOptions {
                model_flag: task.model.clone(),
                cwd: project.root.clone(),
                permission_mode,
                unattended: true,
                budget: RunBudget {
                    max_cost_usd: task.max_cost_usd,
                    ..RunBudget::default()
                },
                entry: Some("cron"),
                ..AgentOptions::default()
            },
            memory: MemoryChoice::AsConfigured,
            mcp_servers: true,
            ephemeral: false,
        },
        resume: Resume::New,
        prompt: task.message.clone(),
        attachments: Vec::new(),
        timeout,
    };
    let mut started = Started(None);
    let result = launch::run(home, launch, cancel, &mut started).await;
    if let Some(start) = started.0 {
        record.session_id = start.id.as_ref().map(ToString::to_string);
        record.model = Some(start.model);
    }
    let finished = result.map_err(|e| e.to_string())?;
    let outcome = finished.outcome;
    record.input_tokens = outcome.usage.input_tokens;
    record.output_tokens = outcome.usage.output_tokens;
    record.cost_usd = outcome.cost_usd;
    record.text = outcome.final_text.clone();
    record.error = outcome.error.as_ref().map(ToString::to_string);
    record.status = match outcome.status {
        TurnStatus::Completed => RunStatus::Completed,
        TurnStatus::Aborted if finished.timed_out => {
            record.error = Some(format!(
                "stopped: the run took longer than its timeout ({}s); raise it with `pilotdeck cron edit ID --timeout DUR` or cron.runTimeoutMinutes",
                timeout.map_or(0, |d| d.as_secs())
            ));
            RunStatus::TimedOut
        }
        TurnStatus::Aborted => RunStatus::Aborted,
        TurnStatus::LimitReached if matches!(outcome.error, Some(TurnError::Budget(_))) => {
            RunStatus::BudgetExceeded
        }
        TurnStatus::Failed | TurnStatus::LimitReached => RunStatus::Failed,
    };
    Ok(())
}

/// Keeps the session a run started in, for its record; warnings go to the log.
struct Started(Option<SessionStart>);

impl launch::Sink for Started {
    fn on_start(&mut self, start: &SessionStart) {
        self.0 = Some(start.clone());
    }
}
