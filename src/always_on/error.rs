//! The one error type of `always_on`.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Store(#[from] crate::store::Error),
    #[error("state database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error(transparent)]
    Home(#[from] crate::home::Error),
    #[error("{action} `{}`: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("git: {action} in `{}`: {}", path.display(), source.message())]
    Git {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: git2::Error,
    },
    #[error(
        "the snapshot of `{}` would be {size} bytes, over alwaysOn.workspace.snapshotMaxBytes \
         ({max}); raise the limit or add ignore globs (alwaysOn.dormancy.ignoreGlobs)",
        root.display()
    )]
    SnapshotTooLarge { root: PathBuf, size: u64, max: u64 },
    #[error(
        "plan {plan}'s workspace is a snapshot copy, not a git workspace: only a git project's plan \
         can be pushed as a branch (write a patch with --patch FILE)"
    )]
    NotAWorktree { plan: String },
    #[error(
        "the workspace `{}` was tampered with: {reason}; pilotdeck runs no git there — look at it, \
         then remove it with `pilotdeck always-on discard PLAN`", path.display()
    )]
    WorkspaceTampered { path: PathBuf, reason: String },
    #[error("`{}` is not a regular file: git would wait on it for ever; remove it", path.display())]
    NotARegularFile { path: PathBuf },
    #[error("cannot push branch `{branch}`: {reason}")]
    Push { branch: String, reason: String },
    #[error("no always-on plan matches `{query}`; list them with `pilotdeck always-on plans`")]
    PlanNotFound { query: String },
    #[error("`{query}` matches several plans ({}); give more of the id", ids.join(", "))]
    AmbiguousPlan { query: String, ids: Vec<String> },
    #[error(
        "plan {plan} has no workspace (status {status}); only executed plans can be shown as a \
         diff, applied or discarded"
    )]
    NoWorkspace {
        plan: String,
        status: super::PlanStatus,
    },
    #[error(
        "the workspace of plan {plan} is {status} and closed: there is nothing left to apply, \
         show as a diff or discard (see `pilotdeck always-on show {plan}`)"
    )]
    WorkspaceClosed {
        plan: String,
        status: super::CycleStatus,
    },
    #[error("the workspace `{}` is missing; discard the plan with `pilotdeck always-on discard {plan}`", path.display())]
    WorkspaceMissing { plan: String, path: PathBuf },
    #[error(
        "an always-on tick is running in this project (it holds `{}`); try again when it has finished",
        lock.display()
    )]
    TickRunning { lock: PathBuf },
    #[error("cannot edit the configuration `{}`: {reason}", path.display())]
    Config { path: PathBuf, reason: String },
    #[error("watching `{}` for changes: {source}", path.display())]
    Watch {
        path: PathBuf,
        #[source]
        source: notify::Error,
    },
    #[error("ignore glob `{glob}` in alwaysOn.dormancy.ignoreGlobs is invalid: {source}")]
    Glob {
        glob: String,
        #[source]
        source: globset::Error,
    },
}

impl Error {
    pub(crate) fn io(
        action: &'static str,
        path: &std::path::Path,
        source: std::io::Error,
    ) -> Error {
        Error::Io {
            action,
            path: path.to_owned(),
            source,
        }
    }

    pub(crate) fn git(action: &'static str, path: &std::path::Path, source: git2::Error) -> Error {
        Error::Git {
            action,
            path: path.to_owned(),
            source,
        }
    }
}
