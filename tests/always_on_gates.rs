//! The gates of `pilotdeck always-on tick`, each in isolation, with the real binary, a real git
//! repository and the mock model: a closed gate exits 0, says why, and makes no model call.
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

use always_on_common::*;
use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

fn gate(report: &Value) -> &str {
    assert_eq!(report["outcome"], "gated", "{report}");
    report["gate"]["gate"].as_str().unwrap()
}

fn project(mock: &MockModel, extra: &str) -> TestEnv {
    let env = TestEnv::new();
    git_project(&env);
    config(&env, mock, extra);
    env
}

const NO_DORMANCY: &str = "  dormancy:\n    enabled: false\n";

#[test]
fn disabled_when_always_on_is_off_or_the_project_is_not_enabled() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    git_project(&env);
    env.config("alwaysOn:\n  enabled: false\n");
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "disabled");
    assert!(
        report["gate"]["reason"]
            .as_str()
            .unwrap()
            .contains("alwaysOn.enabled")
    );
    env.config("alwaysOn:\n  enabled: true\n");
    let run = env.cmd().args(["always-on", "tick"]).run(0);
    assert!(run.stdout.contains("disabled — "), "{}", run.stdout);
    assert!(
        run.stdout.contains("not in alwaysOn.projects"),
        "{}",
        run.stdout
    );
    assert!(mock.requests().is_empty());
}

#[test]
fn project_missing_when_a_configured_directory_is_gone() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let gone = env.tmp.path().join("gone");
    env.config(&format!(
        "alwaysOn:\n  enabled: true\n  projects:\n    {}:\n      enabled: true\n",
        gone.display()
    ));
    let reports = tick(&env, &["--all"], 0);
    assert_eq!(reports.as_array().unwrap().len(), 1);
    assert_eq!(gate(&reports[0]), "project_missing");
    assert!(mock.requests().is_empty());
    // Gone, it can still be turned off.
    env.cmd()
        .args(["always-on", "disable"])
        .arg_path(&gone)
        .run(0);
    let reports = tick(&env, &["--all"], 0);
    assert_eq!(gate(&reports[0]), "disabled", "{reports}");
}

#[test]
fn with_all_one_projects_broken_config_fails_its_tick_and_the_others_still_run() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    let gone = env.tmp.path().join("gone");
    env.config(&format!(
        "alwaysOn:\n  enabled: true\n  projects:\n    {}:\n      enabled: true\n    {}:\n      enabled: true\n",
        root(&env).display(),
        gone.display()
    ));
    env.write(
        &env.project.join(".pilotdeck/pilotdeck.yaml"),
        "agent:\n  model: [\n",
    );
    let reports = tick(&env, &["--all"], 1);
    let reports = reports.as_array().unwrap();
    assert_eq!(reports.len(), 2, "{reports:?}");
    let broken = reports
        .iter()
        .find(|r| r["project"] == root(&env).display().to_string());
    let broken = broken.unwrap();
    assert_eq!(broken["outcome"], "failed");
    assert!(
        broken["error"]
            .as_str()
            .unwrap()
            .contains("pilotdeck.yaml:"),
        "{broken}"
    );
    let other = reports
        .iter()
        .find(|r| r["project"] == gone.display().to_string());
    assert_eq!(gate(other.unwrap()), "project_missing");

    let status = env.cmd().args(["always-on", "status", "--all"]).run(1);
    assert!(
        status.stderr.contains("pilotdeck.yaml:"),
        "{}",
        status.stderr
    );
    assert!(
        status.stdout.contains(&gone.display().to_string()),
        "{}",
        status.stdout
    );
    // Alone, the broken project is still a usage error.
    env.cmd().args(["always-on", "tick"]).run(2);
    assert!(mock.requests().is_empty());
}

#[test]
fn enable_and_disable_edit_the_config() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    git_project(&env);
    env.config(&format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n",
        mock.base_url()
    ));
    env.cmd().args(["always-on", "enable"]).run(0);
    let text = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    assert!(text.contains(&root(&env).display().to_string()), "{text}");
    env.cmd().args(["config", "validate"]).run(0);
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    env.cmd().args(["always-on", "disable"]).run(0);
    assert_eq!(gate(&tick(&env, &["--force"], 0)), "disabled");
}

#[test]
fn dormant_after_no_plan_until_a_file_that_is_not_ignored_changes() {
    let mock = MockModel::spawn();
    let env = project(&mock, "  trigger:\n    cooldownMinutes: 0\n");
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    assert_eq!(gate(&tick(&env, &[], 0)), "dormant");
    // Changes in ignored places do not wake it.
    env.write(&env.project.join("node_modules/dep.js"), "x");
    env.write(&env.project.join(".git/info/note"), "x");
    assert_eq!(gate(&tick(&env, &[], 0)), "dormant");
    let status = run_json(&env, &["status"], 0).json();
    assert_eq!(status[0]["gate"]["gate"], "dormant");
    assert!(status[0]["dormant_since"].is_string());
    // A real change wakes it.
    env.write(&env.project.join("app.txt"), "changed\n");
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    let phases = phases(&env);
    assert!(phases.contains(&"woke".to_owned()), "{phases:?}");
    assert_eq!(phases.iter().filter(|p| *p == "dormant").count(), 2);
    assert_eq!(mock.requests().len(), 2);
}

#[test]
fn agent_busy_while_a_run_works_in_the_project_and_recent_user_msg_after() {
    let mock = MockModel::spawn();
    let env = project(&mock, "");
    mock.push(openai::text("still thinking").stall_after(1));
    let mut child = env.spawn(&["run", "refactor everything"]);
    block_on(mock.wait_for_requests(1));
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "agent_busy");
    assert!(
        report["gate"]["reason"]
            .as_str()
            .unwrap()
            .contains("pilotdeck run")
    );
    // --force does not skip it.
    assert_eq!(gate(&tick(&env, &["--force"], 0)), "agent_busy");
    // A lease whose process died does not keep the project busy; the user's message is recent.
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(gate(&tick(&env, &[], 0)), "recent_user_msg");
}

#[test]
fn recent_user_msg_after_a_finished_run_and_force_skips_it() {
    let mock = MockModel::spawn();
    let env = project(&mock, "");
    mock.push(openai::text("done"));
    env.cmd().args(["run", "hello"]).run(0);
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "recent_user_msg");
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &["--force"], 0)["outcome"], "no_plan");
}

#[test]
fn a_chat_turn_counts_as_a_recent_user_message() {
    let mock = MockModel::spawn();
    let env = project(&mock, "");
    mock.push(openai::text("Hi."));
    env.cmd().arg_str("chat").stdin("hello\n").run(0);
    assert_eq!(gate(&tick(&env, &[], 0)), "recent_user_msg");
}

#[test]
fn cooldown_after_a_run() {
    let mock = MockModel::spawn();
    let env = project(&mock, NO_DORMANCY);
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "cooldown");
    assert!(
        report["gate"]["reason"]
            .as_str()
            .unwrap()
            .contains("cooldownMinutes = 60")
    );
    let status = run_json(&env, &["status"], 0).json();
    assert_eq!(status[0]["gate"]["gate"], "cooldown");
    assert_eq!(status[0]["budget_left"], 3);
    assert_eq!(status[0]["last_run"]["outcome"], "no_plan");
}

#[test]
fn daily_budget_counts_the_runs_of_the_day() {
    let mock = MockModel::spawn();
    let env = project(
        &mock,
        &format!("{NO_DORMANCY}  trigger:\n    cooldownMinutes: 0\n    dailyBudget: 1\n"),
    );
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "daily_budget");
    assert!(
        report["gate"]["reason"]
            .as_str()
            .unwrap()
            .contains("dailyBudget = 1")
    );
}

#[test]
fn cycle_full_when_the_workspace_holds_max_plans() {
    let mock = MockModel::spawn();
    let env = project(
        &mock,
        "  trigger:\n    cooldownMinutes: 0\n  workspace:\n    maxPlansPerCycle: 1\n",
    );
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    assert_eq!(tick(&env, &[], 0)["outcome"], "executed");
    assert_eq!(gate(&tick(&env, &[], 0)), "cycle_full");
    assert_eq!(gate(&tick(&env, &["--force"], 0)), "cycle_full");
}

#[test]
fn a_second_plan_reuses_the_cycles_workspace_and_a_known_dedupe_key_is_refused() {
    let mock = MockModel::spawn();
    let env = project(&mock, "  trigger:\n    cooldownMinutes: 0\n");
    mount_discovery(&mock, "upper-five");
    mount_execution(&mock);
    let first = tick(&env, &[], 0);
    // The second discovery proposes the same improvement: refused, then it stops.
    mock.push(call(
        "p2",
        "always_on_plan",
        &plan_args("Same again", "Upper Five"),
    ));
    mount_no_plan(&mock);
    assert_eq!(tick(&env, &["--force"], 0)["outcome"], "no_plan");
    let refusal = mock.requests()[6].tool_result("p2").unwrap();
    assert!(refusal.contains("already exists"), "{refusal}");
    // A different plan goes into the same workspace.
    mock.push(call(
        "p3",
        "always_on_plan",
        &plan_args("Another", "another"),
    ));
    mock.push(openai::text("Filed."));
    mock.push(openai::text(REPORT));
    let third = tick(&env, &["--force"], 0);
    assert_eq!(third["outcome"], "executed", "{third}");
    assert_eq!(third["workspace"], first["workspace"]);
    let existing = mock.requests()[5].last_user_text().unwrap();
    assert!(existing.contains("upper-five"), "{existing}");
}

#[test]
fn daily_budget_closes_when_todays_runs_spent_the_usd_cap() {
    let mock = MockModel::spawn();
    let env = project(
        &mock,
        &format!(
            "{NO_DORMANCY}  trigger:\n    cooldownMinutes: 0\n    recentUserMsgMinutes: 0\n    dailyBudgetUsd: 0.05\n"
        ),
    );
    // The first discovery costs $0.059 (gpt-4.1: $2/M input) and files nothing.
    mock.push(openai::stream(
        &Turn::new().text("no plan: fine").usage(29_500, 0),
    ));
    assert_eq!(tick(&env, &[], 0)["outcome"], "no_plan");
    let report = tick(&env, &[], 0);
    assert_eq!(gate(&report), "daily_budget");
    assert!(
        report["gate"]["reason"]
            .as_str()
            .unwrap()
            .contains("dailyBudgetUsd = $0.05"),
        "{report}"
    );
    assert_eq!(
        mock.requests().len(),
        1,
        "the gated tick made no model call"
    );
}
