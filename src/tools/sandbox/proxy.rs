//! The per-host network mode's proxy: a small HTTP proxy on `127.0.0.1` (an ephemeral port, one per
//! session, started at the first sandboxed command that needs it) that lets through only the hosts
//! of [`HostRules`]. It speaks `CONNECT host:port` (HTTPS and any other TCP protocol a client tunnels;
//! the TLS stays end to end) and plain HTTP requests in absolute form (`GET http://host/path`), which
//! it forwards with `Connection: close` so one connection serves one request to one host.
//!
//! A refused host gets `403 Forbidden` and is remembered ([`Proxy::take_refused`]) so the command's
//! result names it. Children find the proxy through `HTTP_PROXY`/`HTTPS_PROXY`/`ALL_PROXY` (and
//! the lower-case names, with `NO_PROXY` empty); the sandbox lets their TCP reach only its port,
//! so a program that ignores those variables fails closed.

use std::net::Ipv4Addr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::task::AbortOnDropHandle;

use super::hosts::HostRules;

/// The longest request head accepted.
const MAX_HEAD: usize = 64 * 1024;
/// How long a client may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(30);

/// A running proxy; dropping it stops accepting connections.
#[derive(Debug)]
pub struct Proxy {
    port: u16,
    refused: Arc<Mutex<Vec<String>>>,
    _task: AbortOnDropHandle<()>,
}

impl Proxy {
    /// Binds `127.0.0.1:0` and serves on the current tokio runtime (an error outside one).
    pub fn start(rules: HostRules) -> std::io::Result<Proxy> {
        let runtime = tokio::runtime::Handle::try_current()
            .map_err(|_| std::io::Error::other("no async runtime to serve the proxy on"))?;
        let _entered = runtime.enter();
        let listener = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
        listener.set_nonblocking(true)?;
        let port = listener.local_addr()?.port();
        let listener = TcpListener::from_std(listener)?;
        let refused = Arc::new(Mutex::new(Vec::new()));
        let task = runtime.spawn(serve(listener, Arc::new(rules), Arc::clone(&refused)));
        Ok(Proxy {
            port,
            refused,
            _task: AbortOnDropHandle::new(task),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The `host:port`s refused since the last call.
    pub fn take_refused(&self) -> Vec<String> {
        self.refused
            .lock()
            .map(|mut list| std::mem::take(&mut *list))
            .unwrap_or_default()
    }

    /// The environment a child finds the proxy through.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        let url = format!("http://127.0.0.1:{}", self.port);
        let mut env: Vec<(&'static str, String)> = [
            "HTTP_PROXY",
            "HTTPS_PROXY",
            "ALL_PROXY",
            "http_proxy",
            "https_proxy",
            "all_proxy",
        ]
        .into_iter()
        .map(|name| (name, url.clone()))
        .collect();
        env.push(("NO_PROXY", String::new()));
        env.push(("no_proxy", String::new()));
        env
    }
}

async fn serve(listener: TcpListener, rules: Arc<HostRules>, refused: Arc<Mutex<Vec<String>>>) {
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                let rules = Arc::clone(&rules);
                let refused = Arc::clone(&refused);
                tokio::spawn(async move {
                    if let Err(err) = handle(stream, &rules, &refused).await {
                        tracing::debug!(%err, "sandbox proxy connection ended with an error");
                    }
                });
            }
            Err(err) => {
                // Out of descriptors and the like: wait instead of spinning.
                tracing::debug!(%err, "sandbox proxy cannot accept");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

/// A parsed request head: where to connect and what to send there first.
struct Request {
    host: String,
    port: u16,
    /// `None` for `CONNECT` (a tunnel); the rewritten head for plain HTTP.
    forward: Option<Vec<u8>>,
}

async fn handle(
    mut client: TcpStream,
    rules: &HostRules,
    refused: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    let Ok(read) = tokio::time::timeout(HEAD_TIMEOUT, read_head(&mut client)).await else {
        return Ok(());
    };
    let (head, rest) = read?;
    let request = match parse(&head) {
        Ok(request) => request,
        Err(why) => return respond(&mut client, "400 Bad Request", why).await,
    };
    if !rules.allows(&request.host) {
        let target = format!("{}:{}", request.host, request.port);
        if let Ok(mut list) = refused.lock() {
            list.push(target.clone());
        }
        let why = format!(
            "pilotdeck sandbox: {target} is not one of the hosts in tools.sandbox.network ({rules})"
        );
        return respond(&mut client, "403 Forbidden", &why).await;
    }
    let mut upstream = match TcpStream::connect((request.host.as_str(), request.port)).await {
        Ok(stream) => stream,
        Err(err) => {
            let why = format!(
                "pilotdeck sandbox: cannot connect to {}:{}: {err}",
                request.host, request.port
            );
            return respond(&mut client, "502 Bad Gateway", &why).await;
        }
    };
    match &request.forward {
        None => {
            client
                .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
                .await?;
        }
        Some(head) => upstream.write_all(head).await?,
    }
    upstream.write_all(&rest).await?;
    tokio::io::copy_bidirectional(&mut client, &mut upstream).await?;
    Ok(())
}

/// Reads up to the end of the request head; returns the head and the bytes read past it.
async fn read_head(client: &mut TcpStream) -> std::io::Result<(Vec<u8>, Vec<u8>)> {
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    loop {
        let n = client.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(chunk.get(..n).unwrap_or_default());
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let rest = buf.split_off(end + 4);
            return Ok((buf, rest));
        }
        if buf.len() > MAX_HEAD {
            return Err(std::io::Error::other("request head too large"));
        }
    }
}

/// Headers that concern the hop to the proxy, not the origin server.
const HOP_HEADERS: &[&str] = &[
    "proxy-connection",
    "proxy-authorization",
    "connection",
    "keep-alive",
];

fn parse(head: &[u8]) -> Result<Request, &'static str> {
    let mut headers = [httparse::EMPTY_HEADER; 100];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(head) {
        Ok(httparse::Status::Complete(_)) => {}
        _ => return Err("pilotdeck sandbox: not an HTTP proxy request"),
    }
    let (Some(method), Some(target)) = (req.method, req.path) else {
        return Err("pilotdeck sandbox: not an HTTP proxy request");
    };
    if method.eq_ignore_ascii_case("CONNECT") {
        let (host, port) = authority(target, 443).ok_or("pilotdeck sandbox: bad CONNECT target")?;
        return Ok(Request {
            host,
            port,
            forward: None,
        });
    }
    let rest = target
        .strip_prefix("http://")
        .ok_or("pilotdeck sandbox: the proxy takes CONNECT or absolute http:// requests")?;
    let (auth, path) = rest.find('/').map_or((rest, "/"), |i| rest.split_at(i));
    let (host, port) = authority(auth, 80).ok_or("pilotdeck sandbox: bad request URL")?;
    let mut out = format!("{method} {path} HTTP/1.1\r\n").into_bytes();
    for header in req.headers.iter() {
        if HOP_HEADERS
            .iter()
            .any(|h| header.name.eq_ignore_ascii_case(h))
        {
            continue;
        }
        out.extend_from_slice(header.name.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(header.value);
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"Connection: close\r\n\r\n");
    Ok(Request {
        host,
        port,
        forward: Some(out),
    })
}

/// `host[:port]` or `[v6]:port`, without user info.
fn authority(text: &str, default_port: u16) -> Option<(String, u16)> {
    if text.is_empty() || text.contains('@') {
        return None;
    }
    let (host, port) = match text.strip_prefix('[') {
        Some(v6) => {
            let (host, after) = v6.split_once(']')?;
            (host, after.strip_prefix(':'))
        }
        None => match text.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (text, None),
        },
    };
    let port = match port {
        Some(port) => port.parse().ok()?,
        None => default_port,
    };
    (!host.is_empty()).then(|| (host.to_owned(), port))
}

async fn respond(client: &mut TcpStream, status: &str, body: &str) -> std::io::Result<()> {
    let text = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}\n",
        body.len() + 1
    );
    client.write_all(text.as_bytes()).await?;
    client.shutdown().await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities_split_host_and_port() {
        assert_eq!(authority("crates.io", 80), Some(("crates.io".into(), 80)));
        assert_eq!(authority("a.b:8443", 443), Some(("a.b".into(), 8443)));
        assert_eq!(authority("[::1]:99", 443), Some(("::1".into(), 99)));
        assert_eq!(authority("[::1]", 443), Some(("::1".into(), 443)));
        assert_eq!(authority("user@evil:80", 80), None);
        assert_eq!(authority("a:notaport", 80), None);
    }

    #[test]
    fn plain_http_is_rewritten_to_origin_form_without_hop_headers() {
        let head = b"GET http://example.com:8080/a?b HTTP/1.1\r\nHost: example.com:8080\r\nProxy-Connection: keep-alive\r\nAccept: */*\r\n\r\n";
        let req = parse(head).unwrap();
        assert_eq!((req.host.as_str(), req.port), ("example.com", 8080));
        let forward = String::from_utf8(req.forward.unwrap()).unwrap();
        assert!(forward.starts_with("GET /a?b HTTP/1.1\r\n"), "{forward}");
        assert!(
            forward.contains("Accept: */*\r\n") && forward.ends_with("Connection: close\r\n\r\n")
        );
        assert!(!forward.to_lowercase().contains("proxy-connection"));
        let tunnel =
            parse(b"CONNECT crates.io:443 HTTP/1.1\r\nHost: crates.io:443\r\n\r\n").unwrap();
        assert!(tunnel.forward.is_none() && tunnel.port == 443);
        assert!(parse(b"GET /local HTTP/1.1\r\n\r\n").is_err());
    }
}
