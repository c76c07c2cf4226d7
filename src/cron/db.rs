//! Cron's tables in `state.db` (migration 2): `cron_tasks` and `cron_runs`. Every statement cron runs
//! lives here.
//!
//! The invariant that matters: a row in `cron_runs` **is** the claim of one (task, slot). It is inserted
//! with `INSERT … ON CONFLICT DO NOTHING` in the same `BEGIN IMMEDIATE` transaction that moves the
//! task's cursor past the slot, and only the process whose insert changed a row runs it. Times are
//! stored as Unix milliseconds.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::Error;
use super::schedule::Schedule;
use super::task::{Delivery, RunRecord, RunStatus, Task, TaskId, TaskState, Trigger};
use crate::home::ProjectKey;

/// The open database and its path (for messages).
pub(super) struct CronDb {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
}

/// What a claim attempt found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    /// This process owns the slot and must run it.
    Won,
    /// Another process claimed it first.
    Taken,
    /// `maxConcurrentRuns` runs are already running; the slot stays pending.
    Full,
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn time(v: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(v).unwrap_or_default()
}

const TASK_COLUMNS: &str = "id, name, project_key, project_root, message, schedule, timezone, model, \
     permission_mode, timeout_secs, catch_up, deliver, state, created_at, updated_at, cursor_at, \
     max_cost_usd";

const RUN_COLUMNS: &str = "id, task_id, task_name, slot_at, trigger, status, pid, started_at, \
     finished_at, session_id, model, input_tokens, output_tokens, cost_usd, text, error, delivery_error";

fn task_from_row(row: &Row<'_>) -> rusqlite::Result<Result<Task, Error>> {
    let id: String = row.get(0)?;
    let schedule_text: String = row.get(5)?;
    let corrupt = |reason: String| Error::Corrupt {
        id: id.clone(),
        reason,
    };
    let schedule: Schedule = match serde_json::from_str(&schedule_text) {
        Ok(s) => s,
        Err(e) => return Ok(Err(corrupt(format!("schedule: {e}")))),
    };
    let catch_up: String = row.get(10)?;
    let deliver: Option<String> = row.get(11)?;
    let state: String = row.get(12)?;
    let deliver = match deliver.map(|d| Delivery::parse(&d)).transpose() {
        Ok(d) => d,
        Err(e) => return Ok(Err(corrupt(e.to_string()))),
    };
    let Some(state) = TaskState::parse(&state) else {
        return Ok(Err(corrupt(format!("state `{state}`"))));
    };
    let timeout: Option<i64> = row.get(9)?;
    Ok(Ok(Task {
        id: TaskId(id.clone()),
        name: row.get(1)?,
        project_key: ProjectKey(row.get(2)?),
        project_root: PathBuf::from(row.get::<_, String>(3)?),
        message: row.get(4)?,
        schedule,
        timezone: row.get(6)?,
        model: row.get(7)?,
        permission_mode: row.get(8)?,
        timeout_secs: timeout.map(|t| t.max(0) as u64),
        catch_up: catch_up.parse().unwrap_or_default(),
        deliver,
        state,
        created_at: time(row.get(13)?),
        updated_at: time(row.get(14)?),
        cursor_at: time(row.get(15)?),
        max_cost_usd: row.get(16)?,
    }))
}

fn run_from_row(row: &Row<'_>) -> rusqlite::Result<RunRecord> {
    let started_at = time(row.get(7)?);
    let finished_at: Option<i64> = row.get(8)?;
    let finished_at = finished_at.map(time);
    Ok(RunRecord {
        run_id: row.get(0)?,
        task_id: TaskId(row.get(1)?),
        task_name: row.get(2)?,
        slot_at: row.get::<_, Option<i64>>(3)?.map(time),
        trigger: Trigger::parse(&row.get::<_, String>(4)?),
        status: RunStatus::parse(&row.get::<_, String>(5)?),
        pid: row.get::<_, i64>(6)?.max(0) as u32,
        started_at,
        finished_at,
        duration_ms: finished_at.map(|f| (f - started_at).num_milliseconds().max(0) as u64),
        session_id: row.get(9)?,
        model: row.get(10)?,
        input_tokens: row.get::<_, i64>(11)?.max(0) as u64,
        output_tokens: row.get::<_, i64>(12)?.max(0) as u64,
        cost_usd: row.get(13)?,
        text: row.get(14)?,
        error: row.get(15)?,
        delivery_error: row.get(16)?,
    })
}

/// The placeholders of [`TASK_COLUMNS`], in order.
const VALUES: &str = "?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17";

impl CronDb {
    /// Opens `state.db` (creating and migrating it if needed).
    pub(super) fn open(path: &Path) -> Result<CronDb, Error> {
        Ok(CronDb {
            conn: crate::store::open(path)?,
            path: path.to_owned(),
        })
    }

    fn err(&self, action: &'static str) -> impl Fn(rusqlite::Error) -> Error + '_ {
        move |source| Error::Sqlite {
            action,
            path: self.path.clone(),
            source,
        }
    }

    pub(super) fn insert_task(&self, task: &Task) -> Result<(), Error> {
        self.write_task(
            &format!("INSERT INTO cron_tasks ({TASK_COLUMNS}) VALUES ({VALUES})"),
            task,
        )
        .map(drop)
    }

    /// Saves a task whether or not its row exists (a pod's copy of a task from its spec).
    pub(super) fn upsert_task(&self, task: &Task) -> Result<(), Error> {
        self.write_task(
            &format!("REPLACE INTO cron_tasks ({TASK_COLUMNS}) VALUES ({VALUES})"),
            task,
        )
        .map(drop)
    }

    /// Saves a changed task; one removed meanwhile (`cron rm` in another process) stays removed:
    /// `NotFound`.
    pub(super) fn update_task(&self, task: &Task) -> Result<(), Error> {
        let sql = format!("UPDATE cron_tasks SET ({TASK_COLUMNS}) = ({VALUES}) WHERE id = ?1");
        match self.write_task(&sql, task)? {
            0 => Err(Error::NotFound {
                id: task.id.0.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// Runs `sql` with the task's columns as ?1–?17; the rows it changed.
    fn write_task(&self, sql: &str, t: &Task) -> Result<usize, Error> {
        let schedule = serde_json::to_string(&t.schedule).unwrap_or_default();
        self.conn
            .execute(
                sql,
                params![
                    t.id.0,
                    t.name,
                    t.project_key.0,
                    t.project_root.to_string_lossy(),
                    t.message,
                    schedule,
                    t.timezone,
                    t.model,
                    t.permission_mode,
                    t.timeout_secs.map(|s| s as i64),
                    t.catch_up.as_str(),
                    t.deliver.as_ref().map(ToString::to_string),
                    t.state.as_str(),
                    ms(t.created_at),
                    ms(t.updated_at),
                    ms(t.cursor_at),
                    t.max_cost_usd,
                ],
            )
            .map_err(self.err("save a cron task"))
    }

    /// Tasks of one project, or of all; oldest first.
    pub(super) fn tasks(&self, project: Option<&ProjectKey>) -> Result<Vec<Task>, Error> {
        let sql = format!(
            "SELECT {TASK_COLUMNS} FROM cron_tasks WHERE ?1 IS NULL OR project_key = ?1 ORDER BY created_at, id"
        );
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(self.err("list cron tasks"))?;
        let rows = stmt
            .query_map(params![project.map(|p| p.0.as_str())], task_from_row)
            .map_err(self.err("list cron tasks"))?;
        let mut out = Vec::new();
        for row in rows {
            // A damaged row must not stop every other task from running; it is reported and can
            // still be removed by its full id.
            match row.map_err(self.err("list cron tasks"))? {
                Ok(task) => out.push(task),
                Err(e) => tracing::warn!("{e}"),
            }
        }
        Ok(out)
    }

    /// The task whose id is `query` or starts with it.
    pub(super) fn find(&self, query: &str) -> Result<Task, Error> {
        let q = query.trim().to_ascii_lowercase();
        let matches: Vec<Task> = self
            .tasks(None)?
            .into_iter()
            .filter(|t| t.id.0.starts_with(&q) && !q.is_empty())
            .collect();
        if let Some(exact) = matches.iter().find(|t| t.id.0 == q) {
            return Ok(exact.clone());
        }
        match matches.len() {
            0 => Err(Error::NotFound {
                id: query.to_owned(),
            }),
            1 => Ok(matches.into_iter().next().ok_or(Error::NotFound {
                id: query.to_owned(),
            })?),
            _ => Err(Error::Ambiguous {
                id: query.to_owned(),
                matches: matches
                    .iter()
                    .map(|t| t.id.0.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// Deletes the task with exactly this id; false when there was none.
    pub(super) fn delete_task(&self, id: &TaskId) -> Result<bool, Error> {
        let n = self
            .conn
            .execute("DELETE FROM cron_tasks WHERE id = ?1", params![id.0])
            .map_err(self.err("remove a cron task"))?;
        Ok(n > 0)
    }

    /// Runs recorded as running, with the pid that claimed them.
    pub(super) fn running(&self) -> Result<Vec<RunRecord>, Error> {
        self.runs_where("status = 'running'", None, i64::MAX)
    }

    /// History, newest first.
    pub(super) fn history(
        &self,
        task: Option<&TaskId>,
        limit: usize,
    ) -> Result<Vec<RunRecord>, Error> {
        self.runs_where("1", task, limit as i64)
    }

    fn runs_where(
        &self,
        filter: &str,
        task: Option<&TaskId>,
        limit: i64,
    ) -> Result<Vec<RunRecord>, Error> {
        let sql = format!(
            "SELECT {RUN_COLUMNS} FROM cron_runs WHERE {filter} AND (?1 IS NULL OR task_id = ?1) \
             ORDER BY started_at DESC, id DESC LIMIT ?2"
        );
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(self.err("read cron runs"))?;
        let rows = stmt
            .query_map(params![task.map(|t| t.0.as_str()), limit], run_from_row)
            .map_err(self.err("read cron runs"))?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(self.err("read cron runs"))
    }

    /// Marks a running run as ended by a dead process; true if this call changed it.
    pub(super) fn mark_interrupted(
        &self,
        run_id: &str,
        at: DateTime<Utc>,
        why: &str,
    ) -> Result<bool, Error> {
        let n = self
            .conn
            .execute(
                "UPDATE cron_runs SET status = 'interrupted', finished_at = ?2, error = ?3 \
                 WHERE id = ?1 AND status = 'running'",
                params![run_id, ms(at), why],
            )
            .map_err(self.err("record an interrupted run"))?;
        Ok(n == 1)
    }

    /// Claims `record.slot_at` of its task and moves the task's cursor to `cursor`, in one
    /// `BEGIN IMMEDIATE` transaction. `limit` is `cron.maxConcurrentRuns` (0 = unlimited).
    pub(super) fn claim(
        &mut self,
        record: &RunRecord,
        cursor: DateTime<Utc>,
        limit: u32,
    ) -> Result<Claim, Error> {
        let path = self.path.clone();
        let sqlite = |source| Error::Sqlite {
            action: "claim a cron slot",
            path: path.clone(),
            source,
        };
        crate::store::immediate(&mut self.conn, |tx: &Transaction<'_>| {
            if limit > 0 {
                let running: i64 = tx.query_row(
                    "SELECT count(*) FROM cron_runs WHERE status = 'running'",
                    [],
                    |r| r.get(0),
                )?;
                if running >= i64::from(limit) {
                    return Ok(Claim::Full);
                }
            }
            let inserted = insert_run(tx, record)?;
            if inserted == 0 {
                return Ok(Claim::Taken);
            }
            tx.execute(
                "UPDATE cron_tasks SET cursor_at = max(cursor_at, ?2) WHERE id = ?1",
                params![record.task_id.0, ms(cursor)],
            )?;
            Ok(Claim::Won)
        })
        .map_err(sqlite)
    }

    /// Moves a task's cursor past dropped slots (never backwards).
    pub(super) fn advance_cursor(&self, id: &TaskId, cursor: DateTime<Utc>) -> Result<(), Error> {
        self.conn
            .execute(
                "UPDATE cron_tasks SET cursor_at = max(cursor_at, ?2) WHERE id = ?1",
                params![id.0, ms(cursor)],
            )
            .map_err(self.err("advance a cron task"))?;
        Ok(())
    }

    /// Records a manual run (no slot, no claim needed).
    pub(super) fn insert_manual(&self, record: &RunRecord) -> Result<(), Error> {
        let tx = self
            .conn
            .unchecked_transaction()
            .map_err(self.err("start a cron run"))?;
        insert_run(&tx, record).map_err(self.err("start a cron run"))?;
        tx.commit().map_err(self.err("start a cron run"))
    }

    /// Writes the end of a run.
    pub(super) fn finish(&self, r: &RunRecord) -> Result<(), Error> {
        self.conn
            .execute(
                "UPDATE cron_runs SET status = ?2, finished_at = ?3, session_id = ?4, model = ?5, \
                 input_tokens = ?6, output_tokens = ?7, cost_usd = ?8, text = ?9, error = ?10, \
                 delivery_error = ?11 WHERE id = ?1",
                params![
                    r.run_id,
                    r.status.as_str(),
                    r.finished_at.map(ms),
                    r.session_id,
                    r.model,
                    r.input_tokens as i64,
                    r.output_tokens as i64,
                    r.cost_usd,
                    r.text,
                    r.error,
                    r.delivery_error,
                ],
            )
            .map_err(self.err("record a cron run"))?;
        Ok(())
    }

    /// Sets a task's state (`done` after a one-shot ran).
    pub(super) fn set_state(
        &self,
        id: &TaskId,
        state: TaskState,
        at: DateTime<Utc>,
    ) -> Result<(), Error> {
        self.conn
            .execute(
                "UPDATE cron_tasks SET state = ?2, updated_at = ?3 WHERE id = ?1",
                params![id.0, state.as_str(), ms(at)],
            )
            .map_err(self.err("update a cron task"))?;
        Ok(())
    }

    /// The newest run of a task, if any.
    pub(super) fn last_run(&self, id: &TaskId) -> Result<Option<RunRecord>, Error> {
        let sql = format!(
            "SELECT {RUN_COLUMNS} FROM cron_runs WHERE task_id = ?1 ORDER BY started_at DESC LIMIT 1"
        );
        self.conn
            .query_row(&sql, params![id.0], run_from_row)
            .optional()
            .map_err(self.err("read cron runs"))
    }
}

fn insert_run(tx: &Transaction<'_>, r: &RunRecord) -> rusqlite::Result<usize> {
    tx.execute(
        "INSERT INTO cron_runs (id, task_id, task_name, slot_at, trigger, status, pid, started_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING",
        params![
            r.run_id,
            r.task_id.0,
            r.task_name,
            r.slot_at.map(ms),
            r.trigger.as_str(),
            r.status.as_str(),
            i64::from(r.pid),
            ms(r.started_at),
        ],
    )
}
