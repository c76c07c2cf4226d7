//! Requests to a server in the session's sandbox (`sandbox: true`), made as a `bash` command runs
//! (`tools::sandbox::guarded::within`): such a server may write in the project, so its start-up,
//! each call and each resource request wait for the project's turn, and what they changed among the
//! protected paths is put back after them and named.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::config::ServerEntry;
use crate::tools::sandbox::denial::Denial;
use crate::tools::sandbox::guarded;

/// Makes `request` to the server of `entry` — its start-up, a call, a resource request — as a
/// `bash` command runs when the server is in the session's sandbox: in the project's turn (waiting
/// at most `patience`), with what changed among the protected paths put back after it; returns what
/// it answered and what was put back (each also logged). Without a sandbox, just the request.
/// `Err`: it was not made.
pub(super) async fn in_turn<T>(
    entry: &ServerEntry,
    patience: Duration,
    cancel: &CancellationToken,
    request: impl std::future::Future<Output = T>,
) -> Result<(T, Vec<Denial>), String> {
    let Some(sandbox) = &entry.sandbox else {
        return Ok((request.await, Vec::new()));
    };
    let (answer, undone) = guarded::within(sandbox, patience, cancel, true, |_| request).await?;
    let denials: Vec<Denial> = undone.into_iter().map(Denial::from).collect();
    for denial in &denials {
        tracing::warn!("MCP server `{}`: {denial}", entry.name);
    }
    Ok((answer, denials))
}

/// The protected paths a request that writes nothing (a start-up, a resource request) changed and
/// that were put back, as one message; `None` when it changed none.
pub(super) fn changed_paths(denials: &[Denial]) -> Option<String> {
    let named: Vec<String> = denials.iter().map(ToString::to_string).collect();
    (!named.is_empty()).then(|| named.join("; "))
}
