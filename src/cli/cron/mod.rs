//! `pilotdeck cron …`: scheduled agent tasks. Each subcommand maps its flags to one `crate::cron`
//! operation and prints the result (a table or JSON on stdout; notes on stderr).

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgGroup, Args, Subcommand, ValueEnum};
use tokio_util::sync::CancellationToken;

mod install;
mod print;

use install::install_units;
use print::{print_list, print_runs, print_task, print_tick, run_line, run_outcome};

use crate::cli::args::{parse_duration, parse_mode};
use crate::cli::signals::cancel_on_signals;
use crate::cli::{Context, Outcome, UsageError};
use crate::config::{CronConfig, LoadOptions};
use crate::cron::{self, AddOptions, CatchUp, EditOptions, RunEnv, TickOptions, TickReport, When};
use crate::home::PilotHome;
use crate::tools::permission::PermissionMode;

#[derive(Debug, Subcommand)]
pub enum CronCommand {
    /// Schedule an agent task: prints its id and next three fire times
    Add(AddArgs),
    /// List tasks of this project (or all) with their next run
    List(ListArgs),
    /// Show one task, its next five fire times and its last run
    Show(IdArg),
    /// Change a task (only the flags given); a new schedule starts from now
    Edit(EditArgs),
    /// Remove a task (its run history stays)
    Rm(IdArg),
    /// Stop a task from firing until `resume`
    Pause(IdArg),
    /// Let a paused task fire again; slots missed while paused are not run
    Resume(IdArg),
    /// Run a task now, out of schedule, and wait for it
    Run(IdArg),
    /// Past runs, newest first
    History(HistoryArgs),
    /// Print the next fire times of a cron expression (checks it)
    Next(NextArgs),
    /// Run every due task once, then exit (for system cron / a systemd timer every minute)
    Tick(TickArgs),
    /// Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C
    Daemon,
    /// Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every minute
    Install(InstallArgs),
    /// Remove the files `install` wrote
    Uninstall(InstallArgs),
    /// Import tasks from a PilotDeck tasks.json (cron / once / delay schedules)
    Import(ImportArgs),
}

#[derive(Debug, Args)]
pub struct IdArg {
    /// Task id (or a unique prefix)
    id: String,
}

/// When a task fires and how it runs; shared by `add` and `edit`.
#[derive(Debug, Args)]
pub(super) struct TaskFlags {
    /// Fire on a 5-field cron expression or macro: '30 9 * * MON-FRI', '@daily'
    #[arg(long, value_name = "EXPR")]
    cron: Option<String>,
    /// Fire once at TIME (ISO 8601; without an offset it is in the task's time zone)
    #[arg(long, value_name = "TIME")]
    at: Option<String>,
    /// Fire once after DURATION: 30m, 2h, 1d
    #[arg(long = "in", value_name = "DURATION", value_parser = parse_duration)]
    in_: Option<Duration>,
    /// Fire every DURATION, starting now: 15m, 6h, 1d
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    every: Option<Duration>,
    /// IANA time zone of the schedule (default: cron.timezone, else the system zone)
    #[arg(long, value_name = "ZONE")]
    tz: Option<String>,
    /// A name for the task
    #[arg(long)]
    name: Option<String>,
    /// Model to use, provider/model (default: agent.model)
    #[arg(short, long)]
    model: Option<String>,
    /// What the agent may do: read-only, workspace-write or full ("ask" rules deny: nobody is there)
    #[arg(long, value_name = "MODE", value_parser = parse_mode)]
    permission_mode: Option<PermissionMode>,
    /// Stop a run after DURATION (default: cron.runTimeoutMinutes)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    timeout: Option<Duration>,
    /// Missed slots: skip (drop slots over 5 minutes late), once (run the latest) or all
    #[arg(long, value_name = "POLICY", value_enum)]
    catch_up: Option<CatchUpArg>,
    /// Also send each run's JSON record to file:PATH (appended) or exec:COMMAND (on stdin)
    #[arg(long, value_name = "TARGET")]
    deliver: Option<String>,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("when").required(true).args(["cron", "at", "in_", "every"])))]
pub struct AddArgs {
    #[command(flatten)]
    flags: TaskFlags,
    /// What the agent should do
    message: String,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("when").args(["cron", "at", "in_", "every"])))]
pub struct EditArgs {
    /// Task id (or a unique prefix)
    id: String,
    #[command(flatten)]
    flags: TaskFlags,
    /// A new message
    #[arg(long)]
    message: Option<String>,
    /// Stop delivering results
    #[arg(long, conflicts_with = "deliver")]
    no_deliver: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Tasks of every project, not just this one
    #[arg(long)]
    all_projects: bool,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Only this task's runs
    id: Option<String>,
    /// At most N runs
    #[arg(long, value_name = "N", default_value_t = 20)]
    limit: usize,
}

#[derive(Debug, Args)]
pub struct NextArgs {
    /// A cron expression: '0 9 * * MON-FRI', '@monthly'
    expr: String,
    /// IANA time zone (default: cron.timezone, else the system zone)
    #[arg(long, value_name = "ZONE")]
    tz: Option<String>,
    /// How many fire times
    #[arg(short = 'n', value_name = "N", default_value_t = 5)]
    count: usize,
    /// Start after TIME instead of now (ISO 8601)
    #[arg(long, value_name = "TIME")]
    after: Option<String>,
}

#[derive(Debug, Args)]
pub struct TickArgs {
    /// Evaluate schedules as if it were TIME (ISO 8601), to replay or debug a tick; runs still happen now
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("kind").args(["systemd", "launchd", "crontab"])))]
pub struct InstallArgs {
    /// A systemd user service + timer (the default on Linux)
    #[arg(long)]
    systemd: bool,
    /// A launchd agent plist (the default on macOS)
    #[arg(long)]
    launchd: bool,
    /// A crontab line (always printed, never installed)
    #[arg(long)]
    crontab: bool,
    /// Per-user units (the only kind pilotdeck writes; system-wide units are up to you)
    #[arg(long)]
    user: bool,
    /// Print the files instead of writing them
    #[arg(long)]
    print: bool,
    /// Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// PilotDeck's tasks.json (<PilotHome>/cron/projects/<slug>/tasks.json)
    file: PathBuf,
}

/// `--catch-up`: what a tick does with slots missed while nothing was ticking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
/// (Variants are explained in the flag's help; documenting them here would switch clap to the long
/// help layout for the whole command.)
enum CatchUpArg {
    Skip,
    Once,
    All,
}

impl From<CatchUpArg> for CatchUp {
    fn from(arg: CatchUpArg) -> CatchUp {
        match arg {
            CatchUpArg::Skip => CatchUp::Skip,
            CatchUpArg::Once => CatchUp::Once,
            CatchUpArg::All => CatchUp::All,
        }
    }
}

/// A cron error as anyhow, marked as a usage error (exit 2) when the user caused it.
pub(super) fn fail(e: cron::Error) -> anyhow::Error {
    if e.is_usage() {
        UsageError(e.to_string()).into()
    } else {
        e.into()
    }
}

/// `cron` section of the home config (plus the project's, when run inside one).
fn cron_config(ctx: &Context, home: &PilotHome) -> anyhow::Result<CronConfig> {
    let project_root = ctx.project(home).ok().map(|p| p.root);
    let loaded = crate::config::load(
        home,
        &LoadOptions {
            config_file: ctx.global.config.clone(),
            project_root,
            model_flag: None,
        },
    )?;
    Ok(loaded.config.cron.unwrap_or_default())
}

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

pub(super) async fn run(ctx: &Context, cmd: CronCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let env = RunEnv {
        config_file: ctx.global.config.clone(),
    };
    match cmd {
        CronCommand::Add(args) => {
            let config = cron_config(ctx, &home)?;
            let f = args.flags;
            let opts = AddOptions {
                when: when_of(&f)
                    .ok_or_else(|| UsageError("say when: --cron, --at, --in or --every".into()))?,
                tz: f.tz,
                default_tz: config.timezone,
                name: f.name,
                project: ctx.project(&home)?,
                model: f.model,
                permission_mode: f.permission_mode.map(|m| m.as_str().to_owned()),
                timeout: f.timeout,
                catch_up: f.catch_up.map(CatchUp::from).unwrap_or_default(),
                deliver: f.deliver,
                message: args.message,
            };
            let view = cron::add(&home, opts).map_err(fail)?;
            if view.next_at.is_some_and(|t| t <= chrono::Utc::now()) {
                ctx.out.note(&format!(
                    "note: that time is not in the future; the next tick runs it (catch-up: {})",
                    view.catch_up.as_str()
                ));
            }
            print_task(ctx, &view, "added")
        }
        CronCommand::Edit(args) => {
            let f = args.flags;
            let opts = EditOptions {
                when: when_of(&f),
                tz: f.tz,
                name: f.name,
                model: f.model,
                permission_mode: f.permission_mode.map(|m| m.as_str().to_owned()),
                timeout: f.timeout,
                catch_up: f.catch_up.map(CatchUp::from),
                deliver: if args.no_deliver {
                    Some(String::new())
                } else {
                    f.deliver
                },
                message: args.message,
            };
            let view = cron::edit(&home, &args.id, opts).map_err(fail)?;
            print_task(ctx, &view, "updated")
        }
        CronCommand::List(args) => {
            let project = if args.all_projects {
                None
            } else {
                Some(ctx.project(&home)?)
            };
            let views = cron::list(&home, project.as_ref()).map_err(fail)?;
            print_list(ctx, &views, args.all_projects)
        }
        CronCommand::Show(a) => {
            let view = cron::show(&home, &a.id).map_err(fail)?;
            print_task(ctx, &view, "task")
        }
        CronCommand::Rm(a) => {
            let id = cron::remove(&home, &a.id).map_err(fail)?;
            if ctx.out.json {
                ctx.out.json(&serde_json::json!({ "removed": id }))?;
            } else {
                ctx.out.line(&format!("removed {id}"))?;
            }
            Ok(Outcome::Success)
        }
        CronCommand::Pause(a) => {
            let view = cron::set_active(&home, &a.id, false).map_err(fail)?;
            print_task(ctx, &view, "paused")
        }
        CronCommand::Resume(a) => {
            let view = cron::set_active(&home, &a.id, true).map_err(fail)?;
            print_task(ctx, &view, "resumed")
        }
        CronCommand::Run(a) => {
            let cancel = CancellationToken::new();
            let _signals = cancel_on_signals(cancel.clone());
            let record = cron::run_now(&home, &env, &a.id, &cancel)
                .await
                .map_err(fail)?;
            print_runs(ctx, std::slice::from_ref(&record), true)?;
            Ok(run_outcome(&[record]))
        }
        CronCommand::History(a) => {
            let runs = cron::history(&home, a.id.as_deref(), a.limit).map_err(fail)?;
            print_runs(ctx, &runs, false)?;
            Ok(Outcome::Success)
        }
        CronCommand::Next(a) => {
            let config = cron_config(ctx, &home)?;
            let after = match &a.after {
                Some(t) => {
                    let zone = zone(a.tz.as_deref().or(config.timezone.as_deref()))?;
                    cron::schedule::parse_at(t, zone).map_err(fail)?
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
            if ctx.out.json {
                ctx.out.json(
                    &serde_json::json!({ "expression": a.expr, "timezone": tz, "times": times }),
                )?;
            } else {
                for t in &times {
                    ctx.out.line(t)?;
                }
            }
            Ok(Outcome::Success)
        }
        CronCommand::Tick(a) => {
            let config = cron_config(ctx, &home)?;
            let now = match &a.now {
                Some(t) => Some(
                    cron::schedule::parse_at(t, zone(config.timezone.as_deref())?).map_err(fail)?,
                ),
                None => None,
            };
            let cancel = CancellationToken::new();
            let _signals = cancel_on_signals(cancel.clone());
            let opts = TickOptions {
                now,
                cron: config,
                env,
            };
            let report = cron::tick(&home, &opts, &cancel).await.map_err(fail)?;
            print_tick(ctx, &report)?;
            if cancel.is_cancelled() {
                return Ok(Outcome::Interrupted);
            }
            Ok(run_outcome(&report.ran))
        }
        CronCommand::Daemon => {
            let config = cron_config(ctx, &home)?;
            let cancel = CancellationToken::new();
            let _signals = cancel_on_signals(cancel.clone());
            let opts = TickOptions {
                now: None,
                cron: config,
                env,
            };
            let out = ctx.out;
            let quiet = ctx.global.quiet;
            let mut on_tick = |r: &TickReport| {
                if out.json {
                    let _ = out.json_line(r);
                } else {
                    for run in &r.ran {
                        let _ = out.line(&run_line(run));
                    }
                    if !quiet {
                        for i in &r.interrupted {
                            out.warn(&run_line(i));
                        }
                    }
                }
            };
            cron::daemon(&home, &opts, &cancel, &mut on_tick)
                .await
                .map_err(fail)?;
            Ok(Outcome::Success)
        }
        CronCommand::Install(a) => install_units(ctx, &home, &a, false),
        CronCommand::Uninstall(a) => install_units(ctx, &home, &a, true),
        CronCommand::Import(a) => {
            let config = cron_config(ctx, &home)?;
            let project = ctx.project(&home)?;
            let report =
                cron::import(&home, &a.file, &project, config.timezone.as_deref()).map_err(fail)?;
            for w in &report.warnings {
                ctx.out.warn(w);
            }
            if ctx.out.json {
                ctx.out.json(&report)?;
            } else {
                for v in &report.imported {
                    ctx.out
                        .line(&format!("imported {} {}", v.id, v.schedule_text))?;
                }
            }
            Ok(Outcome::Success)
        }
    }
}

fn zone(name: Option<&str>) -> anyhow::Result<chrono_tz::Tz> {
    Ok(match name {
        Some(n) => cron::schedule::parse_zone(n).map_err(fail)?,
        None => cron::schedule::system_zone(),
    })
}
