//! The processes a sandboxed command left behind, killed before its protected paths are restored;
//! and a process tree stopped and continued whole ([`pause_tree`]: a sandboxed MCP server between
//! its requests).
//!
//! pilotdeck is a child subreaper on Linux ([`crate::tools::sandbox::protect_process`]): a process
//! that left a command's group (`setsid … &`) is re-parented to it when its parent exits. After
//! the command, [`reap_adopted`] kills every child pilotdeck did not start itself *and the whole
//! tree below it*: the trees are frozen first (`SIGSTOP`; pilotdeck's children and what is below
//! them looked at again until no new process appears, since a stopped process cannot fork, and a
//! process that moved to a new pid meanwhile is a new child of pilotdeck), then killed at once, and
//! waited for without starting a thread (a command that used up every process id made that fail,
//! and pilotdeck panic). Killing one generation per pass instead let a chain of a few hundred
//! processes, each waiting on the next, outlive the passes and write after the restore (attacker
//! review, stop 39).
//!
//! What this cannot promise: a command that fills the system's process table and keeps one
//! process hopping to each freed pid (`clone` and exit, thousands of times a second) can move
//! faster than a look at `/proc`; passes then run out and report [`Leftovers::Unknown`], and the
//! protected paths are put back once more when the session's sandbox is dropped. That is why a
//! confined command runs in a pid namespace of its own where the kernel allows one
//! ([`super::pid_namespace`]): its processes are then dead before pilotdeck sees it end, and this
//! reaper, which still runs, finds at most the namespace's first process. What is left to a cgroup
//! (`pids.max`) is a limit on how many processes a command may start while it runs.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use rustix::process::{Pid, Signal};

/// What [`reap_adopted`] found after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leftovers {
    /// Nothing outlived the command (or what did was killed and reaped).
    None,
    /// Something may have outlived it: no subreaper here (not Linux, or `prctl` refused), or
    /// processes kept appearing.
    Unknown,
}

/// Passes of [`reap_adopted`]: each freezes and kills the trees of the adopted children found and
/// reaps them; a pass that finds none while the command's `group` still has members (exiting)
/// waits briefly.
const REAP_PASSES: u32 = 200;
const REAP_PAUSE: Duration = Duration::from_millis(10);
/// Looks at the process table while freezing a tree, at most: each look stops what the last one
/// missed (children forked before their parent was stopped).
const FREEZE_LOOKS: u32 = 100;
/// Times a pass looks (1 ms apart) for its killed children to have exited, at most.
const REAP_WAITS: u32 = 1000;

/// Kills and reaps the children pilotdeck adopted (processes that left a command's group and
/// whose parent died), with every process below them, until none is left and the command's
/// `group` is gone. `started` are the children pilotdeck started itself (not touched).
pub(super) async fn reap_adopted(
    group: Option<Pid>,
    started: impl Fn() -> HashSet<u32>,
) -> Leftovers {
    if !crate::tools::sandbox::adopts_orphans() {
        return Leftovers::Unknown;
    }
    let me = std::process::id();
    for _ in 0..REAP_PASSES {
        let started = started();
        let adopted = adopted(&Table::read(), me, &started);
        let group_alive =
            group.is_some_and(|g| rustix::process::test_kill_process_group(g).is_ok());
        if adopted.is_empty() && !group_alive {
            return Leftovers::None;
        }
        if adopted.is_empty() {
            tokio::time::sleep(REAP_PAUSE).await;
            continue;
        }
        let Frozen { stopped, children } = freeze(me, &started);
        for &pid in &stopped {
            signal(pid, Signal::KILL);
        }
        // Reaped (so dead; the zombies of their trees are adopted in turn and reaped by the next
        // pass) before the next pass looks — here, without starting a thread: a command that used
        // up every process id would make that fail.
        for _ in 0..REAP_WAITS {
            let waiting: Vec<u32> = (children.iter().copied())
                .filter(|&p| {
                    pid(p).is_some_and(|p| {
                        let reaped =
                            rustix::process::waitpid(Some(p), rustix::process::WaitOptions::NOHANG);
                        matches!(reaped, Ok(None))
                    })
                })
                .collect();
            if waiting.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    Leftovers::Unknown
}

/// Stops (`SIGSTOP`) or continues (`SIGCONT`) `root` and every process below it, by parentage, so
/// a descendant that left `root`'s group (`setsid`) is reached too. Stopping looks at the process
/// table again until a look finds nothing new (a stopped process cannot fork). A descendant whose
/// parent exited is pilotdeck's then, and [`reap_adopted`]'s.
pub(super) fn pause_tree(root: u32, paused: bool) {
    if paused {
        freeze_trees(|_| vec![root]);
    } else {
        for p in Table::read().below(&[root]) {
            signal(p, Signal::CONT);
        }
    }
}

/// pilotdeck's children in `table` it did not start.
fn adopted(table: &Table, me: u32, started: &HashSet<u32>) -> Vec<u32> {
    (table.children(me).into_iter())
        .filter(|pid| !started.contains(pid))
        .collect()
}

/// What [`freeze`] stopped, and which of those were pilotdeck's own children (the ones it can
/// wait for).
struct Frozen {
    stopped: HashSet<u32>,
    children: Vec<u32>,
}

/// Stops every child of pilotdeck it did not start and every process below them, looking at the
/// process table again until a look finds nothing new (a process that moved to a new pid since
/// the last look — forked and exited — is a new child of pilotdeck then).
fn freeze(me: u32, started: &HashSet<u32>) -> Frozen {
    freeze_trees(|table| adopted(table, me, started))
}

/// Stops the processes `roots` finds in the process table and every process below them, looking
/// again until a look finds nothing new; `children` are the roots stopped.
fn freeze_trees(roots: impl Fn(&Table) -> Vec<u32>) -> Frozen {
    let mut stopped: HashSet<u32> = HashSet::new();
    let mut children: Vec<u32> = Vec::new();
    for _ in 0..FREEZE_LOOKS {
        let table = Table::read();
        let roots = roots(&table);
        let new: Vec<u32> = (table.below(&roots).into_iter())
            .filter(|p| !stopped.contains(p))
            .collect();
        if new.is_empty() {
            break;
        }
        children.extend(roots.into_iter().filter(|p| !stopped.contains(p)));
        for p in new {
            signal(p, Signal::STOP);
            stopped.insert(p);
        }
    }
    Frozen { stopped, children }
}

fn pid(raw: u32) -> Option<Pid> {
    Pid::from_raw(i32::try_from(raw).ok()?)
}

fn signal(raw: u32, signal: Signal) {
    if let Some(p) = pid(raw) {
        let _ = rustix::process::kill_process(p, signal);
    }
}

/// Checks `done` every millisecond until it holds or `limit` has passed; whether it held. For what
/// the kernel finishes within milliseconds after a signal or a write (a killed namespace, a cgroup
/// frozen or emptied) and the caller must not go on before.
pub(super) fn wait_until(limit: std::time::Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + limit;
    loop {
        if done() {
            return true;
        }
        if std::time::Instant::now() >= deadline {
            return false;
        }
        #[expect(
            clippy::disallowed_methods,
            reason = "the kernel settles these within milliseconds; the caller must wait for it"
        )]
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// The fields of `/proc/<pid>/stat` after the process's name (`state ppid …`; the name, in
/// parentheses, may hold spaces and parentheses itself). `None` for a process that is gone.
pub(super) fn stat_fields(pid: u32) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.trim_start().to_owned())
}

/// Who is whose parent, from `/proc/*/stat`.
struct Table {
    children: HashMap<u32, Vec<u32>>,
}

impl Table {
    fn read() -> Table {
        let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
        let pids = (std::fs::read_dir("/proc").into_iter().flatten().flatten())
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok());
        for pid in pids {
            let parent = stat_fields(pid)
                .and_then(|fields| fields.split_whitespace().nth(1)?.parse::<u32>().ok());
            if let Some(parent) = parent {
                children.entry(parent).or_default().push(pid);
            }
        }
        Table { children }
    }

    fn children(&self, parent: u32) -> Vec<u32> {
        self.children.get(&parent).cloned().unwrap_or_default()
    }

    /// `roots` and everything below them.
    fn below(&self, roots: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut todo: Vec<u32> = roots.to_vec();
        while let Some(p) = todo.pop() {
            if seen.insert(p) {
                out.push(p);
                todo.extend(self.children(p));
            }
        }
        out
    }
}
