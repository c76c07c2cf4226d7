//! A confined command in a pid namespace of its own (Linux), so that nothing it starts outlives it:
//! when the first process of a pid namespace exits, the kernel kills every other process in it,
//! and that process's exit completes only once they are gone. No process can leave a namespace,
//! however fast it forks or hops pids, which a look at `/proc` ([`super::orphans`]) cannot promise.
//!
//! [`super::process`] starts a confined child (one in a session of its own) as pilotdeck's own
//! binary in two steps, each an `exec` of `/proc/self/exe` (the running image, even if the file was
//! replaced since):
//!
//! 1. `pilotdeck __sandbox-ns -- PROGRAM ARGS…`: already confined (the sandbox binds the thread it
//!    was forked from), single-threaded, it unshares a pid namespace, drops every capability a
//!    confined command does not keep, and starts step 2, the first process of the new pid
//!    namespace; it then waits and exits as step 2 did. Root's step was left `CAP_SYS_ADMIN` (and
//!    `CAP_SETPCAP`, to drop it) for the unshare, by the thread that started it
//!    ([`STEP_CAPABILITIES`]); anyone else's unshares a user namespace with it, which needs no
//!    capability and gives none outside it. Where the kernel refuses (user namespaces turned off),
//!    the step runs the command itself instead (`exec`), as before: the reaper is then the only
//!    net.
//! 2. `pilotdeck __sandbox-init -- PROGRAM ARGS…`: the namespace's init. It starts the command, waits
//!    for it, and exits with its code (128 + the signal's number when a signal ended it). The
//!    command itself is not the init, so signals reach it as anywhere else (an init ignores those
//!    it has no handler for), and its own orphans are the init's, not pilotdeck's.
//!
//! The user namespace (not root's) has no id mapping — writing one would need a file the sandbox
//! keeps the command from writing: inside, the command's user and every file's owner read as the
//! overflow id (`nobody`), while the kernel checks access with the real ids, as before. Root keeps
//! its ids: in a user namespace its file-access capabilities would not cover files whose owner is
//! not mapped, and a checkout owned by another uid would turn read-only.

use std::ffi::{OsStr, OsString};
use std::process::{Command, ExitCode, ExitStatus};

use rustix::thread::CapabilitySet;

use super::sandbox::capabilities;

/// The first word of step 1's arguments.
const NAMESPACE: &str = "__sandbox-ns";
/// The first word of step 2's arguments.
const INIT: &str = "__sandbox-init";
/// The running image, whatever its file became.
const SELF_EXE: &str = "/proc/self/exe";

/// The program and arguments that start `program args…` in a pid namespace of its own.
pub(crate) fn wrap(program: &OsStr, args: &[OsString]) -> Vec<OsString> {
    step(NAMESPACE, program, args)
}

fn step(word: &str, program: &OsStr, args: &[OsString]) -> Vec<OsString> {
    let mut out: Vec<OsString> = vec![SELF_EXE.into(), word.into(), "--".into(), program.into()];
    out.extend(args.iter().cloned());
    out
}

/// When this process was started as one of the two steps, runs it and gives its exit code; `None`
/// for any other start. Called first thing in `main`, before any thread exists.
pub fn run_if_asked() -> Option<ExitCode> {
    let mut argv = std::env::args_os().skip(1);
    let word = argv.next()?;
    let is = |w: &str| word.as_os_str() == OsStr::new(w);
    if !(is(NAMESPACE) || is(INIT)) || argv.next().as_deref() != Some(OsStr::new("--")) {
        return None;
    }
    let Some(program) = argv.next() else {
        return Some(ExitCode::from(2));
    };
    let args: Vec<OsString> = argv.collect();
    Some(if is(NAMESPACE) {
        enter(&program, &args)
    } else {
        init(&program, &args)
    })
}

/// What the thread that starts step 1 keeps of root's capabilities, for step 1 alone: making a pid
/// namespace without a user namespace (`CAP_SYS_ADMIN`), then dropping that from the bounding set
/// (`CAP_SETPCAP`).
pub(crate) const STEP_CAPABILITIES: CapabilitySet =
    CapabilitySet::SYS_ADMIN.union(CapabilitySet::SETPCAP);

/// Step 1: a new pid namespace (and a user namespace, where the pid one alone is refused), step 2
/// as its first process.
fn enter(program: &OsStr, args: &[OsString]) -> ExitCode {
    let made = new_namespaces();
    // Nothing starts with more than a confined command of root keeps.
    if let Err(err) = capabilities::drop(capabilities::ALL.difference(capabilities::FILE_ACCESS)) {
        return refuse(&err.to_string(), 126);
    }
    if made.is_err() {
        // No namespace to be had: the command runs as this process, as it would have.
        let err = std::os::unix::process::CommandExt::exec(Command::new(program).args(args));
        return cannot_start(program, &err);
    }
    let wrapped = step(INIT, program, args);
    let [exe, rest @ ..] = wrapped.as_slice() else {
        return ExitCode::from(2);
    };
    match start(Command::new(exe).args(rest)).and_then(|mut c| c.wait()) {
        Ok(status) => pass_on(status),
        Err(err) => cannot_start(program, &err),
    }
}

/// Step 2: the command, waited for by the namespace's init.
fn init(program: &OsStr, args: &[OsString]) -> ExitCode {
    match start(Command::new(program).args(args)).and_then(|mut c| c.wait()) {
        Ok(status) => ExitCode::from(code_of(status)),
        Err(err) => cannot_start(program, &err),
    }
}

#[expect(
    clippy::disallowed_methods,
    reason = "the pid-namespace steps of a child tools::process started: they start its command"
)]
fn start(cmd: &mut Command) -> std::io::Result<std::process::Child> {
    cmd.spawn()
}

#[expect(
    deprecated,
    reason = "rustix marks `unshare` unsafe for CLONE_FILES only; these flags share no descriptor table"
)]
fn new_namespaces() -> rustix::io::Result<()> {
    use rustix::thread::{UnshareFlags, unshare};
    // Root's step has `CAP_SYS_ADMIN`, and keeps its ids (a user namespace would hide the owners
    // of files root may write); anyone else's gets a user namespace too, which needs nothing.
    unshare(UnshareFlags::NEWPID).or_else(|_| unshare(UnshareFlags::NEWUSER | UnshareFlags::NEWPID))
}

/// Exits as `status` did: the same code, or the same signal (128 + its number if it cannot be
/// raised here).
fn pass_on(status: ExitStatus) -> ExitCode {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status
        .signal()
        .and_then(rustix::process::Signal::from_named_raw)
    {
        let _ = rustix::process::kill_process(rustix::process::getpid(), signal);
    }
    ExitCode::from(code_of(status))
}

fn code_of(status: ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    let code = match (status.code(), status.signal()) {
        (Some(code), _) => code,
        (None, Some(signal)) => 128 + signal,
        (None, None) => 1,
    };
    u8::try_from(code & 0xff).unwrap_or(1)
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
