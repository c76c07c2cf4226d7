//! PilotDeck's `<home>/permissions.json`: `{version, allowedTools, disallowedTools, skipPermissions}`.
//!
//! `allowedTools` become allow rules and `disallowedTools` deny rules, Claude names mapped. Unlike the
//! TypeScript original, `skipPermissions` does **not** switch to bypass: a missing file means no rules,
//! and the mode comes from config or `--permission-mode` only.

use std::path::Path;

use serde::Deserialize;

use super::Error;

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PermissionsFile {
    pub allowed_tools: Vec<String>,
    pub disallowed_tools: Vec<String>,
    /// Read for compatibility and ignored (see the module doc).
    pub skip_permissions: Option<bool>,
}

/// Reads `path`; a missing file is an empty rule set.
pub fn load_permissions_file(path: &Path) -> Result<PermissionsFile, Error> {
    let text = match crate::store::read_text(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(PermissionsFile::default()),
        Err(source) => {
            return Err(Error::Read {
                path: path.to_owned(),
                source,
            });
        }
    };
    let file: PermissionsFile = serde_json::from_str(&text).map_err(|source| Error::Parse {
        path: path.to_owned(),
        source,
    })?;
    if file.skip_permissions == Some(true) {
        tracing::debug!(path = %path.display(), "skipPermissions is ignored; use --permission-mode full");
    }
    Ok(file)
}
