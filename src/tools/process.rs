//! The one place pilotdeck starts child processes: the bash tool, hooks, MCP stdio servers, cron's
//! delivery commands. Every child gets its own process group (`process_group(0)`) and
//! `kill_on_drop(true)`; on cancellation, timeout or drop the **whole group** is killed with
//! `SIGKILL`, so a shell's grandchildren (`sleep 600 &`, a dev server) die with it, and the child
//! is then reaped.
//!
//! A confined child (one with a [`CommandSpec::sandbox`]) starts in a session of its own
//! (`setsid`, its group the session's): it has no controlling terminal, so `/dev/tty` names
//! nothing for it and the user's terminal cannot be driven through it (with its standard streams
//! pipes or `/dev/null`, and no terminal device granted by the sandbox, it has no way to reach one).
//!
//! Children are forked from a short-lived thread that drops `CAP_SYS_PTRACE` (a confined one:
//! every capability) and applies the command's OS sandbox, if any ([`CommandSpec::sandbox`], see [`crate::tools::sandbox`]).
//!
//! [`spawn`] gives a [`Child`] with whatever pipes the caller asked for (MCP keeps stdin/stdout open);
//! [`run`] is the common case: feed stdin, capture stdout and stderr with a head+tail cap, stop on
//! timeout or cancellation. [`spawn_foreground`] is the exception to the process groups: a command the
//! user runs interactively (`pilotdeck sandbox run`) stays in pilotdeck's group, on its terminal.
//!
//! A sandboxed command's processes that left its group (`setsid … &`) die with it too, on Linux:
//! a confined child with pipes starts in a pid namespace of its own
//! ([`crate::tools::pid_namespace`], through pilotdeck's own binary), whose processes the kernel
//! kills when the command ends; and pilotdeck is a child subreaper
//! ([`crate::tools::sandbox::protect_process`]), so what leaves a tree is re-parented to it, and
//! [`run`] kills and reaps every child it did not start itself, with the whole tree below it
//! ([`reap_adopted`]), before the command's protected paths are restored — the only net where no
//! namespace could be made. Root's, with no step to watch pilotdeck for it, is ended by a dead
//! man's switch ([`crate::tools::dead_man`]) if pilotdeck is killed.
//! A child stopped between the requests made to it
//! ([`CommandSpec::freezable`], [`Child::pause`]) starts in a cgroup of its own where pilotdeck may
//! make one (`crate::tools::cgroup`), frozen and killed as one.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process_group};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio_util::sync::CancellationToken;
use tokio_util::task::AbortOnDropHandle;

use crate::tools::sandbox::{Confinement, SpawnError, Step};

/// The pids of the children pilotdeck started and has not reaped: any other child of pilotdeck
/// was adopted (a subreaper's orphan).
static STARTED: std::sync::Mutex<std::collections::BTreeSet<u32>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

fn started_pids() -> std::sync::MutexGuard<'static, std::collections::BTreeSet<u32>> {
    STARTED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How long to keep draining pipes after the group was killed; a process that escaped the group
/// (`setsid`) may hold them open forever.
const DRAIN_GRACE: Duration = Duration::from_secs(2);

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot start `{program}`: {source}; check that it is installed and on PATH")]
    Spawn {
        program: String,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot start `{program}` in the sandbox: {message}")]
    Sandbox { program: String, message: String },
    #[error("cannot wait for `{program}`: {source}")]
    Wait {
        program: String,
        #[source]
        source: std::io::Error,
    },
}

/// What to run: program, arguments, working directory and environment changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandSpec {
    pub program: OsString,
    pub args: Vec<OsString>,
    pub cwd: Option<PathBuf>,
    /// Start from an empty environment instead of pilotdeck's own.
    pub clear_env: bool,
    /// Variables set (after `clear_env`).
    pub env: Vec<(OsString, OsString)>,
    /// Variables removed (after `clear_env`, before `env`).
    pub env_remove: Vec<OsString>,
    /// The OS sandbox the child runs in (`TMPDIR` set to its temp dir); `None` runs it free.
    pub sandbox: Option<Confinement>,
    /// A confined child with a stdin pipe that is stopped between the requests made to it
    /// ([`Child::pause`]): on Linux it gets a cgroup of its own to be frozen in, where one can be
    /// made ([`crate::tools::cgroup`]).
    pub freezable: bool,
}

impl CommandSpec {
    pub fn new(program: impl Into<OsString>) -> CommandSpec {
        CommandSpec {
            program: program.into(),
            ..CommandSpec::default()
        }
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> CommandSpec {
        self.args.push(arg.into());
        self
    }

    pub fn cwd(mut self, dir: impl Into<PathBuf>) -> CommandSpec {
        self.cwd = Some(dir.into());
        self
    }

    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> CommandSpec {
        self.env.push((key.into(), value.into()));
        self
    }

    pub fn sandbox(mut self, sandbox: Option<Confinement>) -> CommandSpec {
        self.sandbox = sandbox;
        self
    }

    /// Whether the program names a file to start: a path (from the child's directory) or a name
    /// found on the child's `$PATH`.
    fn startable(&self) -> bool {
        let program = std::path::Path::new(&self.program);
        if program.components().count() > 1 {
            return match &self.cwd {
                Some(dir) => dir.join(program).is_file(),
                None => program.is_file(),
            };
        }
        let set = self
            .env
            .iter()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| v.clone());
        let removed = self.clear_env || self.env_remove.iter().any(|k| k == "PATH");
        let path = set.or_else(|| (!removed).then(|| crate::env::var_os("PATH")).flatten());
        path.is_some_and(|path| crate::env::find_in_path(&self.program, &path).is_some())
    }

    /// The dynamic loader's variables (`LD_*`) the command is to get: inherited (unless cleared
    /// or removed), then set. pilotdeck's own step must not load what they name before it confines
    /// the command (a library planted where an empty `LD_LIBRARY_PATH` entry, the current
    /// directory, points), so the step is given them as arguments and sets them for the command
    /// alone ([`crate::tools::pid_namespace`]).
    fn loader_env(&self) -> Vec<(OsString, OsString)> {
        let loader = |name: &OsString| name.as_encoded_bytes().starts_with(b"LD_");
        let mut vars: std::collections::BTreeMap<OsString, OsString> = if self.clear_env {
            std::collections::BTreeMap::new()
        } else {
            std::env::vars_os().filter(|(k, _)| loader(k)).collect()
        };
        for name in &self.env_remove {
            vars.remove(name);
        }
        for (name, value) in self.env.iter().filter(|(k, _)| loader(k)) {
            vars.insert(name.clone(), value.clone());
        }
        vars.into_iter().collect()
    }

    fn program_name(&self) -> String {
        self.program.to_string_lossy().into_owned()
    }
}

/// Which standard streams are piped to pilotdeck; the others are `/dev/null`, except stderr, which
/// may be inherited (an MCP server's log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pipes {
    pub stdin: bool,
    pub stdout: bool,
    pub stderr: StderrMode,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StderrMode {
    Null,
    Piped,
    Inherit,
}

/// A running child in its own process group. Dropping it kills the group.
#[derive(Debug)]
pub struct Child {
    inner: tokio::process::Child,
    group: Option<Pid>,
    program: String,
    /// `Some(stepped)` when the child (or, `stepped`, the process the pid-namespace step started)
    /// is the first process of a pid namespace of its own.
    namespace: Option<bool>,
    /// The cgroup the child was started in, to freeze and kill it by; removed after the child.
    #[cfg(target_os = "linux")]
    cgroup: Option<crate::tools::cgroup::Cgroup>,
    /// The child was last stopped by signals, its cgroup's freeze having failed: it is continued
    /// by signals too.
    #[cfg(target_os = "linux")]
    signalled: std::sync::atomic::AtomicBool,
}

/// How a child's standard streams and process group are set up.
#[derive(Debug, Clone, Copy)]
enum Wiring {
    /// Its own process group, the given pipes.
    Pipes(Pipes),
    /// pilotdeck's process group and terminal: stdin and stdout inherited, stderr piped.
    Foreground,
}

/// Starts `spec` in a new process group with the requested pipes, from a thread that applies its
/// sandbox (see [`crate::tools::sandbox::spawn_thread`]).
pub fn spawn(spec: &CommandSpec, pipes: Pipes) -> Result<Child, Error> {
    spawn_wired(spec, Wiring::Pipes(pipes))
}

/// Starts `spec` for a user at a terminal: stdin and stdout are pilotdeck's own, and it stays in
/// pilotdeck's process group (so it may read the terminal, and Ctrl-C reaches it); stderr is piped
/// for the caller to pass on and read ([`capture_echoed`]). Dropping the child kills only it.
pub fn spawn_foreground(spec: &CommandSpec) -> Result<Child, Error> {
    spawn_wired(spec, Wiring::Foreground)
}

fn spawn_wired(spec: &CommandSpec, wiring: Wiring) -> Result<Child, Error> {
    let own_session = matches!(wiring, Wiring::Pipes(_)) && spec.sandbox.is_some();
    #[cfg(target_os = "linux")]
    let cgroup = (own_session
        && spec.freezable
        && matches!(wiring, Wiring::Pipes(p) if p.stdin)
        && crate::tools::pid_namespace::serves_step())
    .then(crate::tools::cgroup::Cgroup::new)
    .flatten();
    #[cfg(target_os = "linux")]
    let after_go = cgroup.is_some();
    #[cfg(not(target_os = "linux"))]
    let after_go = false;
    // A child placed in a cgroup gets its namespace from the step too, which outside it can watch
    // pilotdeck: one killed mid-request must not leave it running.
    let started = crate::tools::sandbox::spawn_thread(
        spec.sandbox.as_ref(),
        own_session && !after_go,
        |namespaced| {
            let stepped = own_session && !namespaced && cfg!(target_os = "linux");
            let step = stepped.then(|| Step {
                after_go,
                loader_env: spec.loader_env(),
            });
            // The step's own start must not see them: it sets them for the command.
            let unset: Vec<OsString> = (step.iter())
                .flat_map(|s| s.loader_env.iter().map(|(name, _)| name.clone()))
                .collect();
            let wrapped = spec
                .sandbox
                .as_ref()
                .and_then(|s| s.wrap(&spec.program, &spec.args, step));
            let unset = if wrapped.is_some() { unset } else { Vec::new() };
            let namespace = (namespaced || stepped && wrapped.is_some()).then_some(stepped);
            start(spec, wiring, own_session, wrapped, &unset).map(|child| (child, namespace))
        },
    );
    let (inner, namespace) = started.map_err(|err| match err {
        SpawnError::Io(source) => Error::Spawn {
            program: spec.program_name(),
            source,
        },
        other => Error::Sandbox {
            program: spec.program_name(),
            message: other.to_string(),
        },
    })?;
    if let Some(id) = inner.id() {
        started_pids().insert(id);
        // Without a step watching pilotdeck for it, the switch ends it if pilotdeck is killed.
        #[cfg(target_os = "linux")]
        if namespace == Some(false) {
            crate::tools::dead_man::list(id);
        }
    }
    // With process_group(0) or setsid the group id is the child's pid.
    let group = match wiring {
        Wiring::Pipes(_) => inner
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .and_then(Pid::from_raw),
        Wiring::Foreground => None,
    };
    #[cfg(target_os = "linux")]
    let cgroup = cgroup.and_then(|cgroup| {
        use std::os::fd::AsFd;
        crate::tools::cgroup::place(cgroup, inner.id(), inner.stdin.as_ref().map(AsFd::as_fd))
    });
    Ok(Child {
        inner,
        group,
        program: spec.program_name(),
        namespace,
        #[cfg(target_os = "linux")]
        cgroup,
        #[cfg(target_os = "linux")]
        signalled: std::sync::atomic::AtomicBool::new(false),
    })
}

/// Starts the child (in the thread [`spawn_wired`] prepared), in a session of its own when
/// `new_session` (a confined one with pipes), as `wrapped` when the sandbox wraps it
/// (`sandbox-exec`, the pid-namespace step), without the variables `unset` (the loader's, which the
/// step is given as arguments).
fn start(
    spec: &CommandSpec,
    wiring: Wiring,
    new_session: bool,
    wrapped: Option<Vec<OsString>>,
    unset: &[OsString],
) -> std::io::Result<tokio::process::Child> {
    if wrapped.is_some() && !spec.startable() {
        // Said here, as an unwrapped start would say it, not by the wrapper after it started.
        return Err(std::io::ErrorKind::NotFound.into());
    }
    let mut cmd = match wrapped.as_deref() {
        Some([program, args @ ..]) => {
            let mut cmd = tokio::process::Command::new(program);
            cmd.args(args);
            cmd
        }
        _ => {
            let mut cmd = tokio::process::Command::new(&spec.program);
            cmd.args(&spec.args);
            cmd
        }
    };
    cmd.kill_on_drop(true);
    match wiring {
        Wiring::Pipes(pipes) => {
            let piped_or_null = |piped: bool| if piped { Stdio::piped() } else { Stdio::null() };
            if !new_session {
                cmd.process_group(0);
            }
            cmd.stdin(piped_or_null(pipes.stdin))
                .stdout(piped_or_null(pipes.stdout))
                .stderr(match pipes.stderr {
                    StderrMode::Null => Stdio::null(),
                    StderrMode::Piped => Stdio::piped(),
                    StderrMode::Inherit => Stdio::inherit(),
                });
        }
        Wiring::Foreground => {
            cmd.stdin(Stdio::inherit())
                .stdout(Stdio::inherit())
                .stderr(Stdio::piped());
        }
    }
    if let Some(dir) = &spec.cwd {
        cmd.current_dir(dir);
    }
    if spec.clear_env {
        cmd.env_clear();
    }
    for key in &spec.env_remove {
        cmd.env_remove(key);
    }
    for (key, value) in &spec.env {
        cmd.env(key, value);
    }
    if let Some(sandbox) = &spec.sandbox {
        cmd.envs(sandbox.child_env());
    }
    for name in unset {
        cmd.env_remove(name);
    }
    if new_session {
        return spawn_in_new_session(cmd);
    }
    #[expect(
        clippy::disallowed_methods,
        reason = "this is the one function allowed to start children"
    )]
    cmd.spawn()
}

/// Starts `cmd` as the leader of a new session (and of its process group, whose id is its pid),
/// with no controlling terminal.
fn spawn_in_new_session(cmd: tokio::process::Command) -> std::io::Result<tokio::process::Child> {
    let mut wrapped = process_wrap::tokio::CommandWrap::from(cmd);
    wrapped.wrap(process_wrap::tokio::ProcessSession);
    let child: Box<dyn std::any::Any> = wrapped.spawn()?.into_inner();
    child
        .downcast::<tokio::process::Child>()
        .map(|child| *child)
        .map_err(|_| std::io::Error::other("the started child is not a tokio child"))
}

/// Starts the dead man's switch ([`crate::tools::dead_man`]) and gives pilotdeck's end of its
/// stdin; `None` where this binary does not serve it (a test binary, a bench) or it cannot start.
#[cfg(target_os = "linux")]
pub(crate) fn start_switch() -> Option<std::process::ChildStdin> {
    if !crate::tools::pid_namespace::serves_step() {
        return None;
    }
    let mut cmd = std::process::Command::new("/proc/self/exe");
    cmd.arg(crate::tools::dead_man::WATCH)
        .env_clear()
        .current_dir("/")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // Out of pilotdeck's group: a Ctrl-C at the terminal must not end it before pilotdeck.
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    #[expect(
        clippy::disallowed_methods,
        reason = "the one module allowed to start children"
    )]
    let started = cmd.spawn();
    match started {
        Ok(mut child) => {
            // Never reaped while pilotdeck runs, and never taken for an orphan to kill.
            started_pids().insert(child.id());
            child.stdin.take()
        }
        Err(err) => {
            tracing::debug!(
                "cannot start the switch that ends confined children with pilotdeck: {err}"
            );
            None
        }
    }
}

/// Runs `spec` in the foreground of pilotdeck's terminal (a pager), feeding it `input` on stdin and
/// waiting for it to end. Unlike [`spawn`] the child stays in pilotdeck's process group, so it may
/// read keys from the terminal; it runs unsandboxed, for programs the person chose (`$PAGER`).
pub async fn run_in_terminal(spec: &CommandSpec, input: &[u8]) -> Result<ExitStatus, Error> {
    let mut cmd = tokio::process::Command::new(&spec.program);
    cmd.args(&spec.args)
        .kill_on_drop(true)
        .stdin(Stdio::piped())
        .stdout(Stdio::inherit())
        .stderr(Stdio::inherit());
    #[expect(
        clippy::disallowed_methods,
        reason = "the one module allowed to start children"
    )]
    let mut child = cmd.spawn().map_err(|source| Error::Spawn {
        program: spec.program_name(),
        source,
    })?;
    let id = child.id();
    if let Some(id) = id {
        started_pids().insert(id);
    }
    if let Some(mut stdin) = child.stdin.take() {
        // A pager that quits early closes its stdin: not an error.
        let _ = stdin.write_all(input).await;
    }
    let status = child.wait().await.map_err(|source| Error::Wait {
        program: spec.program_name(),
        source,
    });
    if let Some(id) = id.filter(|_| status.is_ok()) {
        started_pids().remove(&id);
    }
    status
}

impl Child {
    /// The child's pid (also its process group id) while it has not been reaped.
    pub fn id(&self) -> Option<u32> {
        self.inner.id()
    }

    pub fn take_stdin(&mut self) -> Option<tokio::process::ChildStdin> {
        self.inner.stdin.take()
    }

    pub fn take_stdout(&mut self) -> Option<tokio::process::ChildStdout> {
        self.inner.stdout.take()
    }

    pub fn take_stderr(&mut self) -> Option<tokio::process::ChildStderr> {
        self.inner.stderr.take()
    }

    /// Sends `SIGKILL` to the whole process group; for a child in a pid namespace of its own, first
    /// to the namespace's first process, waiting until the namespace is gone. A group that is
    /// already gone counts as done.
    pub fn kill_group(&self) {
        #[cfg(target_os = "linux")]
        if let Some(cgroup) = &self.cgroup {
            cgroup.kill();
        }
        #[cfg(target_os = "linux")]
        if let (Some(stepped), Some(id)) = (self.namespace, self.inner.id()) {
            crate::tools::pid_namespace::end(id, stepped);
        }
        self.signal_group(Signal::KILL);
    }

    /// Stops or continues a child that must not run between the requests made to it: the
    /// processes of its cgroup frozen or thawed, where it has one ([`CommandSpec::freezable`]);
    /// otherwise its whole process group and every process below the child (one that left the
    /// group with `setsid` too) sent `SIGSTOP` or `SIGCONT`. A group that is already gone counts as
    /// done.
    pub fn pause(&self, paused: bool) {
        #[cfg(target_os = "linux")]
        if let Some(cgroup) = &self.cgroup {
            use std::sync::atomic::Ordering;
            match cgroup.freeze(paused) {
                Ok(()) if paused || !self.signalled.swap(false, Ordering::Relaxed) => return,
                Ok(()) => {}
                Err(err) => {
                    tracing::warn!(program = %self.program, %err, "cannot freeze the child's cgroup; signalling it instead");
                    self.signalled.store(paused, Ordering::Relaxed);
                }
            }
        }
        self.signal_group(if paused { Signal::STOP } else { Signal::CONT });
        if let Some(pid) = self.inner.id() {
            super::orphans::pause_tree(pid, paused);
        }
    }

    fn signal_group(&self, signal: Signal) {
        if let Some(group) = self.group
            && let Err(err) = kill_process_group(group, signal)
            && err != rustix::io::Errno::SRCH
        {
            tracing::debug!(program = %self.program, %err, ?signal, "signalling the process group failed");
        }
    }

    /// Waits for the child to exit.
    pub async fn wait(&mut self) -> Result<ExitStatus, Error> {
        let id = self.inner.id();
        let status = self.inner.wait().await.map_err(|source| Error::Wait {
            program: self.program.clone(),
            source,
        })?;
        if let Some(id) = id {
            started_pids().remove(&id);
            #[cfg(target_os = "linux")]
            crate::tools::dead_man::unlist(id);
        }
        Ok(status)
    }

    /// Kills the whole group and reaps the child.
    pub async fn terminate(&mut self) -> Result<ExitStatus, Error> {
        self.kill_group();
        self.wait().await
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        // kill_on_drop only reaches the direct child; its group may hold grandchildren.
        self.kill_group();
        #[cfg(target_os = "linux")]
        if let Some(id) = self.inner.id() {
            crate::tools::dead_man::unlist(id);
        }
    }
}

/// Options for [`run`].
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Bytes written to the child's stdin, which is then closed; `None` gives `/dev/null`.
    pub stdin: Option<Vec<u8>>,
    pub timeout: Option<Duration>,
    pub cancel: CancellationToken,
    /// Bytes kept per stream: the first half and the last half; the middle is dropped.
    pub output_limit: usize,
}

/// How a [`run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProcessEnd {
    /// The child exited by itself; `code` is `None` when a signal ended it.
    Exited {
        code: Option<i32>,
    },
    TimedOut,
    Cancelled,
}

/// One captured stream, capped at head + tail.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CapturedOutput {
    pub text: String,
    pub total_bytes: u64,
    pub is_truncated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    pub end: ProcessEnd,
    pub stdout: CapturedOutput,
    pub stderr: CapturedOutput,
}

/// Runs `spec` to completion, timeout or cancellation. After the child exits (or is stopped) the
/// group is killed, so background jobs it left behind do not outlive the call or hold its pipes.
pub async fn run(spec: &CommandSpec, options: RunOptions) -> Result<RunOutput, Error> {
    let pipes = Pipes {
        stdin: options.stdin.is_some(),
        stdout: true,
        stderr: StderrMode::Piped,
    };
    let mut child = spawn(spec, pipes)?;
    let _stdin_task = match (child.take_stdin(), options.stdin) {
        (Some(mut pipe), Some(bytes)) => Some(AbortOnDropHandle::new(tokio::spawn(async move {
            // A child that exits without reading its input is not an error.
            let _ = pipe.write_all(&bytes).await;
        }))),
        _ => None,
    };
    let half = options.output_limit / 2;
    let stdout = child.take_stdout().map(|s| capture(s, half));
    let stderr = child.take_stderr().map(|s| capture(s, half));

    let timeout = async {
        match options.timeout {
            Some(limit) => tokio::time::sleep(limit).await,
            None => std::future::pending().await,
        }
    };
    let end = tokio::select! {
        status = child.wait() => ProcessEnd::Exited { code: status?.code() },
        () = timeout => ProcessEnd::TimedOut,
        () = options.cancel.cancelled() => ProcessEnd::Cancelled,
    };
    let group = child.group;
    child.terminate().await?;
    if let Some(sandbox) = &spec.sandbox {
        sandbox.note_leftovers(reap_adopted(group).await);
    }

    Ok(RunOutput {
        end,
        stdout: drain(stdout).await,
        stderr: drain(stderr).await,
    })
}

pub use super::orphans::Leftovers;

/// Kills and reaps the processes a command left behind that pilotdeck adopted, with everything
/// below them ([`super::orphans`]), until none is left and the command's `group` is gone.
pub async fn reap_adopted(group: Option<Pid>) -> Leftovers {
    super::orphans::reap_adopted(group, || started_pids().iter().copied().collect()).await
}

/// The output a capture task got, waiting at most [`DRAIN_GRACE`] after the child ended (a
/// background process it left may hold the pipe open).
pub async fn drain(task: Option<AbortOnDropHandle<CapturedOutput>>) -> CapturedOutput {
    match task {
        Some(task) => match tokio::time::timeout(DRAIN_GRACE, task).await {
            Ok(Ok(out)) => out,
            Ok(Err(_)) | Err(_) => CapturedOutput::default(),
        },
        None => CapturedOutput::default(),
    }
}

fn capture<R>(reader: R, half: usize) -> AbortOnDropHandle<CapturedOutput>
where
    R: AsyncRead + Unpin + Send + 'static,
{
    AbortOnDropHandle::new(tokio::spawn(read_capped(reader, half, None)))
}

/// Captures a stream (head + tail, `limit` bytes) while passing each chunk on to pilotdeck's own
/// stderr as it comes: a foreground child's stderr, shown to the user and read afterwards.
pub fn capture_echoed<R>(reader: R, limit: usize) -> AbortOnDropHandle<CapturedOutput>
where
    R: AsyncRead + Unpin + Send + 'static,
{
    AbortOnDropHandle::new(tokio::spawn(read_capped(
        reader,
        limit / 2,
        Some(tokio::io::stderr()),
    )))
}

async fn read_capped<R>(
    mut reader: R,
    half: usize,
    mut echo: Option<tokio::io::Stderr>,
) -> CapturedOutput
where
    R: AsyncRead + Unpin,
{
    let mut buf = HeadTail::new(half);
    let mut chunk = vec![0u8; 16 * 1024];
    loop {
        match reader.read(&mut chunk).await {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let bytes = chunk.get(..n).unwrap_or_default();
                if let Some(out) = echo.as_mut() {
                    // The user's terminal going away does not stop the capture.
                    let _ = out.write_all(bytes).await;
                    let _ = out.flush().await;
                }
                buf.push(bytes);
            }
        }
    }
    buf.finish()
}

/// Keeps the first `half` and the last `half` bytes of a stream.
#[derive(Debug)]
pub(crate) struct HeadTail {
    half: usize,
    head: Vec<u8>,
    tail: VecDeque<u8>,
    total: u64,
}

impl HeadTail {
    pub(crate) fn new(half: usize) -> HeadTail {
        HeadTail {
            half,
            head: Vec::new(),
            tail: VecDeque::new(),
            total: 0,
        }
    }

    pub(crate) fn push(&mut self, mut bytes: &[u8]) {
        self.total += bytes.len() as u64;
        let room = self.half.saturating_sub(self.head.len());
        let (to_head, rest) = bytes.split_at(room.min(bytes.len()));
        self.head.extend_from_slice(to_head);
        bytes = rest;
        if bytes.len() >= self.half {
            self.tail.clear();
            bytes = bytes.get(bytes.len() - self.half..).unwrap_or_default();
        }
        self.tail.extend(bytes);
        let excess = self.tail.len().saturating_sub(self.half);
        self.tail.drain(..excess);
    }

    pub(crate) fn finish(self) -> CapturedOutput {
        let kept = (self.head.len() + self.tail.len()) as u64;
        let is_truncated = kept < self.total;
        let mut text = String::from_utf8_lossy(&self.head).into_owned();
        if is_truncated {
            text.push_str(&format!("\n… [{} bytes omitted] …\n", self.total - kept));
        }
        let (a, b) = self.tail.as_slices();
        let mut tail = a.to_vec();
        tail.extend_from_slice(b);
        text.push_str(&String::from_utf8_lossy(&tail));
        CapturedOutput {
            text,
            total_bytes: self.total,
            is_truncated,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the pid-namespace step would start is checked first, so a missing program is the same
    /// spawn error it is unwrapped: a name on the child's `$PATH` (its own when set, none once the
    /// environment is cleared or `PATH` removed), or a path from its directory.
    #[test]
    fn startable_reads_the_child_s_path_and_directory() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let tool = bin.join("pd-tool");
        crate::store::write_atomic_mode(&tool, b"#!/bin/sh\n", 0o755).unwrap();
        let on_path = |spec: CommandSpec| spec.env("PATH", bin.as_os_str()).startable();
        assert!(on_path(CommandSpec::new("pd-tool")));
        assert!(!on_path(CommandSpec::new("pd-no-such-tool")));
        assert!(
            !CommandSpec {
                clear_env: true,
                ..CommandSpec::new("pd-tool")
            }
            .startable()
        );
        assert!(CommandSpec::new("bin/pd-tool").cwd(dir.path()).startable());
        assert!(
            !CommandSpec::new("bin/pd-missing")
                .cwd(dir.path())
                .startable()
        );
        assert!(CommandSpec::new(tool.as_os_str()).startable());
    }

    #[test]
    fn head_tail_keeps_both_ends() {
        let mut buf = HeadTail::new(4);
        buf.push(b"abcdefgh");
        buf.push(b"ijklmnop");
        let out = buf.finish();
        assert!(out.is_truncated);
        assert_eq!(out.total_bytes, 16);
        assert!(out.text.starts_with("abcd"));
        assert!(out.text.ends_with("mnop"));
        assert!(out.text.contains("[8 bytes omitted]"));
    }

    #[test]
    fn head_tail_small_output_is_whole() {
        let mut buf = HeadTail::new(100);
        buf.push(b"hello ");
        buf.push(b"world");
        let out = buf.finish();
        assert_eq!(out.text, "hello world");
        assert!(!out.is_truncated);
    }

    #[tokio::test]
    async fn run_captures_stdin_and_exit_code() {
        let spec = CommandSpec::new("sh")
            .arg("-c")
            .arg("cat; echo err >&2; exit 3");
        let out = run(
            &spec,
            RunOptions {
                stdin: Some(b"piped".to_vec()),
                timeout: None,
                cancel: CancellationToken::new(),
                output_limit: 1000,
            },
        )
        .await
        .unwrap();
        assert_eq!(out.end, ProcessEnd::Exited { code: Some(3) });
        assert_eq!(out.stdout.text, "piped");
        assert_eq!(out.stderr.text, "err\n");
    }
}
