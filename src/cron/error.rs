//! The cron module's one error type.

use std::path::PathBuf;

use super::expr::ExprError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Expr(#[from] ExprError),
    #[error(
        "unknown time zone `{zone}`; use an IANA name such as Europe/Berlin, America/New_York or UTC"
    )]
    BadZone { zone: String },
    #[error(
        "`{text}` is not a time; write ISO 8601 such as 2026-12-01T09:00 (task time zone) or \
         2026-12-01T09:00:00+01:00"
    )]
    BadTime { text: String },
    #[error(
        "--every {seconds}s is too short; the shortest interval is 1m (ticks run once a minute)"
    )]
    IntervalTooShort { seconds: u64 },
    #[error("{flag} {text} is too far off; the longest is 100 years")]
    IntervalTooLong { flag: &'static str, text: String },
    #[error("`{text}` is not a delivery; write file:PATH or exec:COMMAND")]
    BadDelivery { text: String },
    #[error("no cron task `{id}`; `pilotdeck cron list --all-projects` shows the ids")]
    NotFound { id: String },
    #[error("`{id}` matches several cron tasks ({matches}); give more of the id")]
    Ambiguous { id: String, matches: String },
    #[error("unknown permission mode `{mode}`; use read-only, workspace-write or full")]
    BadMode { mode: String },
    #[error("the message is empty; say what the agent should do")]
    EmptyMessage,
    #[error("cannot read PilotDeck tasks from `{path}`: {reason}")]
    Import { path: PathBuf, reason: String },
    #[error("cannot read the task file `{path}`: {reason}")]
    TaskFile { path: PathBuf, reason: String },
    #[error(
        "task {id} runs in {project}, which has no `origin` remote: a Kubernetes pod clones the \
         repository from it (add one with `git remote add origin URL`, or pause the task)"
    )]
    NoRemote { id: String, project: PathBuf },
    #[error(transparent)]
    Store(#[from] crate::store::Error),
    #[error(transparent)]
    Home(#[from] crate::home::Error),
    #[error(transparent)]
    Config(#[from] crate::config::Error),
    #[error("cannot {action} in `{path}`: {source}")]
    Sqlite {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error(
        "a stored cron task is damaged ({id}: {reason}); remove it with `pilotdeck cron rm {id}`"
    )]
    Corrupt { id: String, reason: String },
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl Error {
    /// True for mistakes in what the user typed or configured (exit code 2).
    pub fn is_usage(&self) -> bool {
        match self {
            Error::Expr(_)
            | Error::BadZone { .. }
            | Error::BadTime { .. }
            | Error::IntervalTooShort { .. }
            | Error::IntervalTooLong { .. }
            | Error::BadDelivery { .. }
            | Error::NotFound { .. }
            | Error::Ambiguous { .. }
            | Error::EmptyMessage
            | Error::BadMode { .. }
            | Error::Import { .. }
            | Error::TaskFile { .. }
            | Error::NoRemote { .. }
            | Error::Config(_) => true,
            Error::Store(_)
            | Error::Home(_)
            | Error::Sqlite { .. }
            | Error::Corrupt { .. }
            | Error::Write { .. } => false,
        }
    }
}
