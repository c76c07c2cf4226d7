//! Workspaces: the isolated copy a plan is executed in.
//!
//! - **git** (the project is a git repository with a commit): a repository of its own on a new
//!   branch `always-on/<cycle>` from the user's HEAD, borrowing the user's objects read-only
//!   (`objects/info/alternates`, like `git clone --shared`), made with git2. Nothing in the user's
//!   `.git` is shared for writing, so the agent's commits, refs and git files stay in the workspace.
//!   The user's uncommitted and untracked changes are then copied in from the working tree — read
//!   through `git status` without updating the user's index, so the user's repository, index and
//!   files are untouched — and committed on the new branch as the cycle's *base* commit. (Earlier
//!   versions made a linked worktree of the user's repository; such cycles still work.)
//! - **snapshot** (any other directory): a copy of the project without the ignored directories
//!   (`alwaysOn.dormancy.ignoreGlobs`, which also do not count toward `snapshotMaxBytes`), made a
//!   private git repository whose first commit is the base.
//!
//! Only regular files and symbolic links are copied into a workspace ([`copy_entry`]); a FIFO, a
//! socket or a device is skipped with a warning.
//!
//! Either way the base commit holds the project exactly as the user had it, so the agent's work is
//! the difference between the base and the workspace's files ([`super::apply`]). The agent can
//! rewrite the workspace's `.git`; every git operation pilotdeck makes there afterwards goes through
//! [`open`], which refuses a repository that no longer is the one made here (a git file it reads
//! swapped for a link included) and returns it set to write nothing into the workspace's `.git`.

use std::path::Path;

use git2::{IndexAddOption, Oid, Repository, RepositoryOpenFlags, Signature, StatusOptions};

use super::Error;

/// The message of a git workspace's base commit when the user had uncommitted changes: it holds
/// them, on top of the user's HEAD.
pub(super) const UNCOMMITTED: &str = "always-on: the project's uncommitted changes";

/// The author of the commits always-on makes.
pub(super) const AUTHOR_EMAIL: &str = "always-on@pilotdeck.invalid";
use super::db::{Cycle, now_ms};
use super::fingerprint::{IgnoreSet, walk};
use super::paths::Paths;
use super::state::{CycleStatus, WorkspaceStrategy};
use crate::config::AlwaysOnWorkspace;
use crate::home::Project;

/// The branch of a cycle's worktree.
pub fn branch_name(cycle: &str) -> String {
    format!("always-on/{cycle}")
}

/// The git worktree name of a cycle (names cannot hold `/`).
pub fn worktree_name(cycle: &str) -> String {
    format!("always-on-{cycle}")
}

/// Makes the workspace of a new cycle `cycle_id`.
pub fn create(
    project: &Project,
    paths: &Paths,
    cfg: &AlwaysOnWorkspace,
    ignore: &IgnoreSet,
    cycle_id: &str,
) -> Result<Cycle, Error> {
    match Repository::open(&project.root) {
        Ok(repo) if repo.head().is_ok() && !repo.is_bare() => {
            create_worktree(&repo, project, &paths.worktree_dir(cfg, cycle_id), cycle_id)
        }
        _ => create_snapshot(
            project,
            &paths.snapshot_dir(cfg, cycle_id),
            cfg,
            ignore,
            cycle_id,
        ),
    }
}

fn create_worktree(
    repo: &Repository,
    project: &Project,
    dir: &Path,
    cycle_id: &str,
) -> Result<Cycle, Error> {
    let root = &project.root;
    let git = |action| move |e| Error::git(action, root, e);
    let head = repo
        .head()
        .and_then(|h| h.peel_to_commit())
        .map_err(git("read HEAD"))?;
    if let Some(parent) = dir.parent() {
        crate::store::create_dir_private(parent)?;
    }
    let in_ws = |action| move |e| Error::git(action, dir, e);
    Repository::init(dir).map_err(in_ws("create the workspace repository"))?;
    let common = repo.commondir();
    let objects = common
        .join("objects")
        .canonicalize()
        .map_err(|e| Error::io("read", &common.join("objects"), e))?;
    let info = dir.join(".git/objects/info");
    std::fs::create_dir_all(&info).map_err(|e| Error::io("create", &info, e))?;
    let alternates = format!("{}\n", objects.display());
    crate::store::write_atomic(&info.join("alternates"), alternates.as_bytes())?;
    if let Ok(exclude) = std::fs::read(common.join("info/exclude")) {
        crate::store::write_atomic(&dir.join(".git/info/exclude"), &exclude)?;
    }
    // Opened again so its object database reads the alternates.
    let ws = Repository::open(dir).map_err(in_ws("open the workspace"))?;
    let branch = branch_name(cycle_id);
    let start = ws
        .find_commit(head.id())
        .map_err(in_ws("read the user's HEAD"))?;
    ws.branch(&branch, &start, false)
        .map_err(in_ws("create the always-on branch"))?;
    ws.set_head(&format!("refs/heads/{branch}"))
        .map_err(in_ws("check out the always-on branch"))?;
    ws.checkout_head(Some(git2::build::CheckoutBuilder::new().force()))
        .map_err(in_ws("check out the always-on branch"))?;
    copy_uncommitted(repo, root, dir)?;
    let base = commit_all(&ws, dir, UNCOMMITTED)?;
    Ok(Cycle {
        id: cycle_id.to_owned(),
        project_key: project.key.0.clone(),
        status: CycleStatus::Active,
        strategy: WorkspaceStrategy::GitWorktree,
        path: dir.to_owned(),
        repo_root: root.clone(),
        branch: Some(branch),
        base_commit: base.to_string(),
        created_at: now_ms(),
    })
}

/// Opens `cycle`'s workspace repository for one of pilotdeck's own git operations (report, diff,
/// apply, push), once it is still the repository made here: `.git` a directory of its own (not a
/// link, not a `gitdir:` file, no `commondir` redirecting it) whose working tree is the workspace;
/// or, for a cycle made as a linked worktree by an earlier version, `.git` naming its admin dir in
/// the user's repository, whose `commondir` and `gitdir` still point back; and the git files read
/// there ([`GIT_FILES`]) are no links, nor is a `.gitignore` or `.gitattributes` of its tree a FIFO
/// or device ([`crate::walk::unreadable_git_file`]). Anything else is [`Error::WorkspaceTampered`]: git would act
/// on a repository, or write through a file, the agent chose. The repository returned has its
/// index and new objects in memory ([`write_nothing`]).
pub fn open(cycle: &Cycle) -> Result<Repository, Error> {
    let dir = &cycle.path;
    let tampered = |reason: String| Error::WorkspaceTampered {
        path: dir.clone(),
        reason,
    };
    let dot_git = dir.join(".git");
    let meta = dot_git
        .symlink_metadata()
        .map_err(|e| tampered(format!("`.git` cannot be read: {e}")))?;
    let expected_git = if meta.is_dir() {
        if dot_git.join("commondir").symlink_metadata().is_ok() {
            return Err(tampered("`.git/commondir` redirects the repository".into()));
        }
        dot_git.clone()
    } else if meta.is_file()
        && cycle.strategy == WorkspaceStrategy::GitWorktree
        && cycle.repo_root != *dir
    {
        linked_admin_dir(cycle).map_err(tampered)?
    } else {
        return Err(tampered(
            "`.git` is neither a directory nor a worktree link".into(),
        ));
    };
    plain_git_files(&expected_git).map_err(tampered)?;
    if let Some(path) = crate::walk::unreadable_git_file(dir) {
        return Err(tampered(format!(
            "`{}` is not a regular file (git would wait on it)",
            path.display()
        )));
    }
    let repo = Repository::open_ext(
        dir,
        RepositoryOpenFlags::NO_SEARCH,
        &[] as &[&std::ffi::OsStr],
    )
    .map_err(|e| Error::git("open the workspace", dir, e))?;
    let same = |a: &Path, b: &Path| a.canonicalize().ok() == b.canonicalize().ok();
    if !same(repo.path(), &expected_git) {
        return Err(tampered(format!(
            "its git directory is `{}`",
            repo.path().display()
        )));
    }
    if !repo.workdir().is_some_and(|w| same(w, dir)) {
        return Err(tampered(
            "its working tree is elsewhere (`core.worktree`)".into(),
        ));
    }
    write_nothing(&repo, cycle).map_err(|e| Error::git("open the workspace", dir, e))?;
    Ok(repo)
}

/// The files of a workspace's git directory that git reads, each a regular file (or directory)
/// when present: never a link to another repository's file (an index linked to the user's would be
/// rewritten through the link) nor a fifo or device git would block on or read forever.
const GIT_FILES: [(&str, bool); 8] = [
    ("HEAD", false),
    ("config", false),
    ("index", false),
    ("packed-refs", false),
    ("info/exclude", false),
    ("objects/info/alternates", false),
    ("objects", true),
    ("refs", true),
];

fn plain_git_files(git_dir: &Path) -> Result<(), String> {
    for (name, dir) in GIT_FILES {
        let path = git_dir.join(name);
        let Ok(meta) = path.symlink_metadata() else {
            continue;
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            return Err(format!("`{}` is a symbolic link", path.display()));
        }
        if (dir && !kind.is_dir()) || (!dir && !kind.is_file()) {
            let what = if dir { "a directory" } else { "a regular file" };
            return Err(format!("`{}` is not {what}", path.display()));
        }
    }
    Ok(())
}

/// Makes `repo` write nothing into the workspace's `.git`: its index is one in memory holding the
/// cycle's base commit (the file `.git/index` is neither read nor written, so what the agent left
/// there cannot hide or add a change), and the objects pilotdeck makes (the tree and commit of a
/// push) are kept in memory until copied into the user's repository.
fn write_nothing(repo: &Repository, cycle: &Cycle) -> Result<(), git2::Error> {
    let base = repo.find_commit(Oid::from_str(&cycle.base_commit)?)?;
    let mut index = git2::Index::new()?;
    index.read_tree(&base.tree()?)?;
    repo.set_index(&mut index)?;
    repo.odb()?.add_new_mempack_backend(1000)?;
    Ok(())
}

/// The admin dir of a linked-worktree workspace, `<user's .git>/worktrees/always-on-<cycle>`,
/// once the workspace's `.git` file names it and its `commondir` and `gitdir` point back.
fn linked_admin_dir(cycle: &Cycle) -> Result<std::path::PathBuf, String> {
    let dir = &cycle.path;
    let user = Repository::open(&cycle.repo_root)
        .map_err(|e| format!("the user's repository cannot be opened: {}", e.message()))?;
    let common = user.commondir().canonicalize().map_err(|e| e.to_string())?;
    let admin = common.join("worktrees").join(worktree_name(&cycle.id));
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    let resolve = |base: &Path, text: &str| base.join(text.trim()).canonicalize().ok();
    let named = read(&dir.join(".git"));
    let named = named.trim().strip_prefix("gitdir:").unwrap_or_default();
    if resolve(dir, named) != Some(admin.clone()) {
        return Err(format!("`.git` names `{}`", named.trim()));
    }
    if resolve(&admin, &read(&admin.join("commondir"))) != Some(common) {
        return Err(format!(
            "`{}` was redirected",
            admin.join("commondir").display()
        ));
    }
    if resolve(&admin, &read(&admin.join("gitdir"))) != dir.join(".git").canonicalize().ok() {
        return Err(format!(
            "`{}` was redirected",
            admin.join("gitdir").display()
        ));
    }
    for name in ["config.worktree", "config"] {
        if admin.join(name).symlink_metadata().is_ok() {
            return Err(format!("`{}` was added", admin.join(name).display()));
        }
    }
    Ok(admin)
}

/// Copies every changed, added or untracked (not ignored) file of the user's working tree into the
/// worktree, and deletes there what the user deleted. Reads only: the status walk does not write
/// the user's index.
fn copy_uncommitted(repo: &Repository, root: &Path, dir: &Path) -> Result<(), Error> {
    if let Some(path) = crate::walk::unreadable_git_file(root) {
        return Err(Error::NotARegularFile { path });
    }
    let mut opts = StatusOptions::new();
    opts.include_untracked(true)
        .recurse_untracked_dirs(true)
        .include_ignored(false)
        .exclude_submodules(true)
        .renames_head_to_index(false)
        .renames_index_to_workdir(false);
    let statuses = repo
        .statuses(Some(&mut opts))
        .map_err(|e| Error::git("read the status", root, e))?;
    for entry in statuses.iter() {
        let Ok(rel) = entry.path() else { continue };
        let src = root.join(rel);
        let dst = dir.join(rel);
        match src.symlink_metadata() {
            // An untracked nested repository is listed as a directory; it is not copied.
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => copy_entry(&src, &dst)?,
            Err(_) if dst.symlink_metadata().is_ok() => {
                std::fs::remove_file(&dst).map_err(|e| Error::io("remove", &dst, e))?;
            }
            Err(_) => {}
        }
    }
    Ok(())
}

/// Copies one regular file or symlink, keeping its mode, creating parent directories. Anything
/// else (a FIFO, a socket, a device) is skipped with a warning: opening a FIFO would wait for a
/// writer for ever. The file is opened without following a link nor blocking, and checked again
/// once open.
pub fn copy_entry(src: &Path, dst: &Path) -> Result<(), Error> {
    let meta = src
        .symlink_metadata()
        .map_err(|e| Error::io("read", src, e))?;
    if !meta.is_file() && !meta.is_symlink() {
        not_copied(src);
        return Ok(());
    }
    if let Some(parent) = dst.parent() {
        std::fs::create_dir_all(parent).map_err(|e| Error::io("create", parent, e))?;
    }
    if dst.symlink_metadata().is_ok() {
        std::fs::remove_file(dst).map_err(|e| Error::io("replace", dst, e))?;
    }
    if meta.is_symlink() {
        let target = std::fs::read_link(src).map_err(|e| Error::io("read the link", src, e))?;
        std::os::unix::fs::symlink(&target, dst)
            .map_err(|e| Error::io("create the link", dst, e))?;
        return Ok(());
    }
    let mut from = crate::store::open_nonblocking(src, libc::O_NOFOLLOW)
        .map_err(|e| Error::io("read", src, e))?;
    let opened = from.metadata().map_err(|e| Error::io("read", src, e))?;
    if !opened.is_file() {
        not_copied(src);
        return Ok(());
    }
    let mut to = std::fs::File::create(dst).map_err(|e| Error::io("copy to", dst, e))?;
    std::io::copy(&mut from, &mut to).map_err(|e| Error::io("copy to", dst, e))?;
    to.set_permissions(opened.permissions())
        .map_err(|e| Error::io("copy to", dst, e))?;
    Ok(())
}

/// Warns that `src`, neither a regular file nor a link, is not copied.
fn not_copied(src: &Path) {
    tracing::warn!(
        "{} is not a regular file nor a link: not copied into the workspace",
        src.display()
    );
}

/// Stages everything in `repo`'s working tree (respecting its ignore rules) and commits it on HEAD
/// when it differs; returns the commit HEAD then points at.
fn commit_all(repo: &Repository, dir: &Path, message: &str) -> Result<Oid, Error> {
    let git = |action| move |e| Error::git(action, dir, e);
    let mut index = repo.index().map_err(git("open the index"))?;
    index
        .add_all(["*"], IndexAddOption::DEFAULT, None)
        .map_err(git("stage the files"))?;
    index
        .update_all(["*"], None)
        .map_err(git("stage deletions"))?;
    index.write().map_err(git("write the index"))?;
    let tree_id = index.write_tree().map_err(git("write the tree"))?;
    let parent = repo.head().ok().and_then(|h| h.peel_to_commit().ok());
    if let Some(p) = &parent
        && p.tree_id() == tree_id
    {
        return Ok(p.id());
    }
    let tree = repo.find_tree(tree_id).map_err(git("read the tree"))?;
    let sig =
        Signature::now("pilotdeck always-on", AUTHOR_EMAIL).map_err(git("make a signature"))?;
    let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, message, &tree, &parents)
        .map_err(git("commit"))
}

fn create_snapshot(
    project: &Project,
    dir: &Path,
    cfg: &AlwaysOnWorkspace,
    ignore: &IgnoreSet,
    cycle_id: &str,
) -> Result<Cycle, Error> {
    let root = &project.root;
    let files = walk(root, ignore, false);
    let size: u64 = files.iter().map(|f| f.size).sum();
    if size > cfg.snapshot_max_bytes {
        return Err(Error::SnapshotTooLarge {
            root: root.clone(),
            size,
            max: cfg.snapshot_max_bytes,
        });
    }
    crate::store::create_dir_private(dir)?;
    for f in &files {
        copy_entry(&root.join(&f.rel), &dir.join(&f.rel))?;
    }
    let repo =
        Repository::init(dir).map_err(|e| Error::git("create the snapshot repository", dir, e))?;
    let exclude = dir.join(".git/info/exclude");
    let patterns: String = ignore_patterns(ignore.globs()).join("\n");
    crate::store::write_atomic(&exclude, format!("{patterns}\n").as_bytes())?;
    let base = commit_all(&repo, dir, "always-on: snapshot of the project")?;
    Ok(Cycle {
        id: cycle_id.to_owned(),
        project_key: project.key.0.clone(),
        status: CycleStatus::Active,
        strategy: WorkspaceStrategy::Snapshot,
        path: dir.to_owned(),
        repo_root: dir.to_owned(),
        branch: None,
        base_commit: base.to_string(),
        created_at: now_ms(),
    })
}

/// The ignore globs as gitignore lines (`**/dist/**` → `dist/`), so build output the agent makes in
/// a snapshot does not show up as its change.
fn ignore_patterns(globs: &[String]) -> Vec<String> {
    globs
        .iter()
        .map(|g| {
            let g = g.strip_prefix("**/").unwrap_or(g);
            match g.strip_suffix("/**") {
                Some(dir) => format!("{dir}/"),
                None => g.to_owned(),
            }
        })
        .collect()
}

/// Removes a cycle's workspace: the directory and, for a cycle made as a linked worktree by an
/// earlier version, its registration and branch in the user's repository. Parts already gone are
/// fine.
pub fn remove(cycle: &Cycle) -> Result<(), Error> {
    if cycle.path.exists() {
        std::fs::remove_dir_all(&cycle.path).map_err(|e| Error::io("remove", &cycle.path, e))?;
    }
    if cycle.strategy == WorkspaceStrategy::GitWorktree {
        remove_git_parts(
            &cycle.repo_root,
            &worktree_name(&cycle.id),
            cycle.branch.as_deref(),
        )?;
    }
    Ok(())
}

/// Unregisters the worktree `name` (its directory already gone) and deletes `branch`.
pub fn remove_git_parts(repo_root: &Path, name: &str, branch: Option<&str>) -> Result<(), Error> {
    let Ok(repo) = Repository::open(repo_root) else {
        return Ok(());
    };
    if let Ok(wt) = repo.find_worktree(name) {
        // The working tree is removed by the caller; pruning it too would delete wherever the
        // admin dir's `gitdir` file (writable by the agent) says it is.
        let mut opts = git2::WorktreePruneOptions::new();
        opts.valid(true).locked(true).working_tree(false);
        wt.prune(Some(&mut opts))
            .map_err(|e| Error::git("prune the worktree", repo_root, e))?;
    }
    if let Some(branch) = branch
        && let Ok(mut b) = repo.find_branch(branch, git2::BranchType::Local)
    {
        b.delete()
            .map_err(|e| Error::git("delete the branch", repo_root, e))?;
    }
    Ok(())
}
