//! `pilotdeck always-on watch` (ticks on start, wakes a dormant project when a file changes, stops
//! on SIGTERM) and the example systemd units, with the real binary and the mock model.
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
use mock_model::MockModel;
use support::TestEnv;

/// Waits until `events.jsonl` holds `n` events of `phase` (the watch process writes them).
fn wait_for_phase(env: &TestEnv, phase: &str, n: usize) {
    for _ in 0..6000 {
        if phases(env).iter().filter(|p| *p == phase).count() >= n {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("never saw {n} `{phase}` events: {:?}", phases(env));
}

#[test]
fn watch_ticks_then_wakes_a_dormant_project_on_a_change_and_stops_on_sigterm() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    git_project(&env);
    config(
        &env,
        &mock,
        "  dormancy:\n    debounceMs: 50\n  trigger:\n    cooldownMinutes: 0\n",
    );
    mount_no_plan(&mock);
    mount_no_plan(&mock);
    let child = env.spawn(&["--json", "always-on", "watch"]);
    wait_for_phase(&env, "dormant", 1);
    // Ignored paths do not wake it; a project file does.
    env.write(&env.project.join("node_modules/x.js"), "x");
    env.write(&env.project.join("app.txt"), "changed\n");
    wait_for_phase(&env, "dormant", 2);
    let out = TestEnv::stop(child, rustix::process::Signal::TERM, 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let outcomes: Vec<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["outcome"].to_string())
        .collect();
    assert_eq!(
        outcomes.iter().filter(|o| *o == "\"no_plan\"").count(),
        2,
        "{stdout}"
    );
    assert!(phases(&env).contains(&"woke".to_owned()));
    assert_eq!(mock.requests().len(), 2);
}

#[test]
fn the_example_systemd_units_verify() {
    let env = TestEnv::new();
    let dir = env.tmp.path().join("units");
    std::fs::create_dir_all(&dir).unwrap();
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/always-on");
    let service = std::fs::read_to_string(examples.join("pilotdeck-always-on.service")).unwrap();
    assert!(service.contains("always-on tick --all"));
    // The example points at ~/.cargo/bin; verify it against the binary under test.
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    env.write(
        &dir.join("pilotdeck-always-on.service"),
        &service.replace("%h/.cargo/bin/pilotdeck", bin.to_str().unwrap()),
    );
    let timer = std::fs::read_to_string(examples.join("pilotdeck-always-on.timer")).unwrap();
    assert!(timer.contains("OnCalendar=*:0/5"));
    env.write(&dir.join("pilotdeck-always-on.timer"), &timer);
    if let Ok(status) = std::process::Command::new("systemd-analyze")
        .env("XDG_RUNTIME_DIR", env.tmp.path())
        .args(["--user", "verify"])
        .arg(dir.join("pilotdeck-always-on.service"))
        .arg(dir.join("pilotdeck-always-on.timer"))
        .status()
    {
        assert!(
            status.success(),
            "systemd-analyze verify rejected the units"
        );
    }
}
