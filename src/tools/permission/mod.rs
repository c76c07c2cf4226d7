//! Permissions: may this tool call run?
//!
//! Owns the modes (`read-only`, `workspace-write` — the default —, `full`, and `plan`, read-only
//! until the agent's plan is approved, then back to the mode it came from), the allow / deny / ask
//! rules and where they come from (config `tools.permissions`, `<home>/permissions.json`, `--allow` /
//! `--deny` flags, and the [`FixedRules`] a caller of the loop sets, such as always-on's), path
//! resolution and confinement, protected paths, and the bash classifier with its hard-deny list. The
//! classifier fails closed: `shell` splits a line, `wrappers` takes wrappers off (`env -S`, `xargs`,
//! `find -exec`, `sh -c`, …), `programs` (with `sed`, `awk`, `git`) is the read-only allowlist of
//! programs and flags, `spelling` resolves how a hard-deny target is written, `targets` finds where a
//! line writes and `protected` says which of those places need approval. The loop never decides
//! anything itself: it asks [`PermissionPolicy::decide`] (through `ToolRegistry::execute`), and where
//! nobody can be asked, [`Decision::finalize_unattended`] turns `Ask` into `Deny` with a message that
//! says how to allow the call. Each `Ask` carries its [`AskKind`]: `Routine` (the mode's approval of
//! an in-project call: a dangerous command, a tool not marked read-only), which a `PreToolUse`
//! hook's `allow` may answer in chat ([`Decision::answer_hook_allow`]), or `Guard` (outside the
//! project, protected paths, the network, ask rules), which only the person answers.
//!
//! Precedence, first match wins (documented again on [`PermissionPolicy::decide`]):
//! 0. a file tool's path (symlinks resolved) inside a secret location — the sandbox's list
//!    (`crate::tools::sandbox::secret_locations`: `~/.ssh`, `~/.aws`, …, PilotHome but its
//!    skills and plugins and the workspace roots inside it, `tools.sandbox.hide`), given by [`PermissionPolicy::with_hidden`] — is denied in
//!    every mode, whatever the rules; the `grep`/`glob` walks skip those locations;
//! 1. the hard-deny list (bash commands; file writes under `/dev`, `/proc`, `/sys`, `/boot`) — no
//!    mode or rule lifts it;
//! 2. deny rules;
//! 3. `read-only` and `plan` modes deny every call that is not read-only — allow rules do not lift
//!    it;
//! 4. ask rules;
//! 5. a write to a protected path (`.git/`, `.pilotdeck/`, `PILOTDECK.md`, `AGENTS.md`, the hooks
//!    directory) or a git setting that runs code asks outside `full`, unless an allow rule with a
//!    pattern matches;
//! 6. allow rules (a file-tool rule without a pattern, such as `Write`, covers only the workspace);
//! 7. the mode's default: `full` allows; otherwise paths inside the project and `--add-dir` dirs are
//!    allowed, paths outside ask, dangerous shell commands (destructive git operations, `rm -r`,
//!    wrapped commands that cannot be read) ask, and other tools that are not read-only (e.g. MCP
//!    tools) ask. A regular file with more than one hard link counts as outside (`links.rs`): its
//!    contents may be a file outside the project.

mod awk;
mod bash;
mod decision;
mod error;
mod expand;
mod git;
mod host;
mod links;
mod mode;
mod paths;
mod policy;
mod programs;
mod protected;
mod rule;
mod sed;
mod settings;
mod shell;
mod spelling;
mod targets;
mod wrappers;

pub use bash::{CommandClass, classify_command};
pub use decision::{AskKind, Decision};
pub use error::Error;
pub use mode::PermissionMode;
pub use paths::resolve_path;
pub use policy::{
    Approval, ApprovalRequest, Approver, ApproverFuture, PermissionPolicy, PermissionRequest,
    PolicySources, ReviewFuture,
};
pub use protected::{GIT_HEAD, INSTRUCTION_FILES, PILOTDECK_DIR};
pub use rule::{FixedRules, Rule, RuleKind, RuleSource};
pub use settings::{PermissionsFile, load_permissions_file};
pub(crate) use shell::UNKNOWN;
pub use shell::split_commands;
