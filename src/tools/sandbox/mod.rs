//! The OS sandbox for the processes the agent starts (the `bash` tool, hook commands, MCP stdio
//! servers whose entry asks for it), derived from the permission mode:
//!
//! - [`policy`]: what a child may write (project, `--add-dir` dirs, a per-run temp dir exported as
//!   `TMPDIR`, device files), which secret locations it may not read, which network it may reach
//!   (all, none, or the hosts of [`hosts`] through the session's [`proxy`]);
//! - [`landlock`] (Linux): the kernel rules, built once per session ([`Sandbox::for_session`]) and
//!   applied in [`spawn_thread`], the short-lived thread each child is forked from — Landlock binds
//!   a thread and what it starts, so pilotdeck itself stays free and no `pre_exec` is needed;
//! - [`seccomp`] (Linux): a filter applied in the same thread that refuses the terminal ioctls
//!   that type for the user (`TIOCSTI`, `TIOCLINUX`), and, with the network not open, every socket
//!   — Unix ones too, so no host daemon is reached by path — but socket pairs (and TCP ones, in the
//!   per-host mode), whatever the Landlock ABI — Landlock's rules cover TCP only; and, in every
//!   mode, what [`kernel_objects`] lists (other processes' limits, keyrings, SysV IPC, file
//!   ownership, xattrs and setuid/world-write modes, `reboot` and modules);
//! - [`capabilities`] (Linux): a confined child is started with no capability at all (root's
//!   included: bounding, permitted, effective, inheritable and ambient sets emptied in its thread)
//!   but the two of file access;
//! - a pid namespace of its own for a confined child in a session of its own
//!   ([`crate::tools::pid_namespace`]), made in its thread while root still may, or by a first step
//!   through pilotdeck's own binary for anyone else;
//! - [`seatbelt`] (macOS): the same policy as a generated `sandbox-exec` profile;
//! - [`ptrace`]: pilotdeck non-dumpable, and `CAP_SYS_PTRACE` (and the other capabilities that bypass
//!   non-dumpable) dropped in every spawning thread (all
//!   modes, `full` included), so no child reads `/proc/<pid>/environ` of pilotdeck;
//! - [`guard`]: the protected paths of the project (git's directory but its objects, refs and
//!   index, `.pilotdeck/`, the instruction files) restored after each command, as Landlock cannot keep a subtree of the
//!   writable project read-only, never through a directory a command swapped for a symlink
//!   ([`nofollow`]); the project's directories it searches for nested protected names
//!   are kept between a session's commands ([`listing`]); a rebase todo list that gained an
//!   `exec` line is put back too, and a strategy that names a program or options git never writes
//!   there removed ([`todo`]); git's
//!   index loses entries outside the work tree or in `.git` and new gitlinks ([`index`]); one confined command of a project runs at a time, so
//!   no command's snapshot holds what another one is doing ([`turn`]); [`guarded`] runs a command
//!   that way for the `bash` tool and hook commands alike, and makes each call to a sandboxed MCP
//!   server the same way;
//! - [`denial`]: reading a confined command's stderr for what the sandbox refused.
//!
//! `full` mode is unsandboxed. Where no backend works (old kernel, container) or
//! `tools.sandbox.backend: none`, the run says so once on stderr, or refuses to start with
//! `tools.sandbox.required: true`.

#[cfg(target_os = "linux")]
pub mod capabilities;
pub mod denial;
pub mod guard;
pub mod guarded;
pub mod hosts;
mod index;
#[cfg(target_os = "linux")]
pub mod kernel_objects;
#[cfg(target_os = "linux")]
pub mod landlock;
pub mod listing;
pub mod nofollow;
pub mod policy;
pub mod proxy;
#[cfg(target_os = "linux")]
pub mod ptrace;
pub mod seatbelt;
#[cfg(target_os = "linux")]
pub mod seccomp;
pub mod todo;
pub mod turn;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

pub use policy::{Network, Policy, PolicyInputs, Secrets};

use crate::config::{NetworkSetting, SandboxConfig};
use crate::tools::permission::PermissionMode;

pub use crate::config::SandboxBackend as Backend;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "tools.sandbox.required is true but {0}; refusing to run (set tools.sandbox.required: false to run unsandboxed)"
    )]
    Required(String),
    #[error("tools.sandbox.backend: `{0}` is not one of auto, landlock, seatbelt, none")]
    BadBackend(String),
    #[error("cannot create the sandbox's temp dir: {0}")]
    TempDir(std::io::Error),
    #[error(transparent)]
    BadHost(#[from] hosts::BadHost),
}

/// What a session's sandbox is built from.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub mode: PermissionMode,
    /// The project root and `--add-dir` directories.
    pub roots: Vec<PathBuf>,
    pub settings: &'a SandboxConfig,
    /// The secret locations ([`secret_locations`]): computed once per session by the caller, which
    /// gives the same list to the file tools' permission check.
    pub hidden: Secrets,
    /// run, cron, always-on: nobody watches, so the network is closed by default.
    pub unattended: bool,
    /// `--allow-network`.
    pub allow_network: bool,
    /// Where the per-project locks that let one confined command run at a time are kept
    /// (`<home>/locks`, [`turn`]); without it, only this session's commands wait for each other.
    pub lock_dir: Option<PathBuf>,
}

/// The backend that enforces a policy.
#[derive(Debug)]
enum Enforcer {
    #[cfg(target_os = "linux")]
    Landlock(landlock::Rules),
    /// A `sandbox-exec` profile the command is wrapped in.
    #[cfg_attr(
        not(target_os = "macos"),
        expect(dead_code, reason = "built only on macOS")
    )]
    Seatbelt(String),
}

/// One session's sandbox: its policy, the enforcing rules and the per-run temp dir.
#[derive(Debug)]
pub struct Sandbox {
    policy: Policy,
    enforcer: Enforcer,
    /// The syscall filter ([`seccomp`]), where the kernel has one.
    #[cfg(target_os = "linux")]
    seccomp: Option<seccomp::Filter>,
    /// The per-host mode's proxy, started by the first child.
    gateway: Option<Gateway>,
    tmpdir: tempfile::TempDir,
    /// For the pass at the session's end ([`Confinement::restore`]).
    late: std::sync::Mutex<Late>,
    /// The guard's listing of the project, kept between commands.
    listings: listing::Listings,
    /// One confined command at a time ([`Confinement::turn`]).
    turns: turn::Turns,
}

/// What the session's end must still undo: when a command may have left processes behind
/// ([`crate::tools::process::Leftovers::Unknown`]), the protected paths are restored once more
/// from the last snapshot when the sandbox is dropped (run, cron, always-on, chat exit).
#[derive(Debug, Default)]
struct Late {
    leftovers: bool,
    last: Option<guard::Snapshot>,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let late = self
            .late
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(snapshot) = late.last.take().filter(|_| late.leftovers) else {
            return;
        };
        for outcome in snapshot.restore() {
            tracing::warn!(
                "at the session's end, after a command left processes behind: {}",
                denial::Denial::from(outcome)
            );
        }
    }
}

/// The per-host mode's proxy and the kernel rule that lets children reach only it, started at the
/// first child that needs them ([`Confinement::prepare`]).
#[derive(Debug)]
struct Gateway {
    rules: hosts::HostRules,
    started: OnceLock<Result<Started, String>>,
}

#[derive(Debug)]
struct Started {
    proxy: proxy::Proxy,
    /// TCP connect to the proxy's port only.
    #[cfg(target_os = "linux")]
    layer: landlock::Rules,
}

impl Gateway {
    fn start(&self) -> Result<&Started, SpawnError> {
        let started = self.started.get_or_init(|| {
            let proxy = proxy::Proxy::start(self.rules.clone())
                .map_err(|e| format!("cannot start the network proxy: {e}"))?;
            #[cfg(target_os = "linux")]
            let layer = landlock::Rules::proxy_only(proxy.port()).map_err(|e| e.to_string())?;
            Ok(Started {
                #[cfg(target_os = "linux")]
                layer,
                proxy,
            })
        });
        started
            .as_ref()
            .map_err(|why| SpawnError::Sandbox(why.clone()))
    }

    fn running(&self) -> Option<&Started> {
        self.started.get().and_then(|s| s.as_ref().ok())
    }
}

/// A shared handle on a [`Sandbox`], carried by the commands it confines.
#[derive(Debug, Clone)]
pub struct Confinement(Arc<Sandbox>);

impl PartialEq for Confinement {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Confinement {}

/// Says "no sandbox" at most once per process.
static WARNED: AtomicBool = AtomicBool::new(false);

fn unavailable(settings: &SandboxConfig, why: String) -> Result<Option<Confinement>, Error> {
    if settings.required {
        return Err(Error::Required(why));
    }
    if !WARNED.swap(true, Ordering::Relaxed) {
        tracing::warn!(
            "commands run without an OS sandbox: {why}; only the permission checks confine them"
        );
    }
    Ok(None)
}

/// The network of a session: `--allow-network` opens it; else `tools.sandbox.network` decides
/// (`true`, `false` or a list of hosts); else open only in `workspace-write` with someone watching.
pub fn network(req: &Request<'_>) -> Result<Network, Error> {
    if req.allow_network {
        return Ok(Network::Open);
    }
    Ok(match &req.settings.network {
        Some(NetworkSetting::Open(true)) => Network::Open,
        Some(NetworkSetting::Open(false)) => Network::Closed,
        Some(NetworkSetting::Hosts(list)) => Network::Hosts(hosts::HostRules::parse(list)?),
        None if req.mode == PermissionMode::WorkspaceWrite && !req.unattended => Network::Open,
        None => Network::Closed,
    })
}

/// Whether the kernel can keep children to the proxy (Landlock TCP rules, ABI ≥ 4, or Seatbelt).
fn per_host_supported() -> bool {
    #[cfg(target_os = "linux")]
    return landlock::abi() >= 4;
    #[cfg(not(target_os = "linux"))]
    return cfg!(target_os = "macos");
}

/// Says "per-host rules unenforceable" at most once per process.
static WARNED_HOSTS: AtomicBool = AtomicBool::new(false);

/// The network of a session as the kernel can enforce it: per-host rules the kernel cannot confine
/// to the proxy fall back to a closed network (fail closed), said once.
fn enforceable(network: Network) -> Network {
    match network {
        Network::Hosts(_) if !per_host_supported() => {
            if !WARNED_HOSTS.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    "tools.sandbox.network lists hosts, but the kernel cannot confine TCP to the \
                     sandbox's proxy (Landlock ABI < 4); the network is closed instead"
                );
            }
            Network::Closed
        }
        other => other,
    }
}

impl Sandbox {
    /// The sandbox for a session, `None` in `full` mode or where none is available (said once on
    /// stderr); an error when `tools.sandbox.required` forbids running without one.
    pub fn for_session(req: &Request<'_>) -> Result<Option<Confinement>, Error> {
        let backend = match req.settings.backend.as_deref() {
            None => Backend::Auto,
            Some(text) => Backend::parse(text).ok_or_else(|| Error::BadBackend(text.to_owned()))?,
        };
        if backend == Backend::None {
            return unavailable(req.settings, "tools.sandbox.backend is none".to_owned());
        }
        if req.mode == PermissionMode::Full {
            return Ok(None);
        }
        let tmpdir = tempfile::Builder::new()
            .prefix("pilotdeck-run-")
            .tempdir()
            .map_err(Error::TempDir)?;
        let inputs = PolicyInputs {
            roots: req.roots.clone(),
            tmpdir: tmpdir.path().canonicalize().ok(),
            hidden: req.hidden.clone(),
            network: enforceable(network(req)?),
        };
        let Some(policy) = Policy::derive(req.mode, &inputs) else {
            return Ok(None);
        };
        let enforcer = match enforcer(backend, &policy) {
            Ok(enforcer) => enforcer,
            Err(why) => return unavailable(req.settings, why),
        };
        #[cfg(target_os = "linux")]
        let seccomp = match syscall_filter(&policy.network) {
            Ok(filter) => filter,
            Err(why) => return unavailable(req.settings, why),
        };
        let gateway = match &policy.network {
            Network::Hosts(rules) => Some(Gateway {
                rules: rules.clone(),
                started: OnceLock::new(),
            }),
            Network::Open | Network::Closed => None,
        };
        let turns = turn::Turns::new(req.lock_dir.as_deref(), &policy.guarded);
        Ok(Some(Confinement(Arc::new(Sandbox {
            policy,
            enforcer,
            #[cfg(target_os = "linux")]
            seccomp,
            gateway,
            tmpdir,
            late: std::sync::Mutex::default(),
            listings: listing::Listings::default(),
            turns,
        }))))
    }
}

#[cfg(target_os = "linux")]
fn enforcer(backend: Backend, policy: &Policy) -> Result<Enforcer, String> {
    match backend {
        Backend::Seatbelt => Err("the seatbelt backend exists only on macOS".to_owned()),
        _ if landlock::abi() == 0 => {
            Err("the kernel offers no Landlock (too old, or disabled in this container)".to_owned())
        }
        _ => landlock::Rules::build(policy)
            .map(Enforcer::Landlock)
            .map_err(|e| e.to_string()),
    }
}

/// The seccomp filter of a session whose network is `network`: the terminal ioctls and
/// [`kernel_objects`] refused, and the sockets a network that is not open forbids (none where the
/// kernel has no filters).
#[cfg(target_os = "linux")]
fn syscall_filter(network: &Network) -> Result<Option<seccomp::Filter>, String> {
    let sockets = match network {
        Network::Open => seccomp::Sockets::All,
        Network::Closed => seccomp::Sockets::PairsOnly,
        Network::Hosts(_) => seccomp::Sockets::Tcp,
    };
    if !seccomp::available() {
        return Ok(None);
    }
    seccomp::Filter::build(sockets)
        .map(Some)
        .map_err(|e| e.to_string())
}

#[cfg(target_os = "macos")]
fn enforcer(backend: Backend, policy: &Policy) -> Result<Enforcer, String> {
    match backend {
        Backend::Landlock => Err("the landlock backend exists only on Linux".to_owned()),
        _ if Path::new(seatbelt::SANDBOX_EXEC).exists() => {
            Ok(Enforcer::Seatbelt(seatbelt::profile(policy)))
        }
        _ => Err(format!("{} is missing", seatbelt::SANDBOX_EXEC)),
    }
}

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn enforcer(_backend: Backend, _policy: &Policy) -> Result<Enforcer, String> {
    Err("no sandbox backend exists for this operating system".to_owned())
}

impl Confinement {
    pub fn policy(&self) -> &Policy {
        &self.0.policy
    }

    /// The per-run temp dir, exported to children as `TMPDIR`.
    pub fn tmpdir(&self) -> &Path {
        self.0.tmpdir.path()
    }

    /// What a child's environment gets: `TMPDIR`, and the proxy's variables in the per-host mode.
    pub fn child_env(&self) -> Vec<(OsString, OsString)> {
        let mut env = vec![("TMPDIR".into(), self.tmpdir().into())];
        if let Some(started) = self.0.gateway.as_ref().and_then(Gateway::running) {
            env.extend(
                started
                    .proxy
                    .env()
                    .into_iter()
                    .map(|(k, v)| (k.into(), v.into())),
            );
        }
        env
    }

    /// What the sandbox refused: the hosts the proxy turned away since the last call, then what a
    /// confined command's stderr shows (empty when nothing).
    pub fn denials(&self, stderr: &str, cwd: &Path) -> Vec<denial::Denial> {
        let mut found: Vec<denial::Denial> = self
            .0
            .gateway
            .as_ref()
            .and_then(Gateway::running)
            .map(|s| s.proxy.take_refused())
            .unwrap_or_default()
            .into_iter()
            .map(denial::Denial::Proxy)
            .collect();
        for denial in denial::find(&self.0.policy, stderr, cwd) {
            if !found.contains(&denial) {
                found.push(denial);
            }
        }
        found
    }

    /// Waits until no other confined command of the project runs (this session's or another
    /// process's), at most `timeout` or until `cancel`; the command runs holding the [`turn::Turn`],
    /// from its [`Confinement::snapshot`] to its [`Confinement::restore`].
    pub async fn turn(
        &self,
        timeout: std::time::Duration,
        cancel: &tokio_util::sync::CancellationToken,
    ) -> Result<turn::Turn, turn::Busy> {
        self.0.turns.take(timeout, cancel).await
    }

    /// The protected paths of the writable project roots as they are now, to restore after a
    /// command ([`guard::Snapshot::restore`]).
    /// Refused when a protected file is too large or unreadable: the command must not run.
    pub fn snapshot(&self) -> Result<guard::Snapshot, guard::Refused> {
        guard::Snapshot::take(&self.0.policy.guarded, &self.0.listings)
    }

    /// Puts back what a command changed among the protected paths ([`guard::Snapshot::restore`]);
    /// the snapshot is kept for the pass at the session's end ([`Late`]).
    pub fn restore(&self, snapshot: guard::Snapshot) -> Vec<guard::Outcome> {
        let outcomes = snapshot.restore();
        self.late().last = Some(snapshot);
        outcomes
    }

    /// Records what [`crate::tools::process::reap_adopted`] found after a command.
    pub fn note_leftovers(&self, leftovers: crate::tools::process::Leftovers) {
        if leftovers == crate::tools::process::Leftovers::Unknown {
            self.late().leftovers = true;
        }
    }

    fn late(&self) -> std::sync::MutexGuard<'_, Late> {
        self.0
            .late
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The program and arguments to run instead: on macOS `sandbox-exec -p PROFILE program …`; on
    /// Linux, when the child is to start through pilotdeck's step (`step`: a pid namespace its
    /// thread does not make, a cgroup to be placed in first), that step
    /// ([`crate::tools::pid_namespace`]).
    pub fn wrap(
        &self,
        program: &std::ffi::OsStr,
        args: &[std::ffi::OsString],
        step: Option<Step>,
    ) -> Option<Vec<std::ffi::OsString>> {
        match &self.0.enforcer {
            Enforcer::Seatbelt(profile) => {
                let port = self.0.gateway.as_ref().and_then(Gateway::running);
                let profile = match port {
                    Some(started) => {
                        format!("{profile}{}", seatbelt::proxy_rule(started.proxy.port()))
                    }
                    None => profile.clone(),
                };
                Some(seatbelt::wrap(&profile, program, args))
            }
            #[cfg(target_os = "linux")]
            Enforcer::Landlock(_) => {
                step.and_then(|step| crate::tools::pid_namespace::wrap(program, args, step))
            }
        }
    }
}

/// What pilotdeck's own step ([`crate::tools::pid_namespace`], Linux) does besides making the
/// confined command's user and pid namespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// First wait for one byte on stdin, which pilotdeck sends once the step is in its cgroup
    /// ([`crate::tools::cgroup`]).
    pub after_go: bool,
    /// The dynamic loader's variables (`LD_*`) for the command, which the step's own start must
    /// not see: passed as arguments, set for the command alone.
    pub loader_env: Vec<(std::ffi::OsString, std::ffi::OsString)>,
}

/// Why a child could not be started from its thread.
#[derive(Debug, thiserror::Error)]
pub enum SpawnError {
    #[error("cannot apply the sandbox: {0}")]
    Sandbox(String),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("the thread that starts the child died")]
    Thread,
}

/// Runs `start` (which forks the child) on a fresh thread that first drops `CAP_SYS_PTRACE` (and the
/// other capabilities that bypass non-dumpable) and, with
/// a confinement, every capability, and restricts itself; the child and everything it starts
/// inherit both. The caller's
/// tokio runtime is entered in that thread, so `start` may spawn a `tokio::process::Command`.
/// With `namespace`, a confined child is to be the first process of a pid namespace the thread
/// makes, where it can (root); `start` is told whether it did.
pub fn spawn_thread<T: Send>(
    confine: Option<&Confinement>,
    namespace: bool,
    start: impl FnOnce(bool) -> std::io::Result<T> + Send,
) -> Result<T, SpawnError> {
    // Fail closed rather than start a child that could read and rewrite a secret.
    if let Some((secret, root)) = confine.and_then(|c| c.0.policy.unhideable()) {
        return Err(SpawnError::Sandbox(format!(
            "{} is a secret location inside the writable {}, and the kernel grants that directory \
             as one tree: commands could read and rewrite it. Move it out of that directory (or \
             run with --permission-mode read-only)",
            secret.display(),
            root.display()
        )));
    }
    if let Some(gateway) = confine.and_then(|c| c.0.gateway.as_ref()) {
        // Here, unconfined: the proxy listens from pilotdeck, not from the child's thread.
        gateway.start()?;
    }
    let runtime = tokio::runtime::Handle::try_current().ok();
    std::thread::scope(|scope| {
        let thread = scope.spawn(move || -> Result<T, SpawnError> {
            let _entered = runtime.as_ref().map(tokio::runtime::Handle::enter);
            let namespaced = restrict_thread(confine, namespace)?;
            Ok(start(namespaced)?)
        });
        thread.join().unwrap_or(Err(SpawnError::Thread))
    })
}

/// Confines the calling thread for the child it is about to start; true when that child will be
/// the first process of a pid namespace of its own.
#[cfg(target_os = "linux")]
fn restrict_thread(confine: Option<&Confinement>, namespace: bool) -> Result<bool, SpawnError> {
    // The pid namespace, made here while the thread still has root's `CAP_SYS_ADMIN` (dropped
    // next); without it, by a step of its own (`wrap`).
    let namespaced = namespace
        && matches!(confine.map(|c| &c.0.enforcer), Some(Enforcer::Landlock(_)))
        && crate::tools::pid_namespace::for_children().map_err(SpawnError::Sandbox)?;
    ptrace::drop_bypass_capabilities();
    let Some(sandbox) = confine.map(|c| &c.0) else {
        return Ok(false);
    };
    let failed = |e: &dyn std::fmt::Display| SpawnError::Sandbox(e.to_string());
    capabilities::drop(capabilities::ALL.difference(capabilities::FILE_ACCESS))
        .map_err(|e| failed(&e))?;
    if let Enforcer::Landlock(rules) = &sandbox.enforcer {
        rules.restrict_current_thread().map_err(|e| failed(&e))?;
    }
    if let Some(started) = sandbox.gateway.as_ref().and_then(Gateway::running) {
        started
            .layer
            .restrict_current_thread()
            .map_err(|e| failed(&e))?;
    }
    if let Some(filter) = &sandbox.seccomp {
        filter.apply().map_err(|e| failed(&e))?;
    }
    Ok(namespaced)
}

#[cfg(not(target_os = "linux"))]
fn restrict_thread(_confine: Option<&Confinement>, _namespace: bool) -> Result<bool, SpawnError> {
    Ok(false)
}

/// Whether pilotdeck adopts the orphans of the processes it starts ([`protect_process`]).
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Process-wide protection taken once at start (Linux): pilotdeck non-dumpable, and a child
/// subreaper, so a command's process that left its group (`setsid … &`) is adopted by pilotdeck
/// when its parent exits, and killed with the command ([`crate::tools::process::reap_adopted`]).
pub fn protect_process() {
    #[cfg(target_os = "linux")]
    {
        ptrace::make_non_dumpable();
        let me = rustix::process::getpid();
        SUBREAPER.store(
            rustix::process::set_child_subreaper(Some(me)).is_ok(),
            Ordering::Relaxed,
        );
    }
}

/// True when orphans of pilotdeck's children are re-parented to pilotdeck ([`protect_process`]).
pub fn adopts_orphans() -> bool {
    SUBREAPER.load(Ordering::Relaxed)
}

/// The sandbox of an agent session: [`Sandbox::for_session`] for the policy's mode and workspace and
/// the config's `tools.sandbox`, hiding the policy's secret locations (one list for the sandbox
/// and the file tools). The one call every front end's agent setup makes.
pub fn for_agent(
    home: &crate::home::PilotHome,
    config: &crate::config::Config,
    policy: &crate::tools::permission::PermissionPolicy,
    unattended: bool,
    allow_network: bool,
) -> Result<Option<Confinement>, Error> {
    Sandbox::for_session(&Request {
        // `plan` is confined as the mode it goes back to: its refusals are the policy's.
        mode: policy.mode_after_plan(),
        roots: policy.workspace().roots().map(Path::to_owned).collect(),
        settings: &config.tools.sandbox,
        hidden: Secrets::clone(policy.hidden()),
        unattended,
        allow_network,
        lock_dir: Some(home.locks_dir()),
    })
}

/// `tools.sandbox.hide`, `~/` expanded.
fn configured_hidden(settings: &SandboxConfig) -> Vec<PathBuf> {
    settings
        .hide
        .iter()
        .map(|p| crate::home::expand_tilde(p))
        .collect()
}

/// The secret locations of a session (see [`policy::hidden_paths`]): `tools.sandbox.hide` and the
/// user's config file the load read (`--config`, `$PILOTDECK_CONFIG_PATH`: `Config::secret_files`)
/// among them, with the workspace `roots` open (a project or always-on worktree inside PilotHome
/// stays readable): hidden from sandboxed processes and from the file tools alike, in every mode.
pub fn secret_locations(
    config: &crate::config::Config,
    pilot_home: Option<&Path>,
    roots: impl IntoIterator<Item = PathBuf>,
) -> Secrets {
    let mut extra = configured_hidden(&config.tools.sandbox);
    extra.extend(config.secret_files.iter().cloned());
    policy::hidden_paths(crate::home::user_home().as_deref(), pilot_home, &extra).opening(roots)
}

/// What [`describe`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Availability {
    /// A backend works and is used.
    On,
    /// None is used (`backend: none`, or none works); commands run with only the permission checks.
    Off,
    /// None is used and `tools.sandbox.required` forbids running.
    Refused,
}

/// The sandbox on this machine with `settings`, in one line for `doctor`: the backend, and what each
/// mode allows.
pub fn describe(settings: &SandboxConfig) -> (Availability, String) {
    let modes = "read-only: writes $TMPDIR only, no network; workspace-write: writes the project, \
                 --add-dir dirs and $TMPDIR, network closed in unattended runs unless --allow-network \
                 or tools.sandbox.network (true, or a list of hosts reached through a proxy); full: \
                 unsandboxed; secrets (~/.ssh, ~/.aws, …, PilotHome but its skills and plugins, the \
                 config file in use) unreadable; no terminal, no disk, no device node made";
    let backend = settings
        .backend
        .as_deref()
        .map_or(Some(Backend::Auto), Backend::parse);
    let found = match backend {
        None => Err(format!(
            "tools.sandbox.backend `{}` is unknown",
            settings.backend.as_deref().unwrap_or_default()
        )),
        Some(Backend::None) => Err("off: tools.sandbox.backend is none".to_owned()),
        Some(backend) => backend_found(backend),
    };
    match found {
        Ok(name) => (Availability::On, format!("{name}; {modes}")),
        Err(why) if settings.required => (
            Availability::Refused,
            format!("{why}; tools.sandbox.required is true, so runs refuse to start"),
        ),
        Err(why) => (
            Availability::Off,
            format!("{why}; commands run with only the permission checks"),
        ),
    }
}

#[cfg(target_os = "linux")]
fn backend_found(backend: Backend) -> Result<String, String> {
    match (backend, landlock::abi()) {
        (Backend::Seatbelt, _) => Err("the seatbelt backend exists only on macOS".to_owned()),
        (_, 0) => Err("the kernel offers no Landlock".to_owned()),
        (_, abi) => Ok(format!(
            "Landlock ABI {abi}{}; {}; {}",
            if abi >= 4 {
                " (TCP rules; per-host network rules work)"
            } else {
                " (no TCP rules; per-host network rules fall back to a closed network)"
            },
            if seccomp::available() {
                "seccomp filter (no keys typed into a terminal; no other process's limits, keyrings, SysV IPC, io_uring, chown, xattrs nor setuid or world-writable chmod; a closed network refuses every socket but Unix socket pairs)"
            } else {
                "no seccomp filters: a closed network leaves UDP and other non-TCP sockets open, and TIOCSTI, other processes' limits, keyrings, SysV IPC, chown, xattrs and chmod are left to the kernel"
            },
            match crate::tools::cgroup::available() {
                Some(dir) => format!(
                    "sandboxed MCP servers frozen between requests in cgroups of their own (under {})",
                    dir.display()
                ),
                None => "sandboxed MCP servers stopped by signals between requests (no cgroup v2 \
                         pilotdeck may make cgroups in)"
                    .to_owned(),
            }
        )),
    }
}

#[cfg(target_os = "macos")]
fn backend_found(backend: Backend) -> Result<String, String> {
    match backend {
        Backend::Landlock => Err("the landlock backend exists only on Linux".to_owned()),
        _ if Path::new(seatbelt::SANDBOX_EXEC).exists() => Ok("Seatbelt (sandbox-exec)".to_owned()),
        _ => Err(format!("{} is missing", seatbelt::SANDBOX_EXEC)),
    }
}

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn backend_found(_backend: Backend) -> Result<String, String> {
    Err("no sandbox backend exists for this operating system".to_owned())
}
