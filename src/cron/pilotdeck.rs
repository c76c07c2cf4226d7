//! Reading tasks written by PilotDeck (`<PilotHome>/cron/projects/<slug>/tasks.json`, schema 1) into
//! pilotdeck's store: `pilotdeck cron import FILE`.
//!
//! PilotDeck schedules are `{"kind": "cron", "expression", "timezone"?}`, `{"kind": "once", "runAt"}`
//! and `{"kind": "delay", "amount", "unit"}` (the discriminator is also accepted as `type`, the
//! expression as `expr`/`cron`). Differences that change behaviour are reported as warnings:
//! PilotDeck ANDs a restricted day-of-month with a restricted day-of-week, pilotdeck ORs them (Vixie
//! cron); a `runAt` without an offset was host-local time there and is the task's zone here.
//! Each task is named `pilotdeck-<taskId>`; importing the same file again skips tasks already there.

use std::path::Path;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;

use super::Error;
use super::ops::{AddOptions, TaskView, When, add};
use super::task::CatchUp;
use crate::home::{PilotHome, Project};

/// What an import did.
#[derive(Debug, Clone, Serialize)]
pub struct ImportReport {
    pub imported: Vec<TaskView>,
    pub warnings: Vec<String>,
}

/// Imports every task in a PilotDeck `tasks.json`. The project is the `.cwd` marker beside the file
/// when there is one, else `fallback`.
pub fn import(
    home: &PilotHome,
    file: &Path,
    fallback: &Project,
    default_tz: Option<&str>,
) -> Result<ImportReport, Error> {
    let bad = |reason: String| Error::Import {
        path: file.to_owned(),
        reason,
    };
    let text = std::fs::read_to_string(file).map_err(|e| bad(e.to_string()))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let tasks = doc
        .get("tasks")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("no `tasks` array (expected PilotDeck's tasks.json)".into()))?;
    let project = file
        .parent()
        .map(|d| d.join(".cwd"))
        .and_then(|m| std::fs::read_to_string(m).ok())
        .map(|p| p.trim().to_owned())
        .filter(|p| Path::new(p).is_dir())
        .map(|p| {
            let decision = crate::config::trust::Decision::Recorded;
            crate::config::resolve(home, Path::new(&p), None, decision).map(|r| r.project)
        })
        .transpose()?
        .unwrap_or_else(|| fallback.clone());
    let mut report = ImportReport {
        imported: Vec::new(),
        warnings: Vec::new(),
    };
    let existing: Vec<String> = super::ops::list(home, None)?
        .into_iter()
        .filter_map(|v| v.name)
        .collect();
    for (i, task) in tasks.iter().enumerate() {
        let id = task
            .get("taskId")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_owned();
        let name = format!("pilotdeck-{id}");
        if existing.contains(&name) {
            report
                .warnings
                .push(format!("task {id} skipped: already imported as `{name}`"));
            continue;
        }
        match convert(task) {
            Ok((when, tz, message, warning)) => {
                if let Some(w) = warning {
                    report.warnings.push(format!("task {id}: {w}"));
                }
                let view = add(
                    home,
                    AddOptions {
                        when,
                        tz,
                        default_tz: default_tz.map(str::to_owned),
                        name: Some(name),
                        project: project.clone(),
                        model: None,
                        permission_mode: None,
                        timeout: None,
                        max_cost_usd: None,
                        catch_up: CatchUp::Once,
                        deliver: None,
                        message,
                    },
                )?;
                report.imported.push(view);
            }
            Err(reason) => report
                .warnings
                .push(format!("task #{i} ({id}) skipped: {reason}")),
        }
    }
    Ok(report)
}

type Converted = (When, Option<String>, String, Option<String>);

/// One PilotDeck task → what `add` needs, plus a behaviour warning.
pub(super) fn convert(task: &Value) -> Result<Converted, String> {
    let message = task
        .get("message")
        .and_then(Value::as_str)
        .ok_or("no message")?
        .to_owned();
    let schedule = task.get("schedule").ok_or("no schedule")?;
    let str_of = |v: &Value, keys: &[&str]| {
        keys.iter()
            .find_map(|k| v.get(*k).and_then(Value::as_str))
            .map(str::to_owned)
    };
    let tz = str_of(schedule, &["timezone"]).or_else(|| str_of(task, &["timezone"]));
    let kind = str_of(schedule, &["kind", "type"]).ok_or("schedule has no kind")?;
    match kind.as_str() {
        "cron" => {
            let expr = str_of(schedule, &["expression", "expr", "cron"])
                .ok_or("cron schedule has no expression")?;
            let fields: Vec<&str> = expr.split_whitespace().collect();
            let warning = (fields.len() == 5
                && !fields[2].starts_with('*')
                && !fields[4].starts_with('*'))
            .then(|| {
                format!(
                    "`{expr}` restricts both day-of-month and day-of-week: PilotDeck required both, \
                     pilotdeck fires when either matches (Vixie cron)"
                )
            });
            Ok((When::Cron(expr), tz, message, warning))
        }
        "once" => {
            let at = str_of(schedule, &["runAt"]).ok_or("once schedule has no runAt")?;
            let warning = DateTime::parse_from_rfc3339(&at).is_err().then(|| {
                format!("runAt `{at}` has no offset: read in the task's zone, not host-local time")
            });
            Ok((When::At(at), tz, message, warning))
        }
        "delay" => {
            let amount = schedule
                .get("amount")
                .and_then(Value::as_u64)
                .ok_or("delay has no amount")?;
            let unit = match str_of(schedule, &["unit"]).as_deref() {
                Some("second") => 1,
                Some("minute") => 60,
                Some("hour") => 3600,
                Some("day") => 86_400,
                other => return Err(format!("unknown delay unit {other:?}")),
            };
            let created = str_of(task, &["createdAt"])
                .and_then(|c| DateTime::parse_from_rfc3339(&c).ok())
                .map(|c| c.with_timezone(&Utc));
            let at = created.unwrap_or_else(Utc::now)
                + chrono::Duration::seconds((amount * unit) as i64);
            Ok((When::At(at.to_rfc3339()), tz, message, None))
        }
        other => Err(format!("unknown schedule kind `{other}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_three_pilotdeck_kinds() {
        let cron = serde_json::json!({"message": "m", "schedule": {"kind": "cron", "expression": "0 9 1 * MON", "timezone": "Asia/Shanghai"}});
        let (when, tz, _, warning) = convert(&cron).unwrap();
        assert_eq!(when, When::Cron("0 9 1 * MON".into()));
        assert_eq!(tz.as_deref(), Some("Asia/Shanghai"));
        assert!(warning.unwrap().contains("either"));
        let once = serde_json::json!({"message": "m", "schedule": {"type": "once", "runAt": "2026-12-01T09:00:00.000Z"}});
        assert_eq!(
            convert(&once).unwrap().0,
            When::At("2026-12-01T09:00:00.000Z".into())
        );
        let delay = serde_json::json!({"message": "m", "createdAt": "2026-12-01T09:00:00Z", "schedule": {"kind": "delay", "amount": 2, "unit": "hour"}});
        assert_eq!(
            convert(&delay).unwrap().0,
            When::At("2026-12-01T11:00:00+00:00".into())
        );
    }
}
