//! The process's HTTP clients: the shared one (built once: it loads the system's CA certificates)
//! that model calls and other requests to configured endpoints use, one for plain HTTP to this
//! machine (no certificates, no proxy, no redirect), and one per page fetch for the web tools.

use super::error::Error;

/// The process's shared HTTP client (a plain-HTTP request to this machine uses [`http_client_for`]'s
/// own): building it loads and decodes the system's CA certificates (about
/// 2 ms, every file under `/etc/ssl/certs`), so it is built once and shared by the agent, the router
/// and memory's model calls.
static HTTP: std::sync::OnceLock<Result<reqwest::Client, Error>> = std::sync::OnceLock::new();

pub(super) fn shared() -> Result<reqwest::Client, Error> {
    HTTP.get_or_init(|| {
        base_builder()
            .build()
            .map_err(|e| Error::from_transport("", "", &e))
    })
    .clone()
}

/// The settings every client of the process shares: the ring TLS provider, the user agent and the
/// proxy environment (`HTTPS_PROXY`, `NO_PROXY`, …, reqwest's default).
fn base_builder() -> reqwest::ClientBuilder {
    // Fails only when a provider is already installed, which is what we want.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder().user_agent(concat!("pilotdeck/", env!("CARGO_PKG_VERSION")))
}

/// The process's shared HTTP client (the one every model call uses), for other requests to
/// endpoints the user configured (the web search provider).
pub fn http_client() -> Result<reqwest::Client, Error> {
    shared()
}

/// The client for a request to `url`: the shared client, or for plain HTTP to this machine (a local
/// embedding or model server) one built without the system's CA certificates, which such a request
/// never uses (loading them is most of the ~2 ms the shared client costs to build). It goes to this
/// machine directly, whatever the proxy environment says (the request and its key stay here), and
/// follows no redirect: a local server that answers with one answers with an error.
pub fn http_client_for(url: &str) -> Result<reqwest::Client, Error> {
    static LOOPBACK: std::sync::OnceLock<Result<reqwest::Client, Error>> =
        std::sync::OnceLock::new();
    if !is_loopback_http(url) {
        return shared();
    }
    LOOPBACK
        .get_or_init(|| {
            base_builder()
                .tls_certs_only(std::iter::empty())
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .map_err(|e| Error::from_transport("", "", &e))
        })
        .clone()
}

/// Whether `url` is `http://` to a loopback address or `localhost`.
fn is_loopback_http(url: &str) -> bool {
    let Ok(url) = reqwest::Url::parse(url) else {
        return false;
    };
    url.scheme() == "http"
        && match url.host() {
            Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => false,
        }
}

/// A client for fetching pages a model asked for: the shared client's settings, but it follows no
/// redirect (the caller follows them, checking each hop), keeps no idle connection (a connection is
/// never reused for a name resolved differently later), and resolves host names only through
/// `resolver` (which answers with the addresses the caller checked). reqwest sets redirects, pooling
/// and name resolution per client, which is why this is not the shared client itself.
pub fn web_http_client(
    resolver: std::sync::Arc<dyn reqwest::dns::Resolve>,
) -> Result<reqwest::Client, Error> {
    base_builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(0)
        .dns_resolver(resolver)
        .build()
        .map_err(|e| Error::from_transport("", "", &e))
}

/// Starts building the shared client on a thread of its own (once), so that a command about to call
/// a model overlaps the certificate loading with its own set-up; [`shared`] then waits for it rather
/// than building a second one.
pub(super) fn prewarm() {
    if HTTP.get().is_none() {
        std::thread::spawn(|| {
            let _ = shared();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_http_to_this_machine_skips_the_certificates() {
        for url in [
            "http://127.0.0.1:11434/api/embed",
            "http://LOCALHOST/v1",
            "http://[::1]:8080/v1",
            "http://127.8.0.1/",
        ] {
            assert!(is_loopback_http(url), "{url}");
        }
        for url in [
            "https://127.0.0.1/v1",
            "https://localhost/v1",
            "http://example.com/v1",
            "http://localhost.example.com/v1",
            "http://127.0.0.1.nip.io/v1",
            "http://10.0.0.1/v1",
            "not a url",
        ] {
            assert!(!is_loopback_http(url), "{url}");
        }
    }
}
