//! The client `web_fetch` connects with, and the check-then-pin step that keeps DNS rebinding out:
//! a host name is resolved once, every address is classified ([`super::address`]), and the request
//! then connects to exactly those addresses — the client's resolver answers from the pin set while
//! the request connects, so a second, different answer from DNS is never used.
//!
//! A fetch of a host holds that host's lock from pinning until the response headers arrive, so two
//! fetches of one host (possibly under different rules) never see each other's pins. The client
//! keeps no idle connections, so nothing connected for one fetch is reused by another. Names
//! nobody pinned (a proxy's, from the proxy environment) resolve normally.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use tokio::sync::OwnedMutexGuard;

use super::WebError;

/// Host names and the addresses checked for them, while a request connects.
#[derive(Default)]
struct Pins {
    addresses: Mutex<HashMap<String, Vec<SocketAddr>>>,
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

static PINS: OnceLock<Arc<Pins>> = OnceLock::new();
static CLIENT: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();

fn pins() -> &'static Arc<Pins> {
    PINS.get_or_init(Arc::default)
}

/// The web client, built on first use from the shared client's settings
/// (`crate::model::web_http_client`).
pub(super) fn client() -> Result<reqwest::Client, WebError> {
    CLIENT
        .get_or_init(|| {
            let resolver: Arc<dyn Resolve> = Arc::new(PinnedResolver(Arc::clone(pins())));
            crate::model::web_http_client(resolver).map_err(|e| e.to_string())
        })
        .clone()
        .map_err(WebError::Client)
}

/// Resolves `host` (a name or an IP literal) to the addresses a request to it may use.
pub(super) async fn resolve(host: &str, port: u16) -> Result<Vec<SocketAddr>, WebError> {
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = literal.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(ip, port)]);
    }
    let found: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| WebError::Resolve {
            host: host.to_owned(),
            message: e.to_string(),
        })?
        .collect();
    if found.is_empty() {
        return Err(WebError::Resolve {
            host: host.to_owned(),
            message: "no address".to_owned(),
        });
    }
    Ok(found)
}

/// Held while a request to a host connects: the host's pinned addresses and its lock.
pub(super) struct Pin {
    host: String,
    _lock: OwnedMutexGuard<()>,
}

/// Pins `host` to `addresses` until the returned guard is dropped (after the response headers).
pub(super) async fn pin(host: &str, addresses: Vec<SocketAddr>) -> Pin {
    let pins = pins();
    let lock = {
        let mut locks = pins.locks.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(locks.entry(host.to_owned()).or_default())
    };
    let guard = lock.lock_owned().await;
    pins.addresses
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(host.to_owned(), addresses);
    Pin {
        host: host.to_owned(),
        _lock: guard,
    }
}

impl Drop for Pin {
    fn drop(&mut self) {
        pins()
            .addresses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.host);
    }
}

/// The web client's resolver: pinned names get their checked addresses, others the system's.
struct PinnedResolver(Arc<Pins>);

impl Resolve for PinnedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let pinned = self
            .0
            .addresses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(name.as_str())
            .cloned();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addresses = match pinned {
                Some(addresses) => addresses,
                None => tokio::net::lookup_host((host.as_str(), 0)).await?.collect(),
            };
            let addrs: Addrs = Box::new(addresses.into_iter());
            Ok(addrs)
        })
    }
}
