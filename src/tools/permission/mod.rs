//! Permissions: may this tool call run?
//!
//! Owns the modes (`read-only`, `workspace-write` — the default —, `full`), the allow / deny / ask
//! rules and where they come from (config `tools.permissions`, `<home>/permissions.json`, `--allow` /
//! `--deny` flags), path resolution and confinement, and the bash classifier with its hard-deny list.
//! The loop never decides anything itself: it asks [`PermissionPolicy::decide`] (through
//! `ToolRegistry::execute`), and where nobody can be asked, [`Decision::finalize_unattended`] turns
//! `Ask` into `Deny` with a message that says how to allow the call.
//!
//! Precedence, first match wins (documented again on [`PermissionPolicy::decide`]):
//! 1. the hard-deny list (bash commands; file writes under `/dev`, `/proc`, `/sys`, `/boot`) — no
//!    mode or rule lifts it;
//! 2. deny rules;
//! 3. `read-only` mode denies every call that is not read-only — allow rules do not lift it;
//! 4. ask rules;
//! 5. allow rules (a file-tool rule without a pattern, such as `Write`, covers only the workspace);
//! 6. the mode's default: `full` allows; otherwise paths inside the project and `--add-dir` dirs are
//!    allowed (writes under `.git/` ask), paths outside ask, dangerous shell commands ask, and other
//!    tools that are not read-only (e.g. MCP tools) ask. A regular file with more than one hard
//!    link counts as outside (`links.rs`): its contents may be a file outside the project.

mod bash;
mod error;
mod expand;
mod links;
mod mode;
mod paths;
mod policy;
mod rule;
mod settings;
mod shell;
mod targets;

pub use bash::{CommandClass, classify_command};
pub use error::Error;
pub use mode::PermissionMode;
pub use paths::resolve_path;
pub use policy::{
    Approver, ApproverFuture, Decision, PermissionPolicy, PermissionRequest, PolicySources,
};
pub use rule::{Rule, RuleKind, RuleSource};
pub use settings::{PermissionsFile, load_permissions_file};
pub use shell::split_commands;
