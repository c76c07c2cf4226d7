//! What the sandbox refused, read from a confined command's stderr: the kernel answers "Permission
//! denied" (EACCES), and the programs name the path (`touch: cannot touch '/x': Permission
//! denied`, `PermissionError: [Errno 13] Permission denied: '/x'`) or the host they connected to.
//! A path counts when the policy explains the refusal (hidden, a device other than `/dev/null` and
//! the like, or a write outside the writable set); a refusal without a path counts as the network when the network is closed and the line
//! talks about a connection.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

use super::policy::{DEVICE_FILES, DEVICES, Network, Policy};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Denial {
    /// Reading a hidden secret location.
    Read(PathBuf),
    /// Changing something outside the writable set.
    Write(PathBuf),
    /// A connection (`host:port` when the message named it).
    Network(Option<String>),
    /// A host the per-host mode's proxy refused (`host:port`).
    Proxy(String),
    /// A connection around the per-host mode's proxy (`host:port` when the message named it).
    Direct(Option<String>),
    /// Another process's memory or environment (`/proc/<pid>/environ`).
    Process(PathBuf),
    /// A device other than `/dev/null` and the like: a terminal, a disk.
    Device(PathBuf),
    /// A protected path the command changed, put back afterwards ([`super::guard`]).
    Protected(PathBuf),
    /// A protected path the command changed that could not be put back ([`super::guard`]): what
    /// the command left there was moved to `aside`, if anything.
    NotRestored {
        path: PathBuf,
        why: String,
        aside: Option<PathBuf>,
    },
    /// The protected paths could not be saved before the command, so it was not run.
    Unkept(String),
}

impl fmt::Display for Denial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Denial::Read(path) => write!(
                f,
                "the sandbox denied reading {} (a secret location, hidden from commands)",
                path.display()
            ),
            Denial::Write(path) => write!(
                f,
                "the sandbox denied writing {} (commands write only in the project, --add-dir \
                 directories and $TMPDIR, and nowhere in read-only mode)",
                path.display()
            ),
            Denial::Network(Some(host)) => write!(
                f,
                "the sandbox denied network access to {host} (the network is closed; --allow-network or tools.sandbox.network: true opens it)"
            ),
            Denial::Process(path) => write!(
                f,
                "the sandbox denied access to another process ({}): commands cannot read pilotdeck's environment or memory",
                path.display()
            ),
            Denial::Device(path) => write!(
                f,
                "the sandbox denied opening {} (commands get no terminal and no disk; only \
                 /dev/null, /dev/zero, /dev/full, /dev/random and /dev/urandom)",
                path.display()
            ),
            Denial::Proxy(host) => write!(
                f,
                "the sandbox denied network access to {host} (not one of the hosts in tools.sandbox.network)"
            ),
            Denial::Direct(host) => write!(
                f,
                "the sandbox denied a direct connection{} (only the hosts in tools.sandbox.network are reachable, through the proxy in $HTTPS_PROXY)",
                host.as_ref()
                    .map(|h| format!(" to {h}"))
                    .unwrap_or_default()
            ),
            Denial::Protected(path) => write!(
                f,
                "the sandbox undid the change to {} (a protected path: git's config and hooks, \
                 .pilotdeck/ and the instruction files change only with approval, through a \
                 command that names them; do not work around it)",
                path.display()
            ),
            Denial::NotRestored { path, why, aside } => write!(
                f,
                "the sandbox could NOT undo the change to {} ({why}){}; a protected path: tell the \
                 user, who must check it before running git or pilotdeck here",
                path.display(),
                aside
                    .as_ref()
                    .map(|a| format!("; what the command left there was moved to {}", a.display()))
                    .unwrap_or_default()
            ),
            Denial::Unkept(why) => write!(
                f,
                "the sandbox did not run the command: {why} (protected paths are saved before each \
                 command and put back after it; ask the user to shrink or fix it)"
            ),
            Denial::Network(None) => write!(
                f,
                "the sandbox denied network access (the network is closed; --allow-network or tools.sandbox.network: true opens it)"
            ),
        }
    }
}

impl From<super::guard::Outcome> for Denial {
    fn from(outcome: super::guard::Outcome) -> Denial {
        match outcome {
            super::guard::Outcome::Undone(path) => Denial::Protected(path),
            super::guard::Outcome::Failed { path, why, aside } => {
                Denial::NotRestored { path, why, aside }
            }
        }
    }
}

#[expect(clippy::expect_used, reason = "literal patterns")]
static PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"'([^']+)'|"([^"]+)"|‘([^’]+)’|(?:^|[\s:(])((?:~|/)[^\s:'"()]*)"#)
        .expect("valid regex")
});

#[expect(clippy::expect_used, reason = "literal patterns")]
static HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:to|connect(?:ing)?(?: to)?)\s+([A-Za-z0-9._\-\[\]:]+?)(?:\s+port\s+(\d+)|:(\d+))",
    )
    .expect("valid regex")
});

/// What a refused call prints: EACCES/EPERM, and curl's line for a connect the kernel refused.
const REFUSALS: &[&str] = &[
    "Permission denied",
    "Operation not permitted",
    "Failed to connect to",
];
const NETWORK_WORDS: &[&str] = &["connect", "socket", "network", "port ", "curl:", "wget:"];

/// The refusals in `stderr` that the policy explains, in order, without repeats.
pub fn find(policy: &Policy, stderr: &str, cwd: &Path) -> Vec<Denial> {
    let mut found: Vec<Denial> = Vec::new();
    for line in stderr.lines() {
        if !REFUSALS.iter().any(|r| line.contains(r)) {
            continue;
        }
        let denial =
            path_denial(policy, line, cwd).or_else(|| network_denial(policy, line, stderr));
        if let Some(denial) = denial
            && !found.contains(&denial)
        {
            found.push(denial);
        }
    }
    found
}

fn path_denial(policy: &Policy, line: &str, cwd: &Path) -> Option<Denial> {
    PATH.captures_iter(line).find_map(|caps| {
        let text = (1..=4).find_map(|i| caps.get(i))?.as_str();
        if text.contains("Errno") || text.is_empty() {
            return None;
        }
        let path = crate::home::expand_tilde(text);
        let path = super::policy::real(&cwd.join(path));
        if policy.is_hidden(&path) {
            Some(Denial::Read(path))
        } else if path.starts_with("/proc") {
            Some(Denial::Process(path))
        } else if path.starts_with(DEVICES) && !DEVICE_FILES.iter().any(|d| path == Path::new(d)) {
            Some(Denial::Device(path))
        } else if !policy.is_writable(&path)
            && (text.starts_with(['/', '~']) || path.parent().is_some_and(Path::exists))
        {
            Some(Denial::Write(path))
        } else {
            None
        }
    })
}

/// A refusal without a path is the network's when the line, or else the whole output (a Python
/// traceback names the `connect` call on another line), talks about a connection.
fn network_denial(policy: &Policy, line: &str, stderr: &str) -> Option<Denial> {
    let talks = |text: &str| {
        let lower = text.to_lowercase();
        NETWORK_WORDS.iter().any(|w| lower.contains(w))
    };
    if policy.network.is_open() || !(talks(line) || talks(stderr)) {
        return None;
    }
    let host = HOST
        .captures(line)
        .or_else(|| HOST.captures(stderr))
        .map(|caps| {
            let host = caps.get(1).map_or("", |m| m.as_str());
            match caps.get(2).or_else(|| caps.get(3)) {
                Some(port) => format!("{host}:{}", port.as_str()),
                None => host.to_owned(),
            }
        });
    Some(match policy.network {
        Network::Hosts(_) => Denial::Direct(host),
        Network::Open | Network::Closed => Denial::Network(host),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> Policy {
        Policy {
            writable: vec![PathBuf::from("/proj"), PathBuf::from("/tmp/run")],
            hidden: super::super::policy::Secrets::hiding(vec![PathBuf::from("/h/.aws")]),
            network: Network::Closed,
            guarded: Vec::new(),
        }
    }

    #[test]
    fn writes_outside_and_secret_reads_are_named() {
        let stderr = "touch: cannot touch '/h/out.txt': Permission denied\n\
                      cat: /h/.aws/credentials: Permission denied\n\
                      bash: line 1: /h/r.txt: Permission denied\n\
                      PermissionError: [Errno 13] Permission denied: '/h/py.txt'\n\
                      sh: 1: cannot create /h/x: Permission denied";
        let found = find(&policy(), stderr, Path::new("/proj"));
        assert_eq!(
            found,
            [
                Denial::Write("/h/out.txt".into()),
                Denial::Read("/h/.aws/credentials".into()),
                Denial::Write("/h/r.txt".into()),
                Denial::Write("/h/py.txt".into()),
                Denial::Write("/h/x".into()),
            ]
        );
        assert!(found[0].to_string().contains("/h/out.txt"));
    }

    #[test]
    fn a_terminal_or_a_disk_is_a_device_denial() {
        let stderr = "PermissionError: [Errno 13] Permission denied: '/dev/tty'\n\
                      dd: failed to open '/dev/sda': Permission denied";
        assert_eq!(
            find(&policy(), stderr, Path::new("/proj")),
            [
                Denial::Device("/dev/tty".into()),
                Denial::Device("/dev/sda".into())
            ]
        );
    }

    #[test]
    fn refusals_inside_the_writable_set_are_not_the_sandbox() {
        let stderr = "touch: cannot touch 'ro.txt': Permission denied\nplain error";
        assert!(find(&policy(), stderr, Path::new("/proj")).is_empty());
    }

    #[test]
    fn connection_refusals_name_the_host_when_the_network_is_closed() {
        let stderr = "curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect to server";
        assert_eq!(
            find(&policy(), stderr, Path::new("/proj")),
            [Denial::Network(Some("127.0.0.1:8080".into()))]
        );
        let py = "PermissionError: [Errno 13] Permission denied\n  s.connect(('127.0.0.1', 80))";
        assert_eq!(
            find(&policy(), py, Path::new("/proj")),
            [Denial::Network(None)]
        );
        let open = Policy {
            network: Network::Open,
            ..policy()
        };
        assert!(find(&open, stderr, Path::new("/proj")).is_empty());
    }
}
