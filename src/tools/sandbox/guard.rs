//! Protected paths kept by the sandbox. Landlock grants the whole project writable and cannot carve
//! a subtree out of a granted tree, so a command the parser let through (`python3 gen.py`) could
//! still write `.git/config` (`core.fsmonitor`, run by the user's next `git status`), plant a git
//! hook or change `.pilotdeck/`. [`Snapshot::take`] saves the protected paths of each writable
//! project root ([`kept_paths`]) before a confined command; [`Snapshot::restore`] afterwards puts
//! back whatever changed (content, mode, symlinks, created or removed entries) and names each path,
//! so the call reports a denial.
//!
//! Git's directory is kept by exclusion, not by a list of dangerous names: everything at its top
//! level is kept (`config`, `hooks/`, `info/`, `commondir`, `modules/`, `worktrees/`, whatever a
//! later git reads) but what commands write in everyday work ([`git_writable`]: objects, refs,
//! logs, the index, `HEAD` and the other `*_HEAD`s, merge/rebase state — but a todo list that
//! gained an `exec` line or a strategy or option file handing on a program or a file to write,
//! [`super::todo`], and the index's
//! entries outside the work tree or in `.git` and new gitlinks, [`super::index`]); inside
//! `objects/` the alternates files stay kept. A
//! symbolic link among those writable entries, under `logs/`, `refs/` or `rr-cache/`, or among the
//! directories of `objects/` is kept all the same (so a new one is removed): git writes
//! `COMMIT_EDITMSG`, reflogs, loose refs and objects through a link, outside the project. `.git` itself is kept as what it was (directory, `gitdir:` file or
//! symlink): a directory renamed away is found again through a handle held open during the command
//! and moved back. What cannot be put back is moved aside (`.pilotdeck-denied-*` in the project
//! root) and reported as not undone.
//!
//! Below the root, every directory (an ignored one too) has its instruction files,
//! `.pilotdeck/`, a nested repository's `.git` and a `HEAD` file (what makes a directory with
//! `objects/` and `refs/` a bare repository) kept too (the permission checks' list,
//! [`INSTRUCTION_FILES`], [`PILOTDECK_DIR`], `GIT_HEAD`), and a directory the command created is searched whole
//! for them ([`Snapshot::restore`]). A `.git` that was not there before the command (`git init`,
//! `git clone`, in the root or below) is removed like any planted name: the command could have set
//! its `core.fsmonitor` or hooks for the user's next `git` there. Those directories are listed once
//! per session and read again only where their status changed ([`super::listing`]).
//!
//! The guard trusts nothing it reads: entries are classified without following symlinks, and a
//! path below a project root is used only when no component between the root and it is a symlink
//! now ([`super::nofollow`]): a walked directory the command swapped for a link (to `~`, another
//! repository) is moved aside, never listed, searched, removed or written through. FIFOs,
//! sockets and devices are never opened (a new one is removed, and anywhere in the project one
//! named as a file git reads, [`GIT_READ_FILES`]); files are opened non-blocking and
//! no-follow, and read only up to [`FILE_CAP`]; what appeared during the command is removed
//! without being read (an unreadable `0111` hook too). Protected files larger than [`FILE_CAP`],
//! more than [`TOTAL_CAP`] in all, or unreadable before a command refuse the snapshot
//! ([`Refused`]): the command is not run.
//!
//! What this cannot do: stop a change from being seen while the command still runs (by itself or a
//! child it started), nor one made by a process that outlived the command (see
//! `tools::process::reap_adopted` and [`super::Confinement::restore`]).

use std::collections::BTreeMap;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use super::listing::{Listings, Tree, protected_name};
use super::todo::{self, Todo};
use crate::tools::permission::{GIT_HEAD, INSTRUCTION_FILES, PILOTDECK_DIR};
use crate::walk::GIT_READ_FILES;

/// Top-level entries of a git directory that everyday commands write (commit, fetch, merge,
/// rebase, bisect, gc, LFS): not kept, unless it is a symbolic link. `MERGE_RR` is kept: its
/// records name the paths rerere writes at the user's next commit, with no check (`../x`,
/// `.git/config`), and read (a secret copied into `rr-cache/`). Also any `*_HEAD`, `*_MSG`,
/// `BISECT_*` and `*.lock`.
const GIT_WRITABLE: &[&str] = &[
    "objects",
    "refs",
    "logs",
    "index",
    "HEAD",
    "packed-refs",
    "COMMIT_EDITMSG",
    "TAG_EDITMSG",
    "NOTES_EDITMSG",
    "MERGE_MODE",
    "AUTO_MERGE",
    "shallow",
    "rebase-merge",
    "rebase-apply",
    "sequencer",
    "rr-cache",
    "lfs",
    "gc.pid",
    "gc.log",
];

/// Inside `objects/`, still kept: other object stores git would read (and trust the config of).
const OBJECTS_KEPT: &[&str] = &["info/alternates", "info/http-alternates"];

/// True for a top-level entry of a git directory that commands may change.
pub fn git_writable(name: &str) -> bool {
    GIT_WRITABLE.contains(&name)
        || name.ends_with("_HEAD")
        || name.ends_with("_MSG")
        || name.starts_with("BISECT_")
        || name.ends_with(".lock")
}

/// How a kept path is walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The path and everything under it.
    Whole,
    /// A git directory: the path itself and its top level but [`git_writable`] entries.
    GitDir,
    /// The root's `.pilotdeck/`: whole but the plain files directly in its `tool-results/`
    /// ([`crate::tools::spill::DIR_NAME`], pilotdeck's own spilled results, which may be large and
    /// steer nothing); one named as git or pilotdeck read it (`.git`, `HEAD`, an instruction
    /// file) and everything else in there is kept.
    Pilotdeck,
}

/// One kept path of a project root.
#[derive(Debug, Clone)]
pub struct Kept {
    path: PathBuf,
    rule: Rule,
    /// The project root it belongs to (where what cannot be put back is moved aside).
    root: PathBuf,
}

/// The kept paths of a writable project `root`: its git directory (`.git`, and a linked
/// worktree's or submodule's own git directory), `.pilotdeck/` (but the files of its
/// `tool-results/`, [`Rule::Pilotdeck`]) and the instruction files at its
/// top ([`PILOTDECK_DIR`], [`INSTRUCTION_FILES`]: the permission checks' list) and the directory
/// `core.hooksPath` names. Without a `.git` yet, one the command makes (`git init`) is removed: its
/// config and hooks would run at the user's next `git` there.
pub fn kept_paths(root: &Path) -> Vec<Kept> {
    let kept = |path: PathBuf, rule| Kept {
        path,
        rule,
        root: root.to_owned(),
    };
    // Kept whole: what steers pilotdeck and the agent, named by the permission checks' list.
    let mut paths: Vec<Kept> = INSTRUCTION_FILES
        .iter()
        .map(|p| kept(root.join(p), Rule::Whole))
        .collect();
    paths.push(kept(root.join(PILOTDECK_DIR), Rule::Pilotdeck));
    let dot_git = root.join(".git");
    paths.push(kept(dot_git.clone(), Rule::GitDir));
    if let Ok(repo) = git2::Repository::open(root) {
        if let Ok(hooks) = repo.config().and_then(|c| c.get_path("core.hooksPath")) {
            paths.push(kept(root.join(hooks), Rule::Whole));
        }
        let own = repo.path().to_owned();
        let same = own.canonicalize().ok() == dot_git.canonicalize().ok();
        if !same {
            paths.push(kept(own, Rule::GitDir));
        }
    }
    paths
}

/// Largest protected file kept (bytes): protected files are small configs and scripts.
pub const FILE_CAP: u64 = 1 << 20;
/// Largest total of the protected files of a session's roots (bytes).
pub const TOTAL_CAP: u64 = 16 << 20;

/// One saved entry.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    File {
        content: Content,
        mode: u32,
    },
    Link(PathBuf),
    Dir {
        mode: u32,
    },
    /// A FIFO, socket or device: never opened (a FIFO would block the reader forever).
    Special {
        mode: u32,
    },
}

/// What a regular file holds, as far as the guard reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Content {
    Bytes(Vec<u8>),
    /// Larger than [`FILE_CAP`] (its size): not read.
    TooLarge(u64),
    /// Could not be opened or read (mode `0111`, swapped for something else).
    Unreadable,
    /// Not in the snapshot: it is removed whatever it holds, so it is not read.
    New,
}

/// Why the protected paths could not be saved before a command: it is not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the protected file {} is larger than {} MiB, so it cannot be kept", .0.display(), FILE_CAP >> 20)]
    TooLarge(PathBuf),
    #[error("the protected files hold more than {} MiB, so they cannot be kept", TOTAL_CAP >> 20)]
    Total,
    #[error("the protected file {} cannot be read, so it cannot be kept", .0.display())]
    Unreadable(PathBuf),
}

/// A git directory as it was: a handle on it held open during the command, so it is found again
/// when renamed away.
#[derive(Debug)]
struct Anchor {
    path: PathBuf,
    root: PathBuf,
    id: (u64, u64),
    handle: std::fs::File,
}

/// What [`Snapshot::restore`] did to one path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Put back as it was.
    Undone(PathBuf),
    /// Could not be put back: what the command left there was moved to `aside` (if anything).
    Failed {
        path: PathBuf,
        why: String,
        aside: Option<PathBuf>,
    },
}

impl Outcome {
    pub fn path(&self) -> &Path {
        match self {
            Outcome::Undone(path) | Outcome::Failed { path, .. } => path,
        }
    }
}

/// The protected paths as they were before a command.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// When it was taken: a loose-object directory changed since is searched for FIFOs.
    taken: Option<std::time::SystemTime>,
    kept: Vec<Kept>,
    entries: BTreeMap<PathBuf, Entry>,
    anchors: Vec<Anchor>,
    /// Each project root's searched directories as they were ([`super::listing`]).
    trees: Vec<(PathBuf, Arc<Tree>)>,
    /// The git directories' todo lists as they were ([`super::todo`]).
    todos: Vec<Todo>,
    /// The git directories' indexes as they were ([`super::index`]).
    indexes: Vec<super::index::Saved>,
    /// Each git directory and its `HEAD` as it was, put back when the command left none (or
    /// one that was removed as a FIFO): without it git no longer sees the repository.
    heads: Vec<(PathBuf, Vec<u8>)>,
}

/// Rounds of compare-and-fix in a restore (a fix can reveal more: a directory made unreadable).
const ROUNDS: usize = 3;

impl Snapshot {
    /// Saves the kept paths of every project root in `roots`; refused (the command must not run)
    /// when a protected file is too large or unreadable ([`FILE_CAP`], [`TOTAL_CAP`]).
    /// The searched directories come from `listings`, kept between a session's commands.
    pub fn take(roots: &[PathBuf], listings: &Listings) -> Result<Snapshot, Refused> {
        let mut kept: Vec<Kept> = roots.iter().flat_map(|r| kept_paths(r)).collect();
        let mut trees = Vec::new();
        for root in roots {
            let tree = listings.tree(root);
            nested(root, &tree, &mut kept);
            trees.push((root.clone(), tree));
        }
        let anchors = kept
            .iter()
            .filter(|k| k.rule == Rule::GitDir)
            .filter_map(anchor)
            .collect();
        let todos = kept
            .iter()
            .filter(|k| k.rule == Rule::GitDir)
            .flat_map(|k| todo::save(&k.path))
            .collect();
        let indexes = (kept.iter())
            .filter(|k| k.rule == Rule::GitDir)
            .map(|k| super::index::save(&k.path))
            .collect();
        let heads = (kept.iter())
            .filter(|k| k.rule == Rule::GitDir)
            .filter_map(|k| match read(&k.path.join(GIT_HEAD)) {
                Content::Bytes(bytes) => Some((k.path.clone(), bytes)),
                _ => None,
            })
            .collect();
        let taken = Some(std::time::SystemTime::now());
        let entries = scan(&kept, None);
        let mut total = 0;
        for (path, entry) in &entries {
            match entry {
                Entry::File {
                    content: Content::Bytes(bytes),
                    ..
                } => total += bytes.len() as u64,
                Entry::File {
                    content: Content::TooLarge(_),
                    ..
                } => return Err(Refused::TooLarge(path.clone())),
                Entry::File { .. } => return Err(Refused::Unreadable(path.clone())),
                Entry::Link(_) | Entry::Dir { .. } | Entry::Special { .. } => {}
            }
        }
        if total > TOTAL_CAP {
            return Err(Refused::Total);
        }
        Ok(Snapshot {
            entries,
            kept,
            anchors,
            trees,
            todos,
            indexes,
            heads,
            taken,
        })
    }

    /// Puts back what changed since [`Snapshot::take`]; says for each path whether it was undone.
    pub fn restore(&self) -> Vec<Outcome> {
        let mut outcomes: Vec<Outcome> = (self.trees.iter())
            .flat_map(|(root, tree)| tree.dirs.keys().map(move |dir| (root, dir)))
            .filter_map(|(root, dir)| unswap(root, dir))
            .collect();
        let mut lost: Vec<PathBuf> = Vec::new();
        for anchor in &self.anchors {
            if let Some(outcome) = self.bring_back(anchor) {
                if matches!(outcome, Outcome::Failed { .. }) {
                    lost.push(anchor.path.clone());
                }
                outcomes.push(outcome);
            }
        }
        for path in self.planted() {
            merge(&mut outcomes, self.undo(&path, None));
        }
        let skip = |p: &Path| lost.iter().any(|l| p.starts_with(l));
        for _ in 0..ROUNDS {
            let now = scan(&self.kept, Some((&self.entries, self.taken)));
            let mut fixed = Vec::new();
            // New entries first (children of a new directory go with it).
            for path in now.keys().filter(|p| !self.entries.contains_key(*p)) {
                if skip(path) || fixed.iter().any(|f: &Outcome| path.starts_with(f.path())) {
                    continue;
                }
                fixed.push(self.undo(path, None));
            }
            // Then changed or removed ones, parents before children (the map is sorted).
            for (path, saved) in &self.entries {
                if !skip(path) && now.get(path) != Some(saved) {
                    fixed.push(self.undo(path, Some(saved)));
                }
            }
            if fixed.is_empty() {
                break;
            }
            for outcome in fixed {
                merge(&mut outcomes, outcome);
            }
        }
        let now = scan(&self.kept, Some((&self.entries, self.taken)));
        let still: Vec<PathBuf> = now
            .keys()
            .filter(|p| !self.entries.contains_key(*p))
            .chain(
                self.entries
                    .iter()
                    .filter(|(p, e)| now.get(*p) != Some(e))
                    .map(|(p, _)| p),
            )
            .filter(|p| !skip(p))
            .cloned()
            .collect();
        for (git_dir, bytes) in &self.heads {
            let head = git_dir.join(GIT_HEAD);
            if std::fs::symlink_metadata(&head).is_err()
                && std::fs::symlink_metadata(git_dir).is_ok_and(|m| m.is_dir())
            {
                let put =
                    super::nofollow::anchored(git_dir, &head, false).and_then(|(at, _held)| {
                        // As git makes it (0644 under the usual umask), not private.
                        crate::store::write_atomic_mode(&at, bytes, 0o644)
                            .map_err(|e| e.to_string())
                    });
                merge(
                    &mut outcomes,
                    match put {
                        Ok(()) => Outcome::Undone(head),
                        Err(why) => Outcome::Failed {
                            path: head,
                            why: format!("git's HEAD is gone and could not be put back: {why}"),
                            aside: None,
                        },
                    },
                );
            }
        }
        for outcome in todo::check(&self.todos) {
            merge(&mut outcomes, outcome);
        }
        for outcome in super::index::check(&self.indexes) {
            merge(&mut outcomes, outcome);
        }
        for path in still {
            merge(
                &mut outcomes,
                Outcome::Failed {
                    why: "it changed again while being put back".to_owned(),
                    path,
                    aside: None,
                },
            );
        }
        outcomes
    }

    /// Protected names the command created in the searched directories (a `.git` too: one the
    /// command made is not the user's), and inside the directories it created under them. A
    /// directory whose status did not change is not read.
    fn planted(&self) -> Vec<PathBuf> {
        let mut found = Vec::new();
        for (root, tree) in &self.trees {
            // Searched directories that are no real directory now (a link, a file, removed):
            // neither they nor what was below them is listed. The listing is sorted, so every
            // directory above a searched one comes before it, and one lookup each keeps the
            // listing from going through a link.
            let mut gone: Vec<&Path> = Vec::new();
            for (dir, listed) in &tree.dirs {
                if gone.iter().any(|g| dir.starts_with(g)) {
                    continue;
                }
                let Some(meta) = std::fs::symlink_metadata(dir).ok().filter(|m| m.is_dir()) else {
                    gone.push(dir);
                    continue;
                };
                if listed.unchanged_as(&meta) {
                    continue;
                }
                for entry in entries(dir) {
                    let name = entry.file_name();
                    if protected_name(&name) {
                        if dir != root && !listed.protected.contains(&name) {
                            found.push(entry.path());
                        }
                    } else if blocks_git(&entry) {
                        found.push(entry.path());
                    } else if entry.file_type().is_ok_and(|t| t.is_dir())
                        && !listed.subdirs.contains(&name)
                    {
                        search(&entry.path(), &mut found);
                    }
                }
            }
        }
        found
    }

    /// Moves a git directory renamed or replaced during the command back in place; `None` when it
    /// is where it was.
    fn bring_back(&self, anchor: &Anchor) -> Option<Outcome> {
        let confine = |create| super::nofollow::confine(&anchor.root, &anchor.path, create);
        if let Err(why) = confine(false) {
            return Some(Outcome::Failed {
                path: anchor.path.clone(),
                why: format!("it is not put back through a symbolic link: {why}"),
                aside: None,
            });
        }
        let current = std::fs::symlink_metadata(&anchor.path).ok();
        if current
            .as_ref()
            .is_some_and(|m| m.is_dir() && (m.dev(), m.ino()) == anchor.id)
        {
            return None;
        }
        let aside = match current {
            Some(_) => match move_aside(&anchor.path, &anchor.root) {
                Ok(to) => Some(to),
                Err(why) => {
                    return Some(Outcome::Failed {
                        path: anchor.path.clone(),
                        why: format!("it was replaced and cannot be moved aside: {why}"),
                        aside: None,
                    });
                }
            },
            None => None,
        };
        let found = locate(anchor);
        let moved = found
            .as_ref()
            .ok_or_else(|| "it was moved out of reach or deleted".to_owned())
            .and_then(|from| {
                confine(true)?;
                std::fs::rename(from, &anchor.path).map_err(|e| e.to_string())
            });
        Some(match moved {
            Ok(()) => Outcome::Undone(anchor.path.clone()),
            Err(why) => Outcome::Failed {
                path: anchor.path.clone(),
                why: format!("git's directory cannot be put back: {why}"),
                aside,
            },
        })
    }

    /// Removes a new entry (`saved` is `None`) or puts back a changed one; what cannot be removed
    /// is moved aside.
    fn undo(&self, path: &Path, saved: Option<&Entry>) -> Outcome {
        let root = self.root_of(path);
        // Changed through its parent held open: a later swap of a directory above it for a link
        // does not move the change outside the project.
        let (at, _held) = match super::nofollow::anchored(&root, path, saved.is_some()) {
            Ok(anchored) => anchored,
            Err(why) => {
                return Outcome::Failed {
                    path: path.to_owned(),
                    why: format!("it is not changed through a symbolic link: {why}"),
                    aside: None,
                };
            }
        };
        let result = match saved {
            None => remove(&at),
            Some(saved) => put_back(&at, saved),
        };
        match result {
            Ok(()) => Outcome::Undone(path.to_owned()),
            Err(why) => {
                let exists = std::fs::symlink_metadata(&at).is_ok();
                let aside = exists.then(|| move_aside(&at, &root));
                match aside {
                    Some(Ok(to)) if saved.is_none() => Outcome::Failed {
                        path: path.to_owned(),
                        why: format!("it cannot be removed ({why}), so it was moved aside"),
                        aside: Some(to),
                    },
                    Some(Ok(to)) => Outcome::Failed {
                        path: path.to_owned(),
                        why: format!("the saved version cannot be written back ({why})"),
                        aside: Some(to),
                    },
                    Some(Err(again)) => Outcome::Failed {
                        path: path.to_owned(),
                        why: format!("{why}; moving it aside failed too: {again}"),
                        aside: None,
                    },
                    None => Outcome::Failed {
                        path: path.to_owned(),
                        why,
                        aside: None,
                    },
                }
            }
        }
    }
}

impl Snapshot {
    /// The project root `path` is in (the innermost), else the root of the kept path holding it.
    fn root_of(&self, path: &Path) -> PathBuf {
        let roots = self.kept.iter().map(|k| &k.root);
        roots
            .filter(|r| path.starts_with(r))
            .max_by_key(|r| r.as_os_str().len())
            .or_else(|| {
                self.kept
                    .iter()
                    .find(|k| path.starts_with(&k.path))
                    .map(|k| &k.root)
            })
            .map_or_else(|| path.to_owned(), Clone::clone)
    }
}

/// Moves aside a searched directory of `root` the command replaced by a symbolic link (the guard
/// never follows it); `None` when it was not.
fn unswap(root: &Path, dir: &Path) -> Option<Outcome> {
    if !super::nofollow::swapped(root, dir) {
        return None;
    }
    let why = "a directory was replaced by a symbolic link, which the sandbox does not follow";
    Some(match move_aside(dir, root) {
        Ok(to) => Outcome::Failed {
            path: dir.to_owned(),
            why: why.to_owned(),
            aside: Some(to),
        },
        Err(e) => Outcome::Failed {
            path: dir.to_owned(),
            why: format!("{why}; moving the link aside failed: {e}"),
            aside: None,
        },
    })
}

/// Adds to `kept` the protected names of the searched directories of `root` (not the root's own:
/// [`kept_paths`] keeps those).
fn nested(root: &Path, tree: &Tree, kept: &mut Vec<Kept>) {
    for (dir, listed) in tree.dirs.iter().filter(|(d, _)| *d != root) {
        for name in &listed.protected {
            kept.push(Kept {
                path: dir.join(name),
                rule: if name == ".git" {
                    Rule::GitDir
                } else {
                    Rule::Whole
                },
                root: root.to_owned(),
            });
        }
    }
}

/// True for a FIFO, socket or device named as a file git reads ([`GIT_READ_FILES`]): the user's next
/// `git status` or `git diff` would wait on it forever (attacker review, stop 40). Removed like a
/// planted name, wherever it is.
fn blocks_git(entry: &std::fs::DirEntry) -> bool {
    let special = entry
        .file_type()
        .is_ok_and(|t| !t.is_file() && !t.is_dir() && !t.is_symlink());
    special && GIT_READ_FILES.iter().any(|n| entry.file_name() == *n)
}

/// The protected names anywhere under `dir` (a directory the command made), not descending
/// into them.
fn search(dir: &Path, found: &mut Vec<PathBuf>) {
    if protected_name(dir.file_name().unwrap_or_default()) {
        found.push(dir.to_owned());
        return;
    }
    for entry in entries(dir) {
        if protected_name(&entry.file_name()) || blocks_git(&entry) {
            found.push(entry.path());
        } else if entry.file_type().is_ok_and(|t| t.is_dir()) {
            search(&entry.path(), found);
        }
    }
}

/// Adds `outcome` unless its path is already there; a failure replaces an earlier success.
fn merge(outcomes: &mut Vec<Outcome>, outcome: Outcome) {
    match outcomes.iter_mut().find(|o| o.path() == outcome.path()) {
        Some(o) if matches!(outcome, Outcome::Failed { .. }) => *o = outcome,
        Some(_) => {}
        None => outcomes.push(outcome),
    }
}

fn anchor(kept: &Kept) -> Option<Anchor> {
    use std::os::unix::fs::OpenOptionsExt;
    let meta = std::fs::symlink_metadata(&kept.path).ok()?;
    if !meta.is_dir() {
        return None;
    }
    let handle = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW)
        .open(&kept.path)
        .ok()?;
    let opened = handle.metadata().ok()?;
    Some(Anchor {
        path: kept.path.clone(),
        root: kept.root.clone(),
        id: (opened.dev(), opened.ino()),
        handle,
    })
}

/// Where an anchored directory is now: through `/proc` on Linux, else among its old siblings.
fn locate(anchor: &Anchor) -> Option<PathBuf> {
    let same = |p: &Path| {
        std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir() && (m.dev(), m.ino()) == anchor.id)
    };
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let fd = anchor.handle.as_raw_fd();
        if let Ok(path) = std::fs::read_link(format!("/proc/self/fd/{fd}"))
            && same(&path)
        {
            return Some(path);
        }
    }
    let parent = anchor.path.parent()?;
    std::fs::read_dir(parent)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| same(p))
}

/// Moves `path` out of the protected place, into `root` as `.pilotdeck-denied-<pid>-<n>-<name>`.
fn move_aside(path: &Path, root: &Path) -> Result<PathBuf, String> {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let to = root.join(format!(
        ".pilotdeck-denied-{}-{n}-{name}",
        std::process::id()
    ));
    std::fs::rename(path, &to)
        .map(|()| to)
        .map_err(|e| e.to_string())
}

/// The entries under `kept`; with `saved` (after a command), what is not in it is recorded
/// without being read or walked: it is removed whole.
fn scan(
    kept: &[Kept],
    saved: Option<(&BTreeMap<PathBuf, Entry>, Option<std::time::SystemTime>)>,
) -> BTreeMap<PathBuf, Entry> {
    let mut walk = Walk {
        saved: saved.map(|s| s.0),
        since: saved.and_then(|s| s.1),
        out: BTreeMap::new(),
    };
    for k in kept
        .iter()
        .filter(|k| super::nofollow::reachable(&k.root, &k.path))
    {
        match k.rule {
            Rule::Whole => walk.add(&k.path, true),
            Rule::GitDir => walk.add_git_dir(&k.path),
            Rule::Pilotdeck => walk.add_pilotdeck_dir(&k.path),
        }
    }
    walk.out
}

struct Walk<'a> {
    saved: Option<&'a BTreeMap<PathBuf, Entry>>,
    /// After a command: when its snapshot was taken.
    since: Option<std::time::SystemTime>,
    out: BTreeMap<PathBuf, Entry>,
}

impl Walk<'_> {
    fn is_new(&self, path: &Path) -> bool {
        self.saved.is_some_and(|s| !s.contains_key(path))
    }

    fn add_git_dir(&mut self, dir: &Path) {
        self.add(dir, false);
        if !matches!(self.out.get(dir), Some(Entry::Dir { .. })) || self.is_new(dir) {
            return;
        }
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let plain = entry.file_type().is_ok_and(|t| t.is_file() || t.is_dir());
            if !git_writable(&name.to_string_lossy()) || !plain {
                self.add(&entry.path(), true);
            }
        }
        // What git writes following a link: `COMMIT_EDITMSG` above, the reflogs (appended at the
        // user's next commit), loose refs, rerere's cache and the object store's directories (new
        // objects and packs). A link there is kept, so a new one is removed; so is a FIFO, socket
        // or device, there and among the writable entries above (`HEAD`, a loose ref, the index:
        // the user's next `git status` would wait on it for ever; attacker review, stop 40).
        for tree in [
            "logs",
            "refs",
            "rr-cache",
            "rebase-merge",
            "rebase-apply",
            "sequencer",
        ] {
            self.add_links(&dir.join(tree), usize::MAX);
        }
        // In `objects/`: its own entries, `info/` and `pack/` (the commit-graph, pack indexes,
        // opened with a blocking `open`), and the loose-object directories the command changed
        // (a FIFO as a loose object hangs the user's `git status`; attacker review, stop 40).
        let objects = dir.join("objects");
        self.add_links(&objects, 0);
        for sub in ["info", "pack"] {
            self.add_links(&objects.join(sub), usize::MAX);
        }
        if let Some(since) = self.since {
            for entry in entries(&objects) {
                let changed = (entry.metadata())
                    .is_ok_and(|m| m.is_dir() && super::listing::changed_since(&m, since));
                if changed && entry.file_name() != "info" && entry.file_name() != "pack" {
                    self.add_links(&entry.path(), 0);
                }
            }
        }
        for inside in OBJECTS_KEPT {
            let path = dir.join("objects").join(inside);
            if super::nofollow::reachable(dir, &path) {
                self.add(&path, true);
            }
        }
    }

    fn add_pilotdeck_dir(&mut self, dir: &Path) {
        self.add(dir, false);
        if !matches!(self.out.get(dir), Some(Entry::Dir { .. })) || self.is_new(dir) {
            return;
        }
        for entry in entries(dir) {
            let results = entry.file_name() == crate::tools::spill::DIR_NAME
                && entry.file_type().is_ok_and(|t| t.is_dir());
            if results {
                // Only its plain files go unkept (the results pilotdeck writes there): a
                // directory, link or special file, and a file named as git or pilotdeck read it
                // (`.git`, `HEAD`, `AGENTS.md`), are kept whole, so a new one is removed.
                self.add(&entry.path(), false);
                for inner in entries(&entry.path()) {
                    let plain = inner.file_type().is_ok_and(|t| t.is_file());
                    if !plain || protected_name(&inner.file_name()) {
                        self.add(&inner.path(), true);
                    }
                }
            } else {
                self.add(&entry.path(), true);
            }
        }
    }

    /// Records the symbolic links (and FIFOs, sockets, devices) in the directory `dir` and,
    /// `depth` levels down, below it (not followed), nothing else.
    fn add_links(&mut self, dir: &Path, depth: usize) {
        for entry in entries(dir) {
            match entry.file_type() {
                Ok(t) if !t.is_file() && !t.is_dir() => self.add(&entry.path(), false),
                Ok(t) if t.is_dir() && depth > 0 => self.add_links(&entry.path(), depth - 1),
                _ => {}
            }
        }
    }

    /// Records `path` (and, with `deep`, what a directory holds), classified without following
    /// symlinks; only regular files are opened.
    fn add(&mut self, path: &Path, deep: bool) {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            return;
        };
        let mode = meta.permissions().mode() & 0o7777;
        let kind = meta.file_type();
        let new = self.is_new(path);
        let entry = if kind.is_symlink() {
            Entry::Link(std::fs::read_link(path).unwrap_or_default())
        } else if kind.is_dir() {
            Entry::Dir { mode }
        } else if kind.is_file() {
            let content = if new { Content::New } else { read(path) };
            Entry::File { content, mode }
        } else {
            Entry::Special { mode }
        };
        let walk = deep && matches!(entry, Entry::Dir { .. }) && !new;
        self.out.insert(path.to_owned(), entry);
        if walk {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                self.add(&entry.path(), true);
            }
        }
    }
}

/// A regular file's content, read through a non-blocking, no-follow handle that must still be a
/// regular file, and at most [`FILE_CAP`] bytes of it.
pub(super) fn read(path: &Path) -> Content {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let Ok(file) = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
    else {
        return Content::Unreadable;
    };
    match file.metadata() {
        Ok(m) if !m.is_file() => return Content::Unreadable,
        Ok(m) if m.len() > FILE_CAP => return Content::TooLarge(m.len()),
        Ok(_) => {}
        Err(_) => return Content::Unreadable,
    }
    let mut bytes = Vec::new();
    match file.take(FILE_CAP + 1).read_to_end(&mut bytes) {
        Ok(n) if n as u64 > FILE_CAP => Content::TooLarge(n as u64),
        Ok(_) => Content::Bytes(bytes),
        Err(_) => Content::Unreadable,
    }
}

/// Removes `path` below `root` through its parent held open ([`super::nofollow::anchored`]), for
/// the checks that take a planted file out after a command ([`super::todo`], [`super::index`]).
pub(super) fn remove_below(root: &Path, path: &Path) -> Result<(), String> {
    let (at, _held) = super::nofollow::anchored(root, path, false)?;
    remove(&at)
}

pub(super) fn remove(path: &Path) -> Result<(), String> {
    let is_dir = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir());
    let removed = if is_dir {
        std::fs::remove_dir_all(path).or_else(|_| {
            // A directory the command made unreadable or unwritable (mode 0): open it up first.
            open_up(path);
            std::fs::remove_dir_all(path)
        })
    } else {
        // Never opened: a FIFO, socket or device goes like a file.
        std::fs::remove_file(path)
    };
    match removed {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
        _ => Ok(()),
    }
}

/// The entries of `dir`, searched for planted names. A directory the command made unreadable
/// (`chmod 111`: git still goes through it, to a repository planted below) is given back its
/// owner's read and search bits first (attacker review, stop 40; as root it is read anyway).
fn entries(dir: &Path) -> Vec<std::fs::DirEntry> {
    let read = || std::fs::read_dir(dir).map(|r| r.flatten().collect::<Vec<_>>());
    match read() {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            if let Some(meta) = std::fs::symlink_metadata(dir).ok().filter(|m| m.is_dir()) {
                let mode = meta.permissions().mode() | 0o500;
                let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode));
            }
            read().unwrap_or_default()
        }
        Err(_) => Vec::new(),
    }
}

/// Gives the owner full access to `dir` and the directories under it (symlinks not followed).
fn open_up(dir: &Path) {
    if std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).is_err() {
        return;
    }
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            open_up(&entry.path());
        }
    }
}

fn put_back(path: &Path, saved: &Entry) -> Result<(), String> {
    let current = std::fs::symlink_metadata(path).ok();
    let keep_dir =
        matches!(saved, Entry::Dir { .. }) && current.as_ref().is_some_and(|m| m.is_dir());
    if current.is_some() && !keep_dir {
        remove(path)?;
    }
    let result = match saved {
        Entry::Dir { mode } if keep_dir => {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(*mode))
        }
        Entry::Dir { mode } => std::fs::create_dir(path)
            .and_then(|()| std::fs::set_permissions(path, std::fs::Permissions::from_mode(*mode))),
        Entry::Link(target) => std::os::unix::fs::symlink(target, path),
        Entry::File {
            content: Content::Bytes(bytes),
            mode,
        } => crate::store::write_atomic_mode(path, bytes, *mode)
            .map_err(|e| std::io::Error::other(e.to_string())),
        Entry::File { .. } | Entry::Special { .. } => Err(std::io::Error::other(
            "what was there before was not saved (not a readable regular file)",
        )),
    };
    result.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undone(outcomes: Vec<Outcome>) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = outcomes
            .into_iter()
            .map(|o| match o {
                Outcome::Undone(path) => path,
                failed => panic!("not undone: {failed:?}"),
            })
            .collect();
        paths.sort();
        paths
    }

    #[test]
    fn changes_to_protected_paths_are_undone_and_named() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".git/hooks")).unwrap();
        std::fs::create_dir_all(root.join(".git/objects/info")).unwrap();
        crate::store::write_atomic(&root.join(".git/config"), b"[core]\n").unwrap();
        crate::store::write_atomic(&root.join(".git/hooks/pre-commit.sample"), b"x").unwrap();
        let snapshot = Snapshot::take(&[root.to_owned()], &Listings::default()).unwrap();
        crate::store::write_atomic(&root.join(".git/config"), b"[core]\nfsmonitor = x\n").unwrap();
        crate::store::write_atomic(&root.join(".git/hooks/pre-commit"), b"evil").unwrap();
        std::fs::remove_file(root.join(".git/hooks/pre-commit.sample")).unwrap();
        crate::store::write_atomic(&root.join(".git/commondir"), b"../evil").unwrap();
        crate::store::write_atomic(&root.join(".git/objects/info/alternates"), b"/x").unwrap();
        std::fs::create_dir_all(root.join(".pilotdeck/x")).unwrap();
        crate::store::write_atomic(&root.join("src.rs"), b"fine").unwrap();
        crate::store::write_atomic(&root.join(".git/ORIG_HEAD"), b"abc").unwrap();
        crate::store::write_atomic(&root.join(".git/objects/ab"), b"obj").unwrap();
        assert_eq!(
            undone(snapshot.restore()),
            [
                root.join(".git/commondir"),
                root.join(".git/config"),
                root.join(".git/hooks/pre-commit"),
                root.join(".git/hooks/pre-commit.sample"),
                root.join(".git/objects/info/alternates"),
                root.join(".pilotdeck"),
            ]
        );
        assert_eq!(
            std::fs::read(root.join(".git/config")).unwrap(),
            b"[core]\n"
        );
        assert!(!root.join(".git/hooks/pre-commit").exists());
        assert!(root.join(".git/hooks/pre-commit.sample").exists());
        assert!(!root.join(".pilotdeck").exists());
        assert!(root.join("src.rs").exists());
        assert!(root.join(".git/ORIG_HEAD").exists());
        assert!(snapshot.restore().is_empty());
    }

    #[test]
    fn a_git_directory_swapped_for_a_file_is_moved_back() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        crate::store::write_atomic(&root.join(".git/config"), b"[core]\n").unwrap();
        let snapshot = Snapshot::take(&[root.to_owned()], &Listings::default()).unwrap();
        std::fs::rename(root.join(".git"), root.join("moved")).unwrap();
        crate::store::write_atomic(&root.join(".git"), b"gitdir: g2\n").unwrap();
        assert_eq!(undone(snapshot.restore()), [root.join(".git")]);
        assert_eq!(
            std::fs::read(root.join(".git/config")).unwrap(),
            b"[core]\n"
        );
        assert!(!root.join("moved").exists());
    }

    #[test]
    fn a_deleted_git_directory_is_reported_not_undone() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".git")).unwrap();
        let snapshot = Snapshot::take(&[root.to_owned()], &Listings::default()).unwrap();
        std::fs::remove_dir_all(root.join(".git")).unwrap();
        crate::store::write_atomic(&root.join(".git"), b"gitdir: g2\n").unwrap();
        let outcomes = snapshot.restore();
        assert!(
            matches!(&outcomes[..], [Outcome::Failed { path, aside: Some(_), .. }] if path == &root.join(".git")),
            "{outcomes:?}"
        );
        assert!(!root.join(".git").exists());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn fifos_unreadable_and_huge_files_are_removed_unread() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".git/hooks")).unwrap();
        let snapshot = Snapshot::take(&[root.to_owned()], &Listings::default()).unwrap();
        std::fs::create_dir_all(root.join(".pilotdeck")).unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            root.join(".git/hooks/fifo"),
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        crate::store::write_atomic_mode(&root.join(".git/hooks/pre-commit"), b"x", 0o111).unwrap();
        let big = std::fs::File::create(root.join(".pilotdeck/big")).unwrap();
        big.set_len(64 * FILE_CAP).unwrap();
        assert_eq!(
            undone(snapshot.restore()),
            [
                root.join(".git/hooks/fifo"),
                root.join(".git/hooks/pre-commit"),
                root.join(".pilotdeck"),
            ]
        );
    }

    #[test]
    fn a_protected_file_too_large_to_keep_refuses_the_snapshot() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".pilotdeck")).unwrap();
        let big = std::fs::File::create(root.join(".pilotdeck/big")).unwrap();
        big.set_len(FILE_CAP + 1).unwrap();
        assert_eq!(
            Snapshot::take(&[root.to_owned()], &Listings::default()).unwrap_err(),
            Refused::TooLarge(root.join(".pilotdeck/big"))
        );
    }
}
