//! `cron run|history|tick|daemon`: running tasks and their records, one function per subcommand.
//! Ctrl-C or SIGTERM cancels the runs in progress (exit 130 for `tick`).

use tokio_util::sync::CancellationToken;

use super::print::{self, print_runs, print_tick, run_outcome};
use super::{HistoryArgs, RunArgs, TickArgs, cron_config, fail, zone};
use crate::cli::signals::cancel_on_signals;
use crate::cli::{Context, Outcome, UsageError};
use crate::cron::{self, RunEnv, TickOptions, TickReport};
use crate::home::PilotHome;

pub(super) async fn run_now(
    ctx: &Context,
    home: &PilotHome,
    env: &RunEnv,
    a: &RunArgs,
) -> anyhow::Result<Outcome> {
    let cancel = CancellationToken::new();
    let _signals = cancel_on_signals(cancel.clone());
    let record = match (&a.task_file, &a.id) {
        (Some(file), _) => {
            let project = ctx.project(home)?;
            cron::kubernetes::run_spec(home, env, file, &project, &cancel).await
        }
        (None, Some(id)) => cron::run_now(home, env, id, &cancel).await,
        (None, None) => {
            return Err(UsageError("give a task id, or --task-file FILE".into()).into());
        }
    }
    .map_err(fail)?;
    print_runs(ctx, std::slice::from_ref(&record), true)?;
    Ok(run_outcome(&[record]))
}

pub(super) fn history(ctx: &Context, home: &PilotHome, a: &HistoryArgs) -> anyhow::Result<Outcome> {
    let runs = cron::history(home, a.id.as_deref(), a.limit).map_err(fail)?;
    print_runs(ctx, &runs, false)?;
    Ok(Outcome::Success)
}

pub(super) async fn tick(
    ctx: &Context,
    home: &PilotHome,
    env: RunEnv,
    a: &TickArgs,
) -> anyhow::Result<Outcome> {
    let (_, config) = cron_config(ctx, home)?;
    let now = match &a.now {
        Some(t) => {
            Some(cron::schedule::parse_at(t, &zone(config.timezone.as_deref())?).map_err(fail)?)
        }
        None => None,
    };
    let cancel = CancellationToken::new();
    let _signals = cancel_on_signals(cancel.clone());
    let opts = TickOptions {
        now,
        cron: config,
        env,
    };
    let report = cron::tick(home, &opts, &cancel).await.map_err(fail)?;
    print_tick(ctx, &report)?;
    if cancel.is_cancelled() {
        return Ok(Outcome::Interrupted);
    }
    Ok(run_outcome(&report.ran))
}

pub(super) async fn daemon(
    ctx: &Context,
    home: &PilotHome,
    env: RunEnv,
) -> anyhow::Result<Outcome> {
    let (_, config) = cron_config(ctx, home)?;
    let cancel = CancellationToken::new();
    let _signals = cancel_on_signals(cancel.clone());
    let opts = TickOptions {
        now: None,
        cron: config,
        env,
    };
    // Stopped while a tick ran a task (the task recorded aborted): 130, as for `cron tick`.
    let mut cut = false;
    let mut on_tick = |r: &TickReport| {
        cut |= cancel.is_cancelled() && !r.ran.is_empty();
        print::daemon_tick(ctx, r);
    };
    cron::daemon(home, &opts, &cancel, &mut on_tick)
        .await
        .map_err(fail)?;
    Ok(if cut {
        Outcome::Interrupted
    } else {
        Outcome::Success
    })
}
