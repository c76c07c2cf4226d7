//! One confined command as the guard needs it, for every caller that runs commands in the project
//! (the `bash` tool, hook commands; calls to sandboxed MCP servers through [`within`]): the command waits its turn ([`super::turn`]), the protected
//! paths are snapshotted ([`super::guard`]), the command runs, and what it changed among them is put
//! back before the turn is released. Without a sandbox the command just runs.

use std::time::Duration;

use super::Confinement;
use super::denial::Denial;
use super::guard::Outcome;
use crate::tools::process::{self, CommandSpec, RunOptions, RunOutput};

/// What a guarded command did: its output (or why it did not start) and the protected paths put
/// back after it.
pub struct Guarded {
    pub output: Result<RunOutput, process::Error>,
    pub undone: Vec<Outcome>,
}

/// Runs `spec` in `sandbox`'s turn ([`within`]); `keep_protected: false` (the command was approved
/// to write a protected path) skips the snapshot. The wait for the turn counts against
/// `options.timeout`. `Err` says why the command did not run (its turn did not come, or a protected
/// path could not be kept).
pub async fn run(
    sandbox: Option<&Confinement>,
    spec: &CommandSpec,
    options: RunOptions,
    keep_protected: bool,
) -> Result<Guarded, String> {
    run_if(sandbox, spec, options, keep_protected, || Ok(())).await
}

/// [`run`], where `ready` is asked in the turn, right before the command starts, whether it may
/// still run (a hook whose script changed while it waited for its turn must not); its `Err` is
/// returned and nothing runs.
pub async fn run_if(
    sandbox: Option<&Confinement>,
    spec: &CommandSpec,
    mut options: RunOptions,
    keep_protected: bool,
    ready: impl FnOnce() -> Result<(), String>,
) -> Result<Guarded, String> {
    let Some(sandbox) = sandbox else {
        ready()?;
        return Ok(Guarded {
            output: process::run(spec, options).await,
            undone: Vec::new(),
        });
    };
    let patience = options.timeout.unwrap_or(Duration::MAX);
    let cancel = options.cancel.clone();
    let (output, undone) = within(sandbox, patience, &cancel, keep_protected, |waited| {
        options.timeout =
            (options.timeout).map(|t| t.saturating_sub(waited).max(Duration::from_secs(1)));
        let checked = ready();
        async move {
            checked?;
            Ok::<_, String>(process::run(spec, options).await)
        }
    })
    .await?;
    Ok(Guarded {
        output: output?,
        undone,
    })
}

/// Does `work` — anything that may write in the project through a confined process: a command, a
/// call to a sandboxed MCP server — in `sandbox`'s turn (waiting at most `patience`), with the
/// protected paths snapshotted before (unless `keep_protected` is false) and what changed among
/// them put back after. `work` is given how long the turn took to come. Returns its result and the
/// paths put back; `Err` says why it did not run.
pub async fn within<T, F, Fut>(
    sandbox: &Confinement,
    patience: Duration,
    cancel: &tokio_util::sync::CancellationToken,
    keep_protected: bool,
    work: F,
) -> Result<(T, Vec<Outcome>), String>
where
    F: FnOnce(Duration) -> Fut,
    Fut: std::future::Future<Output = T>,
{
    let waited = tokio::time::Instant::now();
    let _turn = (sandbox.turn(patience, cancel).await).map_err(|busy| busy.to_string())?;
    let mut pending = Pending {
        sandbox,
        snapshot: match keep_protected {
            true => Some(
                (sandbox.snapshot())
                    .map_err(|unkept| Denial::Unkept(unkept.to_string()).to_string())?,
            ),
            false => None,
        },
    };
    let output = work(waited.elapsed()).await;
    let undone = pending.restore();
    Ok((output, undone))
}

/// A snapshot still to be put back. When the caller stops waiting for the work (a cancelled tool
/// call drops this future at its `await`), dropping it puts the protected paths back all the same,
/// still in the turn (declared after the turn, it is dropped first), and says what it put back.
struct Pending<'a> {
    sandbox: &'a Confinement,
    snapshot: Option<super::guard::Snapshot>,
}

impl Pending<'_> {
    fn restore(&mut self) -> Vec<Outcome> {
        (self.snapshot.take()).map_or_else(Vec::new, |s| self.sandbox.restore(s))
    }
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        for outcome in self.restore() {
            tracing::warn!("after a cancelled call: {}", Denial::from(outcome));
        }
    }
}
