//! The memory lifecycle commands: list, show, deprecate, restore, export, import, stats.
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

use memory_support::{import_notes, note};
use serde_json::Value;
use support::TestEnv;

#[test]
fn lifecycle_deprecate_restore_show_and_export_import_round_trip() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    import_notes(
        &env,
        &[
            (
                "Project/build.md",
                &note(
                    "project",
                    "Build",
                    "how to build",
                    "2026-01-01T00:00:00Z",
                    "Run cargo build.",
                ),
            ),
            (
                "Feedback/style.md",
                &note(
                    "feedback",
                    "Style",
                    "answer tersely",
                    "2026-01-01T00:00:00Z",
                    "Keep answers short.",
                ),
            ),
            (
                "User/me.md",
                &note(
                    "user",
                    "Role",
                    "backend engineer",
                    "2026-01-01T00:00:00Z",
                    "Works on the API.",
                ),
            ),
        ],
    );
    let list = env
        .cmd()
        .args(["memory", "list", "--type", "feedback"])
        .run(0);
    assert!(
        list.stdout.contains("[feedback] Style — answer tersely"),
        "{}",
        list.stdout
    );
    let show = env.cmd().args(["memory", "show", "build"]).run(0);
    assert!(show.stdout.contains("Run cargo build."));
    env.cmd().args(["memory", "deprecate", "Build"]).run(0);
    let recall = env
        .cmd()
        .args(["memory", "recall", "cargo build", "--json"])
        .run(0)
        .json();
    assert!(recall["notes"].as_array().unwrap().is_empty());
    env.cmd().args(["memory", "restore", "build"]).run(0);
    let recall = env
        .cmd()
        .args(["memory", "recall", "cargo build", "--json"])
        .run(0)
        .json();
    assert_eq!(recall["notes"][0]["name"], "Build");
    let stats = env.cmd().args(["memory", "stats", "--json"]).run(0).json();
    assert_eq!(
        (
            &stats["project_notes"],
            &stats["feedback_notes"],
            &stats["user_notes"]
        ),
        (&Value::from(1), &Value::from(1), &Value::from(1)),
        "{stats}"
    );
    let profile = std::fs::read_to_string(env.home.join("memory/global/profile.md")).unwrap();
    assert!(profile.contains("Role — backend engineer"), "{profile}");
    let missing = env
        .cmd()
        .args(["memory", "show", "nothing-like-this"])
        .run(1);
    assert!(missing.stderr.contains("not found"), "{}", missing.stderr);

    let bundle_path = env.tmp.path().join("bundle.json");
    env.cmd()
        .args(["memory", "export", "--out"])
        .arg_path(&bundle_path)
        .run(0);
    let other = env.tmp.path().join("other");
    std::fs::create_dir_all(other.join(".git")).unwrap();
    env.cmd()
        .args(["memory", "import"])
        .arg_path(&bundle_path)
        .args(["--project"])
        .arg_path(&other)
        .run(0);
    let exported = env
        .cmd()
        .args(["memory", "export", "--project"])
        .arg_path(&other)
        .run(0)
        .json();
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(&bundle_path).unwrap()).unwrap();
    let files = |b: &Value| -> Vec<(String, String)> {
        b["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["path"] != "project.meta.md")
            .map(|f| {
                (
                    f["path"].as_str().unwrap().to_owned(),
                    f["content"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(files(&exported), files(&original));
    assert_eq!(files(&original).len(), 3);
}

#[test]
fn import_is_staged_so_a_failing_import_changes_nothing() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    import_notes(
        &env,
        &[(
            "Project/build.md",
            &note(
                "project",
                "Build",
                "how to build",
                "2026-01-01T00:00:00Z",
                "Run cargo build.",
            ),
        )],
    );
    let ws = memory_support::workspace(&env);
    let before = memory_support::read_tree(&ws);
    // A directory where the import wants to write a note: the second write fails.
    std::fs::create_dir_all(ws.join("Project/zz.md")).unwrap();
    let dir = env.tmp.path().join("more");
    env.write(
        &dir.join("Project/aa.md"),
        &note(
            "project",
            "Lint",
            "lint",
            "2026-01-02T00:00:00Z",
            "Run clippy.",
        ),
    );
    env.write(
        &dir.join("Project/zz.md"),
        &note("project", "Zed", "z", "2026-01-02T00:00:00Z", "Last."),
    );
    let failed = env
        .cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(1);
    assert!(
        failed.stderr.contains("while importing"),
        "{}",
        failed.stderr
    );
    assert!(
        !ws.join("Project/aa.md").exists(),
        "nothing of the import is live"
    );
    assert_eq!(memory_support::read_tree(&ws), before);
    assert_eq!(memory_support::leftovers(&env, ".import-"), 0);

    std::fs::remove_dir(ws.join("Project/zz.md")).unwrap();
    env.cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(0);
    assert!(ws.join("Project/aa.md").is_file() && ws.join("Project/zz.md").is_file());
    let catalog = std::fs::read_to_string(ws.join("MEMORY.md")).unwrap();
    assert!(catalog.contains("(Project/aa.md)"), "{catalog}");
    assert_eq!(memory_support::leftovers(&env, ".import-"), 0);
}

/// `memory import DIR` takes only the folder's own files: a note that is a symlink (to
/// `~/.ssh/id_rsa`) is skipped with a warning, and a folder in a hidden location is refused.
#[test]
fn import_skips_symlinked_notes_and_refuses_hidden_folders() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    env.write(&env.user_home.join(".ssh/id_rsa"), "PRIVATE-KEY-MATERIAL");
    let dir = env.tmp.path().join("notes2");
    env.write(
        &dir.join("Project/build.md"),
        &note(
            "project",
            "Build",
            "how to build",
            "2026-01-01T00:00:00Z",
            "Run make.",
        ),
    );
    std::os::unix::fs::symlink(
        env.user_home.join(".ssh/id_rsa"),
        dir.join("Project/key.md"),
    )
    .unwrap();
    let run = env
        .cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .run(0);
    assert!(run.stderr.contains("symbolic link"), "{}", run.stderr);
    let ws = memory_support::workspace(&env);
    assert!(ws.join("Project/build.md").is_file());
    assert!(
        !ws.join("Project/key.md").exists(),
        "the symlink became a note"
    );
    for (name, text) in memory_support::read_tree(&ws) {
        assert!(!text.contains("PRIVATE-KEY-MATERIAL"), "{name}");
    }

    let hidden = env.user_home.join(".ssh/notes");
    env.write(
        &hidden.join("Project/n.md"),
        &note("project", "N", "n", "2026-01-01T00:00:00Z", "Hidden."),
    );
    let failed = env
        .cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&hidden)
        .run(1);
    assert!(
        failed.stderr.contains("hidden location"),
        "{}",
        failed.stderr
    );
}

/// One bad file in a folder of notes loses nothing else: a note that is not UTF-8 and a `.md` FIFO
/// are skipped with a warning naming each (the import neither aborts nor hangs), and a note whose
/// frontmatter is broken is imported as text with a warning naming the error.
#[test]
fn import_skips_unreadable_notes_and_warns_about_broken_frontmatter() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    let dir = env.tmp.path().join("notes3");
    env.write(
        &dir.join("Project/build.md"),
        &note(
            "project",
            "Build",
            "how to build",
            "2026-01-01T00:00:00Z",
            "Run make.",
        ),
    );
    env.write(
        &dir.join("Project/broken.md"),
        "---\nname: [unclosed\ntype: project\n---\n\nDeploy with ansible.\n",
    );
    std::fs::write(dir.join("Project/latin1.md"), b"caf\xe9 notes\n").unwrap();
    let fifo = dir.join("Project/pipe.md");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let run = env
        .cmd()
        .arg_str("memory")
        .arg_str("import")
        .arg_path(&dir)
        .arg_str("--json")
        .run(0);
    for name in ["latin1.md", "pipe.md"] {
        assert!(
            run.stderr
                .lines()
                .any(|l| l.contains("skipping") && l.contains(name)),
            "{name}: {}",
            run.stderr
        );
    }
    assert!(run.stderr.contains("not UTF-8"), "{}", run.stderr);
    assert!(
        run.stderr
            .lines()
            .any(|l| l.contains("broken.md") && l.contains("frontmatter could not be read")),
        "{}",
        run.stderr
    );
    let report = run.json();
    let imported: Vec<&str> = report["imported"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(imported, ["Project/broken.md", "Project/build.md"]);
    assert_eq!(report["skipped"].as_array().unwrap().len(), 2, "{report}");
    let ws = memory_support::workspace(&env);
    assert!(ws.join("Project/build.md").is_file());
    let broken = std::fs::read_to_string(ws.join("Project/broken.md")).unwrap();
    assert!(broken.contains("Deploy with ansible."), "{broken}");
}
