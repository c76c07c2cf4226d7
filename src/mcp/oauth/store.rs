//! [`TokenFile`]: one server's OAuth sign-in on disk, `<home>/mcp-auth/<server>.json`, mode 0600,
//! written atomically. It holds the server URL the sign-in is for (a changed URL means signed out),
//! and rmcp's stored credentials (client id, tokens, granted scopes, issuer), or none when the server
//! last answered 401 without one ("needs login").

use std::path::{Path, PathBuf};

use rmcp::transport::auth::{AuthError, CredentialStore, StoredCredentials};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
struct OnDisk {
    url: String,
    #[serde(default)]
    credentials: Option<StoredCredentials>,
}

/// The sign-in file of one server at one URL.
#[derive(Debug, Clone)]
pub(crate) struct TokenFile {
    path: PathBuf,
    url: String,
}

impl TokenFile {
    pub(crate) fn new(path: &Path, url: &str) -> TokenFile {
        TokenFile {
            path: path.to_owned(),
            url: url.to_owned(),
        }
    }

    /// `None` when the file is missing, unreadable or for another URL; `Some(None)` when the server
    /// asked for a sign-in that has not happened.
    pub(crate) fn read(&self) -> Option<Option<StoredCredentials>> {
        let text = std::fs::read_to_string(&self.path).ok()?;
        let disk: OnDisk = serde_json::from_str(&text).ok()?;
        (disk.url == self.url).then_some(disk.credentials)
    }

    pub(crate) fn write(&self, credentials: Option<StoredCredentials>) -> Result<(), AuthError> {
        let disk = OnDisk {
            url: self.url.clone(),
            credentials,
        };
        let text = serde_json::to_vec_pretty(&disk)
            .map_err(|e| AuthError::CredentialStoreError(e.to_string()))?;
        if let Some(dir) = self.path.parent() {
            crate::store::create_dir_private(dir)
                .map_err(|e| AuthError::CredentialStoreError(e.to_string()))?;
        }
        crate::store::write_atomic(&self.path, &text)
            .map_err(|e| AuthError::CredentialStoreError(e.to_string()))
    }

    /// Removes the file; true when there was one.
    pub(crate) fn remove(&self) -> std::io::Result<bool> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e),
        }
    }
}

#[async_trait::async_trait]
impl CredentialStore for TokenFile {
    async fn load(&self) -> Result<Option<StoredCredentials>, AuthError> {
        Ok(self.read().flatten())
    }

    async fn save(&self, credentials: StoredCredentials) -> Result<(), AuthError> {
        self.write(Some(credentials))
    }

    async fn clear(&self) -> Result<(), AuthError> {
        self.write(None)
    }
}
