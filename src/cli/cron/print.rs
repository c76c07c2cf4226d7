//! How `pilotdeck cron` prints tasks, runs and ticks: aligned text for people, JSON with `--json`.

use serde::Serialize;

use crate::cli::{Context, Outcome};
use crate::cron::{ImportReport, RunRecord, RunStatus, TaskId, TaskView, TickReport};
use crate::terminal::{inert, inert_line};

/// `cron rm --json`.
#[derive(Debug, Serialize)]
struct Removed<'a> {
    removed: &'a TaskId,
}

/// `cron next --json`: the expression, the zone it was read in, and its next fire times.
#[derive(Debug, Serialize)]
struct NextTimes<'a> {
    expression: &'a str,
    timezone: &'a str,
    times: &'a [String],
}

/// Exit 1 when a run did not complete.
pub(super) fn run_outcome(runs: &[RunRecord]) -> Outcome {
    Outcome::failed_if(runs.iter().any(|r| r.status != RunStatus::Completed))
}

pub(super) fn print_task(ctx: &Context, v: &TaskView, verb: &str) -> anyhow::Result<Outcome> {
    if ctx.out.json {
        ctx.out.json(v)?;
        return Ok(Outcome::Success);
    }
    let out = &ctx.out;
    out.line(&format!("{verb} {}", v.id))?;
    if let Some(n) = &v.name {
        out.line(&format!("  name      {}", inert_line(n)))?;
    }
    out.line(&format!("  schedule  {} ({})", v.schedule_text, v.timezone))?;
    out.line(&format!("  state     {}", v.state_str()))?;
    out.line(&format!("  project   {}", v.project))?;
    out.line(&format!("  message   {}", first_line(&v.message, 70)))?;
    if let Some(d) = &v.deliver {
        out.line(&format!("  deliver   {d}"))?;
    }
    for (i, t) in v.upcoming.iter().enumerate() {
        let label = if i == 0 { "next" } else { "" };
        out.line(&format!("  {label:<9} {t}"))?;
    }
    if let Some(r) = &v.last_run {
        out.line(&format!("  last run  {}", run_line(r)))?;
    }
    Ok(Outcome::Success)
}

/// `cron add`: the task, after a note when its first time has already passed.
pub(super) fn added(ctx: &Context, view: &TaskView) -> anyhow::Result<Outcome> {
    if view.next_at.is_some_and(|t| t <= chrono::Utc::now()) {
        ctx.out.note(&format!(
            "note: that time is not in the future; the next tick runs it (catch-up: {})",
            view.catch_up.as_str()
        ));
    }
    print_task(ctx, view, "added")
}

pub(super) fn removed(ctx: &Context, id: &TaskId) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Removed { removed: id })?;
    } else {
        ctx.out.line(&format!("removed {id}"))?;
    }
    Ok(())
}

pub(super) fn next_times(
    ctx: &Context,
    expression: &str,
    timezone: &str,
    times: &[String],
) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&NextTimes {
            expression,
            timezone,
            times,
        })?;
    } else {
        for t in times {
            ctx.out.line(t)?;
        }
    }
    Ok(())
}

pub(super) fn imported(ctx: &Context, report: &ImportReport) -> anyhow::Result<()> {
    for w in &report.warnings {
        ctx.out.warn(w);
    }
    if ctx.out.json {
        ctx.out.json(report)?;
    } else {
        for v in &report.imported {
            ctx.out
                .line(&format!("imported {} {}", v.id, v.schedule_text))?;
        }
    }
    Ok(())
}

pub(super) fn first_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    let short: String = line.chars().take(max).collect();
    let cut = short.len() < line.len();
    let short = inert_line(&short);
    if cut {
        format!("{short}…")
    } else {
        short.into_owned()
    }
}

pub(super) fn print_list(ctx: &Context, views: &[TaskView], all: bool) -> anyhow::Result<Outcome> {
    if ctx.out.json {
        ctx.out.json(views)?;
        return Ok(Outcome::Success);
    }
    if views.is_empty() {
        ctx.out
            .note("no cron tasks (`pilotdeck cron add --cron '0 9 * * *' \"…\"` adds one)");
        return Ok(Outcome::Success);
    }
    ctx.out.line(&format!(
        "{:<26}  {:<6}  {:<20}  {:<25}  {:<11}  NAME",
        "ID", "STATE", "SCHEDULE", "NEXT", "LAST"
    ))?;
    for v in views {
        let next = v.upcoming.first().map_or("-", String::as_str);
        let last = v.last_run.as_ref().map_or("-", |r| r.status.as_str());
        let mut name = v.name.clone().unwrap_or_else(|| first_line(&v.message, 40));
        if all {
            name = format!("{name}  [{}]", v.project);
        }
        ctx.out.line(&format!(
            "{:<26}  {:<6}  {:<20}  {:<25}  {:<11}  {name}",
            v.id.0,
            v.state_str(),
            first_line(&v.schedule_text, 20),
            next,
            last
        ))?;
    }
    Ok(Outcome::Success)
}

/// `<task> <slot|manual> <status> <duration> [error]`.
pub(super) fn run_line(r: &RunRecord) -> String {
    let slot = r.slot_at.map_or_else(
        || "manual".to_owned(),
        |s| s.to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
    );
    let took = r.duration_ms.map_or_else(
        || "-".to_owned(),
        |ms| format!("{:.1}s", ms as f64 / 1000.0),
    );
    let mut line = format!("{} {} {} {took}", r.task_id, slot, r.status.as_str());
    if let Some(e) = &r.error {
        line.push_str(&format!(" — {}", first_line(e, 120)));
    }
    if let Some(e) = &r.delivery_error {
        line.push_str(&format!(" (delivery failed: {})", first_line(e, 120)));
    }
    line
}

pub(super) fn print_runs(ctx: &Context, runs: &[RunRecord], single: bool) -> anyhow::Result<()> {
    if ctx.out.json {
        if single && let Some(r) = runs.first() {
            ctx.out.json(r)?;
        } else {
            ctx.out.json(runs)?;
        }
        return Ok(());
    }
    if runs.is_empty() {
        ctx.out.note("no runs yet");
    }
    for r in runs {
        ctx.out.line(&run_line(r))?;
        if single && !r.text.is_empty() {
            ctx.out.line(&inert(r.text.trim_end()))?;
        }
    }
    Ok(())
}

/// One `cron daemon` tick as it happens: a JSON line, or a line per run (write errors are ignored:
/// the daemon keeps running).
pub(super) fn daemon_tick(ctx: &Context, r: &TickReport) {
    let out = &ctx.out;
    if out.json {
        let _ = out.json_line(r);
        return;
    }
    for run in &r.ran {
        let _ = out.line(&run_line(run));
    }
    if !ctx.global.quiet {
        for i in &r.interrupted {
            out.warn(&run_line(i));
        }
    }
}

pub(super) fn print_tick(ctx: &Context, report: &TickReport) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(report)?;
        return Ok(());
    }
    // Quiet (as the installed units run it): only runs that need attention, so cron mails
    // nothing for a tick whose runs completed.
    let shown = report
        .ran
        .iter()
        .filter(|r| !ctx.global.quiet || r.status != crate::cron::RunStatus::Completed);
    for r in shown {
        ctx.out.line(&run_line(r))?;
    }
    if ctx.global.quiet {
        return Ok(());
    }
    for r in &report.interrupted {
        ctx.out.warn(&run_line(r));
    }
    for p in &report.problems {
        ctx.out.warn(p);
    }
    for d in &report.dropped {
        ctx.out.note(&format!(
            "{}: dropped {} missed slot(s) (catch-up policy)",
            d.task_id, d.slots
        ));
    }
    if let Some(reason) = &report.idle_reason {
        ctx.out.note(reason);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_results_keep_their_json_shape() {
        let id = TaskId("01jd".to_owned());
        assert_eq!(
            serde_json::to_string(&Removed { removed: &id }).unwrap(),
            r#"{"removed":"01jd"}"#
        );
        let times = ["2026-12-01T09:00:00+08:00".to_owned()];
        let next = NextTimes {
            expression: "0 9 * * *",
            timezone: "Asia/Shanghai",
            times: &times,
        };
        assert_eq!(
            serde_json::to_string(&next).unwrap(),
            r#"{"expression":"0 9 * * *","timezone":"Asia/Shanghai","times":["2026-12-01T09:00:00+08:00"]}"#
        );
    }
}
