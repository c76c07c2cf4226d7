//! [`HostPattern`]: how a rule's pattern matches a network host (`web_fetch`, `web_search`).
//!
//! A pattern is `HOST`, `HOST:PORT` or `[IPv6]:PORT` (a bare IPv6 address names the host, any
//! port). `HOST` matches by labels: `docs.rs` is that host only; `*.docs.rs` is any subdomain of
//! it (not `docs.rs` itself); a `*` inside a label (`api-*.example.com`) never crosses a dot, so
//! `docs.rs*` cannot match `docs.rs.attacker.example`. `PORT` is a number or `*`; without it any
//! port matches. A `*` at the very end of a pattern without a port (the older `HOST*` form,
//! `web_fetch:127.0.0.1*`) means any port, so `10.0.0.5*` names 10.0.0.5 and not 10.0.0.50.
//! A pattern [names one host](HostPattern::is_exact) when its host has no wildcard: only such a
//! rule lets `web_fetch` reach a private or loopback address.

use globset::{GlobBuilder, GlobMatcher};

#[derive(Debug, Clone)]
pub(super) struct HostPattern {
    host: Host,
    /// `None`: any port.
    port: Option<u16>,
}

#[derive(Debug, Clone)]
enum Host {
    Any,
    /// The exact labels, each a glob within the label.
    Labels(Vec<Label>),
    /// `*.` then these labels: one or more labels before them.
    Subdomains(Vec<Label>),
}

#[derive(Debug, Clone)]
struct Label {
    text: String,
    glob: GlobMatcher,
}

impl Label {
    fn new(text: &str) -> Option<Label> {
        let glob = GlobBuilder::new(text)
            .literal_separator(true)
            .backslash_escape(true)
            .build()
            .ok()?
            .compile_matcher();
        Some(Label {
            text: text.to_owned(),
            glob,
        })
    }

    fn is_literal(&self) -> bool {
        !self.text.contains(['*', '?', '[', '{', '\\'])
    }
}

/// `host` and its port (`None` when not given), from `host`, `host:port`, `[v6]`, `[v6]:port` or a
/// bare v6 address.
fn split(text: &str) -> (&str, Option<&str>) {
    if let Some(rest) = text.strip_prefix('[')
        && let Some((host, after)) = rest.split_once(']')
    {
        return (host, after.strip_prefix(':'));
    }
    match text.split_once(':') {
        Some((host, port)) if !port.contains(':') => (host, Some(port)),
        _ => (text, None),
    }
}

impl HostPattern {
    /// Parses a rule's pattern; `None` when it cannot name a host (it then matches none).
    pub(super) fn parse(pattern: &str) -> Option<HostPattern> {
        let pattern = pattern.trim().to_ascii_lowercase();
        let (host, port) = split(&pattern);
        let (host, port) = match port {
            // `HOST*`: any port (`10.0.0.*` keeps its wildcard label).
            None if !host.ends_with(".*") && host != "*" => {
                (host.strip_suffix('*').unwrap_or(host), None)
            }
            None => (host, None),
            Some("*") => (host, None),
            Some(digits) => (host, Some(digits.parse::<u16>().ok()?)),
        };
        if host.is_empty() || host.contains(['/', ' ']) {
            return None;
        }
        let labels = |text: &str| -> Option<Vec<Label>> {
            text.split('.')
                .map(|l| if l.is_empty() { None } else { Label::new(l) })
                .collect()
        };
        let host = if host == "*" {
            Host::Any
        } else if let Some(rest) = host.strip_prefix("*.") {
            Host::Subdomains(labels(rest)?)
        } else if host.contains(':') {
            // An IPv6 address: one label, compared as written.
            Host::Labels(vec![Label::new(host)?])
        } else {
            Host::Labels(labels(host)?)
        };
        Some(HostPattern { host, port })
    }

    /// True when `subject` (`host`, `host:port`, `[v6]:port`) matches.
    pub(super) fn matches(&self, subject: &str) -> bool {
        let subject = subject.to_ascii_lowercase();
        let (host, port) = split(&subject);
        if let Some(want) = self.port
            && port.and_then(|p| p.parse::<u16>().ok()) != Some(want)
        {
            return false;
        }
        let host = host.trim_end_matches('.');
        let all = |pattern: &[Label], labels: &[&str]| {
            pattern.len() == labels.len()
                && pattern.iter().zip(labels).all(|(p, l)| p.glob.is_match(l))
        };
        match &self.host {
            Host::Any => true,
            Host::Labels(pattern) if host.contains(':') => {
                pattern.len() == 1 && pattern[0].glob.is_match(host)
            }
            Host::Labels(pattern) => all(pattern, &host.split('.').collect::<Vec<_>>()),
            Host::Subdomains(pattern) => {
                let labels: Vec<&str> = host.split('.').collect();
                labels.len() > pattern.len()
                    && all(pattern, &labels[labels.len() - pattern.len()..])
            }
        }
    }

    /// True when the pattern names one host (or IP address) with no wildcard.
    pub(super) fn is_exact(&self) -> bool {
        matches!(&self.host, Host::Labels(labels) if labels.iter().all(Label::is_literal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(text: &str) -> HostPattern {
        HostPattern::parse(text).unwrap()
    }

    #[test]
    fn a_wildcard_never_crosses_a_dot() {
        let p = pattern("docs.rs*");
        assert!(p.matches("docs.rs") && p.matches("docs.rs:443") && p.matches("DOCS.RS"));
        assert!(!p.matches("docs.rs.attacker.example"));
        assert!(!p.matches("docs.rsx"));
        let p = pattern("10.0.0.5*");
        assert!(p.matches("10.0.0.5:8080"));
        assert!(!p.matches("10.0.0.50") && !p.matches("10.0.0.59:80"));
        let p = pattern("*.github.com");
        assert!(p.matches("api.github.com") && p.matches("a.b.github.com"));
        assert!(!p.matches("github.com") && !p.matches("evilgithub.com"));
        assert!(!p.matches("api.github.com.evil.example"));
        let p = pattern("api-*.example.com");
        assert!(p.matches("api-eu.example.com"));
        assert!(!p.matches("api-x.evil.example.com"));
    }

    #[test]
    fn ports_and_ipv6() {
        let p = pattern("127.0.0.1:8080");
        assert!(p.matches("127.0.0.1:8080"));
        assert!(!p.matches("127.0.0.1:8081") && !p.matches("127.0.0.1"));
        assert!(pattern("127.0.0.1:*").matches("127.0.0.1:1"));
        assert!(pattern("::1").matches("[::1]:80"));
        assert!(pattern("[::1]:80").matches("[::1]:80"));
        assert!(!pattern("[::1]:80").matches("[::1]:81"));
        assert!(pattern("*").matches("anything.example:1"));
        assert!(HostPattern::parse("git status").is_none());
    }

    #[test]
    fn only_a_pattern_without_wildcards_in_its_host_is_exact() {
        assert!(pattern("127.0.0.1*").is_exact());
        assert!(pattern("localhost:8080").is_exact());
        assert!(pattern("::1").is_exact());
        assert!(!pattern("*.example.com").is_exact());
        assert!(!pattern("10.0.0.*").is_exact());
        assert!(pattern("10.0.0.*").matches("10.0.0.7:80"));
        assert!(HostPattern::parse("10.0.0.").is_none());
        assert!(!pattern("*").is_exact());
        assert!(!pattern("*:8080").is_exact());
    }
}
