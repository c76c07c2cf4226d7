//! `cron install --kubernetes`: one CronJob per active task, and `cron run --task-file` — what each
//! of those pods runs.
//!
//! Kubernetes is the scheduler there, so a pod does not tick: it runs one task now. The task travels
//! as a [`TaskSpec`] (JSON in the ConfigMap [`TASKS_CONFIG_MAP`], one key per task) and
//! [`run_spec`] stores it in the pod's PilotHome (on the claim, so `cron history` works against it)
//! under the same id, in the project the pod runs in (a fresh clone of the task project's `origin`
//! in an `emptyDir`, at the same path in every pod), then runs it and records the run like a
//! scheduled one.
//!
//! Schedules: a cron expression is used as it is (Kubernetes reads the same five fields and macros,
//! with the same day rule) in the task's IANA `timeZone`; `--every` becomes `*/N` minutes or hours
//! when N divides the hour or the day; one-shot tasks and other intervals are skipped with a note.
//! Catch-up: `skip` gives `startingDeadlineSeconds` of [`super::GRACE`] (a slot over five minutes late
//! is dropped, as a tick drops it); `once` and `all` give one period of the schedule, so the latest
//! missed slot still runs until the next one is due (Kubernetes never runs more than one missed
//! slot, so `all` behaves as `once`, which the install notes).

use std::path::Path;

use chrono::{SubsecRound, Utc};
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use super::Error;
use super::db::CronDb;
use super::runner::{RunEnv, execute};
use super::schedule::Schedule;
use super::task::{CatchUp, RunRecord, Task, TaskId, TaskState, Trigger};
use super::tick::new_record;
use crate::home::{PilotHome, Project};
use crate::kubernetes::manifest::{
    ConfigMap, KeyToPath, Map, Object, ObjectMeta, Volume, VolumeMount, VolumeSource, map,
};
use crate::kubernetes::{self, Cluster, Job};

/// The ConfigMap holding every task's [`TaskSpec`], key `<id>.json`.
pub const TASKS_CONFIG_MAP: &str = "pilotdeck-cron-tasks";
/// Where a pod finds its task.
pub const TASK_FILE: &str = "/etc/pilotdeck/task/task.json";
/// The label holding a CronJob's task id.
pub const TASK_LABEL: &str = "pilotdeck.dev/task";

/// A task as a pod receives it: what it does, not when it last ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskSpec {
    pub id: TaskId,
    pub name: Option<String>,
    pub message: String,
    pub schedule: Schedule,
    pub timezone: String,
    pub model: Option<String>,
    pub permission_mode: Option<String>,
    pub timeout_secs: Option<u64>,
    pub max_cost_usd: Option<f64>,
    pub catch_up: CatchUp,
}

impl TaskSpec {
    fn of(task: &Task) -> TaskSpec {
        TaskSpec {
            id: task.id.clone(),
            name: task.name.clone(),
            message: task.message.clone(),
            schedule: task.schedule.clone(),
            timezone: task.timezone.clone(),
            model: task.model.clone(),
            permission_mode: task.permission_mode.clone(),
            timeout_secs: task.timeout_secs,
            max_cost_usd: task.max_cost_usd,
            catch_up: task.catch_up,
        }
    }
}

/// What `cron install --kubernetes` generates.
#[derive(Debug, Clone)]
pub struct Manifests {
    /// The claim, the tasks' ConfigMap, then one CronJob per task.
    pub objects: Vec<Object>,
    /// Tasks that got a CronJob.
    pub tasks: Vec<TaskId>,
    /// Tasks skipped or changed on the way, for people.
    pub notes: Vec<String>,
    /// The `kubectl delete` command that removes CronJobs of tasks no longer here.
    pub prune: String,
}

/// The models the active tasks use (`None`: the configured default), to find their key variables.
pub fn task_models(home: &PilotHome) -> Result<Vec<Option<String>>, Error> {
    let db = CronDb::open(&home.state_db())?;
    Ok(db
        .tasks(None)?
        .into_iter()
        .filter(|t| t.state == TaskState::Active)
        .map(|t| t.model)
        .collect())
}

/// A five-field expression for `schedule`, or why Kubernetes cannot run it.
fn k8s_schedule(schedule: &Schedule) -> Result<String, String> {
    match schedule {
        Schedule::Cron { expr } => Ok(expr.clone()),
        Schedule::Every { seconds, .. } => {
            kubernetes::interval_schedule(*seconds).ok_or_else(|| {
                format!(
                    "every {} has no cron expression (it must divide an hour or a day)",
                    super::schedule::human_seconds(*seconds)
                )
            })
        }
        Schedule::Once { .. } => Err("a one-shot task; run it with `cron run` instead".into()),
    }
}

/// `startingDeadlineSeconds` for `task` (see the module doc).
fn starting_deadline(task: &Task) -> Result<u64, Error> {
    let grace = super::GRACE.num_seconds().unsigned_abs();
    if task.catch_up == CatchUp::Skip {
        return Ok(grace);
    }
    let next = task.schedule.upcoming(Utc::now(), &task.zone()?, 2)?;
    Ok(match next.as_slice() {
        [a, b] => (*b - *a).num_seconds().unsigned_abs().max(grace),
        _ => grace,
    })
}

/// The `origin` URL of the repository at `root`.
fn origin_url(root: &Path) -> Option<String> {
    let repo = git2::Repository::discover(root).ok()?;
    let remote = repo.find_remote("origin").ok()?;
    remote.url().ok().map(str::to_owned)
}

/// The manifests for every active task of `home`.
pub fn manifests(home: &PilotHome, cluster: &Cluster) -> Result<Manifests, Error> {
    let db = CronDb::open(&home.state_db())?;
    let mut out = Manifests {
        objects: vec![Object::Claim(kubernetes::claim(cluster))],
        tasks: Vec::new(),
        notes: Vec::new(),
        prune: String::new(),
    };
    let mut data = Map::new();
    let mut jobs = Vec::new();
    for task in db.tasks(None)? {
        if task.state != TaskState::Active {
            continue;
        }
        let schedule = match k8s_schedule(&task.schedule) {
            Ok(s) => s,
            Err(why) => {
                out.notes.push(format!("task {} skipped: {why}", task.id));
                continue;
            }
        };
        let repo_url = origin_url(&task.project_root).ok_or_else(|| Error::NoRemote {
            id: task.id.to_string(),
            project: task.project_root.clone(),
        })?;
        if task.catch_up == CatchUp::All {
            out.notes.push(format!(
                "task {}: catch-up `all` runs only the latest missed slot on Kubernetes",
                task.id
            ));
        }
        if let Some(d) = &task.deliver {
            out.notes.push(format!(
                "task {}: delivery `{d}` is not carried into the pod; read `cron history` there",
                task.id
            ));
        }
        let key = format!("{}.json", task.id);
        let spec = serde_json::to_string_pretty(&TaskSpec::of(&task)).unwrap_or_default();
        data.insert(key.clone(), spec + "\n");
        jobs.push(Object::CronJob(Box::new(kubernetes::cron_job(
            cluster,
            Job {
                name: format!("pilotdeck-cron-{}", task.id),
                component: "cron",
                labels: map([(TASK_LABEL, task.id.0.as_str())]),
                schedule,
                time_zone: task.timezone.clone(),
                starting_deadline_seconds: Some(starting_deadline(&task)?),
                active_deadline_seconds: task.timeout_secs.map(|s| s + 300),
                repo_url,
                keep_clone: false,
                prepare: None,
                args: vec![
                    "cron".into(),
                    "run".into(),
                    "--task-file".into(),
                    TASK_FILE.into(),
                ],
                env: Vec::new(),
                config_path: None,
                volumes: vec![(
                    Volume {
                        name: "task".into(),
                        source: VolumeSource::ConfigMap {
                            name: TASKS_CONFIG_MAP.into(),
                            items: vec![KeyToPath {
                                key,
                                path: "task.json".into(),
                            }],
                        },
                    },
                    VolumeMount {
                        name: "task".into(),
                        mount_path: "/etc/pilotdeck/task".into(),
                        read_only: true,
                    },
                )],
            },
        ))));
        out.tasks.push(task.id.clone());
    }
    out.objects.push(Object::ConfigMap(ConfigMap {
        api_version: "v1",
        kind: "ConfigMap",
        metadata: ObjectMeta {
            name: TASKS_CONFIG_MAP.into(),
            namespace: cluster.namespace.clone(),
            labels: map([kubernetes::MANAGED_BY, (kubernetes::COMPONENT, "cron")]),
            annotations: Map::new(),
        },
        data,
    }));
    out.objects.extend(jobs);
    let keep: Vec<String> = out.tasks.iter().map(|t| t.0.clone()).collect();
    out.prune = kubernetes::prune_command(cluster.namespace.as_deref(), "cron", TASK_LABEL, &keep);
    Ok(out)
}

/// `cron run --task-file FILE`: stores the task of `file` in `home` (same id, in `project`; a task
/// already there gets the file's definition and keeps its history), runs it now and records it as
/// a scheduled run.
pub async fn run_spec(
    home: &PilotHome,
    env: &RunEnv,
    file: &Path,
    project: &Project,
    cancel: &CancellationToken,
) -> Result<RunRecord, Error> {
    let bad = |reason: String| Error::TaskFile {
        path: file.to_owned(),
        reason,
    };
    let text = std::fs::read_to_string(file).map_err(|e| bad(e.to_string()))?;
    let spec: TaskSpec = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    if spec.message.trim().is_empty() {
        return Err(Error::EmptyMessage);
    }
    super::schedule::parse_zone(&spec.timezone)?;
    project.ensure_dir(home)?;
    let path = home.state_db();
    let db = CronDb::open(&path)?;
    let now = Utc::now().trunc_subsecs(0);
    let existing = db.find(&spec.id.0).ok().filter(|t| t.id == spec.id);
    let task = Task {
        id: spec.id,
        name: spec.name,
        project_key: project.key.clone(),
        project_root: project.root.clone(),
        message: spec.message,
        schedule: spec.schedule,
        timezone: spec.timezone,
        model: spec.model,
        permission_mode: spec.permission_mode,
        timeout_secs: spec.timeout_secs,
        max_cost_usd: spec.max_cost_usd,
        catch_up: spec.catch_up,
        deliver: None,
        state: existing.as_ref().map_or(TaskState::Active, |t| t.state),
        created_at: existing.as_ref().map_or(now, |t| t.created_at),
        updated_at: now,
        cursor_at: existing.as_ref().map_or(now, |t| t.cursor_at.max(now)),
    };
    db.upsert_task(&task)?;
    let record = new_record(&task, None, Trigger::Schedule);
    db.insert_manual(&record)?;
    drop(db);
    execute(home, env, &path, &task, record, cancel).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shot_tasks_have_no_cron_expression() {
        let once = Schedule::Once { at: Utc::now() };
        assert!(k8s_schedule(&once).unwrap_err().contains("one-shot"));
    }
}
