//! The notes repository: a bare git repository at `<memory root>/sync.git` holding, per project, the
//! commit its notes were last synced at (`refs/pilotdeck-synced/<branch>/<key>`, the merge base), fetched and pushed with the `git` program so the
//! user's own credentials apply (credential helpers, ssh-agent, `~/.ssh/config`); trees, blobs and
//! commits are made with git2. Its layout: `<project key>/Project/*.md`, `<project key>/Feedback/*.md`.
//!
//! libgit2 is built without TLS or SSH here (no OpenSSL in the build), so the transport is the one
//! program that already has the user's setup; `GIT_TERMINAL_PROMPT=0` keeps it from prompting.

use std::path::{Path, PathBuf};

use git2::{ObjectType, Oid, Repository, Tree, TreeBuilder};
use tokio_util::sync::CancellationToken;

use super::merge::Files;
use crate::home::ProjectKey;
use crate::memory::Error;
use crate::memory::note::NoteKind;
use crate::memory::stage;
use crate::tools::process::{self, CommandSpec, ProcessEnd, RunOptions};

/// The note folders a sync carries.
const FOLDERS: [NoteKind; 2] = [NoteKind::Project, NoteKind::Feedback];

/// Bytes of a git command's output kept for its error message.
const OUTPUT_LIMIT: usize = 64 * 1024;

/// The local notes repository.
pub(super) struct NotesRepo {
    repo: Repository,
    dir: PathBuf,
    branch: String,
}

/// Removes the lock files a sync killed while it wrote a ref or the config left behind: only a sync
/// holding the sync lock writes those, so any found now is stale.
fn clear_stale_locks(dir: &Path, branch: &str) {
    let _ = std::fs::remove_file(dir.join("config.lock"));
    let bases = std::fs::read_dir(dir.join("refs").join(BASES).join(branch));
    for entry in bases.into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().ends_with(".lock") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Where the base of each project lives: `refs/<BASES>/<branch>/<project key>`.
const BASES: &str = "pilotdeck-synced";

fn git_error(action: &'static str) -> impl FnOnce(git2::Error) -> Error {
    move |e| Error::Sync(format!("{action}: {}", e.message()))
}

/// Gives `dir` mode 0700 unless it has it.
fn private(dir: &Path) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(dir).map_err(Error::io("read the notes repository", dir))?;
    if meta.permissions().mode() & 0o777 != 0o700 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(Error::io("close up the notes repository", dir))?;
    }
    Ok(())
}

impl NotesRepo {
    /// Opens the repository at `dir`, creating it (bare) the first time: made whole beside it and
    /// renamed into place, so a sync killed meanwhile leaves no half-made repository. The caller
    /// holds the sync lock.
    pub(super) fn open(dir: &Path, branch: &str) -> Result<NotesRepo, Error> {
        clear_stale_locks(dir, branch);
        let repo = match Repository::open_bare(dir) {
            Ok(r) => r,
            Err(_) if !dir.exists() => {
                let fresh = dir.with_extension("git.new");
                stage::remove_tree(&fresh)?;
                Repository::init_bare(&fresh).map_err(git_error("create the notes repository"))?;
                std::fs::rename(&fresh, dir)
                    .map_err(Error::io("create the notes repository", dir))?;
                Repository::open_bare(dir).map_err(git_error("open the notes repository"))?
            }
            Err(e) => return Err(git_error("open the notes repository")(e)),
        };
        // git makes its directories for others to read; the notes are private, as PilotHome is
        // (a repository made by an older version is closed up too).
        private(dir)?;
        Ok(NotesRepo {
            repo,
            dir: dir.to_owned(),
            branch: branch.to_owned(),
        })
    }

    /// The remote URL a previous sync used.
    pub(super) fn remembered_remote(&self) -> Option<String> {
        let remote = self.repo.find_remote("origin").ok()?;
        remote.url().ok().map(str::to_owned)
    }

    /// Remembers `url` as the remote for later syncs.
    pub(super) fn remember(&self, url: &str) -> Result<(), Error> {
        if self.remembered_remote().as_deref() == Some(url) {
            return Ok(());
        }
        let set = match self.repo.find_remote("origin") {
            Ok(_) => self.repo.remote_set_url("origin", url),
            Err(_) => self.repo.remote("origin", url).map(|_| ()),
        };
        set.map_err(git_error("remember the remote"))
    }

    /// The commit this machine and the remote last agreed on about project `key`'s notes (each
    /// project has its own: a sync of one project says nothing about the others).
    pub(super) fn base(&self, key: &ProjectKey) -> Option<Oid> {
        self.repo.refname_to_id(&self.base_ref(key)).ok()
    }

    /// Records `oid` as the commit both sides agree on about project `key`.
    pub(super) fn set_base(&self, key: &ProjectKey, oid: Oid) -> Result<(), Error> {
        let name = self.base_ref(key);
        self.repo
            .reference(&name, oid, true, "memory sync")
            .map(|_| ())
            .map_err(git_error("record the synced commit"))
    }

    fn base_ref(&self, key: &ProjectKey) -> String {
        format!("refs/{BASES}/{}/{}", self.branch, key.0)
    }

    /// The remote's head of the branch (`None`: the branch does not exist there yet), with its
    /// objects fetched.
    pub(super) async fn fetch(&self, url: &str) -> Result<Option<Oid>, Error> {
        let Some(head) = self.remote_head(url).await? else {
            return Ok(None);
        };
        if self.repo.find_commit(head).is_err() {
            let refspec = format!("refs/heads/{}", self.branch);
            self.git(&["fetch", "--no-tags", "--quiet", url, &refspec])
                .await?;
        }
        self.repo
            .find_commit(head)
            .map_err(git_error("read the fetched notes"))?;
        Ok(Some(head))
    }

    /// What `git ls-remote` says the remote's branch points at.
    pub(super) async fn remote_head(&self, url: &str) -> Result<Option<Oid>, Error> {
        let refname = format!("refs/heads/{}", self.branch);
        let out = self.git(&["ls-remote", url, &refname]).await?;
        let oid = (out.lines())
            .filter_map(|l| l.split_once('\t'))
            .find(|(_, name)| *name == refname)
            .and_then(|(oid, _)| Oid::from_str(oid).ok());
        Ok(oid)
    }

    /// Pushes `oid` to the remote's branch (never forced); git's complaint when it failed (the
    /// remote moved on, or a network or credential problem: the caller tells them apart).
    pub(super) async fn push(&self, url: &str, oid: Oid) -> Result<Result<(), String>, Error> {
        let refspec = format!("{oid}:refs/heads/{}", self.branch);
        match self.git(&["push", "--quiet", url, &refspec]).await {
            Ok(_) => Ok(Ok(())),
            Err(Error::Sync(message)) => Ok(Err(message)),
            Err(e) => Err(e),
        }
    }

    /// The note files of project `key` in commit `oid` (none for `None`).
    pub(super) fn files(&self, oid: Option<Oid>, key: &ProjectKey) -> Result<Files, Error> {
        let mut out = Files::new();
        let Some(tree) = self.tree(oid)? else {
            return Ok(out);
        };
        for kind in FOLDERS {
            let folder = format!("{}/{}", key.0, kind.folder());
            let Ok(entry) = tree.get_path(Path::new(&folder)) else {
                continue;
            };
            let Ok(sub) = self.repo.find_tree(entry.id()) else {
                continue;
            };
            for e in sub.iter() {
                let Some(name) = e.name().ok().filter(|n| n.ends_with(".md")) else {
                    continue;
                };
                if e.kind() != Some(ObjectType::Blob) {
                    continue;
                }
                let blob = self
                    .repo
                    .find_blob(e.id())
                    .map_err(git_error("read a note"))?;
                out.insert(format!("{}/{name}", kind.folder()), blob.content().to_vec());
            }
        }
        Ok(out)
    }

    /// The project keys with notes in commit `oid`.
    pub(super) fn keys(&self, oid: Option<Oid>) -> Result<Vec<ProjectKey>, Error> {
        let Some(tree) = self.tree(oid)? else {
            return Ok(Vec::new());
        };
        Ok(tree
            .iter()
            .filter(|e| e.kind() == Some(ObjectType::Tree))
            .filter_map(|e| e.name().ok().map(|n| ProjectKey(n.to_owned())))
            .collect())
    }

    fn tree(&self, oid: Option<Oid>) -> Result<Option<Tree<'_>>, Error> {
        let Some(oid) = oid else { return Ok(None) };
        let commit = self
            .repo
            .find_commit(oid)
            .map_err(git_error("read a commit"))?;
        Ok(Some(commit.tree().map_err(git_error("read a commit"))?))
    }

    /// A commit on top of `parent` whose notes of each project in `projects` are replaced by the
    /// given files (other projects as in `parent`); `parent` itself when that changes nothing.
    pub(super) fn commit(
        &self,
        parent: Option<Oid>,
        projects: &[(ProjectKey, Files)],
        message: &str,
    ) -> Result<Oid, Error> {
        let parent_tree = self.tree(parent)?;
        let mut root = self
            .repo
            .treebuilder(parent_tree.as_ref())
            .map_err(git_error("build the notes tree"))?;
        for (key, files) in projects {
            let mut project = self.builder()?;
            for kind in FOLDERS {
                let mut folder = self.builder()?;
                let prefix = format!("{}/", kind.folder());
                for (path, bytes) in files {
                    if let Some(name) = path.strip_prefix(&prefix) {
                        let blob = self.repo.blob(bytes).map_err(git_error("store a note"))?;
                        folder
                            .insert(name, blob, 0o100644)
                            .map_err(git_error("build the notes tree"))?;
                    }
                }
                if !folder.is_empty() {
                    let id = folder.write().map_err(git_error("build the notes tree"))?;
                    project
                        .insert(kind.folder(), id, 0o040000)
                        .map_err(git_error("build the notes tree"))?;
                }
            }
            if !project.is_empty() {
                let id = project.write().map_err(git_error("build the notes tree"))?;
                root.insert(&key.0, id, 0o040000)
                    .map_err(git_error("build the notes tree"))?;
            } else if root.get(&key.0).ok().flatten().is_some() {
                root.remove(&key.0)
                    .map_err(git_error("build the notes tree"))?;
            }
        }
        let tree_id = root.write().map_err(git_error("build the notes tree"))?;
        if let (Some(parent), Some(tree)) = (parent, &parent_tree)
            && tree.id() == tree_id
        {
            return Ok(parent);
        }
        let tree = self
            .repo
            .find_tree(tree_id)
            .map_err(git_error("build the notes tree"))?;
        let signature = self
            .repo
            .signature()
            .or_else(|_| git2::Signature::now("pilotdeck", "pilotdeck@localhost"))
            .map_err(git_error("sign the commit"))?;
        let parents: Vec<git2::Commit<'_>> = parent
            .map(|p| self.repo.find_commit(p))
            .transpose()
            .map_err(git_error("read a commit"))?
            .into_iter()
            .collect();
        let parents: Vec<&git2::Commit<'_>> = parents.iter().collect();
        self.repo
            .commit(None, &signature, &signature, message, &tree, &parents)
            .map_err(git_error("commit the notes"))
    }

    fn builder(&self) -> Result<TreeBuilder<'_>, Error> {
        self.repo
            .treebuilder(None)
            .map_err(git_error("build the notes tree"))
    }

    /// Runs `git ARGS` on this repository; its stdout, or its stderr as the error.
    async fn git(&self, args: &[&str]) -> Result<String, Error> {
        let mut spec = CommandSpec::new("git")
            .arg("--git-dir")
            .arg(self.dir.as_os_str())
            .arg("-c")
            .arg("gc.auto=0")
            .env("GIT_TERMINAL_PROMPT", "0");
        for a in args {
            spec = spec.arg(*a);
        }
        let options = RunOptions {
            stdin: None,
            timeout: None,
            cancel: CancellationToken::new(),
            output_limit: OUTPUT_LIMIT,
        };
        let out = process::run(&spec, options)
            .await
            .map_err(|e| Error::Sync(e.to_string()))?;
        match out.end {
            ProcessEnd::Exited { code: Some(0) } => Ok(out.stdout.text),
            _ => Err(Error::Sync(format!(
                "`git {}` failed: {}",
                args.first().copied().unwrap_or_default(),
                crate::terminal::inert(out.stderr.text.trim())
            ))),
        }
    }
}
