//! `pilotdeck always-on …`: autonomous background work. Each subcommand is one function that maps
//! its flags to one `crate::always_on` operation and hands the result to `print` (text or JSON on
//! stdout; notes on stderr).
//! A closed gate is a success (exit 0) with its reason printed.

mod print;

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, Subcommand};
use tokio_util::sync::CancellationToken;

use crate::always_on::{self, Target, TickOptions, TickOutcome, TickReport, review, settings};
use crate::cli::signals::cancel_on_signals;
use crate::cli::{Context, Outcome, UsageError};
use crate::config::trust::Decision;
use crate::config::{Config, LoadOptions};
use crate::home::{PilotHome, Project, expand_tilde, project_key};
use crate::terminal::inert_line;

#[derive(Debug, Subcommand)]
pub enum AlwaysOnCommand {
    /// One round: check the gates, then discover, execute and report (a closed gate exits 0)
    Tick(TickArgs),
    /// Keep ticking: every trigger.tickIntervalMinutes, and when project files change
    Watch(AllArgs),
    /// Per project: where the next tick would stop, last run, dormancy, budget left
    Status(AllArgs),
    /// List the plans of this project (or all), newest first
    Plans(AllArgs),
    /// Show a plan, its report and the diffstat of its workspace
    Show(PlanArg),
    /// Print the diff of a plan's workspace against the project as it was
    Diff(PlanArg),
    /// Bring a plan's workspace changes into the project (three-way; nothing on conflict), or out
    /// as a patch file or a pushed branch
    Apply(ApplyArgs),
    /// Remove a plan's workspace: the git worktree and its branch, or the snapshot
    Discard(PlanArg),
    /// Turn always-on on for a project (edits alwaysOn in the home config file)
    Enable(DirArg),
    /// Turn always-on off for a project
    Disable(DirArg),
    /// Write (or print) Kubernetes CronJobs running `always-on tick` in clones of REPO_URLs
    Install(InstallArgs),
}

#[derive(Debug, Args)]
pub struct InstallArgs {
    /// Kubernetes CronJobs, one per repository, with their PersistentVolumeClaim (the only kind)
    #[arg(long, required = true)]
    kubernetes: bool,
    /// Git URLs of the repositories to work on (cloned by each pod's init container)
    #[arg(value_name = "REPO_URL", required = true)]
    repos: Vec<String>,
    #[command(flatten)]
    kube: crate::cli::kubernetes::KubeArgs,
}

#[derive(Debug, Args)]
pub struct TickArgs {
    /// Every project in alwaysOn.projects instead of this one
    #[arg(long)]
    all: bool,
    /// Skip the time gates (dormancy, recent user message, cooldown, daily budget); never the lock
    #[arg(long)]
    force: bool,
}

#[derive(Debug, Args)]
pub struct AllArgs {
    /// Every project (in alwaysOn.projects, or with plans) instead of this one
    #[arg(long)]
    all: bool,
}

#[derive(Debug, Args)]
pub struct PlanArg {
    /// Plan id (or a unique prefix)
    plan: String,
}

#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// Plan id (or a unique prefix)
    plan: String,
    /// Only say what would be applied, or what conflicts
    #[arg(long, conflicts_with_all = ["patch", "push_branch"])]
    dry_run: bool,
    /// Write the change as a unified diff to FILE instead (the project is not touched)
    #[arg(long, value_name = "FILE", conflicts_with = "push_branch")]
    patch: Option<PathBuf>,
    /// Commit the change in the workspace and push it to the project's origin as BRANCH instead
    /// (the project is not touched; always-on itself never pushes)
    #[arg(long, value_name = "BRANCH")]
    push_branch: Option<String>,
}

#[derive(Debug, Args)]
pub struct DirArg {
    /// The project directory (default: -C DIR, else the current directory)
    dir: Option<PathBuf>,
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_owned())
    }
}

/// A project to tick and its merged configuration, from one load.
type Configured = (Target, Result<Config, crate::config::Error>);

/// The project at `dir` and its configuration, or — when the directory is gone — a target that the
/// `project_missing` gate will report, with the home layers only.
fn target_at(ctx: &Context, home: &PilotHome, dir: &Path) -> Configured {
    match ctx.resolve_at(home, dir, Decision::Recorded) {
        Ok(resolved) => {
            let target = Target {
                root: resolved.project.root,
                key: resolved.project.key,
            };
            (target, resolved.loaded.map(|loaded| loaded.config))
        }
        Err(_) => {
            let root = absolute(dir);
            let target = Target {
                key: project_key(&root),
                root,
            };
            (target, home_config(ctx, home))
        }
    }
}

/// The merged configuration of the home layers alone.
fn home_config(ctx: &Context, home: &PilotHome) -> Result<Config, crate::config::Error> {
    let options = LoadOptions {
        config_file: ctx.global.config.clone(),
        project_root: None,
        model_flag: None,
    };
    crate::config::load(home, &options).map(|loaded| loaded.config)
}

/// This project, or with `all` every project in `alwaysOn.projects`, each with its configuration.
fn targets(ctx: &Context, home: &PilotHome, all: bool) -> anyhow::Result<Vec<Configured>> {
    if !all {
        return Ok(vec![target_at(ctx, home, &ctx.cwd()?)]);
    }
    let config = home_config(ctx, home)?;
    Ok(config
        .always_on
        .projects
        .keys()
        .map(|p| target_at(ctx, home, &expand_tilde(p)))
        .collect())
}

fn fail(e: always_on::Error) -> anyhow::Error {
    match e {
        always_on::Error::PlanNotFound { .. }
        | always_on::Error::AmbiguousPlan { .. }
        | always_on::Error::NoWorkspace { .. }
        | always_on::Error::WorkspaceClosed { .. }
        | always_on::Error::NotAWorktree { .. } => UsageError(e.to_string()).into(),
        other => other.into(),
    }
}

pub(super) async fn run(ctx: &Context, cmd: AlwaysOnCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    match cmd {
        AlwaysOnCommand::Tick(args) => tick(ctx, &home, &args).await,
        AlwaysOnCommand::Watch(args) => watch(ctx, &home, args.all).await,
        AlwaysOnCommand::Status(args) => status(ctx, &home, args.all),
        AlwaysOnCommand::Plans(args) => plans(ctx, &home, args.all),
        AlwaysOnCommand::Show(arg) => show(ctx, &home, &arg.plan),
        AlwaysOnCommand::Diff(arg) => diff(ctx, &home, &arg.plan),
        AlwaysOnCommand::Apply(args) => apply(ctx, &home, &args).await,
        AlwaysOnCommand::Discard(arg) => discard(ctx, &home, &arg.plan),
        AlwaysOnCommand::Enable(arg) => enable(ctx, &home, arg.dir.as_deref(), true),
        AlwaysOnCommand::Disable(arg) => enable(ctx, &home, arg.dir.as_deref(), false),
        AlwaysOnCommand::Install(args) => install(ctx, &home, &args),
    }
}

async fn tick(ctx: &Context, home: &PilotHome, args: &TickArgs) -> anyhow::Result<Outcome> {
    let cancel = CancellationToken::new();
    let _signals = cancel_on_signals(cancel.clone());
    let opts = TickOptions { force: args.force };
    let mut reports = Vec::new();
    for (target, config) in targets(ctx, home, args.all)? {
        // With --all one project's broken configuration or state fails that project's tick, not
        // every other's.
        let ticked = match config {
            Ok(config) => always_on::tick(home, &config, &target, opts, &cancel)
                .await
                .with_context(|| format!("always-on tick in {}", target.root.display())),
            Err(e) if args.all => Err(e.into()),
            Err(e) => return Err(e.into()),
        };
        let report = match ticked {
            Ok(report) => report,
            Err(e) if args.all => TickReport::failed(&target, format!("{e:#}")),
            Err(e) => return Err(e),
        };
        if !ctx.out.json {
            print::tick_line(ctx, &report)?;
        }
        reports.push(report);
        if cancel.is_cancelled() {
            break;
        }
    }
    if ctx.out.json {
        print::tick_json(ctx, &reports, args.all)?;
    }
    Ok(outcome_of(&reports))
}

/// The exit code of a tick: interrupted > account error > failed > success.
fn outcome_of(reports: &[TickReport]) -> Outcome {
    if reports
        .iter()
        .any(|r| r.outcome == TickOutcome::Interrupted)
    {
        Outcome::Interrupted
    } else if reports.iter().any(|r| r.account_error) {
        Outcome::AccountError
    } else if reports
        .iter()
        .any(|r| r.outcome == TickOutcome::Failed || r.error.is_some())
    {
        Outcome::Failed
    } else {
        Outcome::Success
    }
}

async fn watch(ctx: &Context, home: &PilotHome, all: bool) -> anyhow::Result<Outcome> {
    let cancel = CancellationToken::new();
    let _signals = cancel_on_signals(cancel.clone());
    let (targets, configs): (Vec<Target>, Vec<_>) = targets(ctx, home, all)?.into_iter().unzip();
    let settings = match configs.into_iter().next() {
        Some(config) => config?,
        None => home_config(ctx, home)?,
    }
    .always_on;
    // Every tick loads its project's configuration afresh: a long watch sees edits.
    let load = |t: &Target| {
        let options = LoadOptions {
            config_file: ctx.global.config.clone(),
            project_root: Some(t.root.clone()).filter(|r| r.is_dir()),
            model_flag: None,
        };
        crate::config::load(home, &options)
            .map(|loaded| loaded.config)
            .map_err(|e| format!("{e:#}"))
    };
    let out = ctx.out;
    let mut write_error = None;
    let mut on_report = |r: &TickReport| {
        let written = if out.json {
            out.json_line(r)
        } else {
            print::tick_line(ctx, r)
        };
        if let Err(e) = written {
            write_error.get_or_insert(e);
        }
    };
    let mut on_error = |t: &Target, e: String| {
        out.error(&format!("always-on tick in {}: {e}", t.root.display()));
    };
    always_on::watch(
        home,
        &settings,
        &targets,
        &load,
        &cancel,
        &mut on_report,
        &mut on_error,
    )
    .await
    .map_err(fail)?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    Ok(Outcome::Success)
}

fn status(ctx: &Context, home: &PilotHome, all: bool) -> anyhow::Result<Outcome> {
    let mut statuses = Vec::new();
    let mut outcome = Outcome::Success;
    for (target, config) in targets(ctx, home, all)? {
        let status = config
            .map_err(anyhow::Error::from)
            .and_then(|config| review::status(home, &config.always_on, &target).map_err(fail));
        match status {
            Ok(status) => statuses.push(status),
            // With --all one project's broken configuration is reported, and the others shown.
            Err(e) if all => {
                ctx.out.error(&format!(
                    "{}: {e:#}",
                    inert_line(&target.root.display().to_string())
                ));
                outcome = Outcome::Failed;
            }
            Err(e) => return Err(e),
        }
    }
    print::status(ctx, &statuses)?;
    Ok(outcome)
}

fn plans(ctx: &Context, home: &PilotHome, all: bool) -> anyhow::Result<Outcome> {
    let key = if all {
        None
    } else {
        Some(target_at(ctx, home, &ctx.cwd()?).0.key)
    };
    let plans = review::plans(home, key.as_ref()).map_err(fail)?;
    print::plans(ctx, &plans)?;
    Ok(Outcome::Success)
}

fn show(ctx: &Context, home: &PilotHome, plan: &str) -> anyhow::Result<Outcome> {
    print::show(ctx, &review::show(home, plan).map_err(fail)?)?;
    Ok(Outcome::Success)
}

fn diff(ctx: &Context, home: &PilotHome, plan: &str) -> anyhow::Result<Outcome> {
    let (plan, diff) = review::diff(home, plan).map_err(fail)?;
    print::diff(ctx, &plan, &diff)?;
    Ok(Outcome::Success)
}

/// Exit 1 when a file conflicts (then nothing was applied) or was refused (the rest was).
async fn apply(ctx: &Context, home: &PilotHome, args: &ApplyArgs) -> anyhow::Result<Outcome> {
    if let Some(file) = &args.patch {
        let (plan, files) = always_on::export::write_patch(home, &args.plan, file).map_err(fail)?;
        print::patch_written(ctx, &plan, files, file)?;
        return Ok(Outcome::Success);
    }
    if let Some(branch) = &args.push_branch {
        let cancel = CancellationToken::new();
        let _signals = cancel_on_signals(cancel.clone());
        let (plan, pushed) = always_on::export::push_branch(home, &args.plan, branch, &cancel)
            .await
            .map_err(fail)?;
        print::pushed(ctx, &plan, &pushed)?;
        return Ok(Outcome::Success);
    }
    let (plan, report) = review::apply_plan(home, &args.plan, args.dry_run).map_err(fail)?;
    print::applied(ctx, &plan, &report)?;
    Ok(Outcome::failed_if(
        !report.conflicts.is_empty() || !report.refused.is_empty(),
    ))
}

fn discard(ctx: &Context, home: &PilotHome, plan: &str) -> anyhow::Result<Outcome> {
    let (plan, cycle) = review::discard(home, plan).map_err(fail)?;
    print::discarded(ctx, &plan, &cycle)?;
    Ok(Outcome::Success)
}

fn enable(
    ctx: &Context,
    home: &PilotHome,
    dir: Option<&Path>,
    on: bool,
) -> anyhow::Result<Outcome> {
    let dir = match dir {
        Some(d) => d.to_owned(),
        None => ctx.cwd()?,
    };
    let root = match Project::resolve(home, &dir) {
        Ok(project) => project.root,
        // A project directory that is gone can still be turned off: its entry is by path.
        Err(_) if !on => absolute(&dir),
        Err(e) => return Err(e.into()),
    };
    let (file, _) = crate::config::home_config_path(home, ctx.global.config.as_deref());
    let edited = settings::set_enabled(&file, &root, on).map_err(fail)?;
    print::enabled(ctx, &edited, &root, &file, on)?;
    Ok(Outcome::Success)
}

/// `always-on install --kubernetes REPO_URL…`: a CronJob per repository ticking every
/// `alwaysOn.trigger.tickIntervalMinutes`.
fn install(ctx: &Context, home: &PilotHome, args: &InstallArgs) -> anyhow::Result<Outcome> {
    let config = crate::cli::kubernetes::home_config(ctx, home)?;
    let minutes = config.always_on.trigger.tick_interval_minutes;
    let period = u64::from(minutes) * 60;
    let schedule = crate::kubernetes::interval_schedule(period).ok_or_else(|| {
        UsageError(format!(
            "alwaysOn.trigger.tickIntervalMinutes is {minutes}: a CronJob needs an interval that \
             divides an hour or a day (5, 10, 15, 30, 60, 120, …)"
        ))
    })?;
    if let Some(bad) = args
        .repos
        .iter()
        .find(|r| r.trim().is_empty() || r.starts_with('-'))
    {
        return Err(UsageError(format!("`{bad}` is not a git URL")).into());
    }
    let cluster = args.kube.cluster(&config, &[None]);
    let made = always_on::kubernetes::manifests(&cluster, &args.repos, &schedule, period);
    crate::cli::kubernetes::emit(
        ctx,
        &args.kube,
        "always-on",
        &made.objects,
        &[],
        &made.prune,
    )
}
