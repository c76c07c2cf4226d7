//! `pilotdeck mcp login NAME`: one OAuth authorization-code flow with PKCE, through rmcp's
//! `OAuthState`.
//!
//! 1. An unauthenticated `initialize` POST gets the server's 401; its `WWW-Authenticate` seeds
//!    discovery (protected resource metadata, then authorization server metadata, with rmcp's
//!    well-known fallbacks). A server that does not answer 401 needs no sign-in.
//! 2. The client is the pre-registered `oauth.clientId` of the entry, else its
//!    `oauth.clientMetadataUrl` (when the server supports client ID metadata documents), else
//!    dynamically registered;
//!    scopes are the entry's `oauth.scopes`, else what the challenge or metadata name.
//! 3. The authorization URL is printed, and opened with `$BROWSER` (or `xdg-open`/`open` when there
//!    is a display) unless `--no-browser`. The code comes back to a loopback listener
//!    (`http://127.0.0.1:PORT/callback`), or, with `--no-browser`, as the pasted redirect URL.
//! 4. rmcp checks `state` and `iss`, exchanges the code (with the `resource` indicator) and saves
//!    the tokens through [`super::store::TokenFile`].
//! 5. The token is tried on the server; a 403 `insufficient_scope` starts one more round for the
//!    larger scope (rmcp allows three).

use std::time::Duration;

use rmcp::transport::auth::{AuthError, AuthorizationManager, AuthorizationRequest, OAuthState};
use tokio::io::AsyncBufReadExt;

use crate::mcp::Error;
use crate::mcp::config::ServerEntry;
use crate::tools::process::{self, CommandSpec, Pipes, StderrMode};

/// How long `mcp login` waits for the browser to come back.
const CALLBACK_WAIT: Duration = Duration::from_secs(300);

/// The flags of `mcp login`.
#[derive(Debug, Clone, Default)]
pub struct LoginOptions {
    /// Print the URL and read the redirect URL (or code) from stdin instead of a browser.
    pub no_browser: bool,
}

/// Signs in to `entry`; `say` gets the lines for the user (the URL, what to do). Returns the
/// granted scopes.
pub async fn login(
    entry: &ServerEntry,
    opts: &LoginOptions,
    say: &(dyn Fn(&str) + Sync),
) -> Result<Vec<String>, Error> {
    let failed = |message: String| Error::OAuth {
        server: entry.name.clone(),
        message,
    };
    let auth = |e: AuthError| failed(e.to_string());
    let crate::mcp::Transport::Http { url, .. } = entry.config.transport(&entry.name)? else {
        return Err(failed(
            "only Streamable HTTP servers (`url`) sign in with OAuth".to_owned(),
        ));
    };
    let Some(file) = super::token_file(entry, super::url_of(entry).unwrap_or(&url)) else {
        return Err(failed(
            "its entry sends a static `Authorization` header; remove it to sign in with OAuth"
                .to_owned(),
        ));
    };
    let http = reqwest::Client::new();
    let Some(challenge) = probe(&http, &url, None).await.map_err(failed)? else {
        return Err(failed(
            "the server accepted a request without a token; it needs no sign-in".to_owned(),
        ));
    };
    let listener = Callback::bind().await.map_err(failed)?;
    let redirect = listener.redirect_uri();

    let mut manager = AuthorizationManager::new(url.as_str())
        .await
        .map_err(auth)?;
    manager.set_credential_store(file);
    let mut state = OAuthState::Unauthorized(manager);
    let mut request = AuthorizationRequest::new(redirect.clone())
        .with_client_name("pilotdeck")
        .with_challenge(challenge.header);
    let oauth = entry.config.oauth.clone().unwrap_or_default();
    if let Some(id) = oauth.client_id {
        request = request.with_preregistered_client(id);
    }
    if let Some(document) = oauth.client_metadata_url {
        request = request.with_client_metadata_url(document);
    }
    if let Some(scopes) = oauth.scopes {
        request = request.with_scopes(scopes);
    }
    state.start_authorization(request).await.map_err(auth)?;
    let mut auth_url = state.get_authorization_url().await.map_err(auth)?;
    let mut listener = listener;
    // The same loopback listener (and redirect URI) serves every round.
    loop {
        let callback = listener.wait(&auth_url, opts, say).await.map_err(failed)?;
        refused(&callback).map_err(failed)?;
        state.handle_callback_url(&callback).await.map_err(auth)?;
        let OAuthState::Authorized(manager) = &state else {
            return Err(failed("the authorization did not complete".to_owned()));
        };
        let token = manager.get_access_token().await.map_err(auth)?;
        match probe(&http, &url, Some(&token)).await.map_err(failed)? {
            None => return Ok(manager.get_current_scopes().await),
            Some(Challenge {
                insufficient_scope: Some(scope),
                ..
            }) => {
                say(&format!(
                    "the server needs the scope `{scope}` as well; authorizing again"
                ));
                auth_url = state
                    .request_scope_upgrade(&scope, &redirect)
                    .await
                    .map_err(auth)?;
            }
            Some(_) => {
                return Err(failed("the server refused the new token (401)".to_owned()));
            }
        }
    }
}

/// What a refused request said.
struct Challenge {
    /// The `WWW-Authenticate` value.
    header: String,
    /// The scope a 403 `insufficient_scope` asks for.
    insufficient_scope: Option<String>,
}

/// An `initialize` POST to `url`; `None` when the server accepts it, the challenge on 401/403.
async fn probe(
    http: &reqwest::Client,
    url: &str,
    token: Option<&str>,
) -> Result<Option<Challenge>, String> {
    let body = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "pilotdeck", "version": env!("CARGO_PKG_VERSION")}
    }});
    let mut request = http
        .post(url)
        .header("Accept", "application/json, text/event-stream")
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request
        .send()
        .await
        .map_err(|e| format!("cannot reach {url}: {e}"))?;
    let status = response.status().as_u16();
    let header = response
        .headers()
        .get(reqwest::header::WWW_AUTHENTICATE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    match status {
        401 => Ok(Some(Challenge {
            header,
            insufficient_scope: None,
        })),
        403 if header.contains("insufficient_scope") => {
            let scope = challenge_param(&header, "scope").unwrap_or_default();
            Ok(Some(Challenge {
                header,
                insufficient_scope: Some(scope),
            }))
        }
        _ => Ok(None),
    }
}

/// `name="value"` (or `name=value`) from a `WWW-Authenticate` value.
fn challenge_param(header: &str, name: &str) -> Option<String> {
    let start = header.find(&format!("{name}="))? + name.len() + 1;
    let rest = &header[start..];
    let value = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next().unwrap_or(""),
        None => rest.split([',', ' ']).next().unwrap_or(""),
    };
    Some(value.to_owned())
}

/// The loopback redirect listener.
struct Callback {
    listener: tokio::net::TcpListener,
    port: u16,
}

impl Callback {
    async fn bind() -> Result<Callback, String> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .map_err(|e| format!("cannot listen on 127.0.0.1 for the redirect: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        Ok(Callback { listener, port })
    }

    fn redirect_uri(&self) -> String {
        format!("http://127.0.0.1:{}/callback", self.port)
    }

    /// Shows `auth_url` (and opens it), then returns the redirect URL the code came back on.
    async fn wait(
        &mut self,
        auth_url: &str,
        opts: &LoginOptions,
        say: &(dyn Fn(&str) + Sync),
    ) -> Result<String, String> {
        say(&format!("open this URL to sign in:\n  {auth_url}"));
        if opts.no_browser {
            say("then paste the URL your browser was sent to (or just the code):");
            let mut line = String::new();
            tokio::io::BufReader::new(tokio::io::stdin())
                .read_line(&mut line)
                .await
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            return pasted(line.trim(), auth_url, &self.redirect_uri());
        }
        let _browser = open_browser(auth_url);
        tokio::time::timeout(CALLBACK_WAIT, self.accept())
            .await
            .map_err(|_| {
                format!(
                    "no redirect came back within {} s; try `--no-browser`",
                    CALLBACK_WAIT.as_secs()
                )
            })?
    }

    /// Answers requests until one is `GET /callback?...`; returns its full URL.
    async fn accept(&mut self) -> Result<String, String> {
        use tokio::io::AsyncWriteExt;
        loop {
            let (stream, _) = self.listener.accept().await.map_err(|e| e.to_string())?;
            let mut reader = tokio::io::BufReader::new(stream);
            let mut first = String::new();
            if reader.read_line(&mut first).await.is_err() {
                continue;
            }
            let target = first.split_whitespace().nth(1).unwrap_or("").to_owned();
            let found = target.starts_with("/callback?");
            let body = if found {
                "Signed in to the MCP server. You can close this tab and return to pilotdeck."
            } else {
                "Not found."
            };
            let status = if found { "200 OK" } else { "404 Not Found" };
            let reply = format!(
                "HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let mut stream = reader.into_inner();
            let _ = stream.write_all(reply.as_bytes()).await;
            let _ = stream.shutdown().await;
            if found {
                return Ok(format!("http://127.0.0.1:{}{target}", self.port));
            }
        }
    }
}

/// The authorization server's `error` (and `error_description`) in the redirect, if it sent one.
fn refused(callback: &str) -> Result<(), String> {
    let Ok(url) = url::Url::parse(callback) else {
        return Ok(());
    };
    let param = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
    };
    match param("error") {
        None => Ok(()),
        Some(error) => Err(format!(
            "the authorization server refused: {error}{}",
            param("error_description")
                .map(|d| format!(" ({d})"))
                .unwrap_or_default()
        )),
    }
}

/// The pasted redirect URL, or a bare code completed with the `state` of `auth_url`.
fn pasted(text: &str, auth_url: &str, redirect: &str) -> Result<String, String> {
    if text.contains("code=") {
        return Ok(if text.starts_with("http") {
            text.to_owned()
        } else {
            format!("{redirect}?{}", text.trim_start_matches('?'))
        });
    }
    if text.is_empty() {
        return Err("nothing was pasted".to_owned());
    }
    let state = url::Url::parse(auth_url)
        .ok()
        .and_then(|u| {
            u.query_pairs()
                .find(|(k, _)| k == "state")
                .map(|(_, v)| v.into_owned())
        })
        .ok_or("the authorization URL has no state")?;
    let mut url = url::Url::parse(redirect).map_err(|e| e.to_string())?;
    url.query_pairs_mut()
        .append_pair("code", text)
        .append_pair("state", &state);
    Ok(url.to_string())
}

/// Starts `$BROWSER URL` (or `xdg-open`/`open` when there is a display); the URL is printed anyway.
fn open_browser(url: &str) -> Option<process::Child> {
    let program = crate::env::var("BROWSER")
        .filter(|b| !b.trim().is_empty())
        .or_else(|| {
            if cfg!(target_os = "macos") {
                Some("open".to_owned())
            } else if crate::env::var_os("DISPLAY").is_some()
                || crate::env::var_os("WAYLAND_DISPLAY").is_some()
            {
                Some("xdg-open".to_owned())
            } else {
                None
            }
        })?;
    let pipes = Pipes {
        stdin: false,
        stdout: false,
        stderr: StderrMode::Null,
    };
    match process::spawn(&CommandSpec::new(program.clone()).arg(url), pipes) {
        Ok(child) => Some(child),
        Err(e) => {
            tracing::warn!("cannot start the browser `{program}`: {e}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenge_parameters_are_read_quoted_or_bare() {
        let h =
            r#"Bearer error="insufficient_scope", scope="mcp:write files", resource_metadata="x""#;
        assert_eq!(
            challenge_param(h, "scope").as_deref(),
            Some("mcp:write files")
        );
        assert_eq!(
            challenge_param("Bearer scope=a, x=y", "scope").as_deref(),
            Some("a")
        );
        assert_eq!(challenge_param("Bearer", "scope"), None);
    }

    #[test]
    fn an_error_redirect_is_reported() {
        let e =
            refused("http://127.0.0.1:9/callback?error=access_denied&error_description=no&state=s");
        assert_eq!(
            e.err().as_deref(),
            Some("the authorization server refused: access_denied (no)")
        );
        assert!(refused("http://127.0.0.1:9/callback?code=c&state=s").is_ok());
    }

    #[test]
    fn a_pasted_code_gets_the_state_of_the_authorization_url() {
        let url = pasted(
            "abc",
            "http://as/authorize?client_id=c&state=s1",
            "http://127.0.0.1:9/callback",
        )
        .unwrap_or_default();
        assert_eq!(url, "http://127.0.0.1:9/callback?code=abc&state=s1");
        let full = "http://127.0.0.1:9/callback?code=abc&state=s1&iss=x";
        assert_eq!(pasted(full, "", "").unwrap_or_default(), full);
    }
}
