//! A confined command in a pid namespace of its own (Linux), so that nothing it starts outlives it:
//! when the first process of a pid namespace exits, the kernel kills every other process in it,
//! and that exit completes only once they are gone. No process can leave a namespace, however fast
//! it forks or hops pids, which a look at `/proc` ([`super::orphans`]) cannot promise. Inside,
//! pilotdeck and every other process outside are not there to be signalled or looked up by pid.
//!
//! [`super::process`] gives each confined child in a session of its own one, made one of two ways:
//!
//! - by the thread the child is forked from ([`for_children`]), while it still holds root's
//!   `CAP_SYS_ADMIN` (dropped right after, with every capability a confined command does not keep):
//!   a pid namespace is per thread for the children it starts next, so pilotdeck's own stays;
//! - without that capability (and for a child placed in a cgroup, [`super::cgroup`]), by a step
//!   through pilotdeck's own binary ([`wrap`]):
//!   `/proc/self/exe __sandbox-ns -- PROGRAM ARGS…` (the running image, even if its file was
//!   replaced since), already confined, single-threaded, unshares a user and a pid namespace —
//!   which needs no capability and gives none outside them — starts the command as the namespace's
//!   first process, waits for it and exits as it did. Where the kernel refuses (user namespaces
//!   turned off), the step runs the command itself instead (`exec`): the reaper is then the net.
//!   The user namespace has no id mapping (writing one needs a file the sandbox keeps the command
//!   from writing): inside, the command's user and every file's owner read as the overflow id
//!   (`nobody`), while the kernel checks access with the real ids, as before. This step costs one
//!   start of pilotdeck's binary per command (`BENCHMARKS.md`, `### sandbox`).
//!
//! Where the step waits for its command, it also watches pilotdeck (a pidfd of its parent): if
//! pilotdeck ends first, killed so that its own ends never ran, the step kills the command, and with
//! it the namespace. A namespace the thread made has no step: [`super::dead_man`] ends it then.
//!
//! The step also serves a child that must be in a cgroup of its own before it runs anything
//! ([`super::cgroup`]: a sandboxed MCP server, frozen between requests), root's too: with
//! `--after-go` it first reads one byte from stdin, which pilotdeck sends once it has moved the
//! step into the cgroup. The loader's variables (`LD_*`) reach it as `--env NAME=VALUE` arguments,
//! set for the command alone: what they name is not loaded into the step.
//!
//! The command is the namespace's first process, its init: the kernel delivers it only the signals
//! it has a handler for, besides `SIGKILL` and `SIGSTOP` — the only ones pilotdeck sends a group
//! (with `SIGCONT`, which continues it regardless) — so a command's `kill $$` without a `trap` does
//! nothing; and the orphans of its namespace are re-parented to it rather than to pilotdeck.

use std::ffi::{OsStr, OsString};
use std::process::{Command, ExitCode, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rustix::process::Pid;

use super::sandbox::{Step, capabilities};

/// The first word of the step's arguments.
const NAMESPACE: &str = "__sandbox-ns";
/// The running image, whatever its file became.
const SELF_EXE: &str = "/proc/self/exe";

/// Whether a pid namespace was ever made in this process's threads ([`for_children`]).
static MADE: AtomicBool = AtomicBool::new(false);

/// Makes the children the calling thread starts from now on the first processes of a new pid
/// namespace (root's: it needs `CAP_SYS_ADMIN`; only the first child can be started there).
/// `Ok(false)` where none can be had; an error where one could before, in this process: a command
/// able to use up the namespaces (a pid namespace per user is counted) must not thereby get the
/// next command started without one.
pub(crate) fn for_children() -> Result<bool, String> {
    match unshare(rustix::thread::UnshareFlags::NEWPID) {
        Ok(()) => {
            MADE.store(true, Ordering::Relaxed);
            Ok(true)
        }
        Err(err) if MADE.load(Ordering::Relaxed) => Err(format!(
            "cannot make the command's pid namespace, as it could before: {err}"
        )),
        Err(_) => Ok(false),
    }
}

/// How long [`end`] waits for a killed namespace to be gone.
const END_WAIT: Duration = Duration::from_secs(2);

/// Ends the pid namespace of `child`, a confined child pilotdeck started and has not reaped: kills
/// its first process — `child` itself, or the one the step (`stepped`) started — by pid, which
/// reaches it wherever it moved its process group, and waits (at most [`END_WAIT`]) until `child`
/// has exited. A namespace's first process exits, and the step after it, only once every other
/// process in the namespace is gone, so when this returns nothing of the command runs any more
/// (the protected paths are restored after it).
pub(crate) fn end(child: u32, stepped: bool) {
    let Some(pid) = i32::try_from(child).ok().and_then(Pid::from_raw) else {
        return;
    };
    let signal = rustix::process::Signal::KILL;
    if stepped {
        // The step's one child, named by a pidfd taken while the step still lists it (so the
        // number cannot have passed to another process in between).
        for init in step_children(child) {
            let Some(init_pid) = i32::try_from(init).ok().and_then(Pid::from_raw) else {
                continue;
            };
            let Ok(fd) =
                rustix::process::pidfd_open(init_pid, rustix::process::PidfdFlags::empty())
            else {
                continue;
            };
            if step_children(child).contains(&init) {
                let _ = rustix::process::pidfd_send_signal(&fd, signal);
            }
        }
    } else {
        let _ = rustix::process::kill_process(pid, signal);
    }
    super::orphans::wait_until(END_WAIT, || !running(child));
}

/// The children of the step `pid` (a single thread), from `/proc`.
fn step_children(pid: u32) -> Vec<u32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .map(|list| {
            list.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `pid` is a process that has not exited (a zombie has).
fn running(pid: u32) -> bool {
    super::orphans::stat_fields(pid).is_some_and(|s| !s.starts_with('Z') && !s.starts_with('X'))
}

/// Whether this process's binary serves the step ([`run_if_asked`] ran in its `main`): another
/// program using this library (a bench, a test binary) would start itself instead.
static SERVES_STEP: AtomicBool = AtomicBool::new(false);

/// The step's flags, before `--`.
const AFTER_GO: &str = "--after-go";
/// `--env NAME=VALUE`: a loader variable for the command.
const ENV: &str = "--env";

/// Whether this process's binary serves the step.
pub(crate) fn serves_step() -> bool {
    SERVES_STEP.load(Ordering::Relaxed)
}

/// The program and arguments that start `program args…` through the step, when this binary
/// serves it.
pub(crate) fn wrap(program: &OsStr, args: &[OsString], step: Step) -> Option<Vec<OsString>> {
    if !serves_step() {
        return None;
    }
    let mut out: Vec<OsString> = vec![SELF_EXE.into(), NAMESPACE.into()];
    if step.after_go {
        out.push(AFTER_GO.into());
    }
    for (name, value) in step.loader_env {
        let mut pair = name;
        pair.push("=");
        pair.push(value);
        out.extend([ENV.into(), pair]);
    }
    out.push("--".into());
    out.push(program.into());
    out.extend(args.iter().cloned());
    Some(out)
}

/// When this process was started as the step, runs it and gives its exit code; `None` for any
/// other start, which this binary then serves the step for. Called first thing in `main`, before
/// any thread exists.
pub fn run_if_asked() -> Option<ExitCode> {
    let mut argv = std::env::args_os().skip(1);
    let first = argv.next();
    if first.as_deref() == Some(OsStr::new(super::dead_man::WATCH)) {
        return Some(super::dead_man::serve());
    }
    if first.as_deref() != Some(OsStr::new(NAMESPACE)) {
        SERVES_STEP.store(true, Ordering::Relaxed);
        return None;
    }
    let mut step = Step {
        after_go: false,
        loader_env: Vec::new(),
    };
    loop {
        match argv.next() {
            Some(flag) if flag == AFTER_GO => step.after_go = true,
            Some(flag) if flag == ENV => {
                use std::os::unix::ffi::OsStrExt;
                let pair = argv.next().unwrap_or_default();
                let bytes = pair.as_bytes();
                let Some(at) = bytes.iter().position(|b| *b == b'=') else {
                    return Some(refuse("--env takes NAME=VALUE", 2));
                };
                let (name, value) = (&bytes[..at], &bytes[at + 1..]);
                step.loader_env.push((
                    OsStr::from_bytes(name).into(),
                    OsStr::from_bytes(value).into(),
                ));
            }
            Some(flag) if flag == "--" => break,
            _ => {
                return Some(refuse(
                    "usage: __sandbox-ns [--after-go] [--env NAME=VALUE]… -- PROGRAM [ARGS…]",
                    2,
                ));
            }
        }
    }
    let Some(program) = argv.next() else {
        return Some(ExitCode::from(2));
    };
    let args: Vec<OsString> = argv.collect();
    Some(enter(&program, &args, step))
}

/// Waits for the one byte pilotdeck sends once the step is in its cgroup (read alone, so the
/// command's own input stays in the pipe).
fn wait_for_go() -> Result<(), String> {
    use std::os::fd::AsFd;
    let stdin = std::io::stdin();
    let mut byte = [0u8; 1];
    loop {
        match rustix::io::read(stdin.as_fd(), &mut byte) {
            Ok(1) => return Ok(()),
            Ok(_) => return Err("pilotdeck never let the command start".to_owned()),
            Err(rustix::io::Errno::INTR) => {}
            Err(err) => return Err(format!("cannot wait to start the command: {err}")),
        }
    }
}

/// The step: after pilotdeck's go (`after_go`), a new user and pid namespace, the command as its
/// first process, watched with pilotdeck.
fn enter(program: &OsStr, args: &[OsString], step: Step) -> ExitCode {
    use rustix::thread::UnshareFlags;
    // pilotdeck, which started the step (it waits for pilotdeck's go after this, so one that ended
    // before never lets the command start).
    let pilotdeck = rustix::process::getppid().and_then(|pid| {
        rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
    });
    if step.after_go
        && let Err(err) = wait_for_go()
    {
        return refuse(&err, 126);
    }
    let made = unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWPID);
    // The new user namespace's capabilities (they reach nothing outside it) go too.
    if let Err(err) = capabilities::drop(capabilities::ALL.difference(capabilities::FILE_ACCESS)) {
        return refuse(&err.to_string(), 126);
    }
    let mut command = Command::new(program);
    command
        .args(args)
        .envs(step.loader_env.iter().map(|(k, v)| (k, v)));
    if made.is_err() {
        // No namespace to be had: the command runs as this process, as it would have.
        let err = std::os::unix::process::CommandExt::exec(&mut command);
        return cannot_start(program, &err);
    }
    // A process group of its own: the command (and all it starts) cannot signal the step by
    // group, whose pid it does not see — a step stopped with `kill(0, SIGSTOP)` would no longer
    // watch pilotdeck.
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    match start(&mut command).and_then(|c| watch(c, pilotdeck)) {
        Ok(status) => pass_on(status),
        Err(err) => cannot_start(program, &err),
    }
}

/// Waits for `child`, the namespace's first process; if pilotdeck ends first — killed, so its own
/// ends never ran — kills it, and with it the namespace: nothing pilotdeck started outlives it.
fn watch(
    mut child: std::process::Child,
    pilotdeck: Option<std::os::fd::OwnedFd>,
) -> std::io::Result<ExitStatus> {
    use rustix::event::{PollFd, PollFlags};
    let command = i32::try_from(child.id())
        .ok()
        .and_then(Pid::from_raw)
        .and_then(|pid| {
            rustix::process::pidfd_open(pid, rustix::process::PidfdFlags::empty()).ok()
        });
    let (Some(pilotdeck), Some(command)) = (pilotdeck, command) else {
        return child.wait();
    };
    loop {
        let mut fds = [
            PollFd::new(&command, PollFlags::IN),
            PollFd::new(&pilotdeck, PollFlags::IN),
        ];
        match rustix::event::poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => return child.wait(),
        }
        if fds[0].revents().contains(PollFlags::IN) {
            return child.wait();
        }
        if fds[1].revents().contains(PollFlags::IN) {
            let _ = rustix::process::pidfd_send_signal(&command, rustix::process::Signal::KILL);
            return child.wait();
        }
    }
}

#[expect(
    clippy::disallowed_methods,
    reason = "the pid-namespace step of a child tools::process started: it starts its command"
)]
fn start(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    cmd.spawn()
}

#[expect(
    deprecated,
    reason = "rustix marks `unshare` unsafe for CLONE_FILES only; no flag here shares descriptors"
)]
fn unshare(flags: rustix::thread::UnshareFlags) -> rustix::io::Result<()> {
    rustix::thread::unshare(flags)
}

/// Exits as `status` did: the same code, or the same signal (128 + its number when it cannot be
/// raised here).
fn pass_on(status: ExitStatus) -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    let code = match (status.code(), status.signal()) {
        (Some(code), _) => code,
        (None, Some(signal)) => {
            if let Some(signal) = rustix::process::Signal::from_named_raw(signal) {
                let _ = rustix::process::kill_process(rustix::process::getpid(), signal);
            }
            128 + signal
        }
        (None, None) => 1,
    };
    ExitCode::from(u8::try_from(code & 0xff).unwrap_or(1))
}

/// The shell's answer to a command that cannot start: a line on stderr, exit code 127.
fn cannot_start(program: &OsStr, err: &std::io::Error) -> ExitCode {
    let what = format!("cannot start `{}`: {err}", program.to_string_lossy());
    refuse(&what, 127)
}

/// `message` on stderr (the command's: the step has no logger), and `code`.
fn refuse(message: &str, code: u8) -> ExitCode {
    #[expect(
        clippy::print_stderr,
        reason = "the step has no logger; stderr is the command's"
    )]
    {
        eprintln!("pilotdeck: {message}");
    }
    ExitCode::from(code)
}
