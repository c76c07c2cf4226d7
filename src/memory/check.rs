//! Memory checks for `doctor --deep`: catalogs (`MEMORY.md`, `profile.md`) match their notes, no
//! capture is claimed by a dead `memory index`, no stage of a crashed dream or import is left, no
//! stale worker lock file. Each repairs what it finds when `repair` is set.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::Memory;
use crate::home::ProjectKey;
use crate::store::{self, FileLock, Finding, Severity};

/// The display name `memory index` gives a project: its root's last component (from the project's
/// `.cwd` marker), else the key.
fn project_name(memory: &Memory, key: &ProjectKey) -> String {
    std::fs::read_to_string(memory.home.project_dir(key).join(".cwd"))
        .ok()
        .and_then(|p| {
            Path::new(p.trim())
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| key.0.clone())
}

/// Every catalog lists the notes next to it; with `repair`, stale ones are rebuilt.
pub fn catalogs(memory: &Memory, repair: bool) -> Vec<Finding> {
    memory
        .stale_catalogs()
        .into_iter()
        .map(|(key, path)| {
            let problem = Finding::new(
                Severity::Fail,
                path.display().to_string(),
                "does not list the notes next to it as they are now",
            )
            .repair("rebuild it from the notes");
            problem.fix(repair, || {
                let _lock = memory.layout.lock_writes().map_err(|e| e.to_string())?;
                match &key {
                    Some(key) => memory.rebuild_catalogs(key, &project_name(memory, key)),
                    None => memory.rebuild_global_catalog(),
                }
                .map_err(|e| e.to_string())
            })
        })
        .collect()
}

/// No capture is claimed by a `memory index` worker that has ended; with `repair`, such claims
/// return to the queue.
pub fn claims(memory: &Memory, repair: bool) -> Vec<Finding> {
    let db = memory.home.state_db();
    let owners = match store::check::found(&db, || claim_owners(&db)) {
        Ok(owners) => owners,
        Err(done) => return done,
    };
    let mut out = Vec::new();
    for (owner, count) in owners {
        let lock_path = memory.layout.worker_lock(&owner);
        let lock = match FileLock::try_acquire(&lock_path) {
            Ok(Some(lock)) => lock,
            Ok(None) => continue, // the worker is alive
            Err(e) => {
                out.push(Finding::new(
                    Severity::Fail,
                    lock_path.display().to_string(),
                    e.to_string(),
                ));
                continue;
            }
        };
        let problem = Finding::new(
            Severity::Fail,
            db.display().to_string(),
            format!("{count} memory capture(s) claimed by `memory index` worker {owner}, which has ended"),
        )
        .repair("return them to the queue, as the next `memory index` would");
        out.push(problem.fix(repair, || release(&db, &owner)));
        drop(lock);
        if repair {
            let _ = std::fs::remove_file(&lock_path);
        }
    }
    out
}

fn claim_owners(db: &Path) -> Result<Vec<(String, i64)>, store::Error> {
    let conn = store::open(db)?;
    super::queue::claim_owners(&conn).map_err(|source| store::Error::Sqlite {
        path: db.to_owned(),
        source,
    })
}

fn release(db: &Path, owner: &str) -> Result<(), String> {
    let mut conn = store::open(db).map_err(|e| e.to_string())?;
    store::immediate(&mut conn, |tx| super::queue::release_claims(tx, owner))
        .map_err(|e| e.to_string())
}

/// Dot-directories next to workspaces and snapshots: stages (`.<key>.<tag>-<ulid>`) that a crashed
/// dream, import or rollback left, including the global notes' stages beside `global/`. Only looked
/// at while no process holds the memory write lock, and a stage whose own lock is held belongs to a
/// dream still waiting for its model: neither is a leftover.
pub fn stages(memory: &Memory, repair: bool) -> Vec<Finding> {
    let layout = &memory.layout;
    if !layout.root().exists() {
        return Vec::new();
    }
    let lock = match layout.try_lock_writes() {
        Ok(Some(lock)) => lock,
        Ok(None) => return Vec::new(),
        Err(e) => {
            return vec![Finding::new(
                Severity::Warn,
                layout.root().display().to_string(),
                e.to_string(),
            )];
        }
    };
    let snapshots = layout.root().join("snapshots");
    let mut out = Vec::new();
    for parent in [
        layout.workspaces(),
        snapshots.clone(),
        layout.root().to_owned(),
    ] {
        for stage in dot_dirs(&parent) {
            if stage_in_use(layout, &stage) {
                continue;
            }
            // A new snapshot whose predecessor was already removed is complete: put it in place
            // instead of losing the rollback point.
            let target = (parent == snapshots)
                .then(|| snapshot_target(&stage))
                .flatten()
                .filter(|t| !t.exists());
            let problem = Finding::new(
                Severity::Warn,
                stage.display().to_string(),
                "left by a memory dream, import or rollback that did not finish",
            );
            let problem = match &target {
                Some(t) => problem.repair(format!("move it to {}", t.display())),
                None => problem.repair("remove it (the live notes never depended on it)"),
            };
            out.push(problem.fix(repair, || match &target {
                Some(t) => std::fs::rename(&stage, t).map_err(|e| e.to_string()),
                None => std::fs::remove_dir_all(&stage).map_err(|e| e.to_string()),
            }));
        }
    }
    drop(lock);
    out
}

/// Whether a live process holds the lock of the stage `.<name>.<tag>-<id>`.
fn stage_in_use(layout: &super::Layout, stage: &Path) -> bool {
    layout
        .stage_lock_of(stage)
        .is_some_and(|lock| matches!(FileLock::try_acquire(&lock), Ok(None)))
}

fn dot_dirs(parent: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(parent)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// `snapshots/.<key>.new-<ulid>` → `snapshots/<key>`.
fn snapshot_target(stage: &Path) -> Option<PathBuf> {
    let name = stage.file_name()?.to_str()?;
    let (key, _) = name.strip_prefix('.')?.rsplit_once(".new-")?;
    Some(stage.with_file_name(key))
}

/// A lock file younger than this may belong to a worker between creating and locking it.
const LOCK_GRACE: Duration = Duration::from_secs(10);

/// `memory index` worker lock files that no process holds.
pub fn locks(memory: &Memory, repair: bool) -> Vec<Finding> {
    let dir = memory.layout.root().join("locks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "lock"))
        .filter(|p| {
            std::fs::metadata(p)
                .and_then(|m| m.modified())
                .is_ok_and(|t| SystemTime::now().duration_since(t).unwrap_or_default() > LOCK_GRACE)
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let Ok(Some(lock)) = FileLock::try_acquire(&path) else {
            continue;
        };
        let problem = Finding::new(
            Severity::Warn,
            path.display().to_string(),
            "lock file of a `memory index` worker that has ended",
        )
        .repair("remove it");
        out.push(problem.fix(repair, || {
            std::fs::remove_file(&path).map_err(|e| e.to_string())
        }));
        drop(lock);
    }
    out
}
