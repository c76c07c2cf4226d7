//! Rewinding a session's files to how they were before a turn.
//!
//! The plan: every path changed by the turns from `to` on (those not rewound already) goes back to
//! its `before` in the earliest of them. A path whose current content is not what the agent last
//! left there was changed by someone else since: a conflict, left alone unless forced. A path that
//! already holds its old content needs nothing.
//!
//! Crash safety: the plan is written to `rewind.json` (atomically) before any file is touched; each
//! file is then replaced by an atomic rename (or removed), so a kill leaves every file old or new;
//! the turns are marked rewound and the journal removed last. The next rewind of the session
//! finds the journal and finishes it first (restoring a file twice is harmless).
//!
//! Confinement ([`confine`](super::confine)): a path is read, restored or removed only inside the
//! project root and never through a symlink. Each read, write and removal goes to the directory
//! reached from the root by the no-follow walk ([`confine::open_file_parent`]), relative to that
//! open directory, so a directory swapped for a link to outside at any moment (by a process the
//! agent left running) fails the walk instead of redirecting the write. A refused path is reported
//! and its turns stay unrewound.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::confine::{self, Refused};
use super::manifest::{self, Content, Entry};
use super::{Checkpoints, ContentHash, Error};
use crate::store;

/// What to rewind.
#[derive(Debug, Clone, Copy)]
pub struct RewindOptions {
    /// Files go back to how they were before this turn.
    pub to: u32,
    /// Overwrite files changed since the agent's edit too.
    pub force: bool,
    /// Report what would happen and change nothing.
    pub dry_run: bool,
}

/// How one file is put back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Written back with its earlier content.
    Restore,
    /// Removed: it did not exist before.
    Remove,
}

/// One file put back (or, with `dry_run`, that would be).
#[derive(Debug, Clone, Serialize)]
pub struct FileRewound {
    pub path: PathBuf,
    pub action: Action,
    /// The file had been changed after the agent's edit; it was overwritten because forced.
    pub forced: bool,
    /// Its content before the rewind (`None`: absent), for showing what was reverted.
    #[serde(skip)]
    pub current: Option<Vec<u8>>,
    /// Its content after the rewind (`None`: removed).
    #[serde(skip)]
    pub restored: Option<Vec<u8>>,
}

/// What a rewind did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FilesRewound {
    /// The turns whose file changes were considered.
    pub turns: Vec<u32>,
    pub files: Vec<FileRewound>,
    /// Files changed after the agent's edit, left as they are.
    pub conflicts: Vec<PathBuf>,
    /// Files left alone because putting them back would reach outside the project (a symlinked
    /// directory on the way, a path outside the root).
    pub refused: Vec<Refused>,
    /// Files of an earlier rewind that was interrupted, finished now (or, with `dry_run`, still to
    /// finish).
    pub finished_interrupted: Vec<PathBuf>,
    pub dry_run: bool,
}

/// The journal of a rewind in progress.
#[derive(Debug, Serialize, Deserialize)]
struct Journal {
    turns: Vec<u32>,
    actions: Vec<Planned>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Planned {
    path: PathBuf,
    target: Option<Content>,
    /// When the first rewound turn's change to it started: a directory left empty by removing
    /// the file, and born since then, was made by the agent and goes too.
    #[serde(default)]
    since: Option<DateTime<Utc>>,
}

/// One path over the rewound turns: its content before the first, and what the agent left last
/// (`None` when a change did not finish, so what it left is unknown).
struct Span {
    target: Option<Content>,
    since: DateTime<Utc>,
    left: Option<Option<ContentHash>>,
}

impl Checkpoints {
    /// Rewinds the files `session` changed from turn `opts.to` on, touching only paths inside the
    /// project at `root`.
    pub fn rewind(
        &self,
        session: &str,
        root: &Path,
        opts: RewindOptions,
    ) -> Result<FilesRewound, Error> {
        if Path::new(session).components().count() != 1 || session.starts_with('.') {
            return Err(Error::io(
                "rewind",
                Path::new(session),
                std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a session id"),
            ));
        }
        let root = root
            .canonicalize()
            .map_err(|e| Error::io("resolve the project root", root, e))?;
        let dir = self.session_dir(session);
        let journal_path = dir.join("rewind.json");
        let mut report = FilesRewound {
            dry_run: opts.dry_run,
            ..FilesRewound::default()
        };
        if let Some(journal) = read_journal(&journal_path)? {
            report.finished_interrupted = journal.actions.iter().map(|a| a.path.clone()).collect();
            if opts.dry_run {
                return Ok(report);
            }
            report.refused = self.apply(&root, &dir, &journal_path, &journal)?;
        }
        let turns = manifest::read_session(&dir)?;
        let chosen: Vec<u32> = turns
            .range(opts.to..)
            .filter(|(_, t)| !t.rewound)
            .map(|(n, _)| *n)
            .collect();
        let mut spans: BTreeMap<PathBuf, Span> = BTreeMap::new();
        for turn in chosen.iter().filter_map(|n| turns.get(n)) {
            for path in &turn.paths {
                let Some(change) = turn.changes.get(path) else {
                    continue;
                };
                let span = spans.entry(path.clone()).or_insert_with(|| Span {
                    target: change.before.clone(),
                    since: change.since,
                    left: None,
                });
                span.left.clone_from(&change.after);
            }
        }
        report.turns.clone_from(&chosen);
        let blobs = self.blobs();
        let mut actions = Vec::new();
        for (path, span) in spans {
            if in_git_dir(&path) {
                continue;
            }
            let mut mode = None;
            let read = confine::read_regular(&root, &path, |file| {
                use std::os::unix::fs::PermissionsExt;
                mode = file
                    .metadata()
                    .ok()
                    .map(|m| m.permissions().mode() & 0o7777);
                super::within_limit(file)
            });
            let current = match read {
                Ok(current) => current,
                Err(refused) => {
                    report.refused.push(refused);
                    continue;
                }
            };
            let current_hash = current.as_deref().map(ContentHash::of);
            let target_hash = span.target.as_ref().map(|c| &c.hash);
            // Its permission bits count too (a `chmod` alone is a change to take back).
            let same_mode = match (&span.target, mode) {
                (Some(target), Some(mode)) => target.mode & 0o7777 == mode,
                _ => true,
            };
            if current_hash.as_ref() == target_hash && same_mode {
                continue;
            }
            let conflict = span.left.as_ref() != Some(&current_hash);
            if conflict && !opts.force {
                report.conflicts.push(path);
                continue;
            }
            let restored = match &span.target {
                Some(content) => Some(blobs.get(&content.hash, &path)?),
                None => None,
            };
            report.files.push(FileRewound {
                path: path.clone(),
                action: if restored.is_some() {
                    Action::Restore
                } else {
                    Action::Remove
                },
                forced: conflict,
                current,
                restored,
            });
            actions.push(Planned {
                path,
                target: span.target,
                since: Some(span.since),
            });
        }
        if opts.dry_run {
            return Ok(report);
        }
        // Turns with a conflict (or a refused path) left stay unrewound, so a forced rewind can
        // still take them back.
        let done = if report.conflicts.is_empty() && report.refused.is_empty() {
            chosen
        } else {
            Vec::new()
        };
        let journal = Journal {
            turns: done,
            actions,
        };
        if !journal.actions.is_empty() || !journal.turns.is_empty() {
            let text = serde_json::to_vec_pretty(&journal)
                .map_err(|e| Error::io("encode", &journal_path, std::io::Error::other(e)))?;
            store::write_atomic(&journal_path, &text)?;
            let refused = self.apply(&root, &dir, &journal_path, &journal)?;
            report
                .files
                .retain(|f| !refused.iter().any(|r| r.path == f.path));
            report.refused.extend(refused);
        }
        Ok(report)
    }

    /// Carries out a journal: every file still confined to `root` (the others are returned), then
    /// the turns' marks (unless a file was refused), then the journal's removal.
    fn apply(
        &self,
        root: &Path,
        dir: &Path,
        journal_path: &Path,
        journal: &Journal,
    ) -> Result<Vec<Refused>, Error> {
        let blobs = self.blobs();
        let mut refused = Vec::new();
        for planned in &journal.actions {
            let path = &planned.path;
            let beneath = match confine::open_file_parent(root, path, planned.target.is_some()) {
                Ok(beneath) => beneath,
                Err(r) => {
                    refused.push(r);
                    continue;
                }
            };
            match (&planned.target, beneath) {
                (Some(content), Some(at)) => {
                    let bytes = blobs.get(&content.hash, path)?;
                    store::write_atomic_at(&at.dir, &at.name, path, &bytes, content.mode)?;
                }
                (None, Some(at)) => {
                    at.remove()
                        .map_err(|e| Error::io("remove", path, e.into()))?;
                    if let Some(since) = planned.since {
                        confine::remove_empty_parents(root, path, since.into());
                    }
                }
                // Nothing to remove where the directory is gone; a restore makes its directories.
                (_, None) => {}
            }
            crate::crash::point("rewind.file");
        }
        if refused.is_empty() {
            for turn in &journal.turns {
                manifest::append(dir, *turn, &Entry::Rewound { at: Utc::now() })?;
            }
        }
        std::fs::remove_file(journal_path).map_err(|e| Error::io("remove", journal_path, e))?;
        Ok(refused)
    }
}

fn read_journal(path: &Path) -> Result<Option<Journal>, Error> {
    match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| Error::io("read the rewind journal", path, std::io::Error::other(e))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io("read", path, e)),
    }
}

/// True for a path inside a `.git` directory, which a rewind never touches.
pub(super) fn in_git_dir(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == ".git")
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixture {
        _tmp: tempfile::TempDir,
        root: PathBuf,
        checkpoints: Checkpoints,
        recorder: super::super::Recorder,
    }

    fn fixture() -> Fixture {
        fixture_hiding(&[])
    }

    /// A fixture whose recorder hides `hidden` (relative to the project root).
    fn fixture_hiding(hidden: &[&str]) -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("project").canonicalize().ok();
        let root = root.unwrap_or_else(|| {
            std::fs::create_dir_all(tmp.path().join("project")).unwrap();
            tmp.path().join("project").canonicalize().unwrap()
        });
        let checkpoints = Checkpoints::at(tmp.path().join("checkpoints"));
        let secrets = crate::checkpoint::secrets::Secrets::hiding(
            hidden.iter().map(|h| root.join(h)).collect(),
        );
        let recorder = checkpoints.recorder(&root, std::sync::Arc::new(secrets));
        Fixture {
            _tmp: tmp,
            root,
            checkpoints,
            recorder,
        }
    }

    fn write(path: &Path, text: &str) {
        store::write_atomic(path, text.as_bytes()).unwrap();
    }

    fn read(path: &Path) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }

    fn opts(to: u32) -> RewindOptions {
        RewindOptions {
            to,
            force: false,
            dry_run: false,
        }
    }

    #[test]
    fn rewinding_to_a_turn_undoes_it_and_every_later_one() {
        let f = fixture();
        let a = f.root.join("a.txt");
        write(&a, "v0");
        for (turn, text) in [(1, "v1"), (2, "v2")] {
            let pending = f
                .recorder
                .for_turn("s", turn)
                .before_write(&a, "write_file");
            write(&a, text);
            pending.unwrap().finish();
        }
        let pending = f.recorder.for_turn("s", 2).before_command("bash").unwrap();
        write(&f.root.join("b.txt"), "new");
        pending.finish();
        assert_eq!(f.checkpoints.last_changed_turn("s").unwrap(), Some(2));

        let done = f.checkpoints.rewind("s", &f.root, opts(2)).unwrap();
        assert_eq!(done.turns, [2]);
        assert_eq!(read(&a).unwrap(), "v1");
        assert_eq!(read(&f.root.join("b.txt")), None);
        assert_eq!(f.checkpoints.last_changed_turn("s").unwrap(), Some(1));

        f.checkpoints.rewind("s", &f.root, opts(1)).unwrap();
        assert_eq!(read(&a).unwrap(), "v0");
        assert_eq!(f.checkpoints.last_changed_turn("s").unwrap(), None);
    }

    #[test]
    fn a_command_is_recorded_from_the_scan_before_it_and_only_files_it_changed() {
        let f = fixture();
        write(&f.root.join(".gitignore"), "ignored/\n");
        write(&f.root.join("kept.txt"), "same");
        write(&f.root.join("gone.txt"), "old");
        let turn = f.recorder.for_turn("s", 1);
        let pending = turn.before_command("bash").unwrap();
        std::fs::remove_file(f.root.join("gone.txt")).unwrap();
        write(&f.root.join("ignored/out.o"), "build");
        pending.finish();
        let turns = super::manifest::read_session(&f.checkpoints.session_dir("s")).unwrap();
        let names: Vec<_> = turns[&1]
            .paths
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["gone.txt"]);
        f.checkpoints.rewind("s", &f.root, opts(1)).unwrap();
        assert_eq!(read(&f.root.join("gone.txt")).unwrap(), "old");
    }

    #[test]
    fn a_dry_run_and_a_conflict_change_nothing_and_force_overwrites() {
        let f = fixture();
        let a = f.root.join("a.txt");
        write(&a, "v0");
        let pending = f.recorder.for_turn("s", 1).before_write(&a, "edit_file");
        write(&a, "agent");
        pending.unwrap().finish();
        let dry = f
            .checkpoints
            .rewind(
                "s",
                &f.root,
                RewindOptions {
                    dry_run: true,
                    ..opts(1)
                },
            )
            .unwrap();
        assert_eq!(dry.files.len(), 1);
        assert_eq!(read(&a).unwrap(), "agent");
        write(&a, "user");
        let done = f.checkpoints.rewind("s", &f.root, opts(1)).unwrap();
        assert_eq!(done.conflicts, std::slice::from_ref(&a));
        assert_eq!(read(&a).unwrap(), "user");
        let forced = f
            .checkpoints
            .rewind(
                "s",
                &f.root,
                RewindOptions {
                    force: true,
                    ..opts(1)
                },
            )
            .unwrap();
        assert!(forced.files[0].forced);
        assert_eq!(read(&a).unwrap(), "v0");
    }

    #[test]
    fn a_path_inside_git_is_never_recorded() {
        let f = fixture();
        let config = f.root.join(".git/config");
        assert!(
            f.recorder
                .for_turn("s", 1)
                .before_write(&config, "write_file")
                .is_none()
        );
    }

    /// A file in a secret location (here one inside the project) is not saved: no blob, no
    /// `before` a rewind could restore, and the write gets no checkpoint.
    #[test]
    fn a_file_in_a_secret_location_is_never_saved() {
        let f = fixture_hiding(&["keys"]);
        let key = f.root.join("keys/id");
        write(&key, "PRIVATE");
        assert!(
            f.recorder
                .for_turn("s", 1)
                .before_write(&key, "write_file")
                .is_none()
        );
        let pending = f.recorder.for_turn("s", 1).before_command("bash").unwrap();
        write(&key, "changed");
        pending.finish();
        let blobs = f.checkpoints.dir().join("blobs");
        assert!(walkdir(&blobs).is_empty(), "saved: {:?}", walkdir(&blobs));
        assert_eq!(f.checkpoints.last_changed_turn("s").unwrap(), None);
    }

    /// What a write left is read as the before is: a FIFO a racing command swapped in for the
    /// file is not opened to block the turn (the old read by path waited for a writer forever).
    #[test]
    fn a_fifo_swapped_in_after_a_write_does_not_block_the_record() {
        let f = fixture();
        let a = f.root.join("a.txt");
        write(&a, "v0");
        let pending = f
            .recorder
            .for_turn("s", 1)
            .before_write(&a, "write_file")
            .unwrap();
        std::fs::remove_file(&a).unwrap();
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &a,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            pending.finish();
            done.send(()).unwrap();
        });
        assert!(
            finished
                .recv_timeout(std::time::Duration::from_secs(10))
                .is_ok(),
            "the record blocked on the FIFO"
        );
    }

    fn walkdir(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
            .map(|e| e.unwrap().path())
            .collect()
    }
}
