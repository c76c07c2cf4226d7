//! The types a cron task and its runs are made of: [`Task`], [`CatchUp`], [`Delivery`], [`RunRecord`].
//! They are stored by `db.rs`; this file holds no SQL.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::Error;
use super::schedule::Schedule;
use crate::home::ProjectKey;

/// A task id: a ULID, shown in full and accepted by unique prefix.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskId(pub String);

impl TaskId {
    pub fn generate() -> TaskId {
        TaskId(ulid::Ulid::generate().to_string().to_ascii_lowercase())
    }
}

impl fmt::Display for TaskId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a tick does with slots that passed while nothing was ticking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum CatchUp {
    /// Run only a slot that is at most [`super::tick::GRACE`] late; older ones are dropped.
    Skip,
    /// Run the latest missed slot once; drop the others (the default).
    #[default]
    Once,
    /// Run every missed slot, oldest first.
    All,
}

impl CatchUp {
    pub fn as_str(self) -> &'static str {
        match self {
            CatchUp::Skip => "skip",
            CatchUp::Once => "once",
            CatchUp::All => "all",
        }
    }
}

impl FromStr for CatchUp {
    type Err = String;
    fn from_str(s: &str) -> Result<CatchUp, String> {
        match s {
            "skip" => Ok(CatchUp::Skip),
            "once" => Ok(CatchUp::Once),
            "all" => Ok(CatchUp::All),
            other => Err(format!("unknown catch-up policy `{other}`")),
        }
    }
}

/// Where a run's record goes besides history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Appended to a file, one JSON record per line.
    File(PathBuf),
    /// Given to `sh -c COMMAND` on stdin (one JSON record).
    Exec(String),
}

impl Delivery {
    /// Parses `file:PATH` or `exec:COMMAND`.
    pub fn parse(text: &str) -> Result<Delivery, Error> {
        let bad = || Error::BadDelivery {
            text: text.to_owned(),
        };
        match text.split_once(':') {
            Some(("file", path)) if !path.is_empty() => {
                Ok(Delivery::File(crate::home::expand_tilde(path)))
            }
            Some(("exec", cmd)) if !cmd.trim().is_empty() => Ok(Delivery::Exec(cmd.to_owned())),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Delivery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Delivery::File(p) => write!(f, "file:{}", p.display()),
            Delivery::Exec(c) => write!(f, "exec:{c}"),
        }
    }
}

/// Whether a task fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskState {
    Active,
    Paused,
    /// A one-shot task that has run.
    Done,
}

impl TaskState {
    pub fn as_str(self) -> &'static str {
        match self {
            TaskState::Active => "active",
            TaskState::Paused => "paused",
            TaskState::Done => "done",
        }
    }

    pub fn parse(s: &str) -> Option<TaskState> {
        match s {
            "active" => Some(TaskState::Active),
            "paused" => Some(TaskState::Paused),
            "done" => Some(TaskState::Done),
            _ => None,
        }
    }
}

/// A scheduled agent task.
#[derive(Debug, Clone, PartialEq)]
pub struct Task {
    pub id: TaskId,
    pub name: Option<String>,
    pub project_key: ProjectKey,
    pub project_root: PathBuf,
    pub message: String,
    pub schedule: Schedule,
    /// IANA zone name.
    pub timezone: String,
    pub model: Option<String>,
    pub permission_mode: Option<String>,
    pub timeout_secs: Option<u64>,
    pub catch_up: CatchUp,
    pub deliver: Option<Delivery>,
    pub state: TaskState,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Slots at or before this instant are settled (claimed or dropped); later ones are pending.
    pub cursor_at: DateTime<Utc>,
    /// USD one run may spend (`--max-cost`); `agent.budget.perRunUsd` applies too.
    pub max_cost_usd: Option<f64>,
}

impl Task {
    /// The zone the schedule is evaluated in.
    pub fn zone(&self) -> Result<crate::zone::Zone, Error> {
        super::schedule::parse_zone(&self.timezone)
    }

    /// The next slot after the cursor, if any (for a paused or done task too).
    pub fn next_slot(&self) -> Result<Option<DateTime<Utc>>, Error> {
        self.schedule.next_after(self.cursor_at, &self.zone()?)
    }
}

/// What started a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A slot fired on time.
    Schedule,
    /// A missed slot fired late under the catch-up policy.
    CatchUp,
    /// `pilotdeck cron run ID`.
    Manual,
}

impl Trigger {
    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::Schedule => "schedule",
            Trigger::CatchUp => "catch_up",
            Trigger::Manual => "manual",
        }
    }

    pub fn parse(s: &str) -> Trigger {
        match s {
            "catch_up" => Trigger::CatchUp,
            "manual" => Trigger::Manual,
            _ => Trigger::Schedule,
        }
    }
}

/// How a run ended (or that it has not yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Running,
    Completed,
    Failed,
    TimedOut,
    /// The process running it died (found by a later tick).
    Interrupted,
    /// Cancelled by SIGTERM/Ctrl-C.
    Aborted,
    /// Stopped before a model call that could exceed its budget (`--max-cost`, `agent.budget`).
    BudgetExceeded,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Completed => "completed",
            RunStatus::Failed => "failed",
            RunStatus::TimedOut => "timed_out",
            RunStatus::Interrupted => "interrupted",
            RunStatus::Aborted => "aborted",
            RunStatus::BudgetExceeded => "budget_exceeded",
        }
    }

    pub fn parse(s: &str) -> RunStatus {
        match s {
            "running" => RunStatus::Running,
            "completed" => RunStatus::Completed,
            "timed_out" => RunStatus::TimedOut,
            "interrupted" => RunStatus::Interrupted,
            "aborted" => RunStatus::Aborted,
            "budget_exceeded" => RunStatus::BudgetExceeded,
            _ => RunStatus::Failed,
        }
    }
}

/// One row of run history; also the record delivered to a file or command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunRecord {
    pub run_id: String,
    pub task_id: TaskId,
    pub task_name: Option<String>,
    /// The scheduled time this run is for; `None` for a manual run.
    pub slot_at: Option<DateTime<Utc>>,
    pub trigger: Trigger,
    pub status: RunStatus,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<u64>,
    pub session_id: Option<String>,
    pub model: Option<String>,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cost_usd: Option<f64>,
    /// The final answer of the agent (empty when it failed before answering).
    pub text: String,
    pub error: Option<String>,
    pub delivery_error: Option<String>,
    #[serde(skip)]
    pub pid: u32,
}
