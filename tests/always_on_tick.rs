//! `pilotdeck always-on tick` end to end on real git repositories with the mock model: the full
//! discover → worktree → execute → report path, review (plans, show, diff), apply (clean, merged,
//! conflicting), discard, and snapshot mode for a directory that is not a repository.
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

use std::path::PathBuf;

use always_on_common::*;
use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A git project with uncommitted work, and one tick that executes a plan. Returns the tick's JSON.
fn executed_tick(env: &TestEnv, mock: &MockModel) -> Value {
    git_project(env);
    env.write(&env.project.join("README.md"), "# Project\nlocal edit\n");
    env.write(&env.project.join("staged.txt"), "staged\n");
    git(&env.project, &["add", "staged.txt"]);
    env.write(&env.project.join("scratch.txt"), "untracked\n");
    config(env, mock, "");
    mount_discovery(mock, "upper-five");
    mount_execution(mock);
    let report = tick(env, &[], 0);
    assert_eq!(report["outcome"], "executed", "{report}");
    report
}

#[test]
fn a_full_tick_changes_only_the_worktree_and_reports() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    // Snapshot the user's tree (and index) right before the tick, after the dirty state is made.
    git_project(&env);
    env.write(&env.project.join("README.md"), "# Project\nlocal edit\n");
    env.write(&env.project.join("staged.txt"), "staged\n");
    git(&env.project, &["add", "staged.txt"]);
    env.write(&env.project.join("scratch.txt"), "untracked\n");
    config(&env, &mock, "");
    mount_discovery(&mock, "Upper Five");
    mount_execution(&mock);
    let before = tree(&env.project);
    let status_before = git(&env.project, &["status", "--porcelain"]);

    let report = tick(&env, &[], 0);

    assert_eq!(report["outcome"], "executed", "{report}");
    assert!(report.get("error").is_none(), "{report}");
    assert_eq!(
        tree(&env.project),
        before,
        "the user's files or index changed"
    );
    assert_eq!(git(&env.project, &["status", "--porcelain"]), status_before);
    let ws = PathBuf::from(report["workspace"].as_str().unwrap());
    assert!(ws.starts_with(env.home.canonicalize().unwrap()) || ws.starts_with(&env.home));
    assert_eq!(read(ws.join("app.txt")), APP.replace("five", "FIVE"));
    assert_eq!(read(ws.join("NOTES.md")), "notes\n");
    assert_eq!(read(ws.join("README.md")), "# Project\nlocal edit\n");
    assert_eq!(read(ws.join("staged.txt")), "staged\n");
    assert_eq!(read(ws.join("scratch.txt")), "untracked\n");
    // The workspace is a repository of its own on the cycle's branch; the user's has no new branch.
    let branch = git(&ws, &["branch", "--show-current"]);
    assert!(branch.starts_with("always-on/"), "{branch}");
    assert_eq!(git(&env.project, &["branch", "--list", "always-on/*"]), "");

    let plan_id = report["plan_id"].as_str().unwrap();
    let plan = read(always_on_dir(&env).join(format!("plans/{plan_id}.md")));
    assert!(
        plan.starts_with("# Upper-case the last line\n\n> Always-On Plan\n"),
        "{plan}"
    );
    assert!(plan.contains("> dedupe key: upper-five\n"), "{plan}");
    assert!(plan.contains("## Execution Steps\n\n1. edit app.txt\n2. write NOTES.md\n"));
    let report_md = read(PathBuf::from(report["report"].as_str().unwrap()));
    assert!(report_md.contains("> Always-On Run Report"), "{report_md}");
    assert!(
        report_md.contains("## Verification Results\n\nFIVE found"),
        "{report_md}"
    );
    let files = report_md.split("## Files Changed").nth(1).unwrap();
    let files = files.split("## Command Output").next().unwrap();
    assert!(
        files.contains("app.txt") && files.contains("NOTES.md"),
        "{files}"
    );
    assert!(
        !files.contains("README.md") && !files.contains("scratch.txt"),
        "{files}"
    );

    let requests = mock.requests();
    assert_eq!(requests.len(), 5);
    assert!(
        requests[0]
            .tool_names()
            .contains(&"always_on_plan".to_owned())
    );
    assert!(
        !requests[2]
            .tool_names()
            .contains(&"always_on_plan".to_owned())
    );
    let exec_prompt = requests[2].last_user_text().unwrap();
    assert!(exec_prompt.contains(ws.to_str().unwrap()), "{exec_prompt}");
    assert!(
        exec_prompt.contains("> dedupe key: upper-five"),
        "{exec_prompt}"
    );

    assert_eq!(
        phases(&env),
        [
            "run_started",
            "discovery_started",
            "plan_produced",
            "workspace_started",
            "workspace_ready",
            "execution_started",
            "execution_completed",
            "report_started",
            "report_produced",
            "run_completed"
        ]
    );
    let dir = always_on_dir(&env);
    let run_id = report["run_id"].as_str().unwrap();
    assert!(dir.join(format!("runs/{run_id}.discover.jsonl")).exists());
    assert!(read(dir.join(format!("runs/{run_id}.execute.jsonl"))).contains("sed -i"));

    let plans = run_json(&env, &["plans"], 0).json();
    assert_eq!(plans[0]["id"], plan_id);
    assert_eq!(plans[0]["status"], "completed");
    let diff = env
        .cmd()
        .args(["always-on", "diff", &plan_id[..12]])
        .run(0)
        .stdout;
    assert!(diff.contains("-five\n+FIVE\n"), "{diff}");
    assert!(diff.contains("+++ b/NOTES.md"), "{diff}");
    assert!(
        !diff.contains("local edit") && !diff.contains("scratch"),
        "{diff}"
    );
    let shown = env.cmd().args(["always-on", "show", plan_id]).run(0).stdout;
    assert!(shown.contains("## Proposed Change") && shown.contains("Work Report"));
    assert!(shown.contains("2 files changed"), "{shown}");
}

#[test]
fn apply_brings_the_change_in_and_merges_a_separate_local_edit() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let report = executed_tick(&env, &mock);
    let plan = report["plan_id"].as_str().unwrap();
    // The user goes on working: line one changes (the agent changed line five).
    env.write(&env.project.join("app.txt"), &APP.replace("one", "ONE"));
    let index_before = std::fs::read(env.project.join(".git/index")).unwrap();

    let dry = run_json(&env, &["apply", plan, "--dry-run"], 0).json();
    assert_eq!(
        dry["result"]["applied"],
        serde_json::json!(["NOTES.md", "app.txt"])
    );
    assert!(!env.project.join("NOTES.md").exists());

    let applied = env.cmd().args(["always-on", "apply", plan]).run(0);
    assert!(
        applied.stdout.contains("merged  app.txt"),
        "{}",
        applied.stdout
    );
    assert!(
        applied.stdout.contains("added  NOTES.md"),
        "a file the agent added: {}",
        applied.stdout
    );
    assert_eq!(
        read(env.project.join("app.txt")),
        "ONE\ntwo\nthree\nfour\nFIVE\n"
    );
    assert_eq!(read(env.project.join("NOTES.md")), "notes\n");
    assert_eq!(
        read(env.project.join("README.md")),
        "# Project\nlocal edit\n"
    );
    assert_eq!(
        std::fs::read(env.project.join(".git/index")).unwrap(),
        index_before
    );
    let plans = run_json(&env, &["plans"], 0).json();
    assert_eq!(plans[0]["status"], "applied");
    assert!(phases(&env).ends_with(&["apply_started".to_owned(), "apply_completed".to_owned()]));
    // An applied workspace cannot be applied again.
    let again = env.cmd().args(["always-on", "apply", plan]).run(2);
    assert!(again.stderr.contains("applied"), "{}", again.stderr);
}

#[test]
fn apply_with_a_conflicting_local_edit_applies_nothing() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let report = executed_tick(&env, &mock);
    let plan = report["plan_id"].as_str().unwrap();
    let mine = APP.replace("five", "five, mine");
    env.write(&env.project.join("app.txt"), &mine);
    let before = tree(&env.project);

    let run = env.cmd().args(["always-on", "apply", plan]).run(1);

    assert!(run.stdout.contains("conflict  app.txt"), "{}", run.stdout);
    assert!(run.stderr.contains("nothing was applied"), "{}", run.stderr);
    assert_eq!(tree(&env.project), before);
    assert!(!env.project.join("NOTES.md").exists());
    assert_eq!(phases(&env).last().unwrap(), "apply_conflict");
    // The workspace stays active: after the user reverts the edit, apply works.
    env.write(&env.project.join("app.txt"), APP);
    env.cmd().args(["always-on", "apply", plan]).run(0);
    assert_eq!(
        read(env.project.join("app.txt")),
        APP.replace("five", "FIVE")
    );
}

#[test]
fn discard_removes_the_workspace() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let report = executed_tick(&env, &mock);
    let plan = report["plan_id"].as_str().unwrap();
    let ws = PathBuf::from(report["workspace"].as_str().unwrap());
    assert!(ws.exists());

    env.cmd().args(["always-on", "discard", plan]).run(0);

    assert!(!ws.exists());
    assert_eq!(git(&env.project, &["branch", "--list", "always-on/*"]), "");
    assert_eq!(git(&env.project, &["worktree", "list"]).lines().count(), 1);
    assert_eq!(
        run_json(&env, &["plans"], 0).json()[0]["status"],
        "discarded"
    );
    assert_eq!(phases(&env).last().unwrap(), "discarded");
    // A discarded plan has nothing left to show or discard, and says so (not "discard it").
    for action in ["diff", "discard"] {
        let again = env.cmd().args(["always-on", action, plan]).run(2);
        assert!(
            again.stderr.contains("is discarded and closed"),
            "{action}: {}",
            again.stderr
        );
    }
}

#[test]
fn a_directory_without_git_is_worked_on_in_a_snapshot_copy() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    env.write(&env.project.join("app.txt"), APP);
    // Ignored directories are neither copied nor counted toward snapshotMaxBytes.
    env.write(&env.project.join("node_modules/big.js"), &"x".repeat(5_000));
    config(&env, &mock, "  workspace:\n    snapshotMaxBytes: 1000\n");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);

    let report = tick(&env, &[], 0);

    assert_eq!(report["outcome"], "executed", "{report}");
    let ws = PathBuf::from(report["workspace"].as_str().unwrap());
    assert!(
        ws.to_str().unwrap().contains("/always-on/snapshots/"),
        "{}",
        ws.display()
    );
    assert!(!ws.join("node_modules").exists());
    assert_eq!(read(ws.join("app.txt")), APP.replace("five", "FIVE"));
    assert_eq!(read(env.project.join("app.txt")), APP);
    let plan = report["plan_id"].as_str().unwrap();
    let diff = env.cmd().args(["always-on", "diff", plan]).run(0).stdout;
    assert!(
        diff.contains("+FIVE") && diff.contains("NOTES.md"),
        "{diff}"
    );
    env.cmd().args(["always-on", "apply", plan]).run(0);
    assert_eq!(
        read(env.project.join("app.txt")),
        APP.replace("five", "FIVE")
    );
    assert_eq!(read(env.project.join("NOTES.md")), "notes\n");
}

/// R6-10: a FIFO in a directory without git (an earlier run's `mkfifo`) is not copied into the
/// snapshot: the tick ends, executed, instead of waiting for a writer for ever.
#[test]
fn a_fifo_in_a_directory_without_git_does_not_hang_the_snapshot() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    env.write(&env.project.join("app.txt"), APP);
    rustix::fs::mknodat(
        rustix::fs::CWD,
        env.project.join("build.pipe"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    config(&env, &mock, "");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);

    let mut child = env.spawn(&["--json", "always-on", "tick"]);
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("the tick hung on a FIFO in the project");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["outcome"], "executed", "{report}");
    let ws = PathBuf::from(report["workspace"].as_str().unwrap());
    assert_eq!(read(ws.join("app.txt")), APP.replace("five", "FIVE"));
    assert!(ws.join("build.pipe").symlink_metadata().is_err());
}

#[test]
fn a_snapshot_over_the_size_limit_fails_the_run_with_the_reason() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    std::fs::remove_dir_all(env.project.join(".git")).unwrap();
    env.write(&env.project.join("app.txt"), &"y".repeat(2_000));
    config(&env, &mock, "  workspace:\n    snapshotMaxBytes: 1000\n");
    mount_discovery(&mock, "upper-five");

    let report = tick(&env, &[], 1);

    assert_eq!(report["outcome"], "failed");
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("snapshotMaxBytes"),
        "{report}"
    );
    assert_eq!(run_json(&env, &["plans"], 0).json()[0]["status"], "failed");
    assert_eq!(phases(&env).last().unwrap(), "run_failed");
}

#[test]
fn the_daily_usd_budget_stops_a_later_turn_of_the_day() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    git_project(&env);
    config(&env, &mock, "  trigger:\n    dailyBudgetUsd: 0.06\n");
    // The first discovery costs $0.059 (gpt-4.1: $2/M input) and files nothing.
    mock.push(openai::stream(
        &Turn::new().text("no plan: fine").usage(29_500, 0),
    ));
    let first = tick(&env, &[], 0);
    assert_eq!(mock.requests().len(), 1, "{first}");
    // A forced tick skips the run-count gates, not the USD budget: no model call is made.
    let second = env
        .cmd()
        .args(["--json", "always-on", "tick", "--force"])
        .run(1)
        .json();
    assert_eq!(mock.requests().len(), 1, "{second}");
    assert!(second.to_string().contains("budget"), "{second}");
}
