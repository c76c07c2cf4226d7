//! `memory sync`: share the notes of one project (or every project) through a git repository, so
//! what agents learn on one machine reaches the others.
//!
//! One sync, holding `<root>/.sync.lock` (a second sync on the same PilotHome waits for it):
//!
//! 1. ask the remote for its head and fetch it into the notes repository ([`repo`]);
//! 2. holding the memory write lock, read the live notes (`Project/`, `Feedback/`) of each project
//!    and merge them note by note with the remote's, against the last synced commit ([`merge`]);
//! 3. commit the merged notes on top of the remote's head and push (never forced); when the push
//!    fails (most often: another machine pushed first), start over from 1 (at most
//!    [`MAX_ATTEMPTS`] times);
//! 4. write each project's merged notes to a staged copy of its workspace (catalog rebuilt) and swap
//!    it in atomically (`renameat2` exchange, as dream does), record the pushed commit as the
//!    project's new base (each project has its own, so syncing one project says nothing about
//!    another), remember the remote, and reindex the project's notes.
//!
//! A sync killed at any point leaves each project's notes either as they were or as merged, never
//! half of each: nothing live is written before step 4, and step 4 is one rename per project. A
//! sync killed after the push and before the swap changes nothing here; the next sync finds its
//! own notes on the remote and brings the rest. `--dry-run` fetches, merges and reports, and writes
//! no note, commit or ref.

mod merge;
mod repo;

use std::path::PathBuf;

use serde::Serialize;

use super::layout::{self, Layout};
use super::space::{self, Memory, now};
use super::stage::{self, Staged};
use super::{Error, catalog, fts};
use crate::home::{Project, ProjectKey};
use crate::store::{self, FileLock};
pub(super) use merge::is_conflict_copy;
pub use merge::{Action, Change};
use merge::{Files, Merged};
use repo::NotesRepo;

/// Merges a sync makes when its push fails (another machine pushed first), before giving up.
const MAX_ATTEMPTS: usize = 3;

/// Which projects a sync covers.
#[derive(Debug, Clone)]
pub enum SyncScope {
    Project(Project),
    /// Every project with notes here or on the remote.
    All,
}

#[derive(Debug, Clone)]
pub struct SyncOptions {
    /// `--remote`: used and remembered; else `memory.sync.remote`, else the remembered one.
    pub remote: Option<String>,
    pub scope: SyncScope,
    pub dry_run: bool,
}

/// What one project's sync did.
#[derive(Debug, Clone, Serialize)]
pub struct ProjectSync {
    pub project_key: String,
    pub changes: Vec<Change>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SyncReport {
    pub remote: String,
    pub branch: String,
    pub dry_run: bool,
    /// The commit the remote's branch and this machine now agree on (before: in a dry run).
    pub commit: Option<String>,
    /// Whether a new commit was pushed.
    pub pushed: bool,
    /// Pushes refused because another machine pushed first, each followed by a new merge.
    pub retries: usize,
    pub projects: Vec<ProjectSync>,
}

/// A sync's merge of one project.
struct Planned {
    key: ProjectKey,
    /// The project's name, for a `project.meta.md` made with its first notes.
    name: String,
    live: PathBuf,
    local: Files,
    merged: Merged,
}

/// Runs one sync.
pub async fn sync(memory: &Memory, opts: &SyncOptions) -> Result<SyncReport, Error> {
    let layout = &memory.layout;
    let lock_path = layout.sync_lock();
    let _sync_lock = match FileLock::try_acquire(&lock_path)? {
        Some(lock) => lock,
        None => {
            tracing::warn!("another memory sync is running on this PilotHome; waiting for it");
            FileLock::acquire(&lock_path)?
        }
    };
    let settings = &memory.settings.sync;
    let repo = NotesRepo::open(&layout.sync_repo(), &settings.branch)?;
    let remote = (opts.remote.clone())
        .or_else(|| settings.remote.clone())
        .or_else(|| repo.remembered_remote())
        .ok_or(Error::NoSyncRemote)?;
    if remote.starts_with('-') {
        return Err(Error::Sync(format!(
            "`{remote}` is not a repository URL (it would be read as an option of git)"
        )));
    }
    let mut report = SyncReport {
        remote: remote.clone(),
        branch: settings.branch.clone(),
        dry_run: opts.dry_run,
        commit: None,
        pushed: false,
        retries: 0,
        projects: Vec::new(),
    };
    let mut refusal = None;
    for attempt in 0..MAX_ATTEMPTS {
        report.retries = attempt;
        let head = repo.fetch(&remote).await?;
        let _write_lock = layout.lock_writes()?;
        let planned = plan(memory, &repo, opts, head)?;
        report.projects = (planned.iter())
            .map(|p| ProjectSync {
                project_key: p.key.0.clone(),
                changes: p.merged.changes.clone(),
            })
            .collect();
        if opts.dry_run {
            report.commit = head.map(|h| h.to_string());
            return Ok(report);
        }
        let merged: Vec<(ProjectKey, Files)> = (planned.iter())
            .map(|p| (p.key.clone(), p.merged.files.clone()))
            .collect();
        let commit = repo.commit(head, &merged, &message(&planned))?;
        if Some(commit) != head {
            if let Err(complaint) = repo.push(&remote, commit).await? {
                // Most often another machine pushed first; whatever it was, nothing changed
                // here yet, so fetch and merge again.
                tracing::info!("the push failed, fetching again: {complaint}");
                refusal = Some(complaint);
                continue;
            }
            report.pushed = true;
        }
        report.commit = Some(commit.to_string());
        apply(memory, &planned)?;
        for p in &planned {
            repo.set_base(&p.key, commit)?;
        }
        repo.remember(&remote)?;
        let mut conn = memory.db()?;
        for p in planned.iter().filter(|p| p.local != p.merged.files) {
            fts::forget(&mut conn, &p.key.0)?;
            memory.sync(&mut conn, Some(&p.key))?;
        }
        return Ok(report);
    }
    Err(Error::Sync(format!(
        "{MAX_ATTEMPTS} pushes failed, the last with: {}; no note was changed here",
        refusal.unwrap_or_default()
    )))
}

/// Merges each project of the scope. Caller holds the write lock.
fn plan(
    memory: &Memory,
    repo: &NotesRepo,
    opts: &SyncOptions,
    head: Option<git2::Oid>,
) -> Result<Vec<Planned>, Error> {
    let layout = &memory.layout;
    let keys: Vec<(ProjectKey, String)> = match &opts.scope {
        SyncScope::Project(p) => vec![(p.key.clone(), space::project_name(p))],
        SyncScope::All => {
            let mut keys = layout.workspace_keys();
            keys.extend(repo.keys(head)?);
            keys.sort();
            keys.dedup();
            let named = |k: ProjectKey| {
                let name = k.0.rsplit_once('-').map_or(k.0.as_str(), |(n, _)| n);
                (name.to_owned(), k)
            };
            keys.into_iter().map(named).map(|(n, k)| (k, n)).collect()
        }
    };
    keys.into_iter()
        .map(|(key, name)| {
            let live = layout.workspace(&key);
            let local = local_files(&live, &key)?;
            let merged = merge::merge(
                &repo.files(repo.base(&key), &key)?,
                &local,
                &repo.files(head, &key)?,
            );
            Ok(Planned {
                key,
                name,
                live,
                local,
                merged,
            })
        })
        .collect()
}

/// The note files of the workspace `live`, by path relative to it.
fn local_files(live: &std::path::Path, key: &ProjectKey) -> Result<Files, Error> {
    layout::workspace_files(live, key)
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f.path).map_err(Error::io("read note", &f.path))?;
            Ok((layout::relative(&f.path, live), bytes))
        })
        .collect()
}

/// Puts each changed project's merged notes in place: a staged copy of its workspace with the
/// changes and a rebuilt catalog, swapped in atomically. Caller holds the write lock.
fn apply(memory: &Memory, planned: &[Planned]) -> Result<(), Error> {
    let layout: &Layout = &memory.layout;
    for p in planned.iter().filter(|p| p.local != p.merged.files) {
        stage::remove_leftovers(layout, &p.live, "sync");
        let staged = Staged::copy_of(layout, &p.live, "sync")?;
        for path in p.local.keys().filter(|k| !p.merged.files.contains_key(*k)) {
            let file = staged.dir.join(path);
            std::fs::remove_file(&file).map_err(Error::io("remove note", &file))?;
        }
        for (path, bytes) in &p.merged.files {
            if p.local.get(path) != Some(bytes) {
                store::write_atomic(&staged.dir.join(path), bytes)?;
            }
        }
        catalog::rebuild_workspace(&staged.dir, &p.key, &p.name, &now())?;
        staged.swap_into(&p.live)?;
    }
    Ok(())
}

fn message(planned: &[Planned]) -> String {
    let changed: usize = planned.iter().map(|p| p.merged.changes.len()).sum();
    let keys: Vec<&str> = (planned.iter())
        .filter(|p| !p.merged.changes.is_empty())
        .map(|p| p.key.0.as_str())
        .collect();
    format!(
        "memory sync: {changed} note change(s) in {}",
        keys.join(", ")
    )
}
