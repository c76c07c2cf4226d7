//! Which permission mode a served run gets. The operator sets the ceiling (`mcp serve
//! --permission-mode`, else the project's configured `tools.permissions.mode`, else
//! `workspace-write`); a caller's `permission_mode` may only ask for that mode or a narrower one.
//! A served session keeps its mode: it is stored beside the project's sessions
//! ([`PilotHome::serve_modes_dir`]) and `pilotdeck_reply` continues in it (or narrower).

use std::path::PathBuf;

use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::tools::permission::PermissionMode;

/// How permissive a mode is: `plan` and `read-only` change nothing, `full` changes anything.
fn rank(mode: PermissionMode) -> u8 {
    match mode {
        PermissionMode::Plan | PermissionMode::ReadOnly => 0,
        PermissionMode::WorkspaceWrite => 1,
        PermissionMode::Full => 2,
    }
}

/// The widest mode the operator allows for a run with `config`: the `--permission-mode` flag,
/// else the configured mode, else the default.
pub(super) fn ceiling(
    flag: Option<PermissionMode>,
    config: &Config,
) -> Result<PermissionMode, String> {
    if let Some(mode) = flag {
        return Ok(mode);
    }
    match &config.tools.permissions.mode {
        Some(text) => {
            PermissionMode::parse(text, "config tools.permissions.mode").map_err(|e| e.to_string())
        }
        None => Ok(PermissionMode::default()),
    }
}

/// What a run gets: `asked` when it is no wider than `limit`, else `limit` when nothing was asked.
/// `whose` names the limit in the error ("this server's", "this session's").
pub(super) fn choose(
    asked: Option<PermissionMode>,
    limit: PermissionMode,
    whose: &str,
) -> Result<PermissionMode, String> {
    match asked {
        None => Ok(limit),
        Some(mode) if rank(mode) <= rank(limit) => Ok(mode),
        Some(mode) => Err(format!(
            "permission_mode `{mode}` is wider than {whose} mode `{limit}`; ask for `{limit}` or \
             a narrower mode (the operator sets the ceiling with `mcp serve --permission-mode` or \
             tools.permissions.mode)"
        )),
    }
}

/// The narrower of two modes (`a` on a tie).
pub(super) fn narrower(a: PermissionMode, b: PermissionMode) -> PermissionMode {
    if rank(b) < rank(a) { b } else { a }
}

fn file(home: &PilotHome, project: &Project, session: &str) -> PathBuf {
    home.serve_modes_dir(&project.key).join(session)
}

/// The mode a served session ran in; `None` for a session `mcp serve` did not start (or one whose
/// record is unreadable).
pub(super) fn stored(home: &PilotHome, project: &Project, session: &str) -> Option<PermissionMode> {
    let text = std::fs::read_to_string(file(home, project, session)).ok()?;
    PermissionMode::parse(&text, "a served session's mode").ok()
}

/// Records the mode `session` ran in.
pub(super) fn store(
    home: &PilotHome,
    project: &Project,
    session: &str,
    mode: PermissionMode,
) -> Result<(), String> {
    crate::store::write_atomic(&file(home, project, session), mode.as_str().as_bytes())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use PermissionMode::{Full, Plan, ReadOnly, WorkspaceWrite};

    #[test]
    fn a_caller_may_only_narrow_the_limit() {
        assert_eq!(choose(None, ReadOnly, "x"), Ok(ReadOnly));
        assert_eq!(choose(Some(Plan), ReadOnly, "x"), Ok(Plan));
        assert_eq!(choose(Some(ReadOnly), WorkspaceWrite, "x"), Ok(ReadOnly));
        assert_eq!(choose(Some(Full), Full, "x"), Ok(Full));
        let wider = choose(Some(Full), ReadOnly, "this server's").unwrap_err();
        assert!(
            wider.contains("`full` is wider than this server's mode `read-only`"),
            "{wider}"
        );
        assert!(choose(Some(WorkspaceWrite), Plan, "x").is_err());
        assert_eq!(narrower(WorkspaceWrite, ReadOnly), ReadOnly);
        assert_eq!(narrower(ReadOnly, Full), ReadOnly);
    }
}
