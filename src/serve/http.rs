//! `mcp serve --http ADDR`: the same server over Streamable HTTP at `http://ADDR/mcp`.
//!
//! rmcp's Streamable HTTP service does the protocol: `Mcp-Session-Id` sessions for clients that
//! `initialize`, stateless requests for 2026-07-28 clients, SSE streams for progress, cancellation,
//! the `Host` and `Origin` checks (403) and the request size limit (413). In front of it, hyper
//! serves HTTP/1.1 and this module adds the bearer token (401 without it) and the `/mcp` path.
//!
//! Binding: a loopback address unless `--allow-remote`. Shutdown (SIGTERM or Ctrl-C): the listener
//! closes, running turns are cancelled and end like any aborted turn (transcript written, the caller
//! gets the aborted result), then the sessions and connections close.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Request, Response, StatusCode};
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;
use tower_service::Service as _;

use super::token::Token;
use super::{PilotdeckServer, ServeError, ServeOptions};

/// Where `--http` listens when it is given without an address.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8765";
/// The one endpoint.
pub const PATH: &str = "/mcp";
/// The largest request body accepted (413 above it).
pub const MAX_REQUEST_BYTES: usize = 4 * 1024 * 1024;
/// How long shutdown waits for cancelled turns to finish writing, then for connections to close.
const RUNS_GRACE: Duration = Duration::from_secs(20);
const RESPONSES_GRACE: Duration = Duration::from_secs(2);
const CONNECTIONS_GRACE: Duration = Duration::from_secs(5);

/// The flags of `mcp serve --http`.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    pub addr: SocketAddr,
    /// Read the bearer token from this file instead of `<home>/serve-token`.
    pub token_file: Option<PathBuf>,
    /// Accept a non-loopback address.
    pub allow_remote: bool,
    /// Browser origins allowed besides loopback ones (`scheme://host[:port]`).
    pub allowed_origins: Vec<String>,
    /// Host names (`host` or `host:port`) accepted in `Host` besides loopback ones.
    pub allowed_hosts: Vec<String>,
}

/// A bound listener, ready to serve.
pub struct Bound {
    listener: tokio::net::TcpListener,
    /// The address actually bound (port 0 resolved).
    pub addr: SocketAddr,
    /// The file holding the bearer token.
    pub token_file: PathBuf,
    token: Token,
    opts: ServeOptions,
    http: HttpOptions,
}

type Body = BoxBody<Bytes, Infallible>;

/// Checks the address, loads (or creates) the token and binds.
pub async fn bind(opts: ServeOptions, http: HttpOptions) -> Result<Bound, ServeError> {
    if !http.addr.ip().is_loopback() && !http.allow_remote {
        return Err(ServeError::Remote { addr: http.addr });
    }
    super::Roots::new(&opts.cwd, &opts.roots, opts.home.root())?;
    let token = Token::load(&opts.home, http.token_file.as_deref())?;
    let listener = tokio::net::TcpListener::bind(http.addr)
        .await
        .map_err(|e| ServeError::Bind {
            addr: http.addr,
            message: e.to_string(),
        })?;
    let addr = listener.local_addr().map_err(|e| ServeError::Bind {
        addr: http.addr,
        message: e.to_string(),
    })?;
    Ok(Bound {
        listener,
        addr,
        token_file: token.file.clone(),
        token,
        opts,
        http,
    })
}

impl Bound {
    /// Serves until `stop` fires, then shuts down as the module docs say.
    pub async fn serve(self, stop: CancellationToken) -> Result<(), ServeError> {
        let server = PilotdeckServer::new(self.opts, stop.clone())?;
        let runs = server.runs.clone();
        let sessions = CancellationToken::new();
        let config = rmcp_config(&self.http, self.addr, sessions.clone());
        let factory = server.clone();
        let mcp = StreamableHttpService::new(
            move || Ok(factory.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        let token = Arc::new(self.token);
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        let builder = hyper::server::conn::http1::Builder::new();
        loop {
            let accepted = tokio::select! {
                accepted = self.listener.accept() => accepted,
                () = stop.cancelled() => break,
            };
            let stream = match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot accept a connection");
                    continue;
                }
            };
            let mcp = mcp.clone();
            let token = token.clone();
            let service = hyper::service::service_fn(move |req: Request<Incoming>| {
                let mut mcp = mcp.clone();
                let token = token.clone();
                async move {
                    if req.uri().path() != PATH {
                        return Ok::<_, Infallible>(plain(
                            StatusCode::NOT_FOUND,
                            "not found: the MCP endpoint is /mcp",
                        ));
                    }
                    let auth = req
                        .headers()
                        .get(http::header::AUTHORIZATION)
                        .map(http::HeaderValue::as_bytes);
                    if !token.allows(auth) {
                        return Ok(unauthorized());
                    }
                    mcp.call(req).await
                }
            });
            let connection =
                graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    tracing::debug!(error = %e, "an HTTP connection ended with an error");
                }
            });
        }
        drop(self.listener);
        tracing::info!("mcp serve: shutting down");
        runs.close();
        if tokio::time::timeout(RUNS_GRACE, runs.wait()).await.is_err() {
            tracing::warn!("mcp serve: running turns did not end in time");
        }
        // The cancelled turns' answers are still on their way out: let the connections finish
        // their responses, then end the sessions (their open SSE streams) and close the rest.
        let drained = graceful.shutdown();
        tokio::pin!(drained);
        if tokio::time::timeout(RESPONSES_GRACE, &mut drained)
            .await
            .is_err()
        {
            sessions.cancel();
            if tokio::time::timeout(CONNECTIONS_GRACE, drained)
                .await
                .is_err()
            {
                tracing::debug!("mcp serve: connections still open at exit");
            }
        }
        Ok(())
    }
}

fn rmcp_config(
    http: &HttpOptions,
    bound: SocketAddr,
    sessions: CancellationToken,
) -> StreamableHttpServerConfig {
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    if !bound.ip().is_unspecified() {
        hosts.push(bound.ip().to_string());
    }
    hosts.extend(http.allowed_hosts.iter().cloned());
    let mut origins: Vec<String> = ["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"]
        .into_iter()
        .map(str::to_owned)
        .collect();
    origins.extend(http.allowed_origins.iter().cloned());
    let config = StreamableHttpServerConfig::default()
        .with_allowed_origins(origins)
        .enforce_origin_validation()
        .with_max_request_body_bytes(MAX_REQUEST_BYTES)
        .with_cancellation_token(sessions);
    // A wildcard bind without named hosts cannot know the names clients use; the bearer token is
    // then the only gate (DNS rebinding cannot carry it).
    if bound.ip().is_unspecified() && http.allowed_hosts.is_empty() {
        config.disable_allowed_hosts()
    } else {
        config.with_allowed_hosts(hosts)
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from_static(text.as_bytes())).boxed());
    *response.status_mut() = status;
    response
}

fn unauthorized() -> Response<Body> {
    let mut response = plain(
        StatusCode::UNAUTHORIZED,
        "unauthorized: send `Authorization: Bearer <token>` (the token is in the file `mcp serve` \
         printed at start)",
    );
    response.headers_mut().insert(
        http::header::WWW_AUTHENTICATE,
        http::HeaderValue::from_static("Bearer realm=\"pilotdeck\""),
    );
    response
}
