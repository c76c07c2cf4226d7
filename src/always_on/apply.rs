//! The agent's work in a workspace, and bringing it home.
//!
//! [`diff`] compares the cycle's base commit (the project as the user had it, see
//! [`super::workspace`]) with the workspace's files, untracked ones included and ignored ones not.
//! [`apply`] is a deterministic three-way apply of that change onto the user's current files: per
//! file, base = the base commit, theirs = the workspace, ours = the user's file now. A file the user
//! did not touch since gets the workspace's version; a file both changed is merged line by line
//! (git's merge); anything that does not merge cleanly is a conflict, and then **nothing** is
//! written and the conflicting files are listed. A file that would be written through or over a
//! symbolic link of the user's tree is refused on its own, and so is a text file the workspace made
//! binary (the diff shows none of its lines); the rest is applied. Only what the diff shows of a
//! mode is applied: a file made executable or not ([`Mode`]), never the workspace's other bits.
//! The diff shown for review is made from the same bytes apply writes ([`review_tree`]), not
//! through the workspace's `.gitattributes` (which the agent wrote).
//!
//! Every read, write and removal in the user's tree goes to the directory reached from the root by
//! the no-follow walk ([`confine::open_file_parent`]) and happens relative to that open directory,
//! so a directory swapped for a link to outside at any moment (by a process left running in the
//! tree) fails the walk instead of redirecting the write.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use git2::{DiffFormat, DiffOptions, DiffStatsFormat};
use serde::Serialize;

use super::Error;
use super::db::Cycle;
use crate::checkpoint::confine;

/// One changed file of a workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// Relative to the project root.
    pub path: PathBuf,
    /// The content at the base (`None`: the agent added the file).
    pub base: Option<Vec<u8>>,
    /// The content in the workspace (`None`: the agent deleted the file).
    pub theirs: Option<Vec<u8>>,
    /// Whether the workspace file is executable, as git sees a mode (`None`: not a regular file).
    pub executable: Option<bool>,
    /// Whether the file was executable at the base (`None`: not a regular file there).
    pub base_executable: Option<bool>,
}

/// A workspace's change against its base.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WorkspaceDiff {
    pub files: Vec<FileChange>,
    /// `git diff --stat` style.
    pub stat: String,
    /// A unified diff (`a/` and `b/` prefixes).
    pub patch: String,
}

/// What [`apply`] did or would do.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ApplyReport {
    pub dry_run: bool,
    /// Files written or deleted (or that would be, with `dry_run`).
    pub applied: Vec<String>,
    /// Of those, the files the agent added and the ones it deleted.
    pub added: Vec<String>,
    pub deleted: Vec<String>,
    /// Files that merged the user's and the agent's edits.
    pub merged: Vec<String>,
    /// Files already as in the workspace.
    pub unchanged: Vec<String>,
    /// Files that could not be applied; when not empty nothing was written.
    pub conflicts: Vec<Conflict>,
    /// Files left alone because writing them would go through or replace a symbolic link in the
    /// project, or leave it, because the diff cannot show them (a text file made binary), or
    /// because writing them failed; the other files are applied.
    pub refused: Vec<Conflict>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    pub path: String,
    pub reason: String,
}

/// The change of `cycle`'s workspace against its base commit.
pub fn diff(cycle: &Cycle) -> Result<WorkspaceDiff, Error> {
    let dir = &cycle.path;
    let git = |action| move |e| Error::git(action, dir, e);
    let repo = super::workspace::open(cycle)?;
    let base_id = git2::Oid::from_str(&cycle.base_commit).map_err(git("read the base commit"))?;
    let base_tree = repo
        .find_commit(base_id)
        .and_then(|c| c.tree())
        .map_err(git("read the base commit"))?;
    let files = changed_files(&repo, &base_tree, dir)?;
    let (stat, patch) = review(&repo, &base_tree, &files).map_err(git("show the change"))?;
    Ok(WorkspaceDiff { files, stat, patch })
}

/// The files of the workspace `dir` that differ from `base`, untracked ones included and ignored
/// ones not, each with its raw bytes on both sides, sorted by path.
fn changed_files(
    repo: &git2::Repository,
    base: &git2::Tree<'_>,
    dir: &Path,
) -> Result<Vec<FileChange>, Error> {
    let mut opts = DiffOptions::new();
    opts.include_untracked(true)
        .recurse_untracked_dirs(true)
        .include_typechange(true);
    let found = repo
        .diff_tree_to_workdir_with_index(Some(base), Some(&mut opts))
        .map_err(|e| Error::git("compare with the base", dir, e))?;
    let mut files = Vec::new();
    for delta in found.deltas() {
        let Some(path) = delta.new_file().path().or(delta.old_file().path()) else {
            continue;
        };
        let base_entry = base.get_path(path).ok();
        let base_bytes = (base_entry.as_ref())
            .and_then(|e| repo.find_blob(e.id()).ok())
            .map(|b| b.content().to_vec());
        let base_executable = (base_entry.as_ref())
            .filter(|e| e.kind() == Some(git2::ObjectType::Blob) && e.filemode() != 0o120000)
            .map(|e| e.filemode() == 0o100755);
        let full = dir.join(path);
        // A file replaced by a directory is gone (the directory's files are changes of their
        // own), and so is one replaced by a fifo or socket, as git sees them.
        let (theirs, executable) = match full.symlink_metadata() {
            Ok(meta) if meta.file_type().is_symlink() => (
                std::fs::read_link(&full)
                    .ok()
                    .map(|t| t.as_os_str().as_encoded_bytes().to_vec()),
                None,
            ),
            Ok(meta) if meta.is_file() => (
                Some(std::fs::read(&full).map_err(|e| Error::io("read", &full, e))?),
                // Only what the diff shows: git knows a mode as executable or not, so no other bit
                // of the workspace's (setuid, world-writable) reaches the user's files.
                Some(meta.permissions().mode() & 0o111 != 0),
            ),
            _ => (None, None),
        };
        // Unchanged: the same bytes, and for a file the same executable bit (a `chmod +x` alone is
        // a change, as git shows it).
        if base_bytes == theirs && (executable.is_none() || executable == base_executable) {
            continue;
        }
        files.push(FileChange {
            path: path.to_owned(),
            base: base_bytes,
            theirs,
            executable,
            base_executable,
        });
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// `git diff --stat` and the unified diff of `files` against `base`, made from the very bytes apply
/// writes: libgit2's diff of the work tree reads it through the workspace's own `.gitattributes`
/// (an agent's `* -diff` shows "Binary files differ", an `ident` or `eol` filter cleans a line
/// before it is compared), so the review is of a tree of the raw files ([`review_tree`]), as text.
fn review(
    repo: &git2::Repository,
    base: &git2::Tree<'_>,
    files: &[FileChange],
) -> Result<(String, String), git2::Error> {
    let tree = repo.find_tree(review_tree(repo, base, files)?)?;
    let mut opts = DiffOptions::new();
    opts.force_text(true).include_typechange(true);
    let found = repo.diff_tree_to_tree(Some(base), Some(&tree), Some(&mut opts))?;
    let stat = found.stats()?.to_buf(DiffStatsFormat::FULL, 80)?;
    let stat = stat.as_str().unwrap_or_default().to_owned();
    let mut patch = String::new();
    found.print(DiffFormat::Patch, |_, _, line| {
        if matches!(line.origin(), '+' | '-' | ' ') {
            patch.push(line.origin());
        }
        patch.push_str(&String::from_utf8_lossy(line.content()));
        true
    })?;
    Ok((stat, patch))
}

/// The base tree with `files` as the workspace has them, byte for byte (no filter), written to the
/// workspace's object store.
fn review_tree(
    repo: &git2::Repository,
    base: &git2::Tree<'_>,
    files: &[FileChange],
) -> Result<git2::Oid, git2::Error> {
    let mut index = git2::Index::new()?;
    index.read_tree(base)?;
    for change in files {
        let Some(bytes) = &change.theirs else {
            index.remove_path(&change.path)?;
            continue;
        };
        let mode = match change.executable {
            None => 0o120_000,
            Some(true) => 0o100_755,
            Some(false) => 0o100_644,
        };
        let zero = git2::IndexTime::new(0, 0);
        index.add(&git2::IndexEntry {
            ctime: zero,
            mtime: zero,
            dev: 0,
            ino: 0,
            mode,
            uid: 0,
            gid: 0,
            file_size: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
            id: repo.blob(bytes)?,
            flags: 0,
            flags_extended: 0,
            path: change.path.as_os_str().as_encoded_bytes().to_vec(),
        })?;
    }
    index.write_tree_to(repo)
}

enum Action {
    Write(Vec<u8>, Mode),
    Delete,
}

/// The mode a written file gets: only the change of the executable bit the diff shows.
#[derive(Clone, Copy)]
struct Mode {
    executable: Option<bool>,
    base_executable: Option<bool>,
}

impl Mode {
    /// The mode for a file whose current mode is `current` (`None`: a new file): a new file gets
    /// 0755 or 0644; an existing one keeps its own bits, and the executable bits are added (where
    /// it is readable) or removed only when the workspace changed them against the base.
    fn for_file(self, current: Option<u32>) -> u32 {
        let executable = self.executable.unwrap_or(false);
        let Some(current) = current else {
            return if executable { 0o755 } else { 0o644 };
        };
        let current = current & 0o7777;
        if self.base_executable == Some(executable) {
            current
        } else if executable {
            current | ((current & 0o444) >> 2)
        } else {
            current & !0o111
        }
    }
}

fn is_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(8000).any(|b| *b == 0)
}

/// Why `change` cannot be applied though nothing conflicts: a file that was text at the base and
/// is binary in the workspace (a NUL byte in it) would show in git as "Binary files differ" from
/// then on (the user's own `git diff` of the tree), none of its lines, yet a shell or `make` would
/// run them.
fn unreviewable(change: &FileChange) -> Option<String> {
    let was_text = change.base.as_deref().is_some_and(|b| !is_binary(b));
    let now_binary = change.theirs.as_deref().is_some_and(is_binary);
    (was_text && now_binary && change.executable.is_some()).then(|| {
        "a text file the workspace made binary (a NUL byte in it): git shows none of its lines \
         from then on, so it is not applied; review it in the workspace and copy it by hand"
            .to_owned()
    })
}

/// Decides one file: what to write, or why it conflicts.
fn decide(change: &FileChange, ours: Option<Vec<u8>>) -> Result<Option<(Action, bool)>, String> {
    let mode = Mode {
        executable: change.executable,
        base_executable: change.base_executable,
    };
    let write = |bytes: &Option<Vec<u8>>| match bytes {
        Some(b) => Action::Write(b.clone(), mode),
        None => Action::Delete,
    };
    // A file whose executable bit the workspace changed is written even when its bytes are
    // already the workspace's (the agent's change was a `chmod` alone).
    let mode_changed = change.executable.is_some() && change.executable != change.base_executable;
    if ours == change.theirs && !mode_changed {
        return Ok(None);
    }
    if ours == change.base {
        return Ok(Some((write(&change.theirs), false)));
    }
    match (&change.base, &ours, &change.theirs) {
        (Some(base), Some(ours), Some(theirs))
            if !is_binary(base) && !is_binary(ours) && !is_binary(theirs) =>
        {
            let input = |bytes| {
                let mut i = git2::MergeFileInput::new();
                i.content(bytes).path(&change.path);
                i
            };
            let merged = git2::merge_file(&input(base), &input(ours), &input(theirs), None)
                .map_err(|e| format!("cannot merge: {}", e.message()))?;
            if merged.is_automergeable() {
                Ok(Some((Action::Write(merged.content().to_vec(), mode), true)))
            } else {
                Err("you and the agent changed the same lines".to_owned())
            }
        }
        (_, None, Some(_)) => Err("you deleted the file; the agent changed it".to_owned()),
        (Some(_), Some(_), None) => Err("you changed the file; the agent deleted it".to_owned()),
        (None, Some(_), Some(_)) => Err("you and the agent both created the file".to_owned()),
        _ => Err("binary file changed on both sides".to_owned()),
    }
}

/// The user's file at `target` now (`None`: absent; a directory reads as empty), read from the
/// directory the no-follow walk from `root` reached ([`confine::read_regular`]); `Err` says why it
/// is refused (a link on the way or at the file, not a regular file, a read error).
fn read_ours(root: &Path, target: &Path) -> Result<Option<Vec<u8>>, String> {
    match confine::open_file_parent(root, target, false).map_err(|r| r.reason)? {
        Some(at) if at.is_dir() => Ok(Some(Vec::new())),
        Some(at) => at.read_regular(target, |_| Ok(())).map_err(|r| r.reason),
        None => Ok(None),
    }
}

/// Applies `diff` onto the files under `root`; see the module doc. With `dry_run` nothing is
/// written either way. Every path read, written, created or removed is reached by the no-follow
/// walk ([`confine::open_file_parent`]): one at or under a symbolic link of the user's tree (an
/// ignored `ext -> /elsewhere` the agent's `ext/file` would be written through) is refused and
/// named, and so is one whose write fails; the rest is applied.
pub fn apply(root: &Path, diff: &WorkspaceDiff, dry_run: bool) -> Result<ApplyReport, Error> {
    let root = root
        .canonicalize()
        .map_err(|e| Error::io("read", root, e))?;
    let mut report = ApplyReport {
        dry_run,
        ..ApplyReport::default()
    };
    let mut actions = Vec::new();
    for change in &diff.files {
        let target = root.join(&change.path);
        let name = change.path.display().to_string();
        if let Some(reason) = unreviewable(change) {
            report.refused.push(Conflict { path: name, reason });
            continue;
        }
        let ours = match read_ours(&root, &target) {
            Ok(ours) => ours,
            Err(reason) => {
                report.refused.push(Conflict { path: name, reason });
                continue;
            }
        };
        match decide(change, ours) {
            Ok(None) => report.unchanged.push(name),
            Ok(Some((action, merged))) => {
                if merged {
                    report.merged.push(name.clone());
                }
                if change.base.is_none() {
                    report.added.push(name.clone());
                } else if change.theirs.is_none() {
                    report.deleted.push(name.clone());
                }
                report.applied.push(name.clone());
                actions.push((name, target, action));
            }
            Err(reason) => report.conflicts.push(Conflict { path: name, reason }),
        }
    }
    if !report.conflicts.is_empty() || dry_run {
        return Ok(report);
    }
    for (name, target, action) in actions {
        if let Err(reason) = perform(&root, &target, action) {
            for list in [
                &mut report.applied,
                &mut report.merged,
                &mut report.added,
                &mut report.deleted,
            ] {
                list.retain(|a| *a != name);
            }
            report.refused.push(Conflict { path: name, reason });
        }
    }
    Ok(report)
}

/// Writes or deletes `target` in the directory the no-follow walk from `root` reaches (making its
/// missing parent directories, each checked): written atomically, with the mode of
/// [`Mode::for_file`].
fn perform(root: &Path, target: &Path, action: Action) -> Result<(), String> {
    let create = matches!(action, Action::Write(..));
    let Some(at) = confine::open_file_parent(root, target, create).map_err(|r| r.reason)? else {
        return Ok(());
    };
    match action {
        Action::Write(bytes, mode) => {
            let mode = mode.for_file(at.file_mode());
            at.write(target, &bytes, mode).map_err(|r| r.reason)
        }
        Action::Delete => at
            .remove()
            .map(drop)
            .map_err(|e| Error::io("delete", target, e.into()).to_string()),
    }
}
