//! Shared helpers for the `tools_*` integration tests: a temp project, a context, one-call execution.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::disallowed_methods,
    reason = "test support: each test binary uses a different subset; panics and std::fs::write are fine here"
)]

use std::path::{Path, PathBuf};

use pilotdeck::tools::permission::{PermissionMode, PermissionPolicy, RuleKind, RuleSource};
use pilotdeck::tools::{ToolCall, ToolContext, ToolExecution, ToolRegistry, Workspace};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

pub(crate) struct Project {
    pub(crate) tmp: tempfile::TempDir,
    /// Canonical project root, `<tmp>/proj`.
    pub(crate) root: PathBuf,
    /// A canonical directory beside the project, outside it.
    pub(crate) outside: PathBuf,
}

impl Project {
    pub(crate) fn new() -> Project {
        let tmp = tempfile::tempdir().unwrap();
        let base = tmp.path().canonicalize().unwrap();
        let root = base.join("proj");
        let outside = base.join("outside");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        Project { tmp, root, outside }
    }

    pub(crate) fn file(&self, rel: &str, content: &str) -> PathBuf {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, content).unwrap();
        path
    }

    pub(crate) fn write_bytes(&self, path: &Path, bytes: &[u8]) {
        std::fs::write(path, bytes).unwrap();
    }

    pub(crate) fn init_git(&self) {
        git2::Repository::init(&self.root).unwrap();
    }

    pub(crate) fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root.join(rel)).unwrap()
    }

    pub(crate) fn policy(&self, mode: PermissionMode) -> PermissionPolicy {
        PermissionPolicy::new(mode, Workspace::new(&self.root, &[]).unwrap())
    }

    pub(crate) fn ctx(&self, mode: PermissionMode) -> ToolContext {
        ToolContext::new(self.policy(mode), CancellationToken::new())
    }

    pub(crate) fn ctx_with_rules(
        &self,
        mode: PermissionMode,
        rules: &[(&str, RuleKind)],
    ) -> ToolContext {
        let mut policy = self.policy(mode);
        for (text, kind) in rules {
            policy.add_rule(text, *kind, RuleSource::Flag).unwrap();
        }
        ToolContext::new(policy, CancellationToken::new())
    }
}

pub(crate) async fn call(ctx: &ToolContext, name: &str, input: Value) -> ToolExecution {
    ToolRegistry::with_builtins()
        .execute(
            ctx,
            &ToolCall {
                id: "call_1".to_owned(),
                name: name.to_owned(),
                input,
            },
        )
        .await
}

/// True once `pid` no longer runs (gone, or a zombie nobody reaped yet).
pub(crate) fn is_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// Polls `check` every 20 ms for up to 10 s.
pub(crate) async fn eventually(mut check: impl FnMut() -> bool) -> bool {
    for _ in 0..500 {
        if check() {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    false
}

pub(crate) fn read_pid(path: &Path) -> Option<u32> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}
