//! Git's index (`.git/index`) after a command. The guard leaves it writable — the agent stages and
//! commits — but git trusts what it lists: an entry whose path leaves the work tree (`../x`) or
//! enters git's own directory (`.git/hooks/post-checkout`) is written there by the user's
//! `git restore .`, and a gitlink (a submodule entry) makes the user's `git status` run `git
//! status` in the repository it names, whose config may set `core.fsmonitor` (attacker review,
//! stop 39, round 3). After a command whose index changed, such entries — and any gitlink that was
//! not in the index before it — are taken out of it; an index git2 cannot read is removed (`git
//! reset` rebuilds it from `HEAD`).

use std::collections::HashSet;
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
    /// The gitlinks it held (path, object id).
    gitlinks: HashSet<(Vec<u8>, git2::Oid)>,
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

/// The index of the git directory `git_dir` now.
pub(super) fn save(git_dir: &Path) -> Saved {
    let path = git_dir.join("index");
    let gitlinks = (git2::Index::open(&path).ok().into_iter())
        .flat_map(|index| index.iter().collect::<Vec<_>>())
        .filter(|e| e.mode == GITLINK)
        .map(|e| (e.path, e.id))
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

/// Takes out of each changed index what [`outside_the_work_tree`] refuses and the gitlinks it did
/// not hold before; one outcome per index it changed.
pub(super) fn check(saved: &[Saved]) -> Vec<Outcome> {
    saved.iter().filter_map(check_one).collect()
}

fn check_one(saved: &Saved) -> Option<Outcome> {
    let now = stamp(&saved.path);
    if now.is_none() || now == saved.stamp {
        return None;
    }
    let mut index = match git2::Index::open(&saved.path).and_then(|mut i| i.read(true).map(|()| i))
    {
        Ok(index) => index,
        Err(e) => {
            let removed = std::fs::remove_file(&saved.path);
            return Some(Outcome::Failed {
                path: saved.path.clone(),
                why: match removed {
                    Ok(()) => format!(
                        "git's index could not be read after the command ({}), so it was removed (`git reset` rebuilds it)",
                        e.message()
                    ),
                    Err(again) => format!(
                        "git's index could not be read after the command ({}) nor removed: {again}",
                        e.message()
                    ),
                },
                aside: None,
            });
        }
    };
    let bad: Vec<(Vec<u8>, i32)> = (index.iter())
        .filter(|e| {
            outside_the_work_tree(&e.path)
                || (e.mode == GITLINK && !saved.gitlinks.contains(&(e.path.clone(), e.id)))
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
        let path = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(path);
        index.remove(Path::new(path), *stage)
    });
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
