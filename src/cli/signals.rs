//! Signal handling for long-running commands (`run`, `cron run|tick|daemon`, `always-on tick|watch`):
//! Ctrl-C or SIGTERM cancels the command's token, and the command ends with exit 130.

use tokio_util::sync::CancellationToken;

/// Fires `token` on Ctrl-C or SIGTERM. Dropping the handle stops listening.
pub(crate) fn cancel_on_signals(
    token: CancellationToken,
) -> tokio_util::task::AbortOnDropHandle<()> {
    tokio_util::task::AbortOnDropHandle::new(tokio::spawn(async move {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = term => {}
        }
        token.cancel();
    }))
}
