//! Git's index (`.git/index`) after a command. The guard leaves it writable — the agent stages and
//! commits — but git trusts what it lists: an entry whose path leaves the work tree (`../x`) or
//! enters git's own directory (`.git/hooks/post-checkout`) is written there by the user's
//! `git restore .`, and a gitlink (a submodule entry) makes the user's `git status` run `git
//! status` in the repository it names, whose config may set `core.fsmonitor` (attacker review,
//! stop 39, round 3). After a command, such entries — and any gitlink whose directory holds a
//! repository that was not there before the command, added or filled in by it — are taken out of
//! the index, and that repository (its `.git`, or the `HEAD` of one shaped bare) is removed, so a
//! commit the command made with the gitlink names an empty submodule; an index git2 cannot read is removed (`git
//! reset` rebuilds it from `HEAD`).

use std::collections::HashMap;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::guard::Outcome;

/// A gitlink's mode in the index.
const GITLINK: u32 = 0o160000;

/// One index as it was before a command.
#[derive(Debug)]
pub(super) struct Saved {
    path: PathBuf,
    stamp: Option<Stamp>,
    /// The gitlinks it held (path, object id), and whether their directory held a repository.
    gitlinks: HashMap<(Vec<u8>, git2::Oid), bool>,
}

/// What changes whenever the file is written or replaced (a ctime cannot be set back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    ino: u64,
    ctime: (i64, i64),
    size: u64,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    Some(Stamp {
        ino: meta.ino(),
        ctime: (meta.ctime(), meta.ctime_nsec()),
        size: meta.len(),
    })
}

/// The index file at `path`, read; only a regular file is opened: libgit2 opens it with a blocking
/// `open` and would wait on a FIFO there for ever (attacker review, stop 40).
fn open(path: &Path) -> Result<git2::Index, String> {
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        return Err("not a regular file".to_owned());
    }
    (git2::Index::open(path).and_then(|mut i| i.read(true).map(|()| i)))
        .map_err(|e| e.message().to_owned())
}

/// The index of the git directory `git_dir` now.
pub(super) fn save(git_dir: &Path) -> Saved {
    let path = git_dir.join("index");
    let tree = work_tree(&path);
    let gitlinks = (open(&path).ok().into_iter())
        .flat_map(|index| index.iter().collect::<Vec<_>>())
        .filter(|e| e.mode == GITLINK)
        .map(|e| {
            let populated = populated(tree, &e.path);
            ((e.path, e.id), populated)
        })
        .collect();
    Saved {
        stamp: stamp(&path),
        path,
        gitlinks,
    }
}

/// True for an index path git must not be given: absolute, with an empty, `.` or `..` component,
/// or a component that is git's directory (`.git`, any case).
fn outside_the_work_tree(path: &[u8]) -> bool {
    path.first() == Some(&b'/')
        || path.split(|b| *b == b'/').any(|part| {
            part.is_empty() || part == b"." || part == b".." || part.eq_ignore_ascii_case(b".git")
        })
}

/// True when the submodule at `path` of `work_tree` holds a repository git would step into (its
/// `.git`, or the directory itself shaped as one); always for an index whose work tree is not the
/// parent of its `.git` (a linked worktree's).
fn populated(work_tree: Option<&Path>, path: &[u8]) -> bool {
    let Some(root) = work_tree else {
        return true;
    };
    let dir = root.join(OsStr::from_bytes(path));
    std::fs::symlink_metadata(dir.join(".git")).is_ok()
        || std::fs::symlink_metadata(dir.join("HEAD")).is_ok()
}

/// Takes out of each index the command changed what [`outside_the_work_tree`] refuses, and out of
/// it or one whose submodule the command filled, each gitlink whose directory now holds a
/// repository but did not before the command (an empty one, as a branch switch leaves it, runs
/// nothing); one outcome per index it changed.
pub(super) fn check(saved: &[Saved]) -> Vec<Outcome> {
    saved.iter().filter_map(check_one).collect()
}

/// The work tree of the index at `index`: the parent of its `.git`; `None` for a linked
/// worktree's (see [`populated`]).
fn work_tree(index: &Path) -> Option<&Path> {
    index
        .parent()
        .filter(|g| g.ends_with(".git"))
        .and_then(Path::parent)
}

fn check_one(saved: &Saved) -> Option<Outcome> {
    let now = stamp(&saved.path);
    let tree = work_tree(&saved.path);
    // A submodule the command filled with a repository (without touching the index) counts too.
    let filled = (saved.gitlinks.iter()).any(|((path, _), was)| !was && populated(tree, path));
    if now.is_none() || (now == saved.stamp && !filled) {
        return None;
    }
    let mut index = match open(&saved.path) {
        Ok(index) => index,
        Err(why) => {
            let git_dir = saved.path.parent().unwrap_or(Path::new("/"));
            let removed = super::guard::remove_below(git_dir, &saved.path);
            return Some(Outcome::Failed {
                path: saved.path.clone(),
                why: match removed {
                    Ok(()) => format!(
                        "git's index could not be read after the command ({why}), so it was removed (`git reset` rebuilds it)"
                    ),
                    Err(again) => format!(
                        "git's index could not be read after the command ({why}) nor removed: {again}"
                    ),
                },
                aside: None,
            });
        }
    };
    let bad: Vec<(Vec<u8>, i32)> = (index.iter())
        .filter(|e| {
            outside_the_work_tree(&e.path)
                || (e.mode == GITLINK
                    && populated(tree, &e.path)
                    && saved.gitlinks.get(&(e.path.clone(), e.id)) != Some(&true))
        })
        .map(|e| (e.path, i32::from((e.flags >> 12) & 3)))
        .collect();
    if bad.is_empty() {
        return None;
    }
    let named: Vec<String> = bad
        .iter()
        .map(|(p, _)| String::from_utf8_lossy(p).into_owned())
        .collect();
    let removed = bad.iter().try_for_each(|(path, stage)| {
        let path = OsStr::from_bytes(path);
        index.remove(Path::new(path), *stage)
    });
    // The repository the command put in a submodule's directory goes too: a commit the command
    // made with the gitlink keeps it, and the user's `git reset` would bring the entry back.
    if let Some(root) = tree {
        for (path, _) in bad.iter().filter(|(p, _)| !outside_the_work_tree(p)) {
            let dir = root.join(OsStr::from_bytes(path));
            for name in [".git", "HEAD"] {
                let planted = dir.join(name);
                if std::fs::symlink_metadata(&planted).is_ok()
                    && let Err(why) = super::guard::remove_below(root, &planted)
                {
                    tracing::warn!("{} cannot be removed: {why}", planted.display());
                }
            }
        }
    }
    Some(match removed.and_then(|()| index.write()) {
        Ok(()) => {
            tracing::warn!(
                "entries taken out of git's index after a command: {}",
                named.join(", ")
            );
            Outcome::Undone(saved.path.clone())
        }
        Err(e) => Outcome::Failed {
            path: saved.path.clone(),
            why: format!(
                "its entries {} cannot be taken out: {}",
                named.join(", "),
                e.message()
            ),
            aside: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new gitlink stays while its directory is empty (a branch switch) and goes once a
    /// repository is there; a path into `.git` always goes.
    #[test]
    fn new_gitlinks_go_when_their_directory_holds_a_repository() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        let repo = git2::Repository::init(root).unwrap();
        let git_dir = repo.path().to_owned();
        let saved = || save(&git_dir);
        let write = |paths: &[&str]| {
            let mut index = repo.index().unwrap();
            index.clear().unwrap();
            for path in paths {
                let entry = git2::IndexEntry {
                    ctime: git2::IndexTime::new(0, 0),
                    mtime: git2::IndexTime::new(0, 0),
                    dev: 0,
                    ino: 0,
                    mode: GITLINK,
                    uid: 0,
                    gid: 0,
                    file_size: 0,
                    id: git2::Oid::from_str("1111111111111111111111111111111111111111").unwrap(),
                    flags: 0,
                    flags_extended: 0,
                    path: path.as_bytes().to_vec(),
                };
                index.add(&entry).unwrap();
            }
            index.write().unwrap();
        };
        let entries = || {
            let index = git2::Index::open(&git_dir.join("index")).unwrap();
            index
                .iter()
                .map(|e| String::from_utf8(e.path).unwrap())
                .collect::<Vec<_>>()
        };
        write(&[]);
        let before = saved();
        std::fs::create_dir_all(root.join("sub")).unwrap();
        write(&["sub"]);
        assert!(check(&[before]).is_empty());
        assert_eq!(entries(), ["sub"]);
        // Filled in by a later command that leaves the index alone: the entry and the
        // repository go.
        let before = saved();
        std::fs::create_dir_all(root.join("sub/.git")).unwrap();
        assert_eq!(check(&[before]).len(), 1);
        assert!(entries().is_empty());
        assert!(!root.join("sub/.git").exists());
        // Added with its repository at once.
        std::fs::create_dir_all(root.join("sub/.git")).unwrap();
        let before = saved();
        write(&["sub"]);
        assert_eq!(check(&[before]).len(), 1);
        assert!(entries().is_empty());
        assert!(!root.join("sub/.git").exists());
        // Already there, filled, before the command: left alone.
        std::fs::create_dir_all(root.join("sub/.git")).unwrap();
        write(&["sub"]);
        let before = saved();
        crate::store::write_atomic(&root.join("unrelated"), b"x").unwrap();
        assert!(check(&[before]).is_empty());
        assert_eq!(entries(), ["sub"]);
    }
}
