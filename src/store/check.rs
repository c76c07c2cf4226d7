//! Consistency checks: the typed [`Finding`] every subsystem's check returns (`doctor --deep`
//! aggregates them), and the store's own check, [`integrity`] of `state.db`.
//!
//! A check reports what it finds and, when asked to repair, fixes what can be fixed without losing
//! anything ([`Finding::fix`]). Each subsystem checks the tables and files it owns: `session::check`,
//! `memory::check`, `cron::check`, `always_on::check`.

use std::path::Path;

use serde::Serialize;

use super::Error;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Lost or unreadable state, or a claim nobody will release: the exit status is 1 while it remains.
    Fail,
    /// Harmless leftovers or work pilotdeck does lazily; reported, never fails the check.
    Warn,
}

/// One problem a check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// The file, row or directory concerned.
    pub subject: String,
    pub detail: String,
    /// What a repair does about it, or `None` when it needs a person.
    pub repair: Option<String>,
    /// True when a repair fixed it in this run.
    pub repaired: bool,
}

impl Finding {
    pub fn new(
        severity: Severity,
        subject: impl Into<String>,
        detail: impl Into<String>,
    ) -> Finding {
        Finding {
            severity,
            subject: subject.into(),
            detail: detail.into(),
            repair: None,
            repaired: false,
        }
    }

    /// A `Fail` finding about `subject` for an error that stopped the check.
    pub fn failed(subject: &Path, error: &dyn std::fmt::Display) -> Finding {
        Finding::new(
            Severity::Fail,
            subject.display().to_string(),
            error.to_string(),
        )
    }

    /// Says what a repair would do, which makes the finding repairable.
    pub fn repair(mut self, what: impl Into<String>) -> Finding {
        self.repair = Some(what.into());
        self
    }

    /// Runs `repair` on a repairable finding when `enabled` (`--repair` was given), recording the
    /// result: fixed, or the error appended to the detail.
    pub fn fix(mut self, enabled: bool, repair: impl FnOnce() -> Result<(), String>) -> Finding {
        if !enabled || self.repair.is_none() {
            return self;
        }
        match repair() {
            Ok(()) => self.repaired = true,
            Err(e) => self.detail = format!("{}; repair failed: {e}", self.detail),
        }
        self
    }

    /// True while it still needs attention and fails the run.
    pub fn fails(&self) -> bool {
        self.severity == Severity::Fail && !self.repaired
    }
}

/// What a check's query `list` finds in `state.db` at `db`, or `Err` with what the check returns
/// instead: no findings when the database does not exist yet or `list` finds nothing, one failed
/// finding when `list` fails.
pub fn found<T, E: std::fmt::Display>(
    db: &Path,
    list: impl FnOnce() -> Result<Vec<T>, E>,
) -> Result<Vec<T>, Vec<Finding>> {
    if !db.exists() {
        return Err(Vec::new());
    }
    match list() {
        Ok(rows) if rows.is_empty() => Err(Vec::new()),
        Ok(rows) => Ok(rows),
        Err(e) => Err(vec![Finding::failed(db, &e)]),
    }
}

/// `state.db` at `path` passes SQLite's full `PRAGMA integrity_check` (nothing to check when it does
/// not exist yet).
pub fn integrity(path: &Path) -> Vec<Finding> {
    if !path.exists() {
        return Vec::new();
    }
    let sqlite = |source| Error::Sqlite {
        path: path.to_owned(),
        source,
    };
    let result = super::open(path).and_then(|conn| {
        let mut stmt = conn.prepare("PRAGMA integrity_check").map_err(sqlite)?;
        let rows = stmt
            .query_map([], |r| r.get::<_, String>(0))
            .and_then(Iterator::collect::<Result<Vec<String>, _>>)
            .map_err(sqlite)?;
        Ok(rows)
    });
    let help = "restore it from a backup, or move it aside: pilotdeck rebuilds the session index \
                from the transcripts and the memory index from the notes";
    let subject = path.display().to_string();
    match result {
        Ok(rows) if rows == ["ok"] => Vec::new(),
        Ok(rows) => vec![Finding::new(
            Severity::Fail,
            subject,
            format!("integrity_check: {}; {help}", rows.join("; ")),
        )],
        Err(e) => vec![Finding::new(
            Severity::Fail,
            subject,
            format!("cannot open: {e}; {help}"),
        )],
    }
}
