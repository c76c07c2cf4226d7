//! Errors while building a permission policy: a bad mode, a bad rule, an unreadable permissions.json.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "unknown permission mode `{mode}` (from {origin}); use read-only, workspace-write, full or plan"
    )]
    BadMode { mode: String, origin: &'static str },
    #[error(
        "invalid permission rule `{rule}` (from {origin}): {message}; the format is `tool` or \
         `tool:pattern`, e.g. `bash:git status*` or `Bash(npm test:*)`"
    )]
    BadRule {
        rule: String,
        origin: String,
        message: String,
    },
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("`{path}` is not valid permissions JSON: {source}; fix or remove the file")]
    Parse {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
}
