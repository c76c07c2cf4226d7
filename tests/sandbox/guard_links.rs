//! The guard and symlinks (attacker round 3): a command swaps a project directory for a symlink
//! to a directory outside the project (Landlock allows it: the link is a file in the project).
//! The guard runs unsandboxed, so it must not list, delete or write anything through that link:
//! what lies outside stays as it was, and the link is moved out of the directory's place.

use std::path::{Path, PathBuf};

use super::guard::{git, init, repo, run_script};
use super::mock_model::MockModel;
use super::support::TestEnv;

/// A directory outside the project holding what a guard following links would touch: a config in
/// a `.pilotdeck/` (PilotHome's name) with state beside it, an instruction file, and two git
/// repositories (itself and `code/repo`).
fn outside(env: &TestEnv) -> PathBuf {
    let uh = env.tmp.path().join("uh");
    init(&uh, "outside");
    init(&uh.join("code/repo"), "other");
    env.write(&uh.join(".pilotdeck/pilotdeck.yaml"), "global: config\n");
    env.write(&uh.join(".pilotdeck/state.txt"), "state\n");
    env.write(&uh.join("AGENTS.md"), "mine\n");
    uh
}

/// `uh` as [`outside`] made it.
fn assert_intact(uh: &Path, results: &str) {
    let read = |p: &str| std::fs::read_to_string(uh.join(p)).unwrap_or_default();
    assert_eq!(
        read(".pilotdeck/pilotdeck.yaml"),
        "global: config\n",
        "{results}"
    );
    assert_eq!(read(".pilotdeck/state.txt"), "state\n", "{results}");
    assert_eq!(read("AGENTS.md"), "mine\n", "{results}");
    assert!(
        git(uh, &["log", "--format=%s"]).contains("outside"),
        "{results}"
    );
    assert!(
        git(&uh.join("code/repo"), &["log", "--format=%s"]).contains("other"),
        "{results}"
    );
}

fn assert_not_a_link(path: &Path, results: &str) {
    let meta = std::fs::symlink_metadata(path);
    assert!(
        !meta.is_ok_and(|m| m.file_type().is_symlink()),
        "{} is still a symlink: {results}",
        path.display()
    );
}

/// Break 1: `link/` swapped for `link -> ..` (the project's parent, holding the project and the
/// outside directory). A guard listing through it found "new" protected names there and removed
/// them: the outside config and instruction file, the other repositories' `.git`, and the
/// project's own `.git` (reached as `link/project/.git`).
#[test]
fn a_directory_swapped_for_a_link_is_not_searched_through() {
    let mock = MockModel::spawn();
    let env = repo(&mock);
    let uh = outside(&env);
    env.write(&env.project.join("link/keep.txt"), "x\n");
    let script = "import os, shutil\nshutil.rmtree('link')\nos.symlink('..', 'link')\n";
    let results = run_script(&mock, &env, script);
    assert!(results[1].contains("wrote"), "{}", results[1]);
    assert_intact(&uh, &results[1]);
    assert!(
        git(&env.project, &["log", "--format=%s"]).contains("init"),
        "the project's own .git was removed: {}",
        results[1]
    );
    assert_not_a_link(&env.project.join("link"), &results[1]);
    assert!(
        results[1].contains("could NOT undo the change to") && results[1].contains("link"),
        "{}",
        results[1]
    );
}

/// Break 2: `sub/` (a nested repository with a saved `sub/.pilotdeck/pilotdeck.yaml`) renamed
/// away and replaced by a link to the outside directory. A guard following it wrote the saved
/// config over the outside one, deleted what else was there, and swapped the outside `.git` for
/// the nested one. Now the link is moved aside and `sub/` rebuilt inside the project.
#[test]
fn a_saved_nested_config_is_not_put_back_through_a_swapped_parent() {
    let mock = MockModel::spawn();
    let env = repo(&mock);
    let uh = outside(&env);
    let sub = env.project.join("sub");
    init(&sub, "nested");
    env.write(&sub.join(".pilotdeck/pilotdeck.yaml"), "hostile: 1\n");
    let script = format!(
        "import os\nos.rename('sub', 'sub2')\nos.symlink('{}', 'sub')\n",
        uh.display()
    );
    let results = run_script(&mock, &env, &script);
    assert!(results[1].contains("wrote"), "{}", results[1]);
    assert_intact(&uh, &results[1]);
    assert_not_a_link(&sub, &results[1]);
    assert_eq!(
        std::fs::read_to_string(sub.join(".pilotdeck/pilotdeck.yaml")).unwrap_or_default(),
        "hostile: 1\n",
        "{}",
        results[1]
    );
    assert!(
        git(&sub, &["log", "--format=%s"]).contains("nested"),
        "{}",
        results[1]
    );
}
