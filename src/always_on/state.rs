//! The states always-on stores in `state.db`, as enums: a run's [`RunOutcome`], a work cycle's
//! [`CycleStatus`] and [`WorkspaceStrategy`], a plan's [`PlanStatus`] and a lease's [`LeaseKind`].
//!
//! Each keeps the text it has always had in SQLite, in JSON and on screen (`as_str`, `Display`,
//! `Serialize`); it crosses the database boundary through `ToSql`/`FromSql`, and a stored text no
//! variant has is an error that names the column's kind and the value ([`UnknownState`]).

use std::fmt;
use std::str::FromStr;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// A stored text no variant of the state has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown always-on {what} `{text}` in state.db")]
pub struct UnknownState {
    /// What the text was read as, e.g. `plan status`.
    pub what: &'static str,
    pub text: String,
}

/// Declares a stored state: the enum, `as_str`, `FromStr`, `Display` (padding honoured),
/// `Serialize` as the text, and the SQLite conversions.
macro_rules! stored_state {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($what:literal) {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// The text stored in `state.db` and shown to the user.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownState;
            fn from_str(text: &str) -> Result<$name, UnknownState> {
                match text {
                    $($text => Ok($name::$variant),)+
                    other => Err(UnknownState {
                        what: $what,
                        text: other.to_owned(),
                    }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<$name> {
                value
                    .as_str()?
                    .parse()
                    .map_err(|e: UnknownState| FromSqlError::Other(Box::new(e)))
            }
        }
    };
}

stored_state! {
    /// How a tick's run ended, or that it is still going.
    pub enum RunOutcome ("run outcome") {
        /// Recorded when the run starts; a dead tick's run stays so until it is reclaimed.
        Running = "running",
        /// A plan was executed and reported.
        Executed = "executed",
        /// Discovery filed no plan.
        NoPlan = "no_plan",
        Failed = "failed",
    }
}

stored_state! {
    /// Whether a work cycle's workspace is still open.
    pub enum CycleStatus ("cycle status") {
        /// The project's current workspace; new plans are executed in it.
        Active = "active",
        /// Its changes were applied to the project.
        Applied = "applied",
        /// Its workspace was removed without applying.
        Discarded = "discarded",
    }
}

stored_state! {
    /// How a cycle's workspace was made ([`super::workspace`]).
    pub enum WorkspaceStrategy ("workspace strategy") {
        /// A git repository on a branch `always-on/<cycle>` borrowing the user's objects (before,
        /// a linked worktree of the user's repository on that branch).
        GitWorktree = "git-worktree",
        /// A copy of the project made a private git repository.
        Snapshot = "snapshot",
    }
}

stored_state! {
    /// Where a plan is in its life.
    pub enum PlanStatus ("plan status") {
        /// Filed by discovery, not yet executed.
        Ready = "ready",
        /// Being executed in its cycle's workspace.
        Executing = "executing",
        /// Executed; the agent wrote the report.
        Completed = "completed",
        /// Executed; the agent gave no report, so the report is the fallback.
        CompletedNoReport = "completed_no_report",
        Failed = "failed",
        /// Its cycle was applied.
        Applied = "applied",
        /// Its cycle was discarded.
        Discarded = "discarded",
    }
}

stored_state! {
    /// What holds a heartbeat lease ([`super::lease`]).
    pub enum LeaseKind ("lease kind") {
        /// `pilotdeck run`: busy for its whole life.
        Run = "run",
        /// `pilotdeck chat`: busy while a turn runs.
        Chat = "chat",
    }
}

/// How a cycle is closed: the status its cycle and all its plans get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CycleEnd {
    Applied,
    Discarded,
}

impl CycleEnd {
    pub fn cycle_status(self) -> CycleStatus {
        match self {
            CycleEnd::Applied => CycleStatus::Applied,
            CycleEnd::Discarded => CycleStatus::Discarded,
        }
    }

    pub fn plan_status(self) -> PlanStatus {
        match self {
            CycleEnd::Applied => PlanStatus::Applied,
            CycleEnd::Discarded => PlanStatus::Discarded,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_reads_back_its_own_text() {
        for s in [
            RunOutcome::Running,
            RunOutcome::Executed,
            RunOutcome::NoPlan,
            RunOutcome::Failed,
        ] {
            assert_eq!(s.as_str().parse::<RunOutcome>(), Ok(s));
        }
        assert_eq!(
            "completed_no_report".parse::<PlanStatus>(),
            Ok(PlanStatus::CompletedNoReport)
        );
        assert_eq!(
            "git-worktree".parse::<WorkspaceStrategy>(),
            Ok(WorkspaceStrategy::GitWorktree)
        );
        assert_eq!(
            serde_json::to_string(&PlanStatus::CompletedNoReport).ok(),
            Some("\"completed_no_report\"".to_owned())
        );
        assert_eq!(format!("{:<12}|", PlanStatus::Ready), "ready       |");
    }

    #[test]
    fn an_unknown_stored_value_is_a_clear_error() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let read = conn.query_row("SELECT 'paused'", [], |r| r.get::<_, CycleStatus>(0));
        let message = read.unwrap_err().to_string();
        assert!(
            message.contains("unknown always-on cycle status `paused` in state.db"),
            "{message}"
        );
        assert_eq!(
            "Running".parse::<RunOutcome>(),
            Err(UnknownState {
                what: "run outcome",
                text: "Running".to_owned()
            })
        );
    }
}
