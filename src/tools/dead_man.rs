//! A dead man's switch for the confined children pilotdeck starts without its step (Linux): root's,
//! whose pid namespace the forking thread makes ([`super::pid_namespace::for_children`]). The step
//! watches pilotdeck and kills its command when pilotdeck ends; these have no step, so a `kill -9`
//! of pilotdeck (or a crash) would leave them running, unwatched, with nobody to put the protected
//! paths back after them.
//!
//! The first such child starts the switch: pilotdeck's own binary as
//! `/proc/self/exe __sandbox-watch`, unconfined, in a process group of its own (a Ctrl-C at the
//! terminal does not reach it), with a pipe from pilotdeck as its stdin ([`super::process`] starts
//! it). pilotdeck writes `+ PID` for each such child it starts and `- PID` once the child is reaped
//! or ended. The switch takes a pidfd of each listed process that is pilotdeck's child when the line
//! is read, so a number that passed to another process in between is never taken. When its stdin
//! ends — pilotdeck exited or was killed: the kernel closes the pipe either way — it kills every
//! process still listed by its pidfd (each the first process of a pid namespace, whose end ends
//! every process in the namespace) and exits. It costs one start of pilotdeck's binary, once per
//! process that starts such a child (pilotdeck waits only until it is executed), and a short write
//! per child.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::os::fd::OwnedFd;
use std::process::ExitCode;
use std::sync::Mutex;

use rustix::process::{Pid, PidfdFlags, Signal};

/// The switch's first argument.
pub(crate) const WATCH: &str = "__sandbox-watch";

/// pilotdeck's end of the switch's stdin: `None` before the first child, `Some(None)` once the
/// switch could not be started or written to (it is not tried again).
static SWITCH: Mutex<Option<Option<std::process::ChildStdin>>> = Mutex::new(None);

/// Lists `pid`, a confined child just started as the first process of a pid namespace the
/// forking thread made. Starts the switch with the first.
pub(crate) fn list(pid: u32) {
    send(&format!("+ {pid}\n"), true);
}

/// Takes `pid` off the list: reaped, or ended with its namespace.
pub(crate) fn unlist(pid: u32) {
    send(&format!("- {pid}\n"), false);
}

/// Writes `line` to the switch, starting it first when `start` and it was never started. A switch
/// that cannot be written to is given up (pilotdeck goes on as without it).
fn send(line: &str, start: bool) {
    let mut switch = SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if switch.is_none() {
        if !start {
            return;
        }
        *switch = Some(super::process::start_switch());
    }
    if let Some(Some(stdin)) = switch.as_mut()
        && let Err(err) = stdin.write_all(line.as_bytes())
    {
        tracing::debug!("the switch that ends confined children with pilotdeck is gone: {err}");
        *switch = Some(None);
    }
}

/// When this process was started as the switch: serves it, and gives the exit code.
pub(crate) fn serve() -> ExitCode {
    let pilotdeck = rustix::process::getppid();
    let mut listed: HashMap<u32, OwnedFd> = HashMap::new();
    for line in std::io::stdin().lock().split(b'\n') {
        let Ok(line) = line else { break };
        let line = String::from_utf8_lossy(&line);
        let Some((kind, pid)) = line.split_once(' ') else {
            continue;
        };
        let Ok(pid) = pid.trim().parse::<u32>() else {
            continue;
        };
        match kind {
            "-" => {
                listed.remove(&pid);
            }
            "+" => {
                if let Some(fd) = take(pid, pilotdeck) {
                    listed.insert(pid, fd);
                }
            }
            _ => {}
        }
    }
    for fd in listed.values() {
        let _ = rustix::process::pidfd_send_signal(fd, Signal::KILL);
    }
    ExitCode::SUCCESS
}

/// A pidfd of `pid` while it is `pilotdeck`'s child (checked after the pidfd is taken, so the two
/// name the same process).
fn take(pid: u32, pilotdeck: Option<Pid>) -> Option<OwnedFd> {
    let raw = Pid::from_raw(i32::try_from(pid).ok()?)?;
    let fd = rustix::process::pidfd_open(raw, PidfdFlags::empty()).ok()?;
    let parent: i32 = super::orphans::stat_fields(pid)?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    (Some(parent) == pilotdeck.map(|p| p.as_raw_nonzero().get())).then_some(fd)
}
