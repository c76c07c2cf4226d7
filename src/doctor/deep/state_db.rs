//! `state.db` passes SQLite's full `PRAGMA integrity_check`.

use super::{DeepContext, Problem, Severity};
use crate::store;

pub(super) fn integrity(ctx: &DeepContext) -> Vec<Problem> {
    let path = ctx.home.state_db();
    if !path.exists() {
        return Vec::new();
    }
    let subject = path.display().to_string();
    let result = store::open(&path).and_then(|conn| {
        let mut stmt = conn
            .prepare("PRAGMA integrity_check")
            .map_err(sqlite(&path))?;
        let rows = stmt
            .query_map([], |r| r.get::<_, String>(0))
            .and_then(Iterator::collect::<Result<Vec<String>, _>>)
            .map_err(sqlite(&path))?;
        Ok(rows)
    });
    let help = "restore it from a backup, or move it aside: pilotdeck rebuilds the session index \
                from the transcripts and the memory index from the notes";
    match result {
        Ok(rows) if rows == ["ok"] => Vec::new(),
        Ok(rows) => vec![Problem::new(
            Severity::Fail,
            subject,
            format!("integrity_check: {}; {help}", rows.join("; ")),
        )],
        Err(e) => vec![Problem::new(
            Severity::Fail,
            subject,
            format!("cannot open: {e}; {help}"),
        )],
    }
}

pub(super) fn sqlite(path: &std::path::Path) -> impl Fn(rusqlite::Error) -> store::Error + '_ {
    move |source| store::Error::Sqlite {
        path: path.to_owned(),
        source,
    }
}
