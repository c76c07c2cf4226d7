//! Where always-on keeps a project's files: `<home>/projects/<key>/always-on/{plans,reports,runs}/`,
//! `events.jsonl`, the tick lock, and the default bases of workspaces (git worktrees and snapshot
//! copies). Every path is built here.

use std::path::{Path, PathBuf};

use crate::config::AlwaysOnWorkspace;
use crate::home::{PilotHome, ProjectKey, expand_tilde};

/// The always-on directory of one project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    pub dir: PathBuf,
    key: ProjectKey,
}

impl Paths {
    pub fn new(home: &PilotHome, key: &ProjectKey) -> Paths {
        Paths {
            dir: home.always_on_dir(key),
            key: key.clone(),
        }
    }

    pub fn plan_file(&self, plan_id: &str) -> PathBuf {
        self.dir.join("plans").join(format!("{plan_id}.md"))
    }

    pub fn report_file(&self, plan_id: &str) -> PathBuf {
        self.dir.join("reports").join(format!("{plan_id}.md"))
    }

    /// The agent events of one phase of a run (`discover`, `execute`), in `run --json` format.
    pub fn run_log(&self, run_id: &str, phase: &str) -> PathBuf {
        self.runs_dir().join(format!("{run_id}.{phase}.jsonl"))
    }

    /// The run logs ([`Paths::run_log`]).
    pub fn runs_dir(&self) -> PathBuf {
        self.dir.join("runs")
    }

    pub fn key(&self) -> &ProjectKey {
        &self.key
    }

    pub fn events_file(&self) -> PathBuf {
        self.dir.join("events.jsonl")
    }

    /// Held (flock) by the tick that runs; holds its pid and run id for messages.
    pub fn lock_file(&self) -> PathBuf {
        self.dir.join("tick.lock")
    }

    /// The directory a new git worktree goes in: `<gitWorktreeBaseDir>/<key>/<cycle>`, by default
    /// `<always-on dir>/worktrees/<cycle>`.
    pub fn worktree_dir(&self, cfg: &AlwaysOnWorkspace, cycle: &str) -> PathBuf {
        self.base(cfg.git_worktree_base_dir.as_deref(), "worktrees")
            .join(cycle)
    }

    /// The directory a new snapshot copy goes in (`snapshotBaseDir`, like [`Paths::worktree_dir`]).
    pub fn snapshot_dir(&self, cfg: &AlwaysOnWorkspace, cycle: &str) -> PathBuf {
        self.base(cfg.snapshot_base_dir.as_deref(), "snapshots")
            .join(cycle)
    }

    /// The directories workspaces of this project may live in.
    pub fn workspace_bases(&self, cfg: &AlwaysOnWorkspace) -> Vec<PathBuf> {
        vec![
            self.base(cfg.git_worktree_base_dir.as_deref(), "worktrees"),
            self.base(cfg.snapshot_base_dir.as_deref(), "snapshots"),
        ]
    }

    fn base(&self, configured: Option<&str>, default: &str) -> PathBuf {
        match configured {
            Some(dir) => expand_tilde(dir).join(&self.key.0),
            None => self.dir.join(default),
        }
    }
}

/// True when `path` lies inside one of `bases` (a workspace pilotdeck made, safe to delete).
pub fn is_under(path: &Path, bases: &[PathBuf]) -> bool {
    bases.iter().any(|b| path.starts_with(b) && path != b)
}
