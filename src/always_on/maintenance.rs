//! Checks and repairs for `doctor --deep`: ticks that died holding a run, and workspaces (directories,
//! git worktrees, `always-on/*` branches) that no work cycle accounts for.
//!
//! - [`dead_lock_holders`] / [`repair_dead_lock_holders`]: runs left `running` by a process that is
//!   gone. The lock itself died with its holder (it is a `flock`); the repair records the run (and
//!   its plan) failed, as the next tick would.
//! - [`orphaned_workspaces`] / [`remove_orphaned_workspaces`]: workspace directories under the
//!   bases, worktree registrations named `always-on-<cycle>` and branches `always-on/<cycle>` whose
//!   cycle is unknown or discarded (active and applied cycles keep theirs for review).

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::Serialize;

use super::Error;
use super::db::Db;
use super::gates::format_ms;
use super::lock::TickLock;
use super::paths::Paths;
use super::state::CycleStatus;
use super::workspace;
use crate::config::Config;
use crate::home::{PilotHome, ProjectKey};

/// A run whose tick died.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeadLockHolder {
    pub project_key: String,
    pub run_id: String,
    pub pid: u32,
    pub started_at: String,
    pub lock_file: PathBuf,
}

/// Runs marked running whose process is gone and whose project lock nobody holds.
pub fn dead_lock_holders(home: &PilotHome) -> Result<Vec<DeadLockHolder>, Error> {
    let db = Db::open(home)?;
    let mut out = Vec::new();
    for run in db.running(None)? {
        if crate::store::pid_alive(run.pid) {
            continue;
        }
        let paths = Paths::new(home, &ProjectKey(run.project_key.clone()));
        if TickLock::try_acquire(&paths)?.is_none() {
            continue;
        }
        out.push(DeadLockHolder {
            project_key: run.project_key,
            run_id: run.id,
            pid: run.pid,
            started_at: format_ms(run.started_at),
            lock_file: paths.lock_file(),
        });
    }
    Ok(out)
}

/// Records the runs of [`dead_lock_holders`] failed (taking each project's lock while doing so).
pub fn repair_dead_lock_holders(home: &PilotHome) -> Result<Vec<DeadLockHolder>, Error> {
    let found = dead_lock_holders(home)?;
    let db = Db::open(home)?;
    let mut keys = BTreeSet::new();
    for dead in &found {
        keys.insert(dead.project_key.clone());
    }
    for key in keys {
        let key = ProjectKey(key);
        let paths = Paths::new(home, &key);
        if let Some(_lock) = TickLock::try_acquire(&paths)? {
            super::lock::reclaim(&db, &paths, &key)?;
        }
    }
    Ok(found)
}

/// What is orphaned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OrphanKind {
    /// A workspace directory.
    Directory,
    /// A git worktree registration in the project's repository.
    Worktree,
    /// A branch `always-on/<cycle>`.
    Branch,
}

/// One orphaned workspace part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrphanedWorkspace {
    pub kind: OrphanKind,
    pub project_key: String,
    /// The directory, or the repository holding the worktree/branch.
    pub path: PathBuf,
    /// The worktree or branch name (empty for a directory).
    pub name: String,
}

/// Workspace parts no active or applied cycle accounts for.
pub fn orphaned_workspaces(
    home: &PilotHome,
    config: &Config,
) -> Result<Vec<OrphanedWorkspace>, Error> {
    let db = Db::open(home)?;
    let cycles = db.cycles()?;
    let kept: BTreeSet<String> = cycles
        .iter()
        .filter(|c| matches!(c.status, CycleStatus::Active | CycleStatus::Applied))
        .map(|c| c.id.clone())
        .collect();
    let kept_paths: BTreeSet<PathBuf> = cycles
        .iter()
        .filter(|c| kept.contains(&c.id))
        .map(|c| c.path.clone())
        .collect();
    let mut out = Vec::new();
    for (key, root) in db.projects()? {
        let paths = Paths::new(home, &ProjectKey(key.clone()));
        for base in paths.workspace_bases(&config.always_on.workspace) {
            for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() && !kept_paths.contains(&path) {
                    out.push(OrphanedWorkspace {
                        kind: OrphanKind::Directory,
                        project_key: key.clone(),
                        path,
                        name: String::new(),
                    });
                }
            }
        }
        let Ok(repo) = git2::Repository::open(&root) else {
            continue;
        };
        for name in repo.worktrees().into_iter().flat_map(|w| {
            w.iter()
                .flatten()
                .flatten()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        }) {
            if let Some(cycle) = name.strip_prefix("always-on-")
                && !kept.contains(cycle)
            {
                out.push(OrphanedWorkspace {
                    kind: OrphanKind::Worktree,
                    project_key: key.clone(),
                    path: root.clone(),
                    name,
                });
            }
        }
        for (branch, _) in repo
            .branches(Some(git2::BranchType::Local))
            .into_iter()
            .flatten()
            .flatten()
        {
            let Ok(Some(name)) = branch.name() else {
                continue;
            };
            if let Some(cycle) = name.strip_prefix("always-on/")
                && !kept.contains(cycle)
            {
                out.push(OrphanedWorkspace {
                    kind: OrphanKind::Branch,
                    project_key: key.clone(),
                    path: root.clone(),
                    name: name.to_owned(),
                });
            }
        }
    }
    Ok(out)
}

/// Removes everything [`orphaned_workspaces`] lists (directories first, then registrations and
/// branches); returns what was removed.
pub fn remove_orphaned_workspaces(
    home: &PilotHome,
    config: &Config,
) -> Result<Vec<OrphanedWorkspace>, Error> {
    let mut found = orphaned_workspaces(home, config)?;
    found.sort_by_key(|o| o.kind != OrphanKind::Directory);
    for orphan in &found {
        match orphan.kind {
            OrphanKind::Directory => std::fs::remove_dir_all(&orphan.path)
                .map_err(|e| Error::io("remove", &orphan.path, e))?,
            OrphanKind::Worktree => workspace::remove_git_parts(&orphan.path, &orphan.name, None)?,
            OrphanKind::Branch => {
                workspace::remove_git_parts(&orphan.path, "", Some(&orphan.name))?
            }
        }
    }
    Ok(found)
}
