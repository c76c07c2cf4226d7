//! `pilotdeck cron install|uninstall`: picks the scheduler, renders the units through
//! `cron::install`, writes them where asked (or prints them) and says how to activate them.

use std::path::PathBuf;

use serde::Serialize;

use super::{InstallArgs, fail};
use crate::cli::{Context, Outcome};
use crate::cron::install::{self, InstallOptions, Scheduler};
use crate::home::PilotHome;

#[derive(Serialize)]
struct InstallReport {
    files: Vec<InstalledFile>,
    next_steps: Vec<String>,
}

#[derive(Serialize)]
struct InstalledFile {
    path: Option<String>,
    /// Where the different file that was at `path` went.
    #[serde(skip_serializing_if = "Option::is_none")]
    backup: Option<String>,
    name: String,
    contents: String,
}

pub(super) fn install_units(
    ctx: &Context,
    home: &PilotHome,
    a: &InstallArgs,
    remove: bool,
) -> anyhow::Result<Outcome> {
    let scheduler = if a.systemd {
        Scheduler::Systemd
    } else if a.launchd {
        Scheduler::Launchd
    } else if a.crontab {
        Scheduler::Crontab
    } else if cfg!(target_os = "macos") {
        Scheduler::Launchd
    } else {
        Scheduler::Systemd
    };
    let dir = match (
        &a.dir,
        install::default_dir(scheduler, &crate::home::user_home().unwrap_or_default()),
    ) {
        (Some(d), _) => Some(d.clone()),
        (None, d) => d,
    };
    if remove {
        let removed = match &dir {
            Some(d) => install::uninstall(scheduler, d).map_err(fail)?,
            None => Vec::new(),
        };
        if removed.is_empty() {
            ctx.out
                .note("nothing to remove (for crontab, delete the line with `crontab -e`)");
        }
        for p in removed {
            ctx.out.line(&format!("removed {}", p.display()))?;
        }
        return Ok(Outcome::Success);
    }
    let opts = InstallOptions {
        scheduler,
        exe: std::env::current_exe()?,
        home: home.root().to_owned(),
        path_env: unique_path(
            &crate::env::var("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into()),
        ),
        config_file: config_to_pass(ctx, home)?,
        keys: crate::config::key_variables(&ctx.load_config(None)?.config)
            .into_iter()
            .collect(),
    };
    let units = install::render(&opts);
    if let Some(keys) = &units.keys {
        ctx.out.warn(keys);
    }
    let written = match (&dir, a.print) {
        (Some(d), false) => install::write(&units, d).map_err(fail)?,
        _ => Vec::new(),
    };
    if ctx.out.json {
        let files = units
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| InstalledFile {
                path: written.get(i).map(|w| w.path.display().to_string()),
                backup: written
                    .get(i)
                    .and_then(|w| w.backup.as_ref())
                    .map(|b| b.display().to_string()),
                name: f.name.clone(),
                contents: f.contents.clone(),
            })
            .collect();
        ctx.out.json(&InstallReport {
            files,
            next_steps: units.next_steps,
        })?;
        return Ok(Outcome::Success);
    }
    if written.is_empty() {
        for f in &units.files {
            ctx.out.line(&format!("# {}", f.name))?;
            ctx.out.raw(&f.contents)?;
            ctx.out.line("")?;
        }
    } else {
        for w in &written {
            ctx.out.line(&format!("wrote {}", w.path.display()))?;
            if let Some(backup) = &w.backup {
                ctx.out.warn(&format!(
                    "`{}` said something else (edited?): it is kept as `{}`",
                    w.path.display(),
                    backup.display()
                ));
            }
        }
    }
    if scheduler == Scheduler::Crontab {
        // The line itself is the result.
        if let Some(line) = units.next_steps.last() {
            ctx.out.line(line)?;
        }
        ctx.out
            .note("add it with `crontab -e`; pilotdeck never edits your crontab");
    } else {
        ctx.out.note("to activate:");
        for step in &units.next_steps {
            ctx.out.note(&format!("  {step}"));
        }
    }

    Ok(Outcome::Success)
}

/// `cron install --kubernetes`: the claim, the tasks' ConfigMap and one CronJob per active task.
pub(super) fn kubernetes(
    ctx: &Context,
    home: &PilotHome,
    a: &InstallArgs,
) -> anyhow::Result<Outcome> {
    let config = crate::cli::kubernetes::home_config(ctx, home)?;
    let models = crate::cron::kubernetes::task_models(home).map_err(fail)?;
    let cluster = a.kube.cluster(&config, &models);
    let made = crate::cron::kubernetes::manifests(home, &cluster).map_err(fail)?;
    if made.tasks.is_empty() {
        ctx.out
            .note("no active task can run on Kubernetes; only the claim and an empty ConfigMap");
    }
    crate::cli::kubernetes::emit(
        ctx,
        &a.kube,
        "cron",
        &made.objects,
        &made.notes,
        &made.prune,
    )
}

/// `cron uninstall --kubernetes`: the command that deletes every CronJob `install` made (pilotdeck
/// never talks to the cluster).
pub(super) fn kubernetes_uninstall(ctx: &Context, a: &InstallArgs) -> anyhow::Result<Outcome> {
    let command = crate::kubernetes::prune_command(
        a.kube.namespace(),
        "cron",
        crate::cron::kubernetes::TASK_LABEL,
        &[],
    );
    ctx.out.line(&command)?;
    Ok(Outcome::Success)
}

/// The config file the units must pass with `--config`: the one `--config` or
/// `$PILOTDECK_CONFIG_PATH` names now (the timer has neither), made absolute (the timer runs
/// elsewhere); none for `<home>/pilotdeck.yaml`.
fn config_to_pass(ctx: &Context, home: &PilotHome) -> anyhow::Result<Option<PathBuf>> {
    let (file, given_by) = crate::config::home_config_path(home, ctx.global.config.as_deref());
    if given_by == "default" {
        return Ok(None);
    }
    Ok(Some(if file.is_absolute() {
        file
    } else {
        std::env::current_dir()?.join(file)
    }))
}

/// `PATH` with each directory once, in its first place.
fn unique_path(path: &str) -> String {
    let mut seen = std::collections::HashSet::new();
    path.split(':')
        .filter(|dir| seen.insert(*dir))
        .collect::<Vec<_>>()
        .join(":")
}
