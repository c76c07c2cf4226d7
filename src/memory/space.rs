//! [`Memory`]: the handle every memory operation starts from — PilotHome, the memory layout, the
//! `memory:` settings and the configuration the memory model is resolved from.

use rusqlite::Connection;

use super::Error;
use super::catalog;
use super::fts;
use super::layout::{GLOBAL_SCOPE, Layout, Scope};
use crate::config::{Config, MemoryConfig};
use crate::home::{PilotHome, Project, ProjectKey};

/// The `reasoningMode` that turns on recall's model step.
const ACCURACY_FIRST: &str = "accuracy_first";

/// Memory for one PilotHome and configuration.
#[derive(Debug, Clone)]
pub struct Memory {
    pub home: PilotHome,
    pub layout: Layout,
    /// The `memory:` section, or its defaults when absent.
    pub settings: MemoryConfig,
    pub config: Config,
}

impl Memory {
    /// Memory for explicit `memory …` commands: works whether or not the section exists.
    pub fn new(home: &PilotHome, config: &Config) -> Memory {
        Memory {
            home: home.clone(),
            layout: Layout::new(home, config.memory.as_ref()),
            settings: config.memory.clone().unwrap_or_default(),
            config: config.clone(),
        }
    }

    /// Memory for `run`/`chat`: `Some` only when the `memory:` section is present and enabled, or
    /// `force` (`--memory`) is set.
    pub fn for_turns(home: &PilotHome, config: &Config, force: bool) -> Option<Memory> {
        let configured = config.memory.as_ref().is_some_and(|m| m.enabled);
        (configured || force).then(|| Memory::new(home, config))
    }

    /// Whether recall runs its model step: `memory.reasoningMode` (flat, or under `schedule`) is
    /// `accuracy_first`. The default, `answer_first`, answers from stage 1 without a model call.
    pub fn model_step_enabled(&self) -> bool {
        let mode = self
            .settings
            .reasoning_mode
            .as_deref()
            .unwrap_or(&self.settings.schedule.reasoning_mode);
        mode == ACCURACY_FIRST
    }

    pub fn db(&self) -> Result<Connection, Error> {
        Ok(crate::store::open(&self.home.state_db())?)
    }

    /// Scope keys recall and listing look at: the project's and the global notes, or (no project,
    /// the General workspace) every scope.
    pub fn scopes(&self, project: Option<&ProjectKey>) -> Option<Vec<String>> {
        project.map(|k| vec![k.0.clone(), GLOBAL_SCOPE.to_owned()])
    }

    /// Brings the index in line with the files of the project (and the global notes), or of every
    /// workspace when `project` is `None`.
    pub fn sync(
        &self,
        conn: &mut Connection,
        project: Option<&ProjectKey>,
    ) -> Result<usize, Error> {
        let keys = match project {
            Some(k) => vec![k.clone()],
            None => self.layout.workspace_keys(),
        };
        let mut changed = 0;
        for key in &keys {
            let dir = self.layout.workspace(key);
            changed += fts::sync(conn, &Scope::workspace(&dir, key))?;
        }
        changed += fts::sync(conn, &Scope::global(&self.layout.global()))?;
        Ok(changed)
    }

    /// Rebuilds the derived files of `key`'s workspace and the global profile. Caller holds the
    /// write lock.
    pub fn rebuild_catalogs(&self, key: &ProjectKey, project_name: &str) -> Result<(), Error> {
        let now = now();
        catalog::rebuild_workspace(&self.layout.workspace(key), key, project_name, &now)?;
        catalog::rebuild_global(&self.layout.global())
    }

    /// Rebuilds the global `profile.md`. Caller holds the write lock.
    pub fn rebuild_global_catalog(&self) -> Result<(), Error> {
        catalog::rebuild_global(&self.layout.global())
    }

    /// Derived files (`MEMORY.md` of each workspace, the global `profile.md`) whose content differs
    /// from what their notes call for, with the workspace they belong to (`None`: the global one).
    pub fn stale_catalogs(&self) -> Vec<(Option<ProjectKey>, std::path::PathBuf)> {
        let mut out = Vec::new();
        for key in self.layout.workspace_keys() {
            let dir = self.layout.workspace(&key);
            let path = dir.join("MEMORY.md");
            if std::fs::read_to_string(&path).ok() != Some(catalog::workspace_catalog(&dir, &key)) {
                out.push((Some(key), path));
            }
        }
        let global = self.layout.global();
        if let Some(text) = catalog::global_profile(&global) {
            let path = global.join("profile.md");
            if std::fs::read_to_string(&path).ok() != Some(text) {
                out.push((None, path));
            }
        }
        out
    }
}

/// The display name of a project: the last component of its root.
pub(super) fn project_name(project: &Project) -> String {
    project
        .root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| project.key.0.clone())
}

/// Now, RFC 3339 in UTC with seconds.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Reads a pipeline state value (`memory_state`).
pub(super) fn state_get(
    conn: &Connection,
    project_key: &str,
    key: &str,
) -> Result<Option<String>, Error> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        "SELECT value FROM memory_state WHERE project_key = ?1 AND key = ?2",
        [project_key, key],
        |r| r.get(0),
    )
    .optional()
    .map_err(Error::sqlite("reading memory state"))
}

/// Writes a pipeline state value in its own transaction.
pub(super) fn state_set(
    conn: &mut Connection,
    project_key: &str,
    key: &str,
    value: &str,
) -> Result<(), Error> {
    crate::store::immediate(conn, |tx| -> Result<(), Error> {
        tx.execute(
            "INSERT INTO memory_state (project_key, key, value) VALUES (?1, ?2, ?3)
             ON CONFLICT (project_key, key) DO UPDATE SET value = ?3",
            [project_key, key, value],
        )?;
        Ok(())
    })
}
