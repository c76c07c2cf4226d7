//! [`PermissionMode`]: how much a session may change without a rule saying so.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Error;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PermissionMode {
    /// Read tools and read-only shell commands only.
    ReadOnly,
    /// Writes and shell inside the project and `--add-dir` dirs; anything else asks.
    #[default]
    WorkspaceWrite,
    /// Everything except the hard-deny list and deny rules.
    Full,
    /// Planning: like `read-only` (reads, searches and read-only commands), until the agent's plan
    /// (`exit_plan_mode`) is approved and the session goes back to the mode it came from.
    Plan,
}

impl PermissionMode {
    pub fn as_str(self) -> &'static str {
        match self {
            PermissionMode::ReadOnly => "read-only",
            PermissionMode::WorkspaceWrite => "workspace-write",
            PermissionMode::Full => "full",
            PermissionMode::Plan => "plan",
        }
    }

    /// Parses a mode, naming where the text came from in the error.
    pub fn parse(text: &str, origin: &'static str) -> Result<PermissionMode, Error> {
        match text.trim() {
            "read-only" | "readonly" | "read_only" => Ok(PermissionMode::ReadOnly),
            "workspace-write" | "workspace_write" | "default" => Ok(PermissionMode::WorkspaceWrite),
            "full" | "bypass" | "bypassPermissions" => Ok(PermissionMode::Full),
            "plan" => Ok(PermissionMode::Plan),
            other => Err(Error::BadMode {
                mode: other.to_owned(),
                origin,
            }),
        }
    }
}

impl FromStr for PermissionMode {
    type Err = Error;

    fn from_str(text: &str) -> Result<PermissionMode, Error> {
        PermissionMode::parse(text, "the command line")
    }
}

impl fmt::Display for PermissionMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
