//! The CLI frame: help, version, exit codes, colour rules, project identity, and the generated
//! completions and man pages being current.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod support;

use std::path::Path;

use support::TestEnv;

const SHELLS: &[(&str, &str)] = &[
    ("bash", "pilotdeck.bash"),
    ("zsh", "_pilotdeck"),
    ("fish", "pilotdeck.fish"),
    ("elvish", "pilotdeck.elv"),
    ("powershell", "_pilotdeck.ps1"),
];

fn repo(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Set `PILOTDECK_UPDATE_GENERATED=1` to rewrite the committed files instead of comparing.
fn updating() -> bool {
    std::env::var_os("PILOTDECK_UPDATE_GENERATED").is_some()
}

#[test]
fn committed_completions_are_current() {
    let env = TestEnv::new();
    for (shell, file) in SHELLS {
        let run = env.cmd().args(["completions", shell]).run(0);
        let path = repo("completions").join(file);
        if updating() {
            env.write(&path, &run.stdout);
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == run.stdout,
            "{} is stale: run `PILOTDECK_UPDATE_GENERATED=1 cargo nextest run --test cli` and commit",
            path.display()
        );
    }
}

#[test]
fn committed_man_pages_are_current() {
    let env = TestEnv::new();
    let out = env.tmp.path().join("man");
    let run = env.cmd().args(["man", "--out"]).arg_path(&out).run(0);
    assert_eq!(run.stdout.trim(), out.display().to_string());
    let mut generated: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    generated.sort();
    assert!(generated.contains(&"pilotdeck.1".to_owned()));
    assert!(generated.contains(&"pilotdeck-config-validate.1".to_owned()));
    let man = repo("man");
    for name in &generated {
        let fresh = std::fs::read_to_string(out.join(name)).unwrap();
        if updating() {
            env.write(&man.join(name), &fresh);
            continue;
        }
        let committed = std::fs::read_to_string(man.join(name)).unwrap_or_default();
        assert!(
            committed == fresh,
            "man/{name} is stale: run `PILOTDECK_UPDATE_GENERATED=1 cargo nextest run --test cli` and commit"
        );
    }
    if !updating() {
        let committed = std::fs::read_dir(&man).unwrap().count();
        assert_eq!(
            committed,
            generated.len(),
            "man/ holds a page for a command that no longer exists"
        );
    }
    let page = std::fs::read_to_string(out.join("pilotdeck.1")).unwrap();
    assert!(
        page.contains("130"),
        "the exit codes are documented in the man page"
    );
}

#[test]
fn help_is_stable() {
    let env = TestEnv::new();
    for args in [
        vec!["--help"],
        vec!["config", "--help"],
        vec!["config", "init", "--help"],
        vec!["config", "validate", "--help"],
        vec!["always-on", "--help"],
        vec!["always-on", "tick", "--help"],
        vec!["always-on", "apply", "--help"],
        vec!["cron", "--help"],
        vec!["cron", "add", "--help"],
        vec!["cron", "tick", "--help"],
        vec!["cron", "install", "--help"],
        vec!["doctor", "--help"],
        vec!["man", "--help"],
        vec!["chat", "--help"],
        vec!["session", "--help"],
        vec!["session", "list", "--help"],
        vec!["session", "search", "--help"],
        vec!["session", "rm", "--help"],
        vec!["router", "--help"],
        vec!["router", "decide", "--help"],
        vec!["router", "stats", "--help"],
        vec!["memory", "--help"],
        vec!["memory", "index", "--help"],
        vec!["memory", "recall", "--help"],
        vec!["mcp", "--help"],
        vec!["mcp", "add", "--help"],
        vec!["mcp", "call", "--help"],
    ] {
        let run = env.cmd().args(&args).run(0);
        assert!(run.stderr.is_empty());
        insta::assert_snapshot!(
            format!("help_{}", args.join("_").replace("--", "")),
            run.stdout
        );
    }
}

#[test]
fn version_prints_on_stdout() {
    let env = TestEnv::new();
    let run = env.cmd().arg_str("version").run(0);
    assert_eq!(
        run.stdout,
        format!("pilotdeck {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert!(run.stderr.is_empty());
    let json = env.cmd().args(["version", "--json"]).run(0).json();
    assert_eq!(json["version"], env!("CARGO_PKG_VERSION"));
    let run = env.cmd().arg_str("--version").run(0);
    assert_eq!(
        run.stdout,
        format!("pilotdeck {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn usage_errors_exit_2() {
    let env = TestEnv::new();
    let run = env.cmd().arg_str("no-such-command").run(2);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("unrecognized subcommand"));
    env.cmd().args(["config", "show", "--no-such-flag"]).run(2);
    env.cmd().args(["completions", "tcsh"]).run(2);
    let run = env
        .cmd()
        .args(["config", "show", "-C", "/no/such/dir"])
        .run(2);
    assert!(run.stderr.contains("/no/such/dir"), "{}", run.stderr);
}

#[test]
fn doctor_reports_and_fails_on_a_broken_config() {
    let env = TestEnv::new();
    env.config("agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {url: \"http://127.0.0.1:9/v1\"}}}\n");
    let run = env
        .cmd()
        .args(["doctor", "--json"])
        .env("OPENAI_API_KEY", "k")
        .run(0);
    let v = run.json();
    let names: Vec<&str> = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for n in [
        "config",
        "provider openai",
        "git",
        "node",
        "state.db",
        "permissions",
        "disk",
    ] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
    let provider = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "provider openai")
        .unwrap();
    assert_eq!(
        provider["status"], "warn",
        "key set but endpoint unreachable: {provider}"
    );

    let run = env.cmd().args(["doctor", "--json"]).run(1);
    let v = run.json();
    let provider = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "provider openai")
        .unwrap();
    assert_eq!(provider["status"], "fail");
    assert!(
        provider["detail"]
            .as_str()
            .unwrap()
            .contains("OPENAI_API_KEY")
    );

    // A provider no model uses: its missing key is a warning, and doctor passes.
    env.config("agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {url: \"http://127.0.0.1:9/v1\"}, other: {protocol: openai, url: \"http://127.0.0.1:9/v1\", apiKey: \"${PD_TEST_UNSET_KEY}\"}}}\n");
    let run = env
        .cmd()
        .args(["doctor", "--json"])
        .env("OPENAI_API_KEY", "k")
        .run(0);
    let other = run.json()["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "provider other")
        .cloned()
        .unwrap();
    assert_eq!(other["status"], "warn", "{other}");
    assert!(
        other["detail"]
            .as_str()
            .unwrap()
            .contains("no configured model uses"),
        "{other}"
    );

    env.config("agent: {model: nowhere/x}\nmodel: {providers: {openai: {}}}\n");
    let run = env.cmd().arg_str("doctor").run(1);
    assert!(run.stdout.contains("FAIL  config"), "{}", run.stdout);
    assert!(run.stdout.contains("pilotdeck.yaml:1:9"), "{}", run.stdout);
}

#[test]
fn doctor_checks_the_state_database_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    pilotdeck::store::open(&env.home.join("state.db")).unwrap();
    let v = env.cmd().args(["doctor", "--json"]).run(1).json();
    let db = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "state.db")
        .unwrap()
        .clone();
    assert_eq!(db["status"], "ok");
    assert!(db["detail"].as_str().unwrap().contains("quick_check"));
    std::fs::set_permissions(&env.home, std::fs::Permissions::from_mode(0o755)).unwrap();
    let v = env.cmd().args(["doctor", "--json"]).run(1).json();
    let perms = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "permissions")
        .unwrap()
        .clone();
    assert_eq!(perms["status"], "warn");
    // Corrupt the database file (and drop its log, which would otherwise still hold every page
    // written since the last checkpoint): doctor must say so.
    let _ = std::fs::remove_file(env.home.join("state.db-wal"));
    let _ = std::fs::remove_file(env.home.join("state.db-shm"));
    env.write(&env.home.join("state.db"), "this is not a database");
    let v = env.cmd().args(["doctor", "--json"]).run(1).json();
    let db = v["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "state.db")
        .unwrap()
        .clone();
    assert_eq!(db["status"], "fail", "{db}");
}

#[test]
fn colour_only_when_asked_and_never_with_no_color() {
    let env = TestEnv::new();
    env.config("agent: {model: nowhere/x}\nmodel: {providers: {openai: {}}}\n");
    let plain = env.cmd().arg_str("doctor").run(1);
    assert!(!plain.stdout.contains('\x1b'));
    let forced = env.cmd().args(["doctor", "--color", "always"]).run(1);
    assert!(forced.stdout.contains("\x1b[31m"));
    let run = env
        .cmd()
        .args(["config", "show"])
        .env("NO_COLOR", "1")
        .run(2);
    assert!(!run.stderr.contains('\x1b'));
}

#[test]
fn project_identity_is_stable_across_subdirs_and_symlinks() {
    let env = TestEnv::new();
    std::fs::create_dir_all(env.project.join("src/nested dir/ü")).unwrap();
    let link = env.tmp.path().join("link-to-project");
    std::os::unix::fs::symlink(&env.project, &link).unwrap();
    let a = env.cmd().args(["config", "path", "--json"]).run(0).json();
    let b = env
        .cmd()
        .args(["config", "path", "--json", "-C"])
        .arg_path(&link.join("src/nested dir/ü"))
        .run(0)
        .json();
    assert_eq!(a["project"]["key"], b["project"]["key"]);
    assert_eq!(
        a["project"]["root"],
        env.project.canonicalize().unwrap().display().to_string()
    );
    let key = a["project"]["key"].as_str().unwrap();
    assert!(
        key.starts_with("project-") && key.len() == "project-".len() + 10,
        "{key}"
    );
}

#[test]
fn doctor_warns_until_git_ignores_bare_repositories_in_a_project() {
    let env = TestEnv::new();
    env.config("agent: {model: openai/gpt-4.1}\nmodel: {providers: {openai: {url: \"http://127.0.0.1:9/v1\"}}}\n");
    let status = |env: &TestEnv| {
        let v = (env.cmd().args(["doctor", "--json"]))
            .env("OPENAI_API_KEY", "k")
            .run(0)
            .json();
        let check = (v["checks"].as_array().unwrap().iter())
            .find(|c| c["name"] == "git safe.bareRepository")
            .cloned()
            .unwrap_or_else(|| panic!("no bare-repository check in {v:#}"));
        check["status"].as_str().unwrap().to_owned()
    };
    assert_eq!(status(&env), "warn");
    // Git compares the value exactly: `Explicit` leaves bare repositories allowed.
    let gitconfig = env.user_home.join(".gitconfig");
    std::fs::write(&gitconfig, "[safe]\n\tbareRepository = Explicit\n").unwrap();
    assert_eq!(status(&env), "warn");
    std::fs::write(&gitconfig, "[safe]\n\tbareRepository = explicit\n").unwrap();
    assert_eq!(status(&env), "ok");
}
