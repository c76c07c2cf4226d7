//! `project.identity: remote` and `memory sync`: two PilotHomes (two machines) with clones of one
//! repository share notes through a bare git repository over `file://`, with the real binary, the
//! real `git` and the mock model for dream.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/memory.rs"]
mod memory_support;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use memory_support::{config_for, import_notes, json_reply, md_files, note};
use mock_model::MockModel;
use serde_json::{Value, json};
use support::TestEnv;

/// Runs `git ARGS` in `dir` and returns its stdout.
fn git(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A bare repository with one commit (the code repository both machines clone) and a bare empty
/// one for the notes, under `dir`: (code URL, notes URL).
fn remotes(dir: &Path) -> (String, String) {
    std::fs::create_dir_all(dir).unwrap();
    let init = ["-c", "init.defaultBranch=main", "init", "-q"];
    git(dir, &[&init[..], &["--bare", "code.git"]].concat());
    git(dir, &[&init[..], &["--bare", "notes.git"]].concat());
    let seed = dir.join("seed");
    git(dir, &[&init[..], &["seed"]].concat());
    std::fs::write(seed.join("README"), "code\n").unwrap();
    git(&seed, &["add", "README"]);
    git(
        &seed,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-qm",
            "seed",
        ],
    );
    let code = format!("file://{}", dir.join("code.git").display());
    git(&seed, &["push", "-q", &code, "HEAD:refs/heads/main"]);
    (code, format!("file://{}", dir.join("notes.git").display()))
}

/// A machine: a PilotHome whose project is a clone of `code`, keyed by the remote.
fn machine(mock: &MockModel, code: &str) -> TestEnv {
    let env = TestEnv::new();
    std::fs::remove_dir_all(&env.project).unwrap();
    git(
        env.tmp.path(),
        &["clone", "-q", code, env.project.to_str().unwrap()],
    );
    env.config(&format!(
        "{}project:\n  identity: remote\n",
        config_for(mock)
    ));
    env
}

/// Imports a note on building into `one` and one on deploying (its body `deploy`) into `two`.
fn a_note_each(one: &TestEnv, two: &TestEnv, deploy: &str) {
    let build = note(
        "project",
        "Build",
        "b",
        "2026-01-01T00:00:00Z",
        "Build with cargo xtask.",
    );
    import_notes(one, &[("Project/build.md", &build)]);
    let deploy = note("project", "Deploy", "d", "2026-01-01T00:00:00Z", deploy);
    import_notes(two, &[("Project/deploy.md", &deploy)]);
}

/// The project key `config path --json` reports for the current project of `env`.
fn key_of(env: &TestEnv) -> (String, Value) {
    let v = env.cmd().args(["config", "path", "--json"]).run(0).json();
    (
        v["project"]["key"].as_str().unwrap().to_owned(),
        v["project"].clone(),
    )
}

/// `Project/` of the project's workspace: file name → text.
fn project_notes(env: &TestEnv) -> BTreeMap<String, String> {
    let (key, _) = key_of(env);
    let dir = env.home.join("memory/workspaces").join(key).join("Project");
    md_files(&dir)
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

fn sync(env: &TestEnv, args: &[&str]) -> Value {
    env.cmd()
        .args(["memory", "sync", "--json"])
        .args(args)
        .run(0)
        .json()
}

fn actions(report: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = report["projects"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["changes"].as_array().unwrap().clone())
        .map(|c| {
            (
                c["path"].as_str().unwrap().to_owned(),
                c["action"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The notes `memory recall QUERY` finds, as `Project/<file>` (ids are relative to the memory root).
fn recalled(env: &TestEnv, query: &str) -> Vec<String> {
    let out = env
        .cmd()
        .args(["memory", "recall", query, "--json", "--offline"])
        .run(0)
        .json();
    out["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let id = n["id"].as_str().unwrap();
            format!("Project/{}", id.rsplit('/').next().unwrap())
        })
        .collect()
}

#[test]
fn remote_identity_maps_two_clones_to_one_project_and_their_memory() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let (code, _) = remotes(&env.tmp.path().join("remotes"));
    env.config(&format!(
        "{}project:\n  identity: remote\n",
        config_for(&mock)
    ));
    let (a, b) = (env.tmp.path().join("a"), env.tmp.path().join("b"));
    for dir in [&a, &b] {
        git(
            env.tmp.path(),
            &["clone", "-q", &code, dir.to_str().unwrap()],
        );
    }
    let path_of = |dir: &PathBuf| {
        env.cmd()
            .args(["config", "path", "--json", "-C"])
            .arg_path(dir)
            .run(0)
            .json()["project"]
            .clone()
    };
    let (pa, pb) = (path_of(&a), path_of(&b));
    assert_eq!(pa["identity"], "remote");
    assert_eq!(
        pa["remote"],
        format!("file{}/remotes/code", env.tmp.path().display())
    );
    assert_eq!(pa["key"], pb["key"]);
    assert_ne!(pa["root"], pb["root"]);
    assert!(pa["key"].as_str().unwrap().starts_with("code-"), "{pa}");

    // A note written from one clone is recalled from the other.
    let dir = env.tmp.path().join("import");
    env.write(
        &dir.join("Project/deploy.md"),
        &note(
            "project",
            "Deploy",
            "how",
            "2026-01-01T00:00:00Z",
            "Deploy with helm charts.",
        ),
    );
    env.cmd()
        .args(["memory", "import"])
        .arg_path(&dir)
        .arg_str("--project")
        .arg_path(&a)
        .run(0);
    let out = env
        .cmd()
        .args([
            "memory",
            "recall",
            "helm",
            "--json",
            "--offline",
            "--project",
        ])
        .arg_path(&b)
        .run(0)
        .json();
    let id = out["notes"][0]["id"].as_str().unwrap();
    assert!(id.ends_with("/Project/deploy.md"), "{out}");

    // No origin: the path stands in, with a warning.
    let lone = env.tmp.path().join("lone");
    git(env.tmp.path(), &["init", "-q", lone.to_str().unwrap()]);
    let run = env
        .cmd()
        .args(["config", "path", "--json", "-C"])
        .arg_path(&lone)
        .run(0);
    let v = run.json();
    assert_eq!(v["project"]["identity"], "path_fallback");
    assert!(run.stderr.contains("no `origin` remote"), "{}", run.stderr);
    // The default is unchanged: the path.
    env.config(&config_for(&mock));
    let (pa, pb) = (path_of(&a), path_of(&b));
    assert_eq!(pa["identity"], "path");
    assert_ne!(pa["key"], pb["key"]);
}

#[test]
fn two_homes_sync_notes_both_ways_and_deletions_follow() {
    let mock = MockModel::spawn();
    let shared = tempfile::tempdir().unwrap();
    let (code, notes) = remotes(shared.path());
    let (one, two) = (machine(&mock, &code), machine(&mock, &code));
    assert_eq!(key_of(&one).0, key_of(&two).0);
    a_note_each(&one, &two, "Deploy with helm charts.");

    let first = sync(&one, &["--remote", &notes]);
    assert_eq!(first["pushed"], true);
    // The local notes repository is private, as PilotHome is.
    let mode = std::os::unix::fs::PermissionsExt::mode(
        &std::fs::metadata(one.home.join("memory/sync.git"))
            .unwrap()
            .permissions(),
    );
    assert_eq!(mode & 0o777, 0o700);
    assert_eq!(
        actions(&first),
        [("Project/build.md".into(), "pushed".into())]
    );
    let second = sync(&two, &["--remote", &notes]);
    assert_eq!(
        actions(&second),
        [
            ("Project/build.md".into(), "pulled".into()),
            ("Project/deploy.md".into(), "pushed".into())
        ]
    );
    // The remote is remembered; the index follows the files.
    let third = sync(&one, &[]);
    assert_eq!(
        actions(&third),
        [("Project/deploy.md".into(), "pulled".into())]
    );
    assert_eq!(recalled(&one, "helm"), ["Project/deploy.md"]);
    assert_eq!(project_notes(&one), project_notes(&two));
    let (key, _) = key_of(&one);
    let catalog = std::fs::read_to_string(
        one.home
            .join("memory/workspaces")
            .join(&key)
            .join("MEMORY.md"),
    )
    .unwrap();
    assert!(catalog.contains("(Project/deploy.md)"), "{catalog}");
    assert!(actions(&sync(&one, &[])).is_empty());
    // The notes repository is not a leftover stage to `doctor --deep`.
    let mut doctor = one.cmd().args(["--json", "doctor", "--deep"]).inner;
    let report = String::from_utf8(doctor.output().unwrap().stdout).unwrap();
    assert!(
        report.contains("\"checks\"") || report.contains('{'),
        "{report}"
    );
    assert!(!report.contains("sync"), "{report}");

    // A note deleted on one machine goes on the other.
    let ws_two = two.home.join("memory/workspaces").join(&key);
    std::fs::remove_file(ws_two.join("Project/build.md")).unwrap();
    assert_eq!(
        actions(&sync(&two, &[])),
        [("Project/build.md".into(), "deleted_there".into())]
    );
    assert_eq!(
        actions(&sync(&one, &[])),
        [("Project/build.md".into(), "deleted_here".into())]
    );
    assert!(recalled(&one, "xtask").is_empty());
    assert_eq!(
        project_notes(&one).keys().collect::<Vec<_>>(),
        ["deploy.md"]
    );

    // `--all`: another project's notes travel too, to a machine that never had that project.
    let other = one.tmp.path().join("other");
    git(one.tmp.path(), &["init", "-q", other.to_str().unwrap()]);
    let dir = one.tmp.path().join("other-notes");
    one.write(
        &dir.join("Project/lint.md"),
        &note(
            "project",
            "Lint",
            "l",
            "2026-01-01T00:00:00Z",
            "Lint with clippy pedantic.",
        ),
    );
    one.cmd()
        .args(["memory", "import"])
        .arg_path(&dir)
        .arg_str("--project")
        .arg_path(&other)
        .run(0);
    assert!(actions(&sync(&one, &[])).is_empty(), "not this project's");
    assert_eq!(
        actions(&sync(&one, &["--all"])),
        [("Project/lint.md".into(), "pushed".into())]
    );
    // A sync of one project leaves the others alone, and a later `--all` does not take their
    // absence here for a deletion.
    assert!(actions(&sync(&two, &[])).is_empty());
    let pulled = sync(&two, &["--all"]);
    assert_eq!(
        actions(&pulled),
        [("Project/lint.md".into(), "pulled".into())]
    );
    let out = two
        .cmd()
        .args([
            "memory",
            "recall",
            "pedantic",
            "--all",
            "--json",
            "--offline",
        ])
        .run(0)
        .json();
    assert!(
        out["notes"][0]["id"]
            .as_str()
            .unwrap()
            .ends_with("/Project/lint.md"),
        "{out}"
    );
}

#[test]
fn a_note_changed_on_both_sides_is_kept_twice_and_merged_by_the_next_dream() {
    let mock = MockModel::spawn();
    let shared = tempfile::tempdir().unwrap();
    let (code, notes) = remotes(shared.path());
    let (one, two) = (machine(&mock, &code), machine(&mock, &code));
    let base = note(
        "project",
        "Build",
        "b",
        "2026-01-01T00:00:00Z",
        "Build with make.",
    );
    import_notes(&one, &[("Project/build.md", &base)]);
    sync(&one, &["--remote", &notes]);
    sync(&two, &["--remote", &notes]);
    // A dream with nothing to merge (one note), so the next `--if-due` counts from it.
    two.cmd().args(["memory", "dream"]).run(0);
    let (key, _) = key_of(&one);
    let edit = |env: &TestEnv, updated: &str, body: &str| {
        let path = env
            .home
            .join("memory/workspaces")
            .join(&key)
            .join("Project/build.md");
        env.write(&path, &note("project", "Build", "b", updated, body));
    };
    edit(&one, "2026-03-01T00:00:00Z", "Build with cargo xtask dist.");
    edit(
        &two,
        "2026-02-01T00:00:00Z",
        "Build with make -j8 on CI runners.",
    );
    sync(&one, &[]);
    let report = sync(&two, &[]);
    let change = &report["projects"][0]["changes"][0];
    assert_eq!(change["action"], "kept_both", "{report}");
    let older = change["older"].as_str().unwrap().to_owned();
    assert!(older.starts_with("Project/build.conflict-"), "{older}");

    let here = project_notes(&two);
    assert!(
        here["build.md"].contains("cargo xtask dist"),
        "the newer version wins the path"
    );
    let kept = &here[older.strip_prefix("Project/").unwrap()];
    assert!(
        kept.contains("make -j8")
            && kept.contains("deprecated: true")
            && kept.contains("superseded_by: Project/build.md")
            && kept.contains("sync_conflict: true"),
        "{kept}"
    );
    // Recall sees one note, the newer one.
    assert!(recalled(&two, "runners").is_empty());
    assert_eq!(recalled(&two, "xtask"), ["Project/build.md"]);
    // Both machines hold both versions.
    sync(&one, &[]);
    assert_eq!(project_notes(&one), here);

    // The next dream is offered the pair, marked, and merges it; it is due for the pair alone
    // (neither version is newer than the last dream), once the interval has passed.
    let db = rusqlite::Connection::open(two.home.join("state.db")).unwrap();
    let past = (chrono::Utc::now() - chrono::Duration::hours(2)).to_rfc3339();
    let aged = db
        .execute(
            "UPDATE memory_state SET value = ?1 WHERE key = 'last_dream_at'",
            [&past],
        )
        .unwrap();
    assert_eq!(aged, 1);
    drop(db);
    mock.push(json_reply(&json!({
        "merges": [{"ids": ["Project/build.md", older], "name": "Build", "description": "b",
                    "body": "Build with cargo xtask dist; CI runners use make -j8."}],
        "supersede": []
    })));
    let dreamed = two
        .cmd()
        .args(["memory", "dream", "--if-due", "--json"])
        .run(0)
        .json();
    assert_eq!(dreamed["due"], true, "{dreamed}");
    assert_eq!(dreamed["changed"], true, "{dreamed}");
    assert!(
        dreamed["rejected"].as_array().unwrap().is_empty(),
        "{dreamed}"
    );
    let asked = mock.requests().last().unwrap().body.to_string();
    assert!(
        asked.contains("sync_conflict_with") && asked.contains(&older),
        "{asked}"
    );
    let merged = project_notes(&two);
    assert!(merged["build.md"].contains("CI runners use make -j8"));
    let kept = &merged[older.strip_prefix("Project/").unwrap()];
    assert!(
        kept.contains("deprecated: true") && !kept.contains("sync_conflict"),
        "{kept}"
    );
    assert_eq!(recalled(&two, "runners"), ["Project/build.md"]);
    // And the merge reaches the other machine.
    sync(&two, &[]);
    sync(&one, &[]);
    assert_eq!(project_notes(&one)["build.md"], merged["build.md"]);
}

#[test]
fn a_dry_run_reports_and_changes_nothing() {
    let mock = MockModel::spawn();
    let shared = tempfile::tempdir().unwrap();
    let (code, notes) = remotes(shared.path());
    let (one, two) = (machine(&mock, &code), machine(&mock, &code));
    a_note_each(&one, &two, "Deploy with helm.");
    sync(&one, &["--remote", &notes]);
    let remote_head = git(shared.path(), &["ls-remote", &notes]);
    let before = project_notes(&two);
    let dry = sync(&two, &["--remote", &notes, "--dry-run"]);
    assert_eq!(dry["dry_run"], true);
    assert_eq!(dry["pushed"], false);
    assert_eq!(
        actions(&dry),
        [
            ("Project/build.md".into(), "pulled".into()),
            ("Project/deploy.md".into(), "pushed".into())
        ]
    );
    assert_eq!(project_notes(&two), before);
    assert_eq!(git(shared.path(), &["ls-remote", &notes]), remote_head);
    assert!(recalled(&two, "xtask").is_empty());
    // Not even the remote was remembered.
    let forgot = two.cmd().args(["memory", "sync"]).run(1);
    assert!(forgot.stderr.contains("--remote URL"), "{}", forgot.stderr);
    let text = two
        .cmd()
        .args(["memory", "sync", "--dry-run", "--remote", &notes])
        .run(0);
    assert!(
        text.stdout.contains("/Project/build.md: pulled")
            && text
                .stdout
                .contains("dry run: 2 note change(s) would be made"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_second_sync_waits_for_the_first() {
    let mock = MockModel::spawn();
    let shared = tempfile::tempdir().unwrap();
    let (code, notes) = remotes(shared.path());
    let one = machine(&mock, &code);
    import_notes(
        &one,
        &[(
            "Project/build.md",
            &note(
                "project",
                "Build",
                "b",
                "2026-01-01T00:00:00Z",
                "Build with cargo.",
            ),
        )],
    );
    // Stand in for a running sync: hold its lock.
    let lock_path = one.home.join("memory/.sync.lock");
    std::fs::create_dir_all(lock_path.parent().unwrap()).unwrap();
    let lock = std::fs::File::create(&lock_path).unwrap();
    lock.lock().unwrap();
    let mut child = one.spawn(&["memory", "sync", "--json", "--remote", &notes]);
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("another memory sync is running") {
        line.clear();
        assert_ne!(
            stderr.read_line(&mut line).unwrap(),
            0,
            "stderr ended first"
        );
    }
    assert!(child.try_wait().unwrap().is_none());
    assert!(
        git(shared.path(), &["ls-remote", &notes]).is_empty(),
        "nothing pushed yet"
    );
    lock.unlock().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["pushed"], true);
    assert!(!git(shared.path(), &["ls-remote", &notes]).is_empty());
}

#[test]
fn a_sync_killed_at_any_point_leaves_the_notes_old_or_new_never_torn() {
    let mock = MockModel::spawn();
    let shared = tempfile::tempdir().unwrap();
    let (code, notes) = remotes(shared.path());
    let (one, two) = (machine(&mock, &code), machine(&mock, &code));
    let many = |prefix: &str, count: usize| -> Vec<(String, String)> {
        (0..count)
            .map(|i| {
                let name = format!("{prefix} {i}");
                (
                    format!("Project/{prefix}-{i}.md"),
                    note(
                        "project",
                        &name,
                        "n",
                        "2026-01-01T00:00:00Z",
                        &format!("{name} body."),
                    ),
                )
            })
            .collect()
    };
    let (theirs, ours) = (many("theirs", 120), many("ours", 30));
    let import = |env: &TestEnv, notes: &[(String, String)]| {
        let pairs: Vec<(&str, &str)> = notes
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        import_notes(env, &pairs);
    };
    import(&two, &theirs);
    sync(&two, &["--remote", &notes]);
    import(&one, &ours);
    let old = project_notes(&one);
    let names = |m: &BTreeMap<String, String>| m.keys().cloned().collect::<Vec<_>>();
    let mut new_names: Vec<String> = (theirs.iter().chain(&ours))
        .map(|(p, _)| p.strip_prefix("Project/").unwrap().to_owned())
        .collect();
    new_names.sort();

    // Kill syncs after a growing delay until one gets through; after every kill the notes are
    // exactly the old set or exactly the merged one.
    let mut kills = 0;
    let mut delay_ms = 0u64;
    for _ in 0..100 {
        let mut child = one.spawn(&["memory", "sync", "--remote", &notes]);
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        delay_ms = (delay_ms * 4 / 3).max(delay_ms + 3);
        let finished = child.try_wait().unwrap().is_some();
        if !finished {
            child.kill().unwrap();
            kills += 1;
        }
        let out = child.wait_with_output().unwrap();
        if finished {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let now = project_notes(&one);
        if now == old {
            assert!(!finished, "a finished sync changed nothing");
            continue;
        }
        assert_eq!(
            names(&now),
            new_names,
            "after {kills} kill(s): a torn set of notes"
        );
        for (path, text) in theirs.iter().chain(&ours) {
            assert_eq!(&now[path.strip_prefix("Project/").unwrap()], text);
        }
        break;
    }
    assert!(kills > 0, "no sync was killed midway");
    // Whatever the kills left, the next sync completes and both machines agree. (The remote is
    // remembered only once a sync finished, so it is given again.)
    sync(&one, &["--remote", &notes]);
    sync(&two, &[]);
    assert_eq!(names(&project_notes(&one)), new_names);
    assert_eq!(project_notes(&one), project_notes(&two));
    let listed = one.cmd().args(["memory", "list", "--json"]).run(0).json();
    assert_eq!(listed.as_array().unwrap().len(), new_names.len());
}
