//! OAuth sign-in to remote (Streamable HTTP) MCP servers, per the MCP authorization spec, with
//! rmcp's `auth` support (which wraps the `oauth2` crate): discovery from the server's 401
//! `WWW-Authenticate` and `/.well-known/oauth-protected-resource`, authorization server metadata with
//! the OAuth/OpenID fallbacks, client registration (pre-registered `oauth.clientId`, else dynamic
//! registration), PKCE, the `resource` indicator, scope selection (challenge, else
//! `scopes_supported`), the `iss` check, refresh before expiry and after a 401.
//!
//! - [`store`]: the sign-in file, `<home>/mcp-auth/<server>.json` (0600), never anywhere else.
//! - [`login`]: `pilotdeck mcp login` (browser or pasted code, loopback redirect).
//! - [`authorizer`]: what a connection uses: the stored sign-in, refreshed by rmcp as needed.
//!
//! A server with a static `Authorization` header in mcp.json never uses OAuth.

pub mod login;
pub(crate) mod store;

use rmcp::transport::auth::{AuthorizationManager, StoredCredentials};
use serde_json::Value;

use super::Error;
use super::config::ServerEntry;
use store::TokenFile;

/// Where a server stands with OAuth, for `mcp list`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum AuthStatus {
    /// The server answered 401 and no sign-in is stored.
    NeedsLogin,
    /// Signed in; the access token expires at this time (unix seconds), if the server said.
    SignedIn { expires_at: Option<u64> },
}

impl AuthStatus {
    /// `needs login` or `signed in (expires 2026-12-01 10:00 UTC)`.
    pub fn describe(&self) -> String {
        match self {
            AuthStatus::NeedsLogin => "needs login".to_owned(),
            AuthStatus::SignedIn { expires_at: None } => "signed in".to_owned(),
            AuthStatus::SignedIn {
                expires_at: Some(at),
            } => {
                let when = i64::try_from(*at)
                    .ok()
                    .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
                    .map_or_else(String::new, |t| t.format("%Y-%m-%d %H:%M UTC").to_string());
                format!("signed in (expires {when})")
            }
        }
    }
}

/// True when the entry sends its own `Authorization` header (a static bearer token).
fn has_static_authorization(entry: &ServerEntry) -> bool {
    entry
        .config
        .headers
        .keys()
        .any(|k| k.eq_ignore_ascii_case("authorization"))
}

/// The sign-in file of an HTTP server that may use OAuth.
fn token_file(entry: &ServerEntry, url: &str) -> Option<TokenFile> {
    if has_static_authorization(entry) {
        return None;
    }
    entry.auth_file.as_deref().map(|p| TokenFile::new(p, url))
}

/// The server's URL as written (unexpanded), which keys its sign-in.
fn url_of(entry: &ServerEntry) -> Option<&str> {
    entry
        .config
        .url
        .as_deref()
        .or(entry.config.http_url.as_deref())
}

/// `mcp list`'s auth column; `None` for stdio servers, static tokens and servers never seen to ask.
pub fn status(entry: &ServerEntry) -> Option<AuthStatus> {
    let file = token_file(entry, url_of(entry)?)?;
    match file.read()? {
        None => Some(AuthStatus::NeedsLogin),
        Some(credentials) => Some(signed_in(&credentials)),
    }
}

fn signed_in(credentials: &StoredCredentials) -> AuthStatus {
    let token = serde_json::to_value(&credentials.token_response).unwrap_or(Value::Null);
    let expires_at = token
        .get("expires_in")
        .and_then(Value::as_u64)
        .zip(credentials.token_received_at)
        .map(|(lifetime, at)| at + lifetime);
    if token.is_null() {
        AuthStatus::NeedsLogin
    } else {
        AuthStatus::SignedIn { expires_at }
    }
}

/// `mcp logout`: forgets the sign-in; true when there was one.
pub fn logout(entry: &ServerEntry) -> Result<bool, Error> {
    let Some(path) = entry.auth_file.as_deref() else {
        return Ok(false);
    };
    TokenFile::new(path, "").remove().map_err(|e| Error::OAuth {
        server: entry.name.clone(),
        message: format!("cannot remove {}: {e}", path.display()),
    })
}

/// The authorization a connection to `url` uses: the stored sign-in (rmcp refreshes it before it
/// expires and after a 401, saving the new tokens), or `None` to connect without one.
pub(crate) async fn authorizer(
    entry: &ServerEntry,
    url: &str,
) -> Result<Option<AuthorizationManager>, Error> {
    let Some(file) = token_file(entry, url_of(entry).unwrap_or(url)) else {
        return Ok(None);
    };
    if !matches!(file.read(), Some(Some(_))) {
        return Ok(None);
    }
    let failed = |e: rmcp::transport::auth::AuthError| Error::OAuth {
        server: entry.name.clone(),
        message: format!("{e}; run `pilotdeck mcp login {}`", entry.name),
    };
    let mut manager = AuthorizationManager::new(url).await.map_err(failed)?;
    manager.set_credential_store(file);
    if manager.initialize_from_store().await.map_err(failed)? {
        Ok(Some(manager))
    } else {
        Ok(None)
    }
}

/// Records that the server asked for a sign-in none is stored for (`mcp list`: `needs login`).
pub(crate) fn mark_needs_login(entry: &ServerEntry, url: &str) {
    if let Some(file) = token_file(entry, url_of(entry).unwrap_or(url))
        && file.read().is_none()
        && let Err(e) = file.write(None)
    {
        tracing::debug!(server = %entry.name, error = %e, "cannot record `needs login`");
    }
}
