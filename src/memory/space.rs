//! [`Memory`]: the handle every memory operation starts from — PilotHome, the memory layout, the
//! `memory:` settings and the configuration the memory model is resolved from.

use std::path::PathBuf;

use rusqlite::Connection;

use super::Error;
use super::catalog;
use super::fts;
use super::layout::{Folders, GLOBAL_SCOPE, Layout, Scope};
use super::rank;
use crate::config::{Config, MemoryConfig};
use crate::home::{PilotHome, Project, ProjectKey};
use crate::store;

/// How long recall trusts the index of a scope whose folders have not changed since it last
/// checked every note file of it (see [`Memory::search`]).
const RECHECK_AFTER_NS: i64 = 10_000_000_000;

/// The `reasoningMode` that turns on recall's model step.
const ACCURACY_FIRST: &str = "accuracy_first";

/// Memory for one PilotHome and configuration.
#[derive(Debug, Clone)]
pub struct Memory {
    pub home: PilotHome,
    pub layout: Layout,
    /// The `memory:` section, or its defaults when absent.
    pub settings: MemoryConfig,
    pub config: Config,
}

impl Memory {
    /// Memory for explicit `memory …` commands: works whether or not the section exists.
    pub fn new(home: &PilotHome, config: &Config) -> Memory {
        Memory {
            home: home.clone(),
            layout: Layout::new(home, config.memory.as_ref()),
            settings: config.memory.clone().unwrap_or_default(),
            config: config.clone(),
        }
    }

    /// Memory for `run`/`chat`: `Some` only when the `memory:` section is present and enabled, or
    /// `force` (`--memory`) is set.
    pub fn for_turns(home: &PilotHome, config: &Config, force: bool) -> Option<Memory> {
        let configured = config.memory.as_ref().is_some_and(|m| m.enabled);
        (configured || force).then(|| Memory::new(home, config))
    }

    /// Whether recall runs its model step: `memory.reasoningMode` (flat, or under `schedule`) is
    /// `accuracy_first`. The default, `answer_first`, answers from stage 1 without a model call.
    pub fn model_step_enabled(&self) -> bool {
        let mode = self
            .settings
            .reasoning_mode
            .as_deref()
            .unwrap_or(&self.settings.schedule.reasoning_mode);
        mode == ACCURACY_FIRST
    }

    pub fn db(&self) -> Result<Connection, Error> {
        Ok(store::open(&self.home.state_db())?)
    }

    /// Scope keys recall and listing look at: the project's and the global notes, or (no project,
    /// the General workspace) every scope.
    pub fn scopes(&self, project: Option<&ProjectKey>) -> Option<Vec<String>> {
        project.map(|k| vec![k.0.clone(), GLOBAL_SCOPE.to_owned()])
    }

    /// Brings the index in line with the files of the project (and the global notes), or of every
    /// workspace when `project` is `None`.
    pub fn sync(
        &self,
        conn: &mut Connection,
        project: Option<&ProjectKey>,
    ) -> Result<usize, Error> {
        let dirs = self.scope_dirs(project);
        let mut changed = 0;
        for scope in index_scopes(&dirs) {
            changed += fts::sync(conn, &scope)?;
        }
        Ok(changed)
    }

    /// Opens the database and ranks notes for `query` over an index in line with the note files,
    /// checking file by file only where needed:
    ///
    /// - a scope whose folders are as they were when recall last checked its every file, less
    ///   than [`RECHECK_AFTER_NS`] ago, is searched as indexed: creating, deleting or renaming a
    ///   note (saving by rename included) changes its folder and shows at once; a note edited in
    ///   place shows at the next check, at most that long after;
    /// - any other scope has its files checked ([`Scope::list`]) on another thread while
    ///   the index is searched as last synced (one snapshot); when they changed, the scope is
    ///   synced and the search repeated.
    ///
    /// [`Memory::sync`] (every other command) always checks every file.
    pub(super) fn search(
        &self,
        project: Option<&ProjectKey>,
        req: &rank::Request<'_>,
    ) -> Result<(Connection, rank::Ranked), Error> {
        let dirs = self.scope_dirs(project);
        let scopes = index_scopes(&dirs);
        let keys = self.scopes(project);
        let started_ns = store::nanos(std::time::SystemTime::now());
        let seen: Vec<Folders> = scopes.iter().map(Scope::folders).collect();
        let (scopes, seen) = (&scopes, &seen);
        std::thread::scope(|threads| {
            let mut conn = self.db()?;
            store::read_mapped(&conn)?;
            let snapshot = conn.transaction()?;
            // (scope index, fingerprint at its last sync) of each scope to check file by file.
            let mut stale = Vec::new();
            for (i, (scope, seen)) in scopes.iter().zip(seen).enumerate() {
                let trusted = fts::last_check(&snapshot, scope.key)?.is_some_and(|(at, stamp)| {
                    stamp == seen.stamp && (0..RECHECK_AFTER_NS).contains(&(started_ns - at))
                });
                if !trusted {
                    stale.push((i, fts::stored_fingerprint(&snapshot, scope.key)?));
                }
            }
            let wanted: Vec<usize> = stale.iter().map(|(i, _)| *i).collect();
            let check = (!wanted.is_empty()).then(|| {
                threads.spawn(move || {
                    (wanted.iter())
                        .map(|&i| {
                            let listing = scopes[i].list();
                            let fingerprint = listing.fingerprint();
                            (listing, fingerprint)
                        })
                        .collect::<Vec<_>>()
                })
            });
            let mut hits = rank::search(&snapshot, req, keys.as_deref())?;
            snapshot.commit()?;
            let Some(check) = check else {
                return Ok((conn, hits));
            };
            let fresh = check
                .join()
                .map_err(|_| Error::Bug("the note check stopped"))?;
            let mut changed = 0;
            let mut checks = Vec::new();
            for ((i, stored), (listing, fresh)) in stale.iter().zip(fresh) {
                if stored.as_deref() != Some(fresh.as_str()) {
                    changed += fts::sync_to(&mut conn, &scopes[*i], listing, &fresh)?;
                }
                // A folder changed just before the check may have changed again unseen.
                let settled = store::settled(seen[*i].newest_ns, started_ns);
                checks.push((
                    scopes[*i].key,
                    started_ns,
                    settled.then_some(seen[*i].stamp.as_str()),
                ));
            }
            fts::record_checks(&mut conn, &checks)?;
            if changed > 0 {
                hits = rank::search(&conn, req, keys.as_deref())?;
                hits.reindexed = true;
            }
            Ok((conn, hits))
        })
    }

    /// The note folders of `project`, or of every workspace when `None`, then the global notes:
    /// (directory, project key or `None` for the global notes).
    fn scope_dirs(&self, project: Option<&ProjectKey>) -> Vec<(PathBuf, Option<ProjectKey>)> {
        let keys = match project {
            Some(k) => vec![k.clone()],
            None => self.layout.workspace_keys(),
        };
        let mut folders: Vec<_> = keys
            .into_iter()
            .map(|k| (self.layout.workspace(&k), Some(k)))
            .collect();
        folders.push((self.layout.global(), None));
        folders
    }

    /// Rebuilds the derived files of `key`'s workspace and the global profile. Caller holds the
    /// write lock.
    pub fn rebuild_catalogs(&self, key: &ProjectKey, project_name: &str) -> Result<(), Error> {
        let now = now();
        catalog::rebuild_workspace(&self.layout.workspace(key), key, project_name, &now)?;
        catalog::rebuild_global(&self.layout.global())
    }

    /// Rebuilds the global `profile.md`. Caller holds the write lock.
    pub fn rebuild_global_catalog(&self) -> Result<(), Error> {
        catalog::rebuild_global(&self.layout.global())
    }

    /// Derived files (`MEMORY.md` of each workspace, the global `profile.md`) whose content differs
    /// from what their notes call for, with the workspace they belong to (`None`: the global one).
    pub fn stale_catalogs(&self) -> Vec<(Option<ProjectKey>, std::path::PathBuf)> {
        let mut out = Vec::new();
        for key in self.layout.workspace_keys() {
            let dir = self.layout.workspace(&key);
            let path = dir.join("MEMORY.md");
            if std::fs::read_to_string(&path).ok() != Some(catalog::workspace_catalog(&dir, &key)) {
                out.push((Some(key), path));
            }
        }
        let global = self.layout.global();
        if let Some(text) = catalog::global_profile(&global) {
            let path = global.join("profile.md");
            if std::fs::read_to_string(&path).ok() != Some(text) {
                out.push((None, path));
            }
        }
        out
    }
}

/// The display name of a project: the last component of its root.
pub(super) fn project_name(project: &Project) -> String {
    project
        .root
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| project.key.0.clone())
}

/// Now, RFC 3339 in UTC with seconds.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The index scopes of [`Memory::scope_dirs`].
fn index_scopes(dirs: &[(PathBuf, Option<ProjectKey>)]) -> Vec<Scope<'_>> {
    dirs.iter()
        .map(|(dir, key)| match key {
            Some(key) => Scope::workspace(dir, key),
            None => Scope::global(dir),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::memory::note::{Note, NoteKind};

    use crate::test_edits::{edit_in_place, settle};

    fn project_note(memory: &Memory, key: &ProjectKey, name: &str, body: &str) -> PathBuf {
        let path = memory
            .layout
            .kind_dir(key, NoteKind::Project)
            .join(format!("{name}.md"));
        crate::store::write_atomic(&path, rendered(name, body).as_bytes()).unwrap();
        path
    }

    fn rendered(name: &str, body: &str) -> String {
        Note::new(
            NoteKind::Project,
            name,
            "a note",
            body,
            "2026-01-01T00:00:00Z",
        )
        .render()
    }

    fn found(memory: &Memory, project: Option<&ProjectKey>, query: &str) -> Vec<String> {
        let req = rank::Request {
            query,
            limit: 5,
            pool: 5,
            today: chrono::Local::now().date_naive(),
            feedback: rank::Feedback::Off,
        };
        let mut names: Vec<String> = (memory.search(project, &req).unwrap().1.notes)
            .into_iter()
            .map(|n| n.name)
            .collect();
        names.sort();
        names
    }

    fn memory_in(dir: &Path) -> Memory {
        Memory::new(&PilotHome::at(dir.join("home")), &Config::default())
    }

    #[test]
    fn search_checks_every_file_of_a_folder_changed_just_now() {
        let dir = tempfile::tempdir().unwrap();
        let memory = memory_in(dir.path());
        let alpha = ProjectKey("alpha-0123456789".to_owned());
        let beta = ProjectKey("beta-0123456789".to_owned());
        let build = project_note(&memory, &alpha, "build", "Use make.");
        project_note(&memory, &beta, "deploy", "Ship with make on Fridays.");
        assert_eq!(found(&memory, Some(&alpha), "make"), ["build"]);
        assert_eq!(found(&memory, None, "make"), ["build", "deploy"]);

        // The folder changed within the same moment as the check, so its stamp proves nothing:
        // an in-place edit (the folder does not change) must show at the very next search.
        edit_in_place(&build, &rendered("build", "Use cargo xtask."));
        assert_eq!(found(&memory, Some(&alpha), "xtask"), ["build"]);
        assert!(found(&memory, Some(&alpha), "make").is_empty());
    }

    #[test]
    fn search_trusts_unchanged_folders_for_a_while_and_sees_new_and_deleted_notes_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let memory = memory_in(dir.path());
        let alpha = ProjectKey("alpha-0123456789".to_owned());
        let folder = memory.layout.kind_dir(&alpha, NoteKind::Project);
        let build = project_note(&memory, &alpha, "build", "Use make.");
        settle(&folder);
        assert_eq!(found(&memory, Some(&alpha), "make"), ["build"]);

        // Within RECHECK_AFTER_NS of that check an in-place edit is not looked for ...
        edit_in_place(&build, &rendered("build", "Use cargo xtask."));
        assert_eq!(found(&memory, Some(&alpha), "make"), ["build"]);
        // ... while every other command's sync sees it at once.
        let mut conn = memory.db().unwrap();
        assert_eq!(memory.sync(&mut conn, Some(&alpha)).unwrap(), 1);
        assert_eq!(found(&memory, Some(&alpha), "xtask"), ["build"]);

        // Once the last check is older than RECHECK_AFTER_NS, recall checks every file again.
        edit_in_place(&build, &rendered("build", "Use bazel."));
        let (at, stamp) = fts::last_check(&conn, &alpha.0).unwrap().unwrap();
        let aged = [(
            alpha.0.as_str(),
            at - RECHECK_AFTER_NS - 1,
            Some(stamp.as_str()),
        )];
        fts::record_checks(&mut conn, &aged).unwrap();
        assert_eq!(found(&memory, Some(&alpha), "bazel"), ["build"]);

        // Within the window again: a new note, a deleted one, or one saved by renaming a new
        // file over it changes the folder, and shows at once.
        project_note(&memory, &alpha, "lint", "Run clippy before bazel.");
        assert_eq!(found(&memory, Some(&alpha), "bazel"), ["build", "lint"]);
        settle(&folder);
        assert_eq!(found(&memory, Some(&alpha), "clippy"), ["lint"]);
        std::fs::remove_file(&build).unwrap();
        assert_eq!(found(&memory, Some(&alpha), "bazel"), ["lint"]);
    }
}
