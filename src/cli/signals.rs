//! Signal handling. Long-running commands (`run`, `cron run|tick|daemon`, `always-on tick|watch`)
//! take Ctrl-C, SIGTERM and SIGHUP as a cancel of the command's token and end with exit 130
//! ([`cancel_on_signals`]). Any other command ends on SIGTERM or SIGHUP ([`ended_by_signal`]):
//! `main` drops it — which kills its children (MCP servers and their namespaces, cgroups) as a
//! normal end does — and exits with 128 + the signal's number. SIGHUP is left alone where it was
//! ignored when pilotdeck started (`nohup`).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::signal::unix::{SignalKind, signal};
use tokio_util::sync::CancellationToken;

/// How many [`cancel_on_signals`] guards are alive: while one is, the command handles the signals.
static HANDLED: AtomicUsize = AtomicUsize::new(0);

/// How long a command dropped on a signal may take to end before the process exits anyway.
const GRACE: Duration = Duration::from_secs(5);

/// Listening for the signals while held ([`cancel_on_signals`]).
pub(crate) struct Handling {
    _task: tokio_util::task::AbortOnDropHandle<()>,
}

impl Drop for Handling {
    fn drop(&mut self) {
        HANDLED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Fires `token` on Ctrl-C, SIGTERM or SIGHUP. Dropping the guard stops listening.
pub(crate) fn cancel_on_signals(token: CancellationToken) -> Handling {
    HANDLED.fetch_add(1, Ordering::SeqCst);
    let task = tokio::spawn(async move {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = ending_signal() => {}
        }
        token.cancel();
    });
    Handling {
        _task: tokio_util::task::AbortOnDropHandle::new(task),
    }
}

/// Resolves with the signal's number when SIGTERM or SIGHUP arrives while no command handles it
/// ([`cancel_on_signals`]). From then on, the process exits with 128 + that number within
/// [`GRACE`] even if the command, dropped by the caller, does not end (one blocked in synchronous
/// work).
pub fn ended_by_signal() -> impl std::future::Future<Output = u8> {
    // Read now, before anything listens for SIGHUP.
    hangup_ignored();
    async {
        let (tx, rx) = tokio::sync::oneshot::channel();
        // A task of its own, so the signal is seen while the command's future does not yield.
        let listener = tokio::spawn(async move {
            loop {
                let number = ending_signal().await;
                if HANDLED.load(Ordering::SeqCst) == 0 {
                    let _ = tx.send(number);
                    std::thread::spawn(move || {
                        #[expect(
                            clippy::disallowed_methods,
                            reason = "a watchdog: the process ends after the grace whatever else happens"
                        )]
                        std::thread::sleep(GRACE);
                        #[expect(
                            clippy::exit,
                            reason = "the dropped command did not end within the grace"
                        )]
                        std::process::exit(128 + i32::from(number));
                    });
                    return;
                }
            }
        });
        let _listener = tokio_util::task::AbortOnDropHandle::new(listener);
        match rx.await {
            Ok(number) => number,
            Err(_) => std::future::pending().await,
        }
    }
}

/// The next SIGTERM, or SIGHUP unless it was ignored at start: its number.
async fn ending_signal() -> u8 {
    let hangup = async {
        match (!hangup_ignored()).then(|| signal(SignalKind::hangup())) {
            Some(Ok(mut s)) => {
                s.recv().await;
            }
            _ => std::future::pending().await,
        }
    };
    let term = async {
        match signal(SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        () = term => 15,
        () = hangup => 1,
    }
}

/// Whether SIGHUP was ignored when this process started (`nohup`), read once, before pilotdeck
/// listens for it (which would stop it being ignored).
fn hangup_ignored() -> bool {
    static IGNORED: OnceLock<bool> = OnceLock::new();
    *IGNORED.get_or_init(|| {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|status| {
                let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
                u64::from_str_radix(mask.trim(), 16).ok()
            })
            .is_some_and(|mask| mask & 1 != 0)
    })
}
