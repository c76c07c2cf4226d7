//! [`ToolContext`]: everything a tool call may use — the workspace, the permission policy, the
//! per-session read state and to-do list, the turn's cancellation token, the spill directory, the
//! environment filter for the children it starts, and the person to ask, if any.
//!
//! One context lives per session; the loop clones it with the turn's token via
//! [`ToolContext::with_cancel`]. Clones share the read state, so a file read in one turn may be
//! written in the next.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use tokio_util::sync::CancellationToken;

use super::Error;
use super::env_filter::EnvFilter;
use super::permission::{Approver, PermissionPolicy};

/// The directories tools work in: the project root and the `--add-dir` directories, all canonical.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workspace {
    root: PathBuf,
    extra_dirs: Vec<PathBuf>,
}

impl Workspace {
    /// Canonicalises `root` and every extra directory; each must exist.
    pub fn new(root: &Path, extra_dirs: &[PathBuf]) -> Result<Workspace, Error> {
        let canonical = |p: &Path| {
            p.canonicalize().map_err(|source| Error::Io {
                action: "resolve the workspace directory",
                path: p.to_owned(),
                source,
            })
        };
        Ok(Workspace {
            root: canonical(root)?,
            extra_dirs: extra_dirs
                .iter()
                .map(|d| canonical(d))
                .collect::<Result<_, _>>()?,
        })
    }

    /// The canonical project root; relative tool paths resolve against it.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The canonical `--add-dir` directories.
    pub fn extra_dirs(&self) -> &[PathBuf] {
        &self.extra_dirs
    }

    /// The root followed by the extra directories.
    pub fn roots(&self) -> impl Iterator<Item = &Path> {
        std::iter::once(self.root.as_path()).chain(self.extra_dirs.iter().map(PathBuf::as_path))
    }

    /// True when the already-resolved `path` is inside one of the roots.
    pub fn contains(&self, resolved: &Path) -> bool {
        self.roots().any(|r| resolved.starts_with(r))
    }
}

/// What a file looked like when last seen: modification time and size. Comparing both catches a
/// change within a coarse mtime granularity that altered the size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileStamp {
    pub modified: Option<SystemTime>,
    pub len: u64,
}

impl FileStamp {
    /// The stamp of the file at `path` now, `None` if it cannot be read.
    pub fn of(path: &Path) -> Option<FileStamp> {
        let meta = std::fs::metadata(path).ok()?;
        Some(FileStamp {
            modified: meta.modified().ok(),
            len: meta.len(),
        })
    }
}

/// Which files were read this session and how they looked, so that overwriting a file the model
/// never saw (or that changed since) is refused. Keyed by resolved path.
#[derive(Debug, Default)]
pub struct ReadState {
    seen: Mutex<HashMap<PathBuf, Option<FileStamp>>>,
}

impl ReadState {
    /// Records that `path` (resolved) was read or written, with its current stamp.
    pub fn record(&self, path: &Path) {
        let stamp = FileStamp::of(path);
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(path.to_owned(), stamp);
    }

    /// The stamp recorded for `path`: `None` if it was never read.
    pub fn recorded(&self, path: &Path) -> Option<Option<FileStamp>> {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(path)
            .copied()
    }
}

/// The session's to-do list (`todo_write`), shared by the clones of a session's context.
#[derive(Debug, Default)]
pub struct TodoState {
    items: Mutex<Vec<crate::session::TodoItem>>,
}

impl TodoState {
    /// The list now.
    pub fn get(&self) -> Vec<crate::session::TodoItem> {
        self.items
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Replaces the whole list.
    pub fn set(&self, items: Vec<crate::session::TodoItem>) {
        *self.items.lock().unwrap_or_else(PoisonError::into_inner) = items;
    }
}

/// What a tool call may use. Cheap to clone.
#[derive(Clone)]
pub struct ToolContext {
    pub workspace: Arc<Workspace>,
    pub policy: Arc<PermissionPolicy>,
    pub read_state: Arc<ReadState>,
    /// Fires when the turn is cancelled (Ctrl-C, timeout); tools stop and kill their children.
    pub cancel: CancellationToken,
    /// Where oversized results go: `<project>/.pilotdeck/tool-results` by default.
    pub spill_dir: PathBuf,
    /// Who answers an `Ask` decision. `None` means nobody can be asked (run, cron, always-on,
    /// mcp serve): every `Ask` becomes a `Deny` with a message saying how to allow it.
    pub approver: Option<Arc<dyn Approver>>,
    /// The session the calls belong to and its transcript, once they exist (sub-agents link their
    /// own transcripts from it; hooks get them in their payload).
    pub session: Option<String>,
    pub transcript: Option<PathBuf>,
    /// What children started for the agent (bash, hooks, MCP servers) may inherit from the
    /// environment.
    pub env: Arc<EnvFilter>,
    /// The OS sandbox of the commands tools start (`bash`); `None` runs them free (`full` mode, or no
    /// sandbox available).
    pub sandbox: Option<crate::tools::sandbox::Confinement>,
    /// The session's to-do list.
    pub todos: Arc<TodoState>,
    /// Who answers `ask_user` and reviews plans; `None` when nobody can (run, cron, always-on, mcp
    /// serve), and then `ask_user` is not offered.
    pub user: Option<Arc<dyn super::UserChannel>>,
    /// Saves what changing calls replace (`None`: no checkpoints, e.g. tests and `session
    /// compact`); the loop names the session and turn per turn.
    pub checkpoints: Option<crate::checkpoint::Recorder>,
    /// What a call's own model calls may spend (a sub-agent's share of its parent turn's budget);
    /// `None` is no cap. The loop sets it per batch of calls.
    pub spend_limit: Option<super::SpendLimit>,
}

impl ToolContext {
    /// A context for the policy's workspace with a fresh read state, the default spill dir and no
    /// approver.
    pub fn new(policy: PermissionPolicy, cancel: CancellationToken) -> Self {
        let workspace = Arc::clone(policy.workspace());
        let spill_dir = workspace
            .root()
            .join(crate::tools::permission::PILOTDECK_DIR)
            .join(super::spill::DIR_NAME);
        ToolContext {
            workspace,
            policy: Arc::new(policy),
            read_state: Arc::new(ReadState::default()),
            cancel,
            spill_dir,
            approver: None,
            session: None,
            transcript: None,
            env: Arc::new(EnvFilter::default()),
            sandbox: None,
            todos: Arc::default(),
            user: None,
            checkpoints: None,
            spend_limit: None,
        }
    }

    /// The same session context under another cancellation token (one per turn).
    pub fn with_cancel(&self, cancel: CancellationToken) -> Self {
        ToolContext {
            cancel,
            ..self.clone()
        }
    }

    /// Resolves a path argument: `~` expanded, relative paths joined to the project root, symlinks
    /// and `..` resolved (see [`super::permission::resolve_path`]).
    pub fn resolve(&self, path: &Path) -> PathBuf {
        super::permission::resolve_path(self.workspace.root(), path)
    }
}

impl std::fmt::Debug for ToolContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolContext")
            .field("workspace", &self.workspace)
            .field("policy", &self.policy)
            .field("spill_dir", &self.spill_dir)
            .field("can_ask", &self.approver.is_some())
            .field("user", &self.user.is_some())
            .finish_non_exhaustive()
    }
}
