//! [`Deadline`]: a cancellation token that also fires when a time limit passes, and remembers
//! whether the time fired it. The loop keeps one per turn (`--timeout`, `alwaysOn.execution`); the
//! launcher keeps one per launch (cron's run timeout, which also bounds tool start-up). Whoever owns
//! it tells "the time ran out" from "someone cancelled" with [`Deadline::expired`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::AbortOnDropHandle;

/// A child of a cancellation token with an optional time limit; the timer stops with it.
#[derive(Debug)]
pub struct Deadline {
    token: CancellationToken,
    limit: Option<Duration>,
    expired: Arc<AtomicBool>,
    _timer: Option<AbortOnDropHandle<()>>,
}

impl Deadline {
    /// A child token of `parent` that is also cancelled `limit` from now (never without a limit).
    pub fn start(parent: &CancellationToken, limit: Option<Duration>) -> Deadline {
        let token = parent.child_token();
        let expired = Arc::new(AtomicBool::new(false));
        let timer = limit.map(|limit| {
            let (token, flag) = (token.clone(), Arc::clone(&expired));
            AbortOnDropHandle::new(tokio::spawn(async move {
                tokio::select! {
                    () = tokio::time::sleep(limit) => {
                        flag.store(true, Ordering::SeqCst);
                        token.cancel();
                    }
                    () = token.cancelled() => {}
                }
            }))
        });
        Deadline {
            token,
            limit,
            expired,
            _timer: timer,
        }
    }

    /// The token to run under: cancelled by the parent or when the time runs out.
    pub fn token(&self) -> &CancellationToken {
        &self.token
    }

    /// The time limit, if any.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// Whether the time ran out (rather than the parent being cancelled).
    pub fn expired(&self) -> bool {
        self.expired.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_time_running_out_cancels_and_says_so() {
        let parent = CancellationToken::new();
        let deadline = Deadline::start(&parent, Some(Duration::from_millis(20)));
        assert!(!deadline.expired());
        deadline.token().cancelled().await;
        assert!(deadline.expired());
        assert!(!parent.is_cancelled(), "only the child is cancelled");
        assert_eq!(deadline.limit(), Some(Duration::from_millis(20)));
    }

    #[tokio::test]
    async fn a_cancelled_parent_is_not_an_expiry() {
        let parent = CancellationToken::new();
        let deadline = Deadline::start(&parent, Some(Duration::from_secs(60)));
        parent.cancel();
        deadline.token().cancelled().await;
        assert!(!deadline.expired());
    }

    #[tokio::test]
    async fn without_a_limit_it_never_fires() {
        let deadline = Deadline::start(&CancellationToken::new(), None);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!deadline.token().is_cancelled());
        assert!(!deadline.expired());
        assert_eq!(deadline.limit(), None);
    }
}
