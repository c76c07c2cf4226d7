//! The library operations behind `pilotdeck cron add/edit/list/show/rm/pause/resume/run/history/next`.
//! Each takes an `…Options` value and returns data; printing is the CLI's job.

use std::time::Duration;

use chrono::{DateTime, SubsecRound, Utc};
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::CronDb;
use super::runner::{RunEnv, execute};
use super::schedule::{Schedule, parse_at, parse_zone, system_zone};
use super::task::{CatchUp, Delivery, RunRecord, Task, TaskId, TaskState, Trigger};
use super::tick::new_record;
use crate::home::{PilotHome, Project};
use crate::tools::permission::PermissionMode;
use crate::zone::Zone;

/// When a task fires, as the user wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum When {
    Cron(String),
    /// ISO 8601; without an offset it is in the task's zone.
    At(String),
    In(Duration),
    Every(Duration),
}

/// Input of [`add`].
#[derive(Debug, Clone)]
pub struct AddOptions {
    pub when: When,
    /// `--tz`; else `cron.timezone`; else the system zone.
    pub tz: Option<String>,
    pub default_tz: Option<String>,
    pub name: Option<String>,
    pub project: Project,
    pub model: Option<String>,
    pub permission_mode: Option<String>,
    pub timeout: Option<Duration>,
    /// USD one run may spend.
    pub max_cost_usd: Option<f64>,
    pub catch_up: CatchUp,
    pub deliver: Option<String>,
    pub message: String,
}

/// Changes made by [`edit`]; `None` keeps the current value.
#[derive(Debug, Clone, Default)]
pub struct EditOptions {
    pub when: Option<When>,
    pub tz: Option<String>,
    pub name: Option<String>,
    pub model: Option<String>,
    pub permission_mode: Option<String>,
    pub timeout: Option<Duration>,
    /// USD one run may spend.
    pub max_cost_usd: Option<f64>,
    pub catch_up: Option<CatchUp>,
    /// `Some("")` removes the delivery.
    pub deliver: Option<String>,
    pub message: Option<String>,
}

/// A task with its next fire time and last run, as `list`/`show` report it.
#[derive(Debug, Clone, Serialize)]
pub struct TaskView {
    pub id: TaskId,
    pub name: Option<String>,
    pub project: String,
    pub message: String,
    pub schedule: Schedule,
    pub schedule_text: String,
    pub timezone: String,
    pub state: TaskState,
    pub catch_up: CatchUp,
    pub model: Option<String>,
    pub permission_mode: Option<String>,
    pub timeout_secs: Option<u64>,
    pub max_cost_usd: Option<f64>,
    pub deliver: Option<String>,
    pub created_at: DateTime<Utc>,
    pub next_at: Option<DateTime<Utc>>,
    /// The next fire times, in the task's zone (RFC 3339).
    pub upcoming: Vec<String>,
    pub last_run: Option<RunRecord>,
}

impl TaskView {
    pub fn state_str(&self) -> &'static str {
        self.state.as_str()
    }

    fn new(task: &Task, db: &CronDb, upcoming: usize) -> Result<TaskView, Error> {
        let zone = task.zone()?;
        let times = match task.state {
            TaskState::Active => task.schedule.upcoming(task.cursor_at, &zone, upcoming)?,
            TaskState::Paused | TaskState::Done => Vec::new(),
        };
        Ok(TaskView {
            id: task.id.clone(),
            name: task.name.clone(),
            project: task.project_root.display().to_string(),
            message: task.message.clone(),
            schedule: task.schedule.clone(),
            schedule_text: task.schedule.describe(&zone),
            timezone: task.timezone.clone(),
            state: task.state,
            catch_up: task.catch_up,
            model: task.model.clone(),
            permission_mode: task.permission_mode.clone(),
            timeout_secs: task.timeout_secs,
            max_cost_usd: task.max_cost_usd,
            deliver: task.deliver.as_ref().map(ToString::to_string),
            created_at: task.created_at,
            next_at: times.first().copied(),
            upcoming: times
                .iter()
                .map(|t| {
                    zone.at(*t)
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
                })
                .collect(),
            last_run: db.last_run(&task.id)?,
        })
    }
}

/// The zone named `explicit`, else `default`, else the system's.
fn zone_for(explicit: Option<&str>, default: Option<&str>) -> Result<Zone, Error> {
    match explicit.or(default) {
        Some(name) => parse_zone(name),
        None => Ok(system_zone()),
    }
}

fn schedule_for(when: &When, tz: &Zone, now: DateTime<Utc>) -> Result<Schedule, Error> {
    match when {
        When::Cron(expr) => Schedule::cron(expr),
        When::At(text) => Ok(Schedule::Once {
            at: parse_at(text, tz)?,
        }),
        When::In(d) => Ok(Schedule::Once {
            at: Schedule::after("--in", now, *d)?,
        }),
        When::Every(d) => Schedule::every(*d, now),
    }
}

/// Where a fresh schedule's cursor starts: just before now, or before a one-shot time already past
/// (so `--at` in the past fires on the next tick, subject to the catch-up policy).
fn initial_cursor(schedule: &Schedule, now: DateTime<Utc>) -> DateTime<Utc> {
    let start = match schedule {
        Schedule::Once { at } => (*at).min(now),
        Schedule::Cron { .. } | Schedule::Every { .. } => now,
    };
    start - chrono::Duration::seconds(1)
}

fn check_mode(mode: Option<&str>) -> Result<(), Error> {
    if let Some(m) = mode {
        PermissionMode::parse(m, "--permission-mode")
            .map_err(|_| Error::BadMode { mode: m.to_owned() })?;
    }
    Ok(())
}

/// Creates a task; returns it with its next three fire times.
pub fn add(home: &PilotHome, opts: AddOptions) -> Result<TaskView, Error> {
    if opts.message.trim().is_empty() {
        return Err(Error::EmptyMessage);
    }
    check_mode(opts.permission_mode.as_deref())?;
    let deliver = opts.deliver.as_deref().map(Delivery::parse).transpose()?;
    let tz = zone_for(opts.tz.as_deref(), opts.default_tz.as_deref())?;
    let now = Utc::now().trunc_subsecs(0);
    let schedule = schedule_for(&opts.when, &tz, now)?;
    opts.project.ensure_dir(home)?;
    let task = Task {
        id: TaskId::generate(),
        name: opts.name,
        project_key: opts.project.key.clone(),
        project_root: opts.project.root.clone(),
        message: opts.message,
        cursor_at: initial_cursor(&schedule, now),
        schedule,
        timezone: tz.name().to_owned(),
        model: opts.model,
        permission_mode: opts.permission_mode,
        timeout_secs: opts.timeout.map(|d| d.as_secs()),
        max_cost_usd: opts.max_cost_usd,
        catch_up: opts.catch_up,
        deliver,
        state: TaskState::Active,
        created_at: now,
        updated_at: now,
    };
    let db = CronDb::open(&home.state_db())?;
    db.insert_task(&task)?;
    TaskView::new(&task, &db, 3)
}

/// Changes a task. A new schedule or zone starts from now: slots before the edit do not fire.
pub fn edit(home: &PilotHome, id: &str, opts: EditOptions) -> Result<TaskView, Error> {
    let db = CronDb::open(&home.state_db())?;
    let mut task = db.find(id)?;
    let now = Utc::now().trunc_subsecs(0);
    check_mode(opts.permission_mode.as_deref())?;
    if let Some(tz) = &opts.tz {
        task.timezone = parse_zone(tz)?.name().to_owned();
    }
    if let Some(when) = &opts.when {
        task.schedule = schedule_for(when, &task.zone()?, now)?;
        task.cursor_at = initial_cursor(&task.schedule, now);
        if task.state == TaskState::Done {
            task.state = TaskState::Active;
        }
    } else if opts.tz.is_some() {
        task.cursor_at = task.cursor_at.max(now - chrono::Duration::seconds(1));
    }
    if let Some(message) = opts.message {
        if message.trim().is_empty() {
            return Err(Error::EmptyMessage);
        }
        task.message = message;
    }
    if let Some(d) = opts.deliver {
        task.deliver = match d.as_str() {
            "" => None,
            text => Some(Delivery::parse(text)?),
        };
    }
    task.name = opts.name.or(task.name);
    task.model = opts.model.or(task.model);
    task.permission_mode = opts.permission_mode.or(task.permission_mode);
    task.timeout_secs = opts.timeout.map(|d| d.as_secs()).or(task.timeout_secs);
    task.max_cost_usd = opts.max_cost_usd.or(task.max_cost_usd);
    task.catch_up = opts.catch_up.unwrap_or(task.catch_up);
    task.updated_at = now;
    db.update_task(&task)?;
    TaskView::new(&task, &db, 3)
}

/// Tasks of `project`, or of every project.
pub fn list(home: &PilotHome, project: Option<&Project>) -> Result<Vec<TaskView>, Error> {
    let db = CronDb::open(&home.state_db())?;
    db.tasks(project.map(|p| &p.key))?
        .iter()
        .map(|t| TaskView::new(t, &db, 1))
        .collect()
}

/// One task with its next five fire times.
pub fn show(home: &PilotHome, id: &str) -> Result<TaskView, Error> {
    let db = CronDb::open(&home.state_db())?;
    let task = db.find(id)?;
    TaskView::new(&task, &db, 5)
}

/// Removes a task (its history stays). Returns the removed task's id.
pub fn remove(home: &PilotHome, id: &str) -> Result<TaskId, Error> {
    let db = CronDb::open(&home.state_db())?;
    match db.find(id) {
        Ok(task) => {
            db.delete_task(&task.id)?;
            Ok(task.id)
        }
        // A damaged row is not listed, but its full id still removes it.
        Err(Error::NotFound { .. }) if db.delete_task(&TaskId(id.to_ascii_lowercase()))? => {
            Ok(TaskId(id.to_ascii_lowercase()))
        }
        Err(e) => Err(e),
    }
}

/// Pauses (`false`) or resumes (`true`) a task. Repeating slots that passed while paused do not
/// fire; a one-shot time that passed is handled by the catch-up policy.
pub fn set_active(home: &PilotHome, id: &str, active: bool) -> Result<TaskView, Error> {
    let db = CronDb::open(&home.state_db())?;
    let mut task = db.find(id)?;
    let now = Utc::now();
    task.state = match (active, task.state) {
        (false, TaskState::Active) => TaskState::Paused,
        (true, TaskState::Paused) => {
            // A one-shot time that passed while paused is a missed slot (the catch-up policy
            // decides); a repeating schedule starts again from now.
            if !task.schedule.is_once() {
                task.cursor_at = task.cursor_at.max(now - chrono::Duration::seconds(1));
            }
            TaskState::Active
        }
        (_, state) => state,
    };
    task.updated_at = now;
    db.update_task(&task)?;
    TaskView::new(&task, &db, 3)
}

/// Runs a task now, out of schedule (a paused or done task too). Not counted against
/// `maxConcurrentRuns`, and a one-shot task stays as it is.
pub async fn run_now(
    home: &PilotHome,
    env: &RunEnv,
    id: &str,
    cancel: &CancellationToken,
) -> Result<RunRecord, Error> {
    let path = home.state_db();
    let db = CronDb::open(&path)?;
    let task = db.find(id)?;
    let record = new_record(&task, None, Trigger::Manual);
    db.insert_manual(&record)?;
    drop(db);
    execute(home, env, &path, &task, record, cancel).await
}

/// Run history, newest first; of one task or all.
pub fn history(home: &PilotHome, id: Option<&str>, limit: usize) -> Result<Vec<RunRecord>, Error> {
    let db = CronDb::open(&home.state_db())?;
    let task = match id {
        Some(id) => Some(match db.find(id) {
            Ok(task) => task.id,
            // A removed task's history is still there under its full id.
            Err(Error::NotFound { .. }) => TaskId(id.to_ascii_lowercase()),
            Err(e) => return Err(e),
        }),
        None => None,
    };
    db.history(task.as_ref(), limit)
}

/// The next `n` fire times of an expression after `after`, in the zone (RFC 3339).
pub fn next(
    expr: &str,
    tz: Option<&str>,
    default_tz: Option<&str>,
    after: DateTime<Utc>,
    n: usize,
) -> Result<(String, Vec<String>), Error> {
    let zone = zone_for(tz, default_tz)?;
    let times = Schedule::cron(expr)?.upcoming(after, &zone, n)?;
    Ok((
        zone.name().to_owned(),
        times
            .iter()
            .map(|t| {
                zone.at(*t)
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
            })
            .collect(),
    ))
}
