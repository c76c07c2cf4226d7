//! Human and JSON output of `always-on` subcommands.

use std::path::Path;

use serde::Serialize;

use crate::always_on::apply::{ApplyReport, WorkspaceDiff};
use crate::always_on::db::{Cycle, PlanRow};
use crate::always_on::export::Pushed;
use crate::always_on::gates::format_ms;
use crate::always_on::review::{ProjectStatus, Shown};
use crate::always_on::settings::Edited;
use crate::always_on::{TickOutcome, TickReport};
use crate::cli::Context;
use crate::terminal::{inert, inert_line};

/// `always-on diff --json`.
#[derive(Debug, Serialize)]
struct PlanDiff<'a> {
    plan: &'a str,
    stat: &'a str,
    patch: &'a str,
}

/// `always-on discard --json`: the plan and the workspace that was removed.
#[derive(Debug, Serialize)]
struct Discarded<'a> {
    plan: &'a str,
    workspace: &'a Cycle,
}

/// `always-on apply --json`: the plan and what applying it did (or would do).
#[derive(Debug, Serialize)]
struct Applied<'a> {
    plan: &'a str,
    result: &'a ApplyReport,
}

/// One line per project and tick.
pub(super) fn tick_line(ctx: &Context, r: &TickReport) -> std::io::Result<()> {
    let project = r.project.display();
    for id in &r.reclaimed {
        ctx.out.warn(&format!(
            "{project}: run {id} was left running by a tick that died; recorded as failed"
        ));
    }
    let line = match r.outcome {
        TickOutcome::Gated => match &r.gate {
            Some(g) => format!("{project}: {} — {}", g.gate.as_str(), g.reason),
            None => format!("{project}: gated"),
        },
        TickOutcome::NoPlan => format!("{project}: no plan; nothing worth doing was found"),
        TickOutcome::Executed => format!(
            "{project}: plan {} \"{}\" executed in {}; report {}; review with `pilotdeck always-on show {}`",
            r.plan_id.as_deref().unwrap_or("?"),
            r.title.as_deref().unwrap_or(""),
            r.workspace
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            r.report
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            r.plan_id.as_deref().unwrap_or("?"),
        ),
        TickOutcome::Failed | TickOutcome::Interrupted => {
            let error = r.error.as_deref().unwrap_or("unknown error");
            match r.run_id.as_deref() {
                Some(run) => format!("{project}: run {run} failed: {error}"),
                None => format!("{project}: failed: {error}"),
            }
        }
    };
    let line = match (&r.error, r.outcome) {
        (Some(e), TickOutcome::Executed) => format!("{line}\n  the execution stopped early: {e}"),
        _ => line,
    };
    ctx.out.line(&inert(&line))
}

/// `always-on tick --json`: the array of reports with `--all`, else the one report.
pub(super) fn tick_json(ctx: &Context, reports: &[TickReport], all: bool) -> anyhow::Result<()> {
    if all {
        ctx.out.json(reports)?;
    } else if let Some(r) = reports.first() {
        ctx.out.json(r)?;
    }
    Ok(())
}

pub(super) fn status(ctx: &Context, all: &[ProjectStatus]) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(all)?;
        return Ok(());
    }
    for s in all {
        ctx.out
            .line(&format!("{} ({})", s.project.display(), s.project_key))?;
        let next = match &s.gate {
            Some(g) => format!("stops at {}: {}", g.gate.as_str(), g.reason),
            None => "would run".to_owned(),
        };
        ctx.out.line(&format!("  next tick:   {next}"))?;
        let last = match &s.last_run {
            Some(r) => format!(
                "{} {} at {}{}",
                r.id,
                r.outcome,
                format_ms(r.started_at),
                r.plan_id
                    .as_deref()
                    .map(|p| format!(" (plan {p})"))
                    .unwrap_or_default()
            ),
            None => "none".to_owned(),
        };
        ctx.out.line(&format!("  last run:    {last}"))?;
        ctx.out.line(&format!(
            "  dormant:     {}",
            s.dormant_since
                .as_deref()
                .map_or("no".to_owned(), |d| format!("since {d}"))
        ))?;
        ctx.out
            .line(&format!("  budget left: {} today", s.budget_left))?;
        if let Some(c) = &s.active_workspace {
            ctx.out.line(&format!(
                "  workspace:   {} ({}, {} plans)",
                c.path.display(),
                c.strategy,
                s.plans_in_workspace
            ))?;
        }
    }
    Ok(())
}

pub(super) fn plans(ctx: &Context, plans: &[PlanRow]) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(plans)?;
        return Ok(());
    }
    if plans.is_empty() {
        ctx.out.note("no always-on plans");
    }
    for p in plans {
        ctx.out.line(&format!(
            "{}  {:<20}  {}  {}",
            p.id,
            p.status,
            format_ms(p.created_at),
            inert_line(&p.title)
        ))?;
    }
    Ok(())
}

pub(super) fn show(ctx: &Context, shown: &Shown) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(shown)?;
        return Ok(());
    }
    let p = &shown.plan;
    ctx.out.line(&format!(
        "plan {} — {} ({})",
        p.id,
        inert_line(&p.title),
        p.status
    ))?;
    if let Some(c) = &shown.workspace {
        ctx.out.line(&format!(
            "workspace {} ({}{}, {})",
            c.path.display(),
            c.strategy,
            c.branch
                .as_deref()
                .map(|b| format!(", branch {b}"))
                .unwrap_or_default(),
            c.status
        ))?;
    }
    ctx.out.line("")?;
    ctx.out.raw(&inert(&shown.plan_text))?;
    if let Some(report) = &shown.report_text {
        ctx.out.line("\n---\n")?;
        ctx.out.raw(&inert(report))?;
    }
    if let Some(stat) = &shown.diffstat {
        ctx.out.line("\n--- workspace changes\n")?;
        ctx.out.raw(&if stat.trim().is_empty() {
            "no changes\n".into()
        } else {
            inert(stat)
        })?;
    }
    Ok(())
}

/// The files `apply` left alone because of a symbolic link in the user's tree or a failed write.
fn refused(ctx: &Context, r: &ApplyReport) -> anyhow::Result<()> {
    for c in &r.refused {
        ctx.out.line(&format!(
            "refused  {}  ({})",
            inert_line(&c.path),
            inert_line(&c.reason)
        ))?;
    }
    Ok(())
}

pub(super) fn applied(ctx: &Context, plan: &PlanRow, r: &ApplyReport) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Applied {
            plan: &plan.id,
            result: r,
        })?;
        return Ok(());
    }
    if !r.conflicts.is_empty() {
        ctx.out.error(&format!(
            "plan {}: {} file(s) conflict with your changes; nothing was applied",
            plan.id,
            r.conflicts.len()
        ));
        for c in &r.conflicts {
            ctx.out
                .line(&format!("conflict  {}  ({})", c.path, c.reason))?;
        }
        return refused(ctx, r);
    }
    let verb = if r.dry_run { "would apply" } else { "applied" };
    for f in &r.applied {
        let how = if r.merged.contains(f) {
            "merged"
        } else if r.added.contains(f) {
            "added"
        } else if r.deleted.contains(f) {
            "deleted"
        } else {
            "updated"
        };
        ctx.out
            .line(&format!("{how}  {}", inert_line(&f.to_string())))?;
    }
    refused(ctx, r)?;
    ctx.out.note(&format!(
        "{verb} {} file(s) from plan {}{}",
        r.applied.len(),
        plan.id,
        if r.unchanged.is_empty() {
            String::new()
        } else {
            format!(" ({} already up to date)", r.unchanged.len())
        }
    ));
    if !r.refused.is_empty() && r.conflicts.is_empty() {
        let keep = if r.dry_run {
            ""
        } else {
            "; the workspace is kept: apply again once fixed, or `pilotdeck always-on discard` it"
        };
        ctx.out.error(&format!(
            "plan {}: {} file(s) refused, left as they are in your tree{keep}",
            plan.id,
            r.refused.len()
        ));
    }
    Ok(())
}

/// The patch of a plan's workspace (with `--json`, also its stat).
pub(super) fn diff(ctx: &Context, plan: &PlanRow, diff: &WorkspaceDiff) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&PlanDiff {
            plan: &plan.id,
            stat: &diff.stat,
            patch: &diff.patch,
        })?;
    } else {
        ctx.out.raw(&crate::terminal::inert(&diff.patch))?;
    }
    Ok(())
}

pub(super) fn discarded(ctx: &Context, plan: &PlanRow, cycle: &Cycle) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Discarded {
            plan: &plan.id,
            workspace: cycle,
        })?;
        return Ok(());
    }
    let branch = cycle
        .branch
        .as_deref()
        .map(|b| format!(" and branch {b}"))
        .unwrap_or_default();
    ctx.out.line(&format!(
        "discarded the workspace {}{branch} of plan {}",
        cycle.path.display(),
        plan.id
    ))?;
    Ok(())
}

/// `always-on enable|disable`: the edit of the home config file.
pub(super) fn enabled(
    ctx: &Context,
    edited: &Edited,
    root: &Path,
    file: &Path,
    on: bool,
) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(edited)?;
        return Ok(());
    }
    let verb = if on { "enabled" } else { "disabled" };
    ctx.out.line(&format!(
        "always-on {verb} for {} (in {})",
        root.display(),
        file.display()
    ))?;
    if on {
        ctx.out.note(
            "run `pilotdeck always-on tick --all` from a timer (the repository's \
             examples/always-on/ has a systemd unit and timer) or keep \
             `pilotdeck always-on watch --all` running",
        );
    }
    Ok(())
}

/// `apply --patch FILE`.
pub(super) fn patch_written(
    ctx: &Context,
    plan: &PlanRow,
    files: usize,
    file: &Path,
) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&serde_json::json!({
            "plan": plan.id,
            "patch": file.display().to_string(),
            "files": files,
        }))?;
    } else {
        ctx.out.line(&format!(
            "wrote {} ({files} file(s) of plan {}); apply it with `git apply {}`",
            file.display(),
            plan.id,
            file.display()
        ))?;
    }
    Ok(())
}

/// `apply --push-branch BRANCH`.
pub(super) fn pushed(ctx: &Context, plan: &PlanRow, pushed: &Pushed) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&serde_json::json!({
            "plan": plan.id,
            "branch": pushed.branch,
            "commit": pushed.commit,
            "remote": pushed.remote,
        }))?;
    } else {
        ctx.out.line(&format!(
            "pushed plan {} as branch {} ({}) to {}",
            plan.id, pushed.branch, pushed.commit, pushed.remote
        ))?;
    }
    Ok(())
}
