//! One tick: find every slot that is due, claim each in one `state.db` transaction, run the ones this
//! process won, and report. `cron tick`, `cron daemon` and `cron run` all come through here, so system
//! cron, a systemd timer and a daemon ticking at the same moment fire each (task, slot) once.
//!
//! Order of work: (1) runs left `running` by a process that no longer exists are recorded as
//! `interrupted`; (2) each active task's pending slots — those after its cursor and at or before `now`
//! — are sorted by the catch-up policy into slots to run and slots to drop; (3) slots are claimed one
//! by one (a claim fails when another process has it, or when `cron.maxConcurrentRuns` runs are
//! already running anywhere — that slot stays pending for the next tick); (4) won slots run
//! concurrently, up to the limit.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::{Claim, CronDb};
use super::runner::{RunEnv, execute};
use super::task::{CatchUp, RunRecord, RunStatus, Task, TaskId, TaskState, Trigger};
use crate::config::CronConfig;
use crate::home::PilotHome;

/// How late a slot may be and still count as on time (and run under `--catch-up skip`).
pub const GRACE: Duration = Duration::minutes(5);

/// The most missed slots one task runs in a tick under `--catch-up all`; older ones are dropped.
pub const MAX_CATCH_UP: usize = 1000;

/// What a tick needs.
#[derive(Debug, Clone, Default)]
pub struct TickOptions {
    /// Evaluate the schedules as if it were this instant (replaying or debugging); default now.
    pub now: Option<DateTime<Utc>>,
    pub cron: CronConfig,
    pub env: RunEnv,
}

/// Slots of one task dropped by its catch-up policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Dropped {
    pub task_id: TaskId,
    pub slots: usize,
    pub latest_at: DateTime<Utc>,
}

/// What a tick did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TickReport {
    pub now: DateTime<Utc>,
    /// Runs this process finished, in claim order.
    pub ran: Vec<RunRecord>,
    /// Runs of dead processes found and recorded as interrupted.
    pub interrupted: Vec<RunRecord>,
    pub dropped: Vec<Dropped>,
    /// Slots another process claimed first.
    pub taken: usize,
    /// Slots left pending because `maxConcurrentRuns` runs were running.
    pub deferred: usize,
    /// Tasks that could not be evaluated (a damaged schedule); the others still ran.
    pub problems: Vec<String>,
    /// Why nothing ran, when nothing did.
    pub idle_reason: Option<String>,
}

struct Due {
    task: Task,
    slot: DateTime<Utc>,
    trigger: Trigger,
}

/// Runs one tick. Never fails because a task failed: failures are in the report's records.
pub async fn tick(
    home: &PilotHome,
    opts: &TickOptions,
    cancel: &CancellationToken,
) -> Result<TickReport, Error> {
    let now = opts.now.unwrap_or_else(Utc::now);
    let mut report = TickReport {
        now,
        ..TickReport::default()
    };
    if !opts.cron.enabled {
        report.idle_reason =
            Some("cron is disabled (cron.enabled: false in pilotdeck.yaml)".into());
        return Ok(report);
    }
    let db_path = home.state_db();
    let mut db = CronDb::open(&db_path)?;
    report.interrupted = reap_dead(&db)?;

    let tasks = db.tasks(None)?;
    let active = tasks
        .iter()
        .filter(|t| t.state == TaskState::Active)
        .count();
    let mut queue = Vec::new();
    for task in tasks.into_iter().filter(|t| t.state == TaskState::Active) {
        let (run, dropped) = match plan(&task, now) {
            Ok(p) => p,
            Err(e) => {
                report.problems.push(format!("task {}: {e}", task.id));
                continue;
            }
        };
        if let Some(d) = dropped {
            if run.is_empty() {
                db.advance_cursor(&task.id, d.latest_at)?;
            }
            report.dropped.push(d);
        }
        queue.extend(run.into_iter().map(|(slot, trigger)| Due {
            task: task.clone(),
            slot,
            trigger,
        }));
    }

    let limit = opts.cron.max_concurrent_runs;
    let mut running: JoinSet<Result<RunRecord, Error>> = JoinSet::new();
    let mut items = queue.into_iter();
    let mut pending = items.next();
    while let Some(due) = pending.take() {
        if cancel.is_cancelled() {
            break;
        }
        let record = new_record(&due.task, Some(due.slot), due.trigger);
        match db.claim(&record, due.slot, limit)? {
            Claim::Won => {
                crate::crash::point("cron.claimed");
                let (home, env, path, task, token) = (
                    home.clone(),
                    opts.env.clone(),
                    db_path.clone(),
                    due.task.clone(),
                    cancel.clone(),
                );
                running
                    .spawn(async move { execute(&home, &env, &path, &task, record, &token).await });
                pending = items.next();
            }
            Claim::Taken => {
                report.taken += 1;
                pending = items.next();
            }
            Claim::Full if !running.is_empty() => {
                // Wait for one of ours to finish, then try the same slot again.
                collect(running.join_next().await, &mut report)?;
                pending = Some(due);
            }
            Claim::Full => {
                report.deferred += 1 + items.len();
                break;
            }
        }
    }
    while let Some(done) = running.join_next().await {
        collect(Some(done), &mut report)?;
    }
    if report.ran.is_empty() {
        report.idle_reason = Some(idle_reason(&report, active));
    }
    Ok(report)
}

fn collect(
    done: Option<Result<Result<RunRecord, Error>, tokio::task::JoinError>>,
    report: &mut TickReport,
) -> Result<(), Error> {
    match done {
        Some(Ok(record)) => report.ran.push(record?),
        Some(Err(e)) => tracing::error!("a cron run task failed to complete: {e}"),
        None => {}
    }
    Ok(())
}

fn idle_reason(report: &TickReport, active: usize) -> String {
    if active == 0 {
        "nothing to do: no active cron tasks (`pilotdeck cron add` creates one)".into()
    } else if report.deferred > 0 {
        format!(
            "{} due slot(s) deferred: cron.maxConcurrentRuns runs are already running",
            report.deferred
        )
    } else if report.taken > 0 {
        format!(
            "{} due slot(s) were claimed by another process",
            report.taken
        )
    } else {
        format!(
            "nothing due at {} ({active} active task(s))",
            report
                .now
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        )
    }
}

/// A `running` record for a slot (or a manual run) about to be claimed.
pub(super) fn new_record(task: &Task, slot: Option<DateTime<Utc>>, trigger: Trigger) -> RunRecord {
    RunRecord {
        run_id: ulid::Ulid::generate().to_string().to_ascii_lowercase(),
        task_id: task.id.clone(),
        task_name: task.name.clone(),
        slot_at: slot,
        trigger,
        status: RunStatus::Running,
        started_at: Utc::now(),
        finished_at: None,
        duration_ms: None,
        session_id: None,
        model: None,
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: None,
        text: String::new(),
        error: None,
        delivery_error: None,
        pid: std::process::id(),
    }
}

/// Slots to run (with what triggered them) and the slots dropped.
type Plan = (Vec<(DateTime<Utc>, Trigger)>, Option<Dropped>);

/// The pending slots of `task` at `now`, split by its catch-up policy into (to run, dropped).
fn plan(task: &Task, now: DateTime<Utc>) -> Result<Plan, Error> {
    let zone = task.zone()?;
    let mut slots = std::collections::VecDeque::new();
    let mut cursor = task.cursor_at;
    let mut skipped = 0usize;
    while let Some(next) = task.schedule.next_after(cursor, &zone)? {
        if next > now {
            break;
        }
        if slots.len() == MAX_CATCH_UP {
            slots.pop_front();
            skipped += 1;
        }
        slots.push_back(next);
        cursor = next;
    }
    let slots: Vec<DateTime<Utc>> = slots.into();
    let Some(&latest) = slots.last() else {
        return Ok((Vec::new(), None));
    };
    let trigger = |slot: DateTime<Utc>| {
        if now - slot <= GRACE {
            Trigger::Schedule
        } else {
            Trigger::CatchUp
        }
    };
    let (run, dropped_count): (Vec<DateTime<Utc>>, usize) = match task.catch_up {
        CatchUp::All => (slots.clone(), skipped),
        CatchUp::Once => (vec![latest], skipped + slots.len() - 1),
        CatchUp::Skip if now - latest <= GRACE => (vec![latest], skipped + slots.len() - 1),
        CatchUp::Skip => (Vec::new(), skipped + slots.len()),
    };
    let dropped = (dropped_count > 0).then(|| Dropped {
        task_id: task.id.clone(),
        slots: dropped_count,
        latest_at: latest,
    });
    Ok((run.into_iter().map(|s| (s, trigger(s))).collect(), dropped))
}

/// Records runs whose process is gone as interrupted; a one-shot task whose run died is done.
fn reap_dead(db: &CronDb) -> Result<Vec<RunRecord>, Error> {
    let mut out = Vec::new();
    for mut run in db.running()? {
        if crate::store::pid_alive(run.pid) {
            continue;
        }
        let now = Utc::now();
        let why = format!(
            "interrupted: the process running it (pid {}) ended before the run finished",
            run.pid
        );
        if db.mark_interrupted(&run.run_id, now, &why)? {
            if let Ok(task) = db.find(&run.task_id.0)
                && task.schedule.is_once()
                && run.slot_at.is_some()
            {
                db.set_state(&task.id, TaskState::Done, now)?;
            }
            run.status = RunStatus::Interrupted;
            run.finished_at = Some(now);
            run.error = Some(why);
            out.push(run);
        }
    }
    Ok(out)
}

/// Runs recorded as `running` whose process no longer exists (what `doctor --deep` reports).
pub fn orphaned_runs(db_path: &std::path::Path) -> Result<Vec<RunRecord>, Error> {
    let db = CronDb::open(db_path)?;
    Ok(db
        .running()?
        .into_iter()
        .filter(|r| !crate::store::pid_alive(r.pid))
        .collect())
}

/// Records every orphaned run as interrupted, as the next tick would (`doctor --deep --repair`).
pub fn reap_orphaned_runs(db_path: &std::path::Path) -> Result<Vec<RunRecord>, Error> {
    reap_dead(&CronDb::open(db_path)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cron::schedule::Schedule;
    use crate::home::ProjectKey;

    fn task(expr: &str, catch_up: CatchUp, cursor: DateTime<Utc>) -> Task {
        Task {
            id: TaskId("t".into()),
            name: None,
            project_key: ProjectKey("p".into()),
            project_root: "/tmp".into(),
            message: "m".into(),
            schedule: Schedule::cron(expr).unwrap(),
            timezone: "UTC".into(),
            model: None,
            permission_mode: None,
            timeout_secs: None,
            max_cost_usd: None,
            catch_up,
            deliver: None,
            state: TaskState::Active,
            created_at: cursor,
            updated_at: cursor,
            cursor_at: cursor,
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    /// `cron rm` in one process while another pauses or resumes the task: the removal stands.
    #[test]
    fn saving_a_task_removed_meanwhile_does_not_bring_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::cron::db::CronDb::open(&dir.path().join("state.db")).unwrap();
        let mut t = task("* * * * *", CatchUp::Once, at("2026-11-28T00:00:00Z"));
        db.insert_task(&t).unwrap();
        t.state = TaskState::Paused;
        db.update_task(&t).unwrap();
        assert_eq!(db.tasks(None).unwrap()[0].state, TaskState::Paused);
        assert!(db.delete_task(&t.id).unwrap());
        t.state = TaskState::Active;
        assert!(matches!(
            db.update_task(&t),
            Err(crate::cron::Error::NotFound { .. })
        ));
        assert!(db.tasks(None).unwrap().is_empty());
    }

    #[test]
    fn catch_up_all_keeps_the_latest_slots_up_to_the_cap() {
        let t = task("* * * * *", CatchUp::All, at("2026-11-28T00:00:00Z"));
        let (run, dropped) = plan(&t, at("2026-11-30T00:00:00Z")).unwrap();
        assert_eq!(run.len(), MAX_CATCH_UP);
        assert_eq!(run.last().unwrap().0, at("2026-11-30T00:00:00Z"));
        assert_eq!(run.last().unwrap().1, Trigger::Schedule);
        assert_eq!(run[0].1, Trigger::CatchUp);
        assert_eq!(dropped.unwrap().slots, 2 * 1440 - MAX_CATCH_UP);
    }

    #[test]
    fn once_and_skip_keep_at_most_the_latest() {
        let cursor = at("2026-11-29T00:00:00Z");
        let now = at("2026-11-29T10:02:00Z");
        let (run, dropped) = plan(&task("0 * * * *", CatchUp::Once, cursor), now).unwrap();
        assert_eq!(run, [(at("2026-11-29T10:00:00Z"), Trigger::Schedule)]);
        assert_eq!(dropped.unwrap().slots, 9);
        let (run, _) = plan(&task("0 * * * *", CatchUp::Skip, cursor), now).unwrap();
        assert_eq!(run.len(), 1);
        let late = at("2026-11-29T10:30:00Z");
        let (run, dropped) = plan(&task("0 * * * *", CatchUp::Skip, cursor), late).unwrap();
        assert!(run.is_empty());
        assert_eq!(dropped.unwrap().slots, 10);
    }
}
