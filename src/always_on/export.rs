//! Bringing a plan's work out without touching the project: `always-on apply --patch FILE` writes
//! the workspace's change as a unified diff (`git apply` reads it), and `apply --push-branch
//! BRANCH` commits the workspace's change and pushes that commit to the project's `origin` as
//! BRANCH — the only push always-on makes, and only when the user asks for it (a pod on Kubernetes
//! has no user's working tree to apply into). Either way the workspace stays until `discard`.
//!
//! The push takes nothing from the workspace, which the agent could write, but its files: the
//! commit is the workspace's change against the cycle's base commit made on the user's HEAD as it
//! was (never the user's uncommitted files the base holds; a change to a file that had some is
//! refused), made without reading or writing the workspace's `.git/index` (see
//! [`workspace::open`]); its objects are copied into the
//! user's repository, the URL is `origin`'s there (read with git2), and `git
//! push` runs in the user's repository to that URL with hooks off (`core.hooksPath=/dev/null`,
//! `--no-verify`).

use std::path::Path;
use std::time::Duration;

use git2::{IndexAddOption, ObjectType, Oid, Repository, Signature};
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::apply;
use super::db::{Db, PlanRow};
use super::review::open_workspace;
use super::state::WorkspaceStrategy;
use super::workspace;
use crate::home::PilotHome;
use crate::tools::process::{self, CommandSpec, ProcessEnd, RunOptions};

/// How long a push may take.
const PUSH_TIMEOUT: Duration = Duration::from_secs(300);

/// What a push did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pushed {
    pub branch: String,
    /// The commit pushed (the workspace's change on top of its base).
    pub commit: String,
    pub remote: String,
}

/// Writes the change of `query`'s workspace to `file`; returns the plan and the number of files.
pub fn write_patch(home: &PilotHome, query: &str, file: &Path) -> Result<(PlanRow, usize), Error> {
    let db = Db::open(home)?;
    let (plan, cycle) = open_workspace(&db, query)?;
    let diff = apply::diff(&cycle)?;
    crate::store::write_atomic(file, diff.patch.as_bytes())?;
    Ok((plan, diff.files.len()))
}

/// Commits the workspace's change of `query` and pushes it to `origin` as `branch`.
pub async fn push_branch(
    home: &PilotHome,
    query: &str,
    branch: &str,
    cancel: &CancellationToken,
) -> Result<(PlanRow, Pushed), Error> {
    let db = Db::open(home)?;
    let (plan, cycle) = open_workspace(&db, query)?;
    drop(db);
    if cycle.strategy != WorkspaceStrategy::GitWorktree {
        return Err(Error::NotAWorktree { plan: plan.id });
    }
    let dir = &cycle.path;
    let git = |action| move |e| Error::git(action, dir, e);
    // The index is the in-memory one `open` holds (the base); the tree and commit go to memory.
    let repo = workspace::open(&cycle)?;
    let mut index = repo.index().map_err(git("read the index"))?;
    index
        .add_all(["*"], IndexAddOption::DEFAULT, None)
        .and_then(|()| index.update_all(["*"], None))
        .map_err(git("stage the change"))?;
    let tree_id = index.write_tree().map_err(git("write the tree"))?;
    let base = Oid::from_str(&cycle.base_commit)
        .and_then(|id| repo.find_commit(id))
        .map_err(git("read the base commit"))?;
    let failed = |reason: String| Error::Push {
        branch: branch.to_owned(),
        reason,
    };
    // The plan's change goes on top of the user's HEAD as it was, never with the user's own
    // uncommitted and untracked files the base commit holds.
    let head = users_head(&base);
    let tree_id = onto(&repo, &base, &head, tree_id)
        .map_err(git("put the change on the user's HEAD"))?
        .map_err(|path| {
            failed(format!(
                "the plan changes `{path}`, which held changes of yours that were not committed \
                 when the plan was made (they would be pushed too); commit them and run a new \
                 tick, or bring the plan out with `--patch`"
            ))
        })?;
    // A commit no ref points at: nothing but the push names it.
    let commit = if head.tree_id() == tree_id {
        head.id()
    } else {
        let tree = repo.find_tree(tree_id).map_err(git("read the tree"))?;
        let sig = Signature::now("pilotdeck always-on", workspace::AUTHOR_EMAIL)
            .map_err(git("make a signature"))?;
        repo.commit(
            None,
            &sig,
            &sig,
            &format!("always-on: {}\n\nPlan {}", plan.title, plan.id),
            &tree,
            &[&head],
        )
        .map_err(git("commit the change"))?
    };
    let root = &cycle.repo_root;
    let user = Repository::open(root).map_err(|e| Error::git("open", root, e))?;
    copy_objects(&repo, &user, commit).map_err(|e| Error::git("copy the commit", root, e))?;
    let remote = user
        .find_remote("origin")
        .ok()
        .and_then(|r| {
            let push = r.pushurl().ok().flatten().map(str::to_owned);
            push.or_else(|| r.url().ok().map(str::to_owned))
        })
        .ok_or_else(|| Error::Push {
            branch: branch.to_owned(),
            reason: format!("`{}` has no remote `origin`", root.display()),
        })?;
    if head.id() == commit {
        return Err(failed("the plan changed no file".to_owned()));
    }
    let spec = CommandSpec::new("git")
        .arg("-c")
        .arg("core.hooksPath=/dev/null")
        .arg("push")
        .arg("--no-verify")
        .arg("--quiet")
        .arg("--")
        .arg(&remote)
        .arg(format!("{commit}:refs/heads/{branch}"))
        .cwd(root);
    let out = process::run(
        &spec,
        RunOptions {
            stdin: None,
            timeout: Some(PUSH_TIMEOUT),
            cancel: cancel.clone(),
            output_limit: 8192,
        },
    )
    .await
    .map_err(|e| failed(e.to_string()))?;
    match out.end {
        ProcessEnd::Exited { code: Some(0) } => {}
        ProcessEnd::Exited { .. } => return Err(failed(out.stderr.text.trim().to_owned())),
        ProcessEnd::TimedOut => return Err(failed("git push timed out".to_owned())),
        ProcessEnd::Cancelled => return Err(failed("cancelled".to_owned())),
    }
    Ok((
        plan,
        Pushed {
            branch: branch.to_owned(),
            commit: commit.to_string(),
            remote,
        },
    ))
}

/// The user's HEAD when the cycle began: the base commit, or its parent when the base is the commit
/// of the user's uncommitted changes the workspace made ([`workspace::UNCOMMITTED`]).
fn users_head<'r>(base: &git2::Commit<'r>) -> git2::Commit<'r> {
    let made_here = base.author().email().ok() == Some(workspace::AUTHOR_EMAIL)
        && base.message().ok() == Some(workspace::UNCOMMITTED);
    match base.parent(0) {
        Ok(parent) if made_here => parent,
        _ => base.clone(),
    }
}

/// The tree `workspace` (a tree id) would be with only its change from `base` made to `head`'s
/// tree; `Ok(Err(path))` when a changed path differs between `base` and `head` (the user's
/// uncommitted change to it would go along).
fn onto(
    repo: &Repository,
    base: &git2::Commit<'_>,
    head: &git2::Commit<'_>,
    workspace: Oid,
) -> Result<Result<Oid, String>, git2::Error> {
    if base.id() == head.id() {
        return Ok(Ok(workspace));
    }
    let (base_tree, head_tree) = (base.tree()?, head.tree()?);
    let theirs = repo.find_tree(workspace)?;
    let diff = repo.diff_tree_to_tree(Some(&base_tree), Some(&theirs), None)?;
    let entry = |tree: &git2::Tree<'_>, path: &Path| {
        tree.get_path(path).ok().map(|e| (e.id(), e.filemode()))
    };
    let mut update = git2::build::TreeUpdateBuilder::new();
    for delta in diff.deltas() {
        for side in [delta.old_file(), delta.new_file()] {
            let Some(path) = side.path() else { continue };
            if entry(&base_tree, path) != entry(&head_tree, path) {
                return Ok(Err(path.display().to_string()));
            }
        }
        let new = delta.new_file();
        match (new.path(), delta.status()) {
            (Some(path), git2::Delta::Deleted) => update.remove(path),
            (Some(path), _) => update.upsert(path, new.id(), new.mode()),
            (None, _) => continue,
        };
        if let (Some(old), git2::Delta::Renamed) = (delta.old_file().path(), delta.status()) {
            update.remove(old);
        }
    }
    update.create_updated(repo, &head_tree).map(Ok)
}

/// Copies `commit` and everything it reaches that `to` lacks from `from`'s objects (a tree or
/// commit `to` has is taken to come with what it reaches).
fn copy_objects(from: &Repository, to: &Repository, commit: Oid) -> Result<(), git2::Error> {
    let (src, dst) = (from.odb()?, to.odb()?);
    let mut stack = vec![commit];
    while let Some(id) = stack.pop() {
        if dst.exists(id) {
            continue;
        }
        let object = src.read(id)?;
        match object.kind() {
            ObjectType::Commit => {
                let c = from.find_commit(id)?;
                stack.push(c.tree_id());
                stack.extend(c.parent_ids());
            }
            ObjectType::Tree => {
                let tree = from.find_tree(id)?;
                // Submodule entries (commits of another repository) are not objects here.
                stack.extend(
                    tree.iter()
                        .filter(|e| e.kind() != Some(ObjectType::Commit))
                        .map(|e| e.id()),
                );
            }
            _ => {}
        }
        dst.write(object.kind(), object.data())?;
    }
    Ok(())
}
