//! `cron add|edit|list|show|rm|pause|resume|next|import`: the task table, one function per subcommand.

use super::print::{self, print_list, print_task};
use super::{
    AddArgs, EditArgs, IdArg, ImportArgs, ListArgs, NextArgs, TaskFlags, check_model, cron_config,
    fail, merged_config, zone,
};
use crate::cli::{Context, Outcome, UsageError};
use crate::cron::{self, AddOptions, CatchUp, EditOptions, When};
use crate::home::PilotHome;

fn when_of(flags: &TaskFlags) -> Option<When> {
    if let Some(e) = &flags.cron {
        Some(When::Cron(e.clone()))
    } else if let Some(t) = &flags.at {
        Some(When::At(t.clone()))
    } else if let Some(d) = flags.in_ {
        Some(When::In(d))
    } else {
        flags.every.map(When::Every)
    }
}

pub(super) fn add(ctx: &Context, home: &PilotHome, args: AddArgs) -> anyhow::Result<Outcome> {
    let (project, config) = merged_config(ctx, home)?;
    let f = args.flags;
    check_model(&config, f.model.as_deref())?;
    let config = config.cron.unwrap_or_default();
    let opts = AddOptions {
        when: when_of(&f)
            .ok_or_else(|| UsageError("say when: --cron, --at, --in or --every".into()))?,
        tz: f.tz,
        default_tz: config.timezone,
        name: f.name,
        project: project?,
        model: f.model,
        permission_mode: f.permission_mode.map(|m| m.as_str().to_owned()),
        timeout: f.timeout,
        max_cost_usd: f.max_cost,
        catch_up: f.catch_up.map(CatchUp::from).unwrap_or_default(),
        deliver: f.deliver,
        message: args.message,
    };
    let view = cron::add(home, opts).map_err(fail)?;
    print::added(ctx, &view)
}

pub(super) fn edit(ctx: &Context, home: &PilotHome, args: EditArgs) -> anyhow::Result<Outcome> {
    let f = args.flags;
    if f.model.is_some() {
        check_model(&merged_config(ctx, home)?.1, f.model.as_deref())?;
    }
    let opts = EditOptions {
        when: when_of(&f),
        tz: f.tz,
        name: f.name,
        model: f.model,
        permission_mode: f.permission_mode.map(|m| m.as_str().to_owned()),
        timeout: f.timeout,
        max_cost_usd: f.max_cost,
        catch_up: f.catch_up.map(CatchUp::from),
        deliver: if args.no_deliver {
            Some(String::new())
        } else {
            f.deliver
        },
        message: args.message,
    };
    let view = cron::edit(home, &args.id, opts).map_err(fail)?;
    print_task(ctx, &view, "updated")
}

pub(super) fn list(ctx: &Context, home: &PilotHome, args: &ListArgs) -> anyhow::Result<Outcome> {
    let project = if args.all_projects {
        None
    } else {
        Some(ctx.project(home)?)
    };
    let views = cron::list(home, project.as_ref()).map_err(fail)?;
    print_list(ctx, &views, args.all_projects)
}

pub(super) fn show(ctx: &Context, home: &PilotHome, a: &IdArg) -> anyhow::Result<Outcome> {
    let view = cron::show(home, &a.id).map_err(fail)?;
    print_task(ctx, &view, "task")
}

pub(super) fn remove(ctx: &Context, home: &PilotHome, a: &IdArg) -> anyhow::Result<Outcome> {
    let id = cron::remove(home, &a.id).map_err(fail)?;
    print::removed(ctx, &id)?;
    Ok(Outcome::Success)
}

/// `pause` (`active` false) and `resume`.
pub(super) fn set_active(
    ctx: &Context,
    home: &PilotHome,
    a: &IdArg,
    active: bool,
) -> anyhow::Result<Outcome> {
    let view = cron::set_active(home, &a.id, active).map_err(fail)?;
    print_task(ctx, &view, if active { "resumed" } else { "paused" })
}

pub(super) fn next(ctx: &Context, home: &PilotHome, a: &NextArgs) -> anyhow::Result<Outcome> {
    let (_, config) = cron_config(ctx, home)?;
    let after = match &a.after {
        Some(t) => {
            let zone = zone(a.tz.as_deref().or(config.timezone.as_deref()))?;
            cron::schedule::parse_at(t, &zone).map_err(fail)?
        }
        None => chrono::Utc::now(),
    };
    let (tz, times) = cron::next(
        &a.expr,
        a.tz.as_deref(),
        config.timezone.as_deref(),
        after,
        a.count,
    )
    .map_err(fail)?;
    print::next_times(ctx, &a.expr, &tz, &times)?;
    Ok(Outcome::Success)
}

pub(super) fn import(ctx: &Context, home: &PilotHome, a: &ImportArgs) -> anyhow::Result<Outcome> {
    let (project, config) = cron_config(ctx, home)?;
    let project = project?;
    let report = cron::import(home, &a.file, &project, config.timezone.as_deref()).map_err(fail)?;
    print::imported(ctx, &report)?;
    Ok(Outcome::Success)
}
