//! Bringing a plan's work out without touching the project: `always-on apply --patch FILE` writes
//! the workspace's change as a unified diff (`git apply` reads it), and `apply --push-branch
//! BRANCH` commits the worktree's change on its branch and pushes it to the project's `origin` as
//! BRANCH — the only push always-on makes, and only when the user asks for it (a pod on Kubernetes
//! has no user's working tree to apply into). Either way the workspace stays until `discard`.

use std::path::Path;
use std::time::Duration;

use git2::{IndexAddOption, Repository, Signature};
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::apply;
use super::db::{Db, PlanRow};
use super::review::open_workspace;
use super::state::WorkspaceStrategy;
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
    let repo = Repository::open(dir).map_err(git("open the workspace"))?;
    let mut index = repo.index().map_err(git("read the index"))?;
    index
        .add_all(["*"], IndexAddOption::DEFAULT, None)
        .and_then(|()| index.update_all(["*"], None))
        .and_then(|()| index.write())
        .map_err(git("stage the change"))?;
    let tree_id = index.write_tree().map_err(git("write the tree"))?;
    let head = repo
        .head()
        .and_then(|h| h.peel_to_commit())
        .map_err(git("read HEAD"))?;
    let commit = if head.tree_id() == tree_id {
        head.id()
    } else {
        let tree = repo.find_tree(tree_id).map_err(git("read the tree"))?;
        let sig = repo
            .signature()
            .or_else(|_| Signature::now("pilotdeck always-on", "always-on@pilotdeck.invalid"))
            .map_err(git("make a signature"))?;
        repo.commit(
            Some("HEAD"),
            &sig,
            &sig,
            &format!("always-on: {}\n\nPlan {}", plan.title, plan.id),
            &tree,
            &[&head],
        )
        .map_err(git("commit the change"))?
    };
    let spec = CommandSpec::new("git")
        .arg("push")
        .arg("--quiet")
        .arg("origin")
        .arg(format!("{commit}:refs/heads/{branch}"))
        .cwd(dir);
    let failed = |reason: String| Error::Push {
        branch: branch.to_owned(),
        reason,
    };
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
    let remote = repo
        .find_remote("origin")
        .ok()
        .and_then(|r| r.url().ok().map(str::to_owned))
        .unwrap_or_else(|| "origin".to_owned());
    Ok((
        plan,
        Pushed {
            branch: branch.to_owned(),
            commit: commit.to_string(),
            remote,
        },
    ))
}
