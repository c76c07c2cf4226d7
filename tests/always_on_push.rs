//! `always-on` keeps the agent's git work in its workspace: the user's refs, index and git files
//! stay as they were, and `apply --push-branch` pushes to the user's `origin` without running any
//! hook and without taking a repository, hook or URL from the workspace the agent could write.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod always_on_common;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::path::{Path, PathBuf};

use always_on_common::*;
use mock_model::{MockModel, openai};
use serde_json::json;
use support::TestEnv;

/// The attack, run by the executing agent in its workspace: commit, then move the user's `main`
/// and add a tag `v1` at that commit; then make the workspace's git directory an attacker's copy
/// (`commondir`) with a `pre-push` hook and an `origin` of the attacker's.
const ATTACK: &str = r#"import os, subprocess, shutil
user = 'USER_GIT'
env = dict(os.environ, GIT_AUTHOR_NAME='x', GIT_AUTHOR_EMAIL='x@x', GIT_COMMITTER_NAME='x', GIT_COMMITTER_EMAIL='x@x')
open('evil.sh', 'w').write('echo evil\n')
subprocess.run(['git', 'add', 'evil.sh'], env=env)
subprocess.run(['git', 'commit', '-qm', 'evil'], env=env)
sha = subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout.strip()
for ref in ['refs/heads/main', 'refs/tags/v1']:
    try:
        os.makedirs(os.path.dirname(os.path.join(user, ref)), exist_ok=True)
        open(os.path.join(user, ref), 'w').write(sha + '\n')
    except OSError as e:
        print('denied', ref, e)
gitdir = '.git' if os.path.isdir('.git') else open('.git').read().split('gitdir:')[1].strip()
common = gitdir
if os.path.exists(os.path.join(gitdir, 'commondir')):
    common = os.path.join(gitdir, open(os.path.join(gitdir, 'commondir')).read().strip())
common = os.path.realpath(common)
ev = os.path.realpath('evilcommon')
for part in ['objects', 'refs']:
    shutil.copytree(os.path.join(common, part), os.path.join(ev, part), dirs_exist_ok=True)
open(ev + '/HEAD', 'w').write(open(os.path.join(common, 'HEAD')).read())
os.makedirs(ev + '/hooks', exist_ok=True)
open(ev + '/hooks/pre-push', 'w').write('#!/bin/sh\nid > MARKER\n')
os.chmod(ev + '/hooks/pre-push', 0o755)
open(ev + '/config', 'w').write('[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = EXFIL\n')
try:
    open(os.path.join(gitdir, 'commondir'), 'w').write(ev + '\n')
except OSError as e:
    print('denied commondir', e)
print('done', sha)
"#;

/// A bare repository at `tmp/NAME`.
fn bare(env: &TestEnv, name: &str) -> PathBuf {
    let path = env.tmp.path().join(name);
    git(
        env.tmp.path(),
        &["init", "-q", "--bare", path.to_str().unwrap()],
    );
    path
}

/// Makes the user's project a repository with an empty bare `origin`; returns the origin.
fn project_with_origin(env: &TestEnv) -> PathBuf {
    git_project(env);
    let origin = bare(env, "origin.git");
    git(
        &env.project,
        &["remote", "add", "origin", origin.to_str().unwrap()],
    );
    origin
}

/// Every ref of the repository at `dir` and where it points, and its `git status`.
fn git_state(dir: &Path) -> (String, String) {
    (
        git(dir, &["for-each-ref"]),
        git(dir, &["status", "--porcelain"]),
    )
}

#[test]
fn the_agent_cannot_move_the_users_refs_or_steer_the_push() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let origin = project_with_origin(&env);
    let exfil = bare(&env, "exfil.git");
    let marker = env.tmp.path().join("PWNED_PREPUSH");
    let before = git_state(&env.project);
    let user_git = root(&env).join(".git");
    let script = ATTACK
        .replace("USER_GIT", user_git.to_str().unwrap())
        .replace("EXFIL", exfil.to_str().unwrap())
        .replace("MARKER", marker.to_str().unwrap());
    config(&env, &mock, "");
    mount_discovery(&mock, "tidy-app");
    mock.push(call(
        "e1",
        "write_file",
        &json!({"file_path": "gen.py", "content": script}),
    ));
    mock.push(call("e2", "bash", &json!({"command": "python3 gen.py"})));
    mock.push(openai::text(REPORT));

    let report = tick(&env, &[], 0);

    // The sandbox's guard undoes the planted `commondir` after the command (the model is told),
    // so the cycle ends with its workspace still its own repository; had anything got past the
    // guard, every later git operation would refuse the workspace as tampered with.
    assert_eq!(report["outcome"], "executed", "{report}");
    let workspace = PathBuf::from(report["workspace"].as_str().unwrap());
    assert!(
        !workspace.join(".git/commondir").exists(),
        "the planted commondir is still there"
    );
    assert_eq!(
        git_state(&env.project),
        before,
        "the user's refs or index moved"
    );
    let plan = report["plan_id"].as_str().unwrap();
    let out = run_json(&env, &["apply", plan, "--push-branch", "feature"], 0);
    assert_eq!(
        out.json()["remote"],
        origin.to_str().unwrap(),
        "{}",
        out.stdout
    );
    assert!(!marker.exists(), "the attacker's pre-push hook ran");
    assert_eq!(git(&exfil, &["for-each-ref"]), "", "pushed to the attacker");
    // The workspace can still be discarded, and that touches nothing else.
    run_json(&env, &["discard", plan], 0);
    assert_eq!(git_state(&env.project), before);
}

#[test]
fn push_branch_pushes_the_change_to_origin_without_hooks() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let origin = project_with_origin(&env);
    let marker = env.tmp.path().join("PWNED_HOOK");
    let hook = env.project.join(".git/hooks/pre-push");
    env.write(&hook, &format!("#!/bin/sh\ntouch {}\n", marker.display()));
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&hook, executable).unwrap();
    let before = git_state(&env.project);
    config(&env, &mock, "");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    let report = tick(&env, &[], 0);
    assert_eq!(report["outcome"], "executed", "{report}");
    let plan = report["plan_id"].as_str().unwrap();

    let out = run_json(&env, &["apply", plan, "--push-branch", "feature"], 0);

    let pushed = out.json();
    assert_eq!(pushed["remote"], origin.to_str().unwrap(), "{pushed}");
    assert_eq!(
        git(&origin, &["show", "feature:app.txt"]),
        APP.replace("five", "FIVE")
    );
    assert_eq!(git(&origin, &["show", "feature:NOTES.md"]), "notes\n");
    assert!(!marker.exists(), "a hook ran during the push");
    assert_eq!(
        git_state(&env.project),
        before,
        "the user's refs or index moved"
    );
}

/// The user had changed a tracked file and left an untracked one when the plan was made: the
/// pushed branch is the plan's change on the user's HEAD, without either.
#[test]
fn push_branch_pushes_only_the_plans_change_not_the_users_uncommitted_files() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let origin = project_with_origin(&env);
    env.write(&env.project.join("README.md"), "# Project\nmy draft\n");
    env.write(&env.project.join("private.txt"), "not for the remote\n");
    config(&env, &mock, "");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    let report = tick(&env, &[], 0);
    assert_eq!(report["outcome"], "executed", "{report}");
    let plan = report["plan_id"].as_str().unwrap();

    run_json(&env, &["apply", plan, "--push-branch", "feature"], 0);

    let subjects = git(&origin, &["log", "--format=%s", "feature"]);
    assert_eq!(subjects.lines().count(), 2, "{subjects}");
    assert_eq!(subjects.lines().nth(1), Some("initial"), "{subjects}");
    assert_eq!(
        git(&origin, &["ls-tree", "-r", "--name-only", "feature"]),
        "NOTES.md\nREADME.md\napp.txt\n"
    );
    assert_eq!(git(&origin, &["show", "feature:README.md"]), "# Project\n");
    assert_eq!(
        git(&origin, &["show", "feature:app.txt"]),
        APP.replace("five", "FIVE")
    );
}

/// The plan changes a file the user had changed too: pushing it would push the user's change, so
/// the push is refused, naming the file, and nothing reaches the remote.
#[test]
fn push_branch_refuses_a_change_to_a_file_with_the_users_uncommitted_change() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let origin = project_with_origin(&env);
    env.write(&env.project.join("app.txt"), &APP.replace("one", "ONE"));
    config(&env, &mock, "");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    let report = tick(&env, &[], 0);
    assert_eq!(report["outcome"], "executed", "{report}");
    let plan = report["plan_id"].as_str().unwrap();

    let out = env
        .cmd()
        .args(["always-on", "apply", plan, "--push-branch", "feature"])
        .run(1);

    assert!(
        out.stderr.contains("`app.txt`") && out.stderr.contains("--patch"),
        "{}",
        out.stderr
    );
    assert_eq!(git(&origin, &["for-each-ref"]), "");
}

/// The executing agent swaps its workspace's `.git/index` for a link to the user's index: the
/// sandbox's guard removes the link after the command (a link where git writes); one that got there
/// anyway (planted here by the test, as a process the guard missed would) is refused by a later
/// push, which must not write the staged change through it into the user's repository.
#[test]
fn a_workspace_index_linked_to_the_users_is_refused_and_the_users_index_stays() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let origin = project_with_origin(&env);
    let user_index = root(&env).join(".git/index");
    let index_hash = || git(&env.project, &["hash-object", ".git/index"]);
    let index_before = index_hash();
    let before = git_state(&env.project);
    let script = format!(
        "import os\nos.remove('.git/index')\nos.symlink({:?}, '.git/index')\n",
        user_index.to_str().unwrap()
    );
    config(&env, &mock, "");
    mount_discovery(&mock, "link-index");
    mock.push(call(
        "e1",
        "write_file",
        &json!({"file_path": "gen.py", "content": script}),
    ));
    mock.push(call(
        "e2",
        "bash",
        &json!({"command": "sed -i 's/^five$/FIVE/' app.txt; python3 gen.py; rm gen.py"}),
    ));
    mock.push(openai::text(REPORT));

    let report = env
        .cmd()
        .args(["--json", "always-on", "tick"])
        .inner
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    let workspace = PathBuf::from(report["workspace"].as_str().unwrap());
    assert!(
        !workspace.join(".git/index").is_symlink(),
        "the guard left the agent's link: {report}"
    );
    std::fs::remove_file(workspace.join(".git/index")).ok();
    std::os::unix::fs::symlink(&user_index, workspace.join(".git/index")).unwrap();
    let plan = report["plan_id"].as_str().unwrap();
    let push = env
        .cmd()
        .args(["always-on", "apply", plan, "--push-branch", "feature"])
        .inner
        .output()
        .unwrap();

    assert_eq!(index_hash(), index_before, "the user's index was rewritten");
    assert_eq!(git_state(&env.project), before);
    assert_eq!(git(&origin, &["for-each-ref"]), "", "something was pushed");
    let stderr = String::from_utf8_lossy(&push.stderr);
    assert_eq!(push.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("tampered") && stderr.contains(".git/index` is a symbolic link"),
        "{stderr}"
    );
    // It can still be discarded, and that touches nothing of the user's.
    run_json(&env, &["discard", plan], 0);
    assert_eq!(index_hash(), index_before);
}
