//! `pilotdeck cron …`: scheduled agent tasks. Each subcommand is one function that maps its flags to
//! one `crate::cron` operation and hands the result to `print` (a table or JSON on stdout; notes on
//! stderr). This file holds the flags and the dispatch; `tasks` the task table (add, edit, list, show,
//! rm, pause, resume, next, import), `runs` running them (run, history, tick, daemon), `install` the
//! scheduler units and Kubernetes CronJobs.

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgGroup, Args, Subcommand, ValueEnum};

mod install;
mod print;
mod runs;
mod tasks;

use install::install_units;

use crate::cli::args::{parse_duration, parse_mode};
use crate::cli::{Context, Outcome, UsageError};
use crate::config::trust::Decision;
use crate::config::{CronConfig, LoadOptions};
use crate::cron::{self, CatchUp, RunEnv};
use crate::home::{PilotHome, Project};
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
    Run(RunArgs),
    /// Past runs, newest first
    History(HistoryArgs),
    /// Print the next fire times of a cron expression (checks it)
    Next(NextArgs),
    /// Run every due task once, then exit (for system cron / a systemd timer every minute)
    Tick(TickArgs),
    /// Keep ticking: sleep until the next due time; stops on SIGTERM or Ctrl-C
    Daemon,
    /// Write (or print) a systemd timer, launchd agent or crontab line running `cron tick` every
    /// minute, or Kubernetes CronJobs, one per active task
    Install(InstallArgs),
    /// Remove the files `install` wrote (for Kubernetes: print the `kubectl delete` command)
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
    /// Stop a run before a model call that could take its cost over USD (catalog prices)
    #[arg(long, value_name = "USD", value_parser = crate::cli::args::parse_usd)]
    max_cost: Option<f64>,
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
pub struct RunArgs {
    /// Task id (or a unique prefix)
    #[arg(required_unless_present = "task_file")]
    id: Option<String>,
    /// Run the task written in FILE (as `install --kubernetes` puts it in the pod), stored in this
    /// PilotHome under its id in the current project; the run is recorded as scheduled
    #[arg(long, value_name = "FILE", conflicts_with = "id")]
    task_file: Option<PathBuf>,
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
#[command(group(ArgGroup::new("kind").args(["systemd", "launchd", "crontab", "kubernetes"])))]
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
    /// Kubernetes CronJobs, one per active task, with their PersistentVolumeClaim and task ConfigMap
    #[arg(long)]
    kubernetes: bool,
    /// Per-user units (the only kind pilotdeck writes; system-wide units are up to you)
    #[arg(long)]
    user: bool,
    /// Print the files instead of writing them
    #[arg(long, conflicts_with = "kubernetes")]
    print: bool,
    /// Write into DIR (default: ~/.config/systemd/user or ~/Library/LaunchAgents)
    #[arg(long, value_name = "DIR", conflicts_with = "kubernetes")]
    dir: Option<PathBuf>,
    #[command(flatten)]
    kube: crate::cli::kubernetes::KubeArgs,
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

/// The project at the current directory, and the `cron` section of the home config plus that
/// project's (the home's alone when the directory is no project): one load.
pub(super) fn cron_config(
    ctx: &Context,
    home: &PilotHome,
) -> anyhow::Result<(anyhow::Result<Project>, CronConfig)> {
    let (project, config) = merged_config(ctx, home)?;
    Ok((project, config.cron.unwrap_or_default()))
}

/// The project at the current directory and the merged configuration there: one load.
pub(super) fn merged_config(
    ctx: &Context,
    home: &PilotHome,
) -> anyhow::Result<(anyhow::Result<Project>, crate::config::Config)> {
    let (project, loaded) = match ctx.resolve(home, Decision::Recorded) {
        Ok(resolved) => (Ok(resolved.project), resolved.loaded?),
        Err(e) => {
            let options = LoadOptions {
                config_file: ctx.global.config.clone(),
                project_root: None,
                model_flag: None,
            };
            (Err(e), crate::config::load(home, &options)?)
        }
    };
    Ok((project, loaded.config))
}

/// A task's `-m` must name a model the configuration there can reach, as `run -m` must.
pub(super) fn check_model(
    config: &crate::config::Config,
    model: Option<&str>,
) -> anyhow::Result<()> {
    if let Some(model) = model {
        config
            .resolve_model(model)
            .map_err(|e| UsageError(e.to_string()))?;
    }
    Ok(())
}

pub(super) async fn run(ctx: &Context, cmd: CronCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let env = RunEnv {
        config_file: ctx.global.config.clone(),
    };
    match cmd {
        CronCommand::Add(a) => tasks::add(ctx, &home, a),
        CronCommand::Edit(a) => tasks::edit(ctx, &home, a),
        CronCommand::List(a) => tasks::list(ctx, &home, &a),
        CronCommand::Show(a) => tasks::show(ctx, &home, &a),
        CronCommand::Rm(a) => tasks::remove(ctx, &home, &a),
        CronCommand::Pause(a) => tasks::set_active(ctx, &home, &a, false),
        CronCommand::Resume(a) => tasks::set_active(ctx, &home, &a, true),
        CronCommand::Next(a) => tasks::next(ctx, &home, &a),
        CronCommand::Import(a) => tasks::import(ctx, &home, &a),
        CronCommand::Run(a) => runs::run_now(ctx, &home, &env, &a).await,
        CronCommand::History(a) => runs::history(ctx, &home, &a),
        CronCommand::Tick(a) => runs::tick(ctx, &home, env, &a).await,
        CronCommand::Daemon => runs::daemon(ctx, &home, env).await,
        CronCommand::Install(a) if a.kubernetes => install::kubernetes(ctx, &home, &a),
        CronCommand::Install(a) => install_units(ctx, &home, &a, false),
        CronCommand::Uninstall(a) if a.kubernetes => install::kubernetes_uninstall(ctx, &a),
        CronCommand::Uninstall(a) => install_units(ctx, &home, &a, true),
    }
}

/// The zone named `name`, else the system zone.
pub(super) fn zone(name: Option<&str>) -> anyhow::Result<crate::zone::Zone> {
    Ok(match name {
        Some(n) => cron::schedule::parse_zone(n).map_err(fail)?,
        None => cron::schedule::system_zone(),
    })
}
