//! A cgroup (v2) of its own for a confined child that must not run between the requests made to it
//! (a sandboxed MCP server, `crate::mcp`). Frozen there (`cgroup.freeze`), the child and every
//! process it started stop at once and stay stopped: also one forked a moment before, and one that
//! a timer sends `SIGCONT`, which stopping by signals ([`super::process::Child::pause`]'s way
//! without a cgroup) cannot hold. `cgroup.kill` ends them all.
//!
//! The cgroup is made under pilotdeck's own (the `0::` line of `/proc/self/cgroup`, on the
//! `cgroup2` mount of `/proc/self/mountinfo`) and named `pilotdeck-<pid>-<start time>-<n>`. Root
//! can make one, and so can a user whose cgroup was delegated to them (a systemd user service,
//! `systemd-run --user --scope`). Elsewhere none can be made, and the child is stopped by signals
//! as before.
//!
//! The child must be in the cgroup before it runs anything of its own, so it starts as pilotdeck's
//! step ([`super::pid_namespace`]), which first waits for one byte on its stdin. pilotdeck moves the
//! step into the cgroup (`cgroup.procs`) and then sends that byte; everything started after that is
//! in the cgroup ([`place`]). The cgroup is removed when the child is dropped; one left behind by a
//! pilotdeck that was killed is ended and removed by the next one that makes a cgroup there (its
//! owner's pid no longer names a process that started when it did).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// The start of the names of pilotdeck's cgroups.
const PREFIX: &str = "pilotdeck-";
/// How long [`Cgroup::freeze`] waits for the kernel to say every process is frozen (or thawed),
/// and the drop for the cgroup to be empty.
const SETTLE: Duration = Duration::from_millis(500);

/// A cgroup pilotdeck made for one child; removed on drop.
#[derive(Debug)]
pub(crate) struct Cgroup {
    dir: PathBuf,
}

impl Cgroup {
    /// Makes a new cgroup under pilotdeck's own; `None` where none can be made.
    pub(crate) fn new() -> Option<Cgroup> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let base = own_dir()?;
        sweep(&base);
        let me = std::process::id();
        let dir = base.join(format!(
            "{PREFIX}{me}-{}-{}",
            start_time(me).unwrap_or(0),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        match std::fs::create_dir(&dir) {
            Ok(()) => Some(Cgroup { dir }),
            Err(err) => {
                tracing::debug!(dir = %dir.display(), %err, "no cgroup of pilotdeck's own");
                None
            }
        }
    }

    /// Moves process `pid` (and nothing it started before) into the cgroup.
    fn adopt(&self, pid: u32) -> std::io::Result<()> {
        write_file(&self.dir.join("cgroup.procs"), &pid.to_string())
    }

    /// Freezes (`true`) or thaws every process in the cgroup, and waits until the kernel says it
    /// is done (or the cgroup is empty).
    pub(crate) fn freeze(&self, frozen: bool) -> std::io::Result<()> {
        write_file(
            &self.dir.join("cgroup.freeze"),
            if frozen { "1" } else { "0" },
        )?;
        let mut events = Ok(String::new());
        let settled = super::orphans::wait_until(SETTLE, || {
            events = std::fs::read_to_string(self.dir.join("cgroup.events"));
            events.as_ref().map_or(true, |e| {
                event(e, "frozen") == Some(frozen) || event(e, "populated") == Some(false)
            })
        });
        let events = events?;
        if settled {
            return Ok(());
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            format!("{} did not settle: {}", self.dir.display(), events.trim()),
        ))
    }

    /// Kills every process in the cgroup (`cgroup.kill`, Linux 5.14 or later).
    pub(crate) fn kill(&self) {
        if let Err(err) = write_file(&self.dir.join("cgroup.kill"), "1") {
            tracing::debug!(dir = %self.dir.display(), %err, "cannot kill the cgroup");
        }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        end(&self.dir);
    }
}

/// Puts the child `pid` — pilotdeck's step, waiting for one byte on `stdin` — into `cgroup`, then
/// lets it go on. `None` when it could not be moved: the child is then stopped by signals.
pub(crate) fn place(
    cgroup: Cgroup,
    pid: Option<u32>,
    stdin: Option<std::os::fd::BorrowedFd<'_>>,
) -> Option<Cgroup> {
    let placed = match pid.map(|pid| cgroup.adopt(pid)) {
        Some(Ok(())) => Some(cgroup),
        Some(Err(err)) => {
            tracing::warn!(%err, "cannot move the child into its cgroup; it is stopped by signals between requests instead");
            None
        }
        None => None,
    };
    if let Some(stdin) = stdin
        && let Err(err) = rustix::io::write(stdin, &[0])
    {
        tracing::debug!(%err, "cannot release the step");
    }
    placed
}

/// `pilotdeck`'s own cgroup directory on the cgroup v2 mount.
fn own_dir() -> Option<PathBuf> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let own = cgroups.lines().find_map(|line| line.strip_prefix("0::"))?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    mounts.lines().find_map(|line| {
        let (fields, rest) = line.split_once(" - ")?;
        if rest.split_whitespace().next()? != "cgroup2" {
            return None;
        }
        let mut fields = fields.split_whitespace().skip(3);
        let (root, point) = (fields.next()?, fields.next()?);
        // Octal escapes (a space is `\040`) are not read: such a mount is not used.
        let below = own.strip_prefix(root)?.trim_start_matches('/');
        let point = Path::new(point);
        (!point.as_os_str().as_encoded_bytes().contains(&b'\\')).then(|| {
            if below.is_empty() {
                point.to_path_buf()
            } else {
                point.join(below)
            }
        })
    })
}

/// Where the cgroups would be made, when this process may make them there (for `doctor`).
pub(crate) fn available() -> Option<PathBuf> {
    own_dir().filter(|dir| rustix::fs::access(dir, rustix::fs::Access::WRITE_OK).is_ok())
}

/// Ends and removes the cgroups under `base` left by pilotdeck processes that are gone.
fn sweep(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let mut owner = (name.to_str())
            .and_then(|n| n.strip_prefix(PREFIX))
            .into_iter()
            .flat_map(|rest| rest.split('-'));
        let (Some(Ok(pid)), Some(Ok(started))) = (
            owner.next().map(str::parse::<u32>),
            owner.next().map(str::parse::<u64>),
        ) else {
            continue;
        };
        // Gone, or its pid taken by another process (a server can fork until one of its own has
        // it): the start time tells.
        if start_time(pid) != Some(started) {
            end(&entry.path());
        }
    }
}

/// When process `pid` started (clock ticks after boot, `/proc/<pid>/stat`'s 22nd field), which
/// another process given the same pid later does not share.
fn start_time(pid: u32) -> Option<u64> {
    super::orphans::stat_fields(pid)?
        .split_whitespace()
        .nth(19)?
        .parse()
        .ok()
}

/// Kills what is left in the cgroup `dir` and removes it, once empty.
fn end(dir: &Path) {
    let _ = write_file(&dir.join("cgroup.kill"), "1");
    let mut removed = Ok(());
    let gone = super::orphans::wait_until(SETTLE, || {
        removed = std::fs::remove_dir(dir);
        removed
            .as_ref()
            .map_or_else(|err| err.kind() == std::io::ErrorKind::NotFound, |()| true)
    });
    if !gone && let Err(err) = removed {
        tracing::debug!(dir = %dir.display(), %err, "cannot remove the cgroup");
    }
}

/// The value of `key` in a `cgroup.events` file.
fn event(events: &str, key: &str) -> Option<bool> {
    events.lines().find_map(|line| match line.split_once(' ')? {
        (k, "1") if k == key => Some(true),
        (k, "0") if k == key => Some(false),
        _ => None,
    })
}

/// Writes `value` to a cgroup file in one `write` (not atomically through a rename: the kernel
/// reads the write itself).
fn write_file(path: &Path, value: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)?
        .write_all(value.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_start_time_is_read_and_a_gone_one_has_none() {
        let me = start_time(std::process::id()).unwrap();
        assert!(me > 0);
        assert_eq!(start_time(std::process::id()), Some(me));
        assert_eq!(start_time(u32::MAX), None);
    }

    #[test]
    fn events_are_read_by_key() {
        let events = "populated 1\nfrozen 0\n";
        assert_eq!(event(events, "populated"), Some(true));
        assert_eq!(event(events, "frozen"), Some(false));
        assert_eq!(event(events, "missing"), None);
    }
}
