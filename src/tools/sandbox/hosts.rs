//! Per-host network rules (`tools.sandbox.network: ["crates.io", "*.npmjs.org"]`): which hosts a
//! sandboxed command may reach through the session's proxy ([`super::proxy`]).
//!
//! An entry is a host name (`crates.io`, matched exactly), a wildcard (`*.npmjs.org`: any subdomain,
//! not the domain itself), or the same written permission-style as `domain:HOST` or
//! `WebFetch(domain:HOST)`. Case does not matter; a trailing dot is ignored. IP addresses are host
//! names like any other (`127.0.0.1` allows that address as written in the request).

use std::fmt;

/// One allowed host pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pattern {
    Exact(String),
    /// `*.suffix`: the stored text is `.suffix`.
    Subdomains(String),
}

/// The allowed hosts of a session.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HostRules {
    patterns: Vec<Pattern>,
    /// The entries as written, for messages.
    written: Vec<String>,
}

/// A `tools.sandbox.network` entry that is not a host pattern.
#[derive(Debug, thiserror::Error)]
#[error(
    "tools.sandbox.network: `{0}` is not a host name, `*.domain`, `domain:HOST` or `WebFetch(domain:HOST)`"
)]
pub struct BadHost(pub String);

fn normalize(host: &str) -> String {
    host.trim().trim_end_matches('.').to_ascii_lowercase()
}

fn valid_host(host: &str) -> bool {
    !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':' | '[' | ']'))
}

fn parse_entry(entry: &str) -> Result<Pattern, BadHost> {
    let bad = || BadHost(entry.to_owned());
    let text = entry.trim();
    let text = text
        .strip_prefix("WebFetch(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let text = text.strip_prefix("domain:").unwrap_or(text);
    let host = normalize(text);
    match host.strip_prefix("*.") {
        Some(suffix) if valid_host(suffix) && !suffix.contains(':') => {
            Ok(Pattern::Subdomains(format!(".{suffix}")))
        }
        Some(_) => Err(bad()),
        None if valid_host(&host) => Ok(Pattern::Exact(host)),
        None => Err(bad()),
    }
}

impl HostRules {
    /// Parses the configured entries.
    pub fn parse(entries: &[String]) -> Result<HostRules, BadHost> {
        let patterns = entries
            .iter()
            .map(|e| parse_entry(e))
            .collect::<Result<_, _>>()?;
        Ok(HostRules {
            patterns,
            written: entries.to_vec(),
        })
    }

    /// True when `host` (a name or an address, without port) may be reached.
    pub fn allows(&self, host: &str) -> bool {
        let host = normalize(host);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        self.patterns.iter().any(|p| match p {
            Pattern::Exact(name) => name.trim_start_matches('[').trim_end_matches(']') == host,
            Pattern::Subdomains(suffix) => host.ends_with(suffix.as_str()),
        })
    }
}

impl fmt::Display for HostRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(entries: &[&str]) -> HostRules {
        HostRules::parse(&entries.iter().map(|e| (*e).to_owned()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn exact_names_and_wildcards_match_as_written() {
        let r = rules(&[
            "crates.io",
            "*.npmjs.org",
            "domain:Example.COM",
            "WebFetch(domain:docs.rs)",
        ]);
        assert!(r.allows("crates.io") && r.allows("CRATES.IO."));
        assert!(!r.allows("static.crates.io") && !r.allows("evilcrates.io"));
        assert!(r.allows("registry.npmjs.org") && !r.allows("npmjs.org"));
        assert!(!r.allows("registry.npmjs.org.evil.com"));
        assert!(r.allows("example.com") && r.allows("docs.rs"));
        assert!(rules(&["::1"]).allows("[::1]"));
    }

    #[test]
    fn urls_and_paths_are_errors() {
        for bad in ["https://crates.io", "crates.io/x", "", "*.", "a b"] {
            assert!(HostRules::parse(&[bad.to_owned()]).is_err(), "{bad}");
        }
    }
}
