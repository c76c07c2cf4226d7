//! The macOS backend: the [`Policy`] as a Seatbelt profile for `sandbox-exec -p`. Reads are allowed
//! everywhere but the hidden paths (Seatbelt can deny inside an allowed tree, unlike Landlock),
//! writes only to the writable directories and device files, and outbound TCP only when the policy
//! opens the network (or, in the per-host mode, only to the session's proxy: [`proxy_rule`]).

use std::ffi::{OsStr, OsString};
use std::path::Path;

use super::policy::{DEVICE_FILES, Policy};

pub const SANDBOX_EXEC: &str = "/usr/bin/sandbox-exec";

/// The profile text of `policy`.
pub fn profile(policy: &Policy) -> String {
    let mut out = String::from(
        "(version 1)\n(deny default)\n(allow process-exec)\n(allow process-fork)\n\
         (allow signal (target same-sandbox))\n(allow sysctl-read)\n(allow mach-lookup)\n\
         (allow ipc-posix-shm)\n(allow file-read*)\n",
    );
    for path in &policy.hidden.hidden {
        out.push_str(&format!(
            "(deny file-read* file-write* (subpath {0}) (literal {0}))\n",
            quote(path)
        ));
    }
    // A later rule wins: the open directories inside a hidden one are readable again.
    for path in policy.hidden.revealed() {
        out.push_str(&format!("(allow file-read* (subpath {}))\n", quote(path)));
    }
    out.push_str("(allow file-write*");
    for path in &policy.writable {
        out.push_str(&format!(" (subpath {})", quote(path)));
    }
    for path in DEVICE_FILES {
        out.push_str(&format!(" (literal {})", quote(Path::new(path))));
    }
    out.push_str(")\n");
    if policy.network.is_open() {
        out.push_str("(allow network*)\n");
    } else {
        out.push_str("(allow network* (remote unix-socket))\n");
    }
    out
}

/// The rule added to a per-host profile once the session's proxy listens on `port`.
pub fn proxy_rule(port: u16) -> String {
    format!("(allow network-outbound (remote tcp \"localhost:{port}\"))\n")
}

/// A Seatbelt string literal.
fn quote(path: &Path) -> String {
    let text = path.to_string_lossy();
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `sandbox-exec -p PROFILE program args…`.
pub fn wrap(profile: &str, program: &OsStr, args: &[OsString]) -> Vec<OsString> {
    let mut argv: Vec<OsString> = vec![SANDBOX_EXEC.into(), "-p".into(), profile.into()];
    argv.push(program.to_owned());
    argv.extend(args.iter().cloned());
    argv
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn policy(open: bool) -> Policy {
        Policy {
            writable: vec![PathBuf::from("/work/p"), PathBuf::from("/tmp/run \"x\"")],
            hidden: super::super::policy::Secrets::hiding(vec![PathBuf::from("/Users/u/.ssh")]),
            network: if open {
                super::super::policy::Network::Open
            } else {
                super::super::policy::Network::Closed
            },
            guarded: Vec::new(),
        }
    }

    #[test]
    fn profile_denies_by_default_hides_secrets_and_writes_only_the_project() {
        let text = profile(&policy(false));
        assert!(text.starts_with("(version 1)\n(deny default)\n"));
        assert!(text.contains("(deny file-read* file-write* (subpath \"/Users/u/.ssh\")"));
        assert!(text.contains(
            "(allow file-write* (subpath \"/work/p\") (subpath \"/tmp/run \\\"x\\\"\") (literal \"/dev/null\")"
        ));
        assert!(text.contains("(allow network* (remote unix-socket))"));
        assert!(!text.contains("(allow network*)"));
        // The deny of a secret comes after the blanket read, so it wins.
        let read = text.find("(allow file-read*)").unwrap();
        let deny = text.find("(deny file-read*").unwrap();
        assert!(read < deny);
    }

    #[test]
    fn open_network_allows_it() {
        assert!(profile(&policy(true)).contains("(allow network*)\n"));
    }

    #[test]
    fn wrap_puts_sandbox_exec_first() {
        let argv = wrap("P", OsStr::new("sh"), &["-c".into(), "true".into()]);
        assert_eq!(
            argv,
            ["/usr/bin/sandbox-exec", "-p", "P", "sh", "-c", "true"]
        );
    }
}
