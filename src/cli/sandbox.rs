//! `pilotdeck sandbox run [--permission-mode M] [--allow-network] [--add-dir D] -- CMD…`: runs any
//! command under the sandbox an unattended run in this project would give the agent's commands —
//! guarded like them: in the project's turn, with the protected paths it changed put back after it
//! — and names what the sandbox refused or put back. The command is the user's, at their terminal: its stdin and stdout
//! are pilotdeck's, its stderr is passed on as it comes (and read for refusals), Ctrl-C reaches it,
//! and pilotdeck exits with its exit code (128 + the signal that killed it).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::{Context, Outcome, UsageError};
use crate::tools::Workspace;
use crate::tools::permission::PermissionMode;
use crate::tools::process::{self, CommandSpec};
use crate::tools::sandbox::denial::Denial;
use crate::tools::sandbox::{Request, Sandbox, guarded};

#[derive(Debug, Subcommand)]
pub enum SandboxCommand {
    /// Run a command in the sandbox the agent's commands get (as in an unattended `run`)
    Run(SandboxRunArgs),
}

#[derive(Debug, Args)]
pub struct SandboxRunArgs {
    /// The mode whose sandbox to use: read-only, workspace-write (default) or full
    #[arg(long, value_name = "MODE", value_parser = super::args::parse_mode)]
    permission_mode: Option<PermissionMode>,
    /// Let the command open network connections
    #[arg(long)]
    allow_network: bool,
    /// Another directory the command may write to (repeatable)
    #[arg(long, value_name = "DIR")]
    add_dir: Vec<PathBuf>,
    /// The command and its arguments
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

/// The sandbox an unattended run in the project at `root` gives the agent's commands, in `mode`
/// (else `tools.permissions.mode`, else the default) with the extra writable `add_dirs`: for
/// `sandbox run` and for the `mcp` commands that start a server whose entry says `sandbox: true`.
/// `None` in `full` mode or where no sandbox is available.
pub(super) fn unattended(
    home: &crate::home::PilotHome,
    config: &crate::config::Config,
    root: &std::path::Path,
    (mode, add_dirs): (Option<PermissionMode>, &[PathBuf]),
    allow_network: bool,
) -> anyhow::Result<Option<crate::tools::sandbox::Confinement>> {
    let mode = match (mode, &config.tools.permissions.mode) {
        (Some(mode), _) => mode,
        (None, Some(text)) => PermissionMode::parse(text, "tools.permissions.mode")?,
        (None, None) => PermissionMode::default(),
    };
    let workspace = Workspace::new(root, add_dirs)?;
    Ok(Sandbox::for_session(&Request {
        mode,
        roots: workspace.roots().map(ToOwned::to_owned).collect(),
        settings: &config.tools.sandbox,
        hidden: crate::tools::sandbox::secret_locations(
            config,
            Some(home.root()),
            workspace.roots().map(ToOwned::to_owned),
        ),
        unattended: true,
        allow_network,
        lock_dir: Some(home.locks_dir()),
    })?)
}

pub(super) async fn run(ctx: &Context, cmd: SandboxCommand) -> anyhow::Result<Outcome> {
    match cmd {
        SandboxCommand::Run(args) => run_command(ctx, args).await,
    }
}

async fn run_command(ctx: &Context, args: SandboxRunArgs) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let resolved = ctx.resolve(&home, crate::config::trust::Decision::Recorded)?;
    let project = resolved.project;
    let loaded = ctx.config_of(resolved.loaded)?;
    let sandbox = unattended(
        &home,
        &loaded.config,
        &project.root,
        (args.permission_mode, &args.add_dir),
        args.allow_network,
    )?;
    let [program, rest @ ..] = args.command.as_slice() else {
        return Err(UsageError("give the command to run after --".to_owned()).into());
    };
    let mut spec = CommandSpec::new(program)
        .cwd(ctx.cwd()?)
        .sandbox(sandbox.clone());
    spec.args = rest.iter().map(Into::into).collect();
    let foreground = async {
        let mut child = process::spawn_foreground(&spec)?;
        let stderr = child
            .take_stderr()
            .map(|pipe| process::capture_echoed(pipe, 1 << 20));
        let status = loop {
            tokio::select! {
                status = child.wait() => break status?,
                // The terminal's Ctrl-C reached the child too (same process group): let it decide.
                _ = tokio::signal::ctrl_c() => {}
            }
        };
        // A process the command left behind (a background job) still holds this terminal and
        // could write to it after pilotdeck exits, or to the project after the restore: the
        // orphans pilotdeck adopted are killed first.
        let leftovers = process::reap_adopted(None).await;
        if let Some(sandbox) = &sandbox {
            // What may still run is put back once more when the sandbox is dropped, on exit.
            sandbox.note_leftovers(leftovers);
        }
        anyhow::Ok((status, stderr))
    };
    // Guarded like the agent's commands: the project's turn, and the protected paths it changed
    // put back after it.
    let (status, stderr, undone) = match &sandbox {
        Some(sandbox) => {
            let never = tokio_util::sync::CancellationToken::new();
            let (ran, undone) =
                guarded::within(sandbox, Duration::MAX, &never, true, |_| foreground)
                    .await
                    .map_err(anyhow::Error::msg)?;
            let (status, stderr) = ran?;
            (status, stderr, undone)
        }
        None => {
            let (status, stderr) = foreground.await?;
            (status, stderr, Vec::new())
        }
    };
    for outcome in undone {
        ctx.out.warn(&Denial::from(outcome).to_string());
    }
    let stderr = process::drain(stderr).await.text;
    if let Some(sandbox) = &sandbox {
        for denial in sandbox.denials(&stderr, &ctx.cwd()?) {
            ctx.out.warn(&denial.to_string());
        }
    }
    let code = status.code().unwrap_or_else(|| {
        128 + std::os::unix::process::ExitStatusExt::signal(&status).unwrap_or(0)
    });
    Ok(match code {
        0 => Outcome::Success,
        code => Outcome::Child(u8::try_from(code).unwrap_or(1)),
    })
}
