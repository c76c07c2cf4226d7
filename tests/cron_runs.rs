//! `pilotdeck cron` runs end to end: the real binary, a temporary PilotHome, the mock model server and
//! real concurrent processes. Time never comes from waiting: `cron tick --now TIME` evaluates schedules
//! at a chosen instant, and one-shot tasks are scheduled `--in 0s` or `--at` a past time.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod cron_common;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use chrono::{DateTime, Duration, Timelike, Utc};
use cron_common::{add, config_for, history, wait_for_history};
use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

#[test]
fn eight_concurrent_ticks_fire_each_due_slot_exactly_once() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("done").usage(10, 2)), 3);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 8\n"));
    let ids: Vec<String> = (0..3)
        .map(|i| add(&env, &["--in", "0s", &format!("task {i}")]))
        .collect();
    let ticks: Vec<_> = (0..8)
        .map(|_| {
            let cmd = env.cmd().args(["--json", "cron", "tick"]);
            std::thread::spawn(move || cmd.run(0))
        })
        .collect();
    let mut ran = 0;
    for t in ticks {
        let run = t.join().unwrap();
        ran += run.json()["ran"].as_array().unwrap().len();
    }
    assert_eq!(ran, 3);
    assert_eq!(mock.requests().len(), 3);
    let rows = history(&env, None);
    assert_eq!(rows.len(), 3);
    let mut fired: Vec<&str> = rows
        .iter()
        .map(|r| r["task_id"].as_str().unwrap())
        .collect();
    fired.sort_unstable();
    let mut expected: Vec<&str> = ids.iter().map(String::as_str).collect();
    expected.sort_unstable();
    assert_eq!(fired, expected);
    assert!(rows.iter().all(|r| r["status"] == "completed"));
    // A later tick finds nothing left.
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stdout.is_empty());
}

#[test]
fn catch_up_policies_decide_what_missed_slots_run() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("ok")), 4);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    // A daily slot about twelve hours away from now, so three days later the latest missed slot is
    // about twelve hours old whatever the time of day the test runs.
    let start = Utc::now();
    let hour = (start.hour() + 12) % 24;
    let expr = format!("0 {hour} * * *");
    let all = add(
        &env,
        &["--cron", &expr, "--tz", "UTC", "--catch-up", "all", "a"],
    );
    let once = add(
        &env,
        &["--cron", &expr, "--tz", "UTC", "--catch-up", "once", "o"],
    );
    let skip = add(
        &env,
        &["--cron", &expr, "--tz", "UTC", "--catch-up", "skip", "s"],
    );
    let later = (start + Duration::days(3)).to_rfc3339();
    let run = env
        .cmd()
        .args(["--json", "cron", "tick", "--now", &later])
        .run(0);
    let report = run.json();
    assert_eq!(report["ran"].as_array().unwrap().len(), 4);
    assert_eq!(history(&env, Some(&all)).len(), 3);
    let once_rows = history(&env, Some(&once));
    assert_eq!(once_rows.len(), 1);
    assert_eq!(once_rows[0]["trigger"], "catch_up");
    assert_eq!(history(&env, Some(&skip)).len(), 0);
    assert_eq!(mock.requests().len(), 4);
    // The same instant again: everything is settled.
    let again = env
        .cmd()
        .args(["--json", "cron", "tick", "--now", &later])
        .run(0)
        .json();
    assert_eq!(again["ran"].as_array().unwrap().len(), 0);

    // `skip` still runs a slot that is on time.
    let due = add(
        &env,
        &[
            "--cron",
            "*/5 * * * *",
            "--tz",
            "UTC",
            "--catch-up",
            "skip",
            "on time",
        ],
    );
    let slot: String = env
        .cmd()
        .args(["--json", "cron", "show", &due])
        .run(0)
        .json()["upcoming"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let slot: DateTime<Utc> = slot.parse().unwrap();
    mock.mount(openai::stream(&Turn::new().text("ok")), 1);
    let at = (slot + Duration::seconds(30)).to_rfc3339();
    let report = env
        .cmd()
        .args(["--json", "cron", "tick", "--now", &at])
        .run(0)
        .json();
    let ran = report["ran"].as_array().unwrap();
    assert!(
        ran.iter()
            .any(|r| r["task_id"] == due.as_str() && r["trigger"] == "schedule"),
        "{report}"
    );
}

#[test]
fn a_run_is_recorded_and_delivered_to_a_file_and_a_command() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(
        openai::stream(&Turn::new().text("The report is ready.").usage(30, 7)),
        2,
    );
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 2\n"));
    let to_file = add(
        &env,
        &[
            "--in",
            "0s",
            "--deliver",
            "file:out/results.jsonl",
            "--name",
            "report",
            "write the report",
        ],
    );
    let to_cmd = add(
        &env,
        &[
            "--at",
            "2020-01-01T00:00",
            "--tz",
            "UTC",
            "--deliver",
            "exec:cat > delivered.json",
            "second",
        ],
    );
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);

    let rows = history(&env, Some(&to_file));
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["status"], "completed");
    assert_eq!(row["text"], "The report is ready.");
    assert_eq!(row["input_tokens"], 30);
    assert_eq!(row["output_tokens"], 7);
    assert_eq!(row["model"], "mock/gpt-4.1");
    assert!(row["session_id"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(row["delivery_error"].is_null());

    let delivered = std::fs::read_to_string(env.project.join("out/results.jsonl")).unwrap();
    let lines: Vec<Value> = delivered
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["task_id"], to_file.as_str());
    assert_eq!(lines[0]["task_name"], "report");
    assert_eq!(lines[0]["text"], "The report is ready.");

    // The delivered record is a contract for scripts: snapshot its shape.
    let mut shape = lines[0].clone();
    for key in [
        "run_id",
        "task_id",
        "slot_at",
        "started_at",
        "finished_at",
        "duration_ms",
        "session_id",
    ] {
        shape[key] = Value::from(format!("[{key}]"));
    }
    insta::assert_json_snapshot!(shape);

    let piped: Value =
        serde_json::from_str(&std::fs::read_to_string(env.project.join("delivered.json")).unwrap())
            .unwrap();
    assert_eq!(piped["task_id"], to_cmd.as_str());
    assert_eq!(piped["status"], "completed");

    // One-shot tasks are done after they run.
    let shown = env
        .cmd()
        .args(["--json", "cron", "show", &to_file])
        .run(0)
        .json();
    assert_eq!(shown["state"], "done");
    assert_eq!(shown["last_run"]["status"], "completed");
    let requests = mock.requests();
    let last = requests
        .iter()
        .map(|r| r.body["messages"].as_array().unwrap().last().unwrap()["content"].clone())
        .collect::<Vec<_>>();
    assert!(last.contains(&Value::from("write the report")), "{last:?}");
}

#[test]
fn a_failing_delivery_is_recorded_and_keeps_the_result() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("kept")), 1);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    let id = add(
        &env,
        &[
            "--in",
            "0s",
            "--deliver",
            "exec:echo nope $PILOTDECK_CRON_STATUS >&2; exit 3",
            "x",
        ],
    );
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stdout.contains("delivery failed"), "{}", run.stdout);
    let row = &history(&env, Some(&id))[0];
    assert_eq!(row["status"], "completed");
    assert_eq!(row["text"], "kept");
    let err = row["delivery_error"].as_str().unwrap();
    assert!(
        err.contains("status 3") && err.contains("nope completed"),
        "{err}"
    );
}

#[test]
fn pause_resume_run_now_edit_and_rm() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("ran")), 2);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    let id = add(&env, &["--in", "0s", "paused job"]);
    let prefix = &id[..12];
    env.cmd().args(["cron", "pause", prefix]).run(0);
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(
        run.stderr.contains("no active cron tasks"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());
    env.cmd().args(["cron", "resume", prefix]).run(0);
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stdout.contains(&id), "{}", run.stdout);
    assert_eq!(mock.requests().len(), 1);

    // `run ID` runs now, even a done task, and prints the answer.
    let run = env.cmd().args(["cron", "run", prefix]).run(0);
    assert!(run.stdout.contains("manual completed"), "{}", run.stdout);
    assert!(run.stdout.ends_with("ran\n"), "{}", run.stdout);
    assert_eq!(history(&env, Some(&id)).len(), 2);

    let edited = env
        .cmd()
        .args([
            "--json",
            "cron",
            "edit",
            prefix,
            "--cron",
            "0 6 * * *",
            "--tz",
            "Asia/Shanghai",
            "--name",
            "morning",
        ])
        .run(0)
        .json();
    assert_eq!(edited["state"], "active");
    assert_eq!(edited["name"], "morning");
    assert!(
        edited["upcoming"][0]
            .as_str()
            .unwrap()
            .ends_with("T06:00:00+08:00")
    );

    env.cmd().args(["cron", "rm", prefix]).run(0);
    let list = env
        .cmd()
        .args(["--json", "cron", "list", "--all-projects"])
        .run(0)
        .json();
    assert!(list.as_array().unwrap().is_empty());
    // History survives removal.
    assert_eq!(history(&env, Some(&id)).len(), 2);
    let missing = env.cmd().args(["cron", "show", prefix]).run(2);
    assert!(
        missing.stderr.contains("no cron task"),
        "{}",
        missing.stderr
    );
}

#[test]
fn a_run_that_takes_too_long_times_out() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("quick"));
    mock.push(openai::text("never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    add(&env, &["--in", "0s", "quick"]);
    let id = add(&env, &["--in", "0s", "--timeout", "1s", "slow"]);
    // Quiet, as the installed units run it: the run that needs attention, not the one that went
    // well.
    let run = env.cmd().args(["cron", "tick", "--quiet"]).run(1);
    assert!(run.stdout.contains("timed_out"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
    let row = &history(&env, Some(&id))[0];
    assert_eq!(row["status"], "timed_out");
    assert!(row["error"].as_str().unwrap().contains("timeout"));
    mock.release_stalls();
}

#[test]
fn a_killed_run_is_recorded_as_interrupted_by_the_next_tick() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    let id = add(&env, &["--in", "0s", "killed"]);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .args(["cron", "tick"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the event (the model request), not for time.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(mock.wait_for_requests(1));
    let running = history(&env, Some(&id));
    assert_eq!(running[0]["status"], "running");
    child.kill().unwrap();
    child.wait().unwrap();

    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
    let row = &history(&env, Some(&id))[0];
    assert_eq!(row["status"], "interrupted");
    assert!(
        row["error"]
            .as_str()
            .unwrap()
            .contains("ended before the run finished")
    );
    // The one-shot task is settled, not fired again.
    let shown = env
        .cmd()
        .args(["--json", "cron", "show", &id])
        .run(0)
        .json();
    assert_eq!(shown["state"], "done");
    mock.release_stalls();
}

#[test]
fn the_daemon_runs_due_tasks_picks_up_new_ones_and_stops_on_sigterm() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("from the daemon")), 2);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    add(&env, &["--in", "0s", "first"]);
    let daemon = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .args(["cron", "daemon"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let completed = |n: usize| {
        move |rows: &[Value]| rows.iter().filter(|r| r["status"] == "completed").count() == n
    };
    wait_for_history(&env, completed(1));
    // A task added while the daemon sleeps is seen without a restart.
    add(&env, &["--in", "0s", "second"]);
    wait_for_history(&env, completed(2));
    let pid = daemon.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = daemon.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches(" completed ").count(), 2, "{stdout}");
    assert_eq!(mock.requests().len(), 2);
}

/// SIGTERM while the daemon's tick runs a task: the run is recorded aborted and the daemon exits
/// 130, as `cron tick` does (0 is for a daemon stopped while nothing runs).
#[test]
fn the_daemon_stopped_mid_task_exits_130() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::text("never finishes").stall_after(1));
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    add(&env, &["--in", "0s", "slow"]);
    let daemon = env.spawn(&["cron", "daemon"]);
    // The task is in its model call when the signal comes.
    wait_for_history(&env, |_: &[Value]| !mock.requests().is_empty());
    let out = TestEnv::stop(daemon, rustix::process::Signal::TERM, 130);
    drop(out);
    assert_eq!(history(&env, None)[0]["status"], "aborted");
    mock.release_stalls();
}

#[test]
fn a_damaged_task_does_not_stop_the_others() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("fine")), 1);
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 1\n"));
    let broken = add(&env, &["--in", "0s", "broken"]);
    let good = add(&env, &["--in", "0s", "good"]);
    let db = rusqlite::Connection::open(env.home.join("state.db")).unwrap();
    db.execute(
        "UPDATE cron_tasks SET schedule = '{\"kind\":\"cron\",\"expr\":\"99 * * * *\"}' WHERE id = ?1",
        [&broken],
    )
    .unwrap();
    drop(db);
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stdout.contains(&good), "{}", run.stdout);
    assert!(
        run.stderr.contains(&broken) && run.stderr.contains("minute field"),
        "{}",
        run.stderr
    );
    env.cmd().args(["cron", "rm", &broken]).run(0);
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(
        run.stderr.contains("no active cron tasks"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_task_over_its_budget_is_recorded_as_such_with_what_it_spent() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config_for(&mock, ""));
    env.write(&env.project.join("a.txt"), "alpha\n");
    // The first call costs $0.0498 of the task's $0.05 (gpt-4.1: $2/M input); no second call.
    mock.push(openai::stream(
        &Turn::new()
            .text("Reading.")
            .tool_call("c1", "read_file", r#"{"file_path":"a.txt"}"#)
            .usage(24_900, 0),
    ));
    let id = add(&env, &["--in", "0s", "--max-cost", "0.05", "read a.txt"]);
    let shown = env
        .cmd()
        .args(["--json", "cron", "show", &id])
        .run(0)
        .json();
    assert_eq!(shown["max_cost_usd"], 0.05, "{shown}");
    // A run that did not complete makes the tick exit 1, as a failed one does.
    env.cmd().args(["cron", "tick"]).run(1);
    assert_eq!(mock.requests().len(), 1);
    let rows = history(&env, Some(&id));
    assert_eq!(rows[0]["status"], "budget_exceeded", "{:?}", rows[0]);
    assert_eq!(rows[0]["input_tokens"], 24_900);
    assert_eq!(rows[0]["text"], "Reading.");
    env.cmd()
        .args(["cron", "add", "--in", "0s", "--max-cost", "0", "x"])
        .run(2);
}

/// F03 (attacker round 4): the run's agent replaced the delivery file by a link to `~/.bashrc`, or
/// its directory by a link to a directory outside: pilotdeck (unsandboxed) appends through neither;
/// the delivery fails and says why, the result stays in history.
#[test]
fn a_file_delivery_does_not_follow_a_link_in_the_project() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(
        openai::stream(&Turn::new().text("all fine $(touch PWNED)").usage(3, 2)),
        3,
    );
    let env = TestEnv::new();
    env.config(&config_for(&mock, "  maxConcurrentRuns: 3\n"));
    let outside = env.tmp.path().join("outside");
    env.write(&env.user_home.join(".bashrc"), "# mine\n");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(env.project.join("reports")).unwrap();
    std::os::unix::fs::symlink(
        env.user_home.join(".bashrc"),
        env.project.join("reports/cron.jsonl"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&outside, env.project.join("logs")).unwrap();
    // A hard link gives the file outside a second name in the project: no link to refuse on the
    // way, the same file at the end.
    let hook = outside.join("pre-commit");
    env.write(&hook, "#!/bin/sh\n");
    std::fs::hard_link(&hook, env.project.join("reports/hook.jsonl")).unwrap();
    let ids = [
        add(
            &env,
            &["--in", "0s", "--deliver", "file:reports/cron.jsonl", "a"],
        ),
        add(
            &env,
            &["--in", "0s", "--deliver", "file:logs/cron.jsonl", "b"],
        ),
        add(
            &env,
            &["--in", "0s", "--deliver", "file:reports/hook.jsonl", "c"],
        ),
    ];
    env.cmd().args(["cron", "tick"]).run(0);
    assert_eq!(
        std::fs::read_to_string(env.user_home.join(".bashrc")).unwrap(),
        "# mine\n"
    );
    assert!(!outside.join("cron.jsonl").exists());
    assert_eq!(std::fs::read_to_string(&hook).unwrap(), "#!/bin/sh\n");
    for (id, why) in ids
        .iter()
        .zip(["symbolic link", "symbolic link", "hard link"])
    {
        let rows = history(&env, Some(id));
        assert_eq!(rows[0]["status"], "completed", "{rows:?}");
        let error = rows[0]["delivery_error"].as_str().unwrap_or_default();
        assert!(error.contains(why), "{rows:?}");
    }
}
