//! `pilotdeck cron` schedules and task management through the real binary: fire-time tables across DST,
//! field-specific errors, `add`/`--at`/`--in`/`--every`, empty ticks, `install` output and PilotDeck
//! import. Runs, claims and the daemon are in `cron_runs.rs`.
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

use chrono::{DateTime, Duration, Utc};
use cron_common::add;
use support::TestEnv;

fn next(args: &[&str]) -> Vec<String> {
    let env = TestEnv::new();
    let mut all = vec!["cron", "next"];
    all.extend_from_slice(args);
    let run = env.cmd().args(all).run(0);
    run.stdout.lines().map(str::to_owned).collect()
}

#[test]
fn next_fire_times_match_known_answers_across_dst() {
    // Spring forward: 02:30 does not exist on 2026-03-08 in New York; it fires at the end of the gap.
    assert_eq!(
        next(&[
            "30 2 * * *",
            "--tz",
            "America/New_York",
            "--after",
            "2026-03-07T12:00",
            "-n",
            "2"
        ]),
        ["2026-03-08T03:00:00-04:00", "2026-03-09T02:30:00-04:00"]
    );
    // Fall back: 01:30 happens twice on 2026-11-01; it fires at the first one only.
    assert_eq!(
        next(&[
            "30 1 * * *",
            "--tz",
            "America/New_York",
            "--after",
            "2026-10-31T12:00",
            "-n",
            "2"
        ]),
        ["2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"]
    );
    // Berlin: the gap is 02:00–03:00 on 2026-03-29; the overlap 02:00–03:00 on 2026-10-25.
    assert_eq!(
        next(&[
            "15 2 * * *",
            "--tz",
            "Europe/Berlin",
            "--after",
            "2026-03-28T12:00",
            "-n",
            "2"
        ]),
        ["2026-03-29T03:00:00+02:00", "2026-03-30T02:15:00+02:00"]
    );
    assert_eq!(
        next(&[
            "0 * * * *",
            "--tz",
            "Europe/Berlin",
            "--after",
            "2026-10-25T01:30",
            "-n",
            "3"
        ]),
        [
            "2026-10-25T02:00:00+02:00",
            "2026-10-25T03:00:00+01:00",
            "2026-10-25T04:00:00+01:00"
        ]
    );
    // Vixie day rule, names, macros, Feb 29, Asia/Shanghai.
    assert_eq!(
        next(&[
            "0 9 13 * fri",
            "--tz",
            "UTC",
            "--after",
            "2026-11-01T00:00",
            "-n",
            "3"
        ]),
        [
            "2026-11-06T09:00:00+00:00",
            "2026-11-13T09:00:00+00:00",
            "2026-11-20T09:00:00+00:00"
        ]
    );
    assert_eq!(
        next(&[
            "@monthly",
            "--tz",
            "Asia/Shanghai",
            "--after",
            "2026-12-15T00:00",
            "-n",
            "2"
        ]),
        ["2027-01-01T00:00:00+08:00", "2027-02-01T00:00:00+08:00"]
    );
    assert_eq!(
        next(&[
            "0 12 29 FEB *",
            "--tz",
            "UTC",
            "--after",
            "2026-01-01T00:00",
            "-n",
            "2"
        ]),
        ["2028-02-29T12:00:00+00:00", "2032-02-29T12:00:00+00:00"]
    );
    assert_eq!(
        next(&[
            "*/20 9-10 * JAN-MAR MON-FRI",
            "--tz",
            "UTC",
            "--after",
            "2027-01-01T00:00",
            "-n",
            "4"
        ]),
        [
            "2027-01-01T09:00:00+00:00",
            "2027-01-01T09:20:00+00:00",
            "2027-01-01T09:40:00+00:00",
            "2027-01-01T10:00:00+00:00"
        ]
    );
}

#[test]
fn bad_expressions_say_which_field_and_why() {
    let env = TestEnv::new();
    let mut messages = String::new();
    for expr in [
        "61 * * * *",
        "0 24 * * *",
        "0 0 0 * *",
        "0 0 * 13 *",
        "0 0 * * 8",
        "0 0 * FOO *",
        "0 0 * * MON-FUN",
        "0 5-2 * * *",
        "*/0 * * * *",
        "0 0 1,,2 * *",
        "* * * *",
        "@fortnightly",
        "0 0 31 2 *",
    ] {
        let run = env.cmd().args(["cron", "next", expr, "--tz", "UTC"]).run(2);
        assert!(run.stdout.is_empty());
        messages.push_str(&format!("{expr:<18} => {}", run.stderr));
    }
    insta::assert_snapshot!(messages);
}

#[test]
fn add_prints_the_id_and_next_three_fire_times() {
    let env = TestEnv::new();
    let run = env
        .cmd()
        .args([
            "cron",
            "add",
            "--cron",
            "0 9 * * MON-FRI",
            "--tz",
            "Europe/Berlin",
            "--name",
            "standup",
            "summarise yesterday's commits",
        ])
        .run(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("added "), "{}", run.stdout);
    let times: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains("T09:00:00+0"))
        .collect();
    assert_eq!(times.len(), 3, "{}", run.stdout);

    // --at without an offset is in the task's zone; with one it is an instant.
    let at = env
        .cmd()
        .args([
            "--json",
            "cron",
            "add",
            "--at",
            "2031-06-01T09:00",
            "--tz",
            "America/New_York",
            "x",
        ])
        .run(0)
        .json();
    assert_eq!(at["upcoming"][0], "2031-06-01T09:00:00-04:00");
    assert_eq!(at["schedule"]["at"], "2031-06-01T13:00:00Z");
    let at = env
        .cmd()
        .args([
            "--json",
            "cron",
            "add",
            "--at",
            "2031-06-01T09:00:00+09:00",
            "--tz",
            "UTC",
            "x",
        ])
        .run(0)
        .json();
    assert_eq!(at["upcoming"][0], "2031-06-01T00:00:00+00:00");

    // --in and --every are relative to now.
    let before = Utc::now();
    let inn = env
        .cmd()
        .args(["--json", "cron", "add", "--in", "2h", "x"])
        .run(0)
        .json();
    let fire: DateTime<Utc> = inn["next_at"].as_str().unwrap().parse().unwrap();
    assert!(fire >= before + Duration::hours(2) - Duration::seconds(1));
    assert!(fire <= Utc::now() + Duration::hours(2));
    let every = env
        .cmd()
        .args(["--json", "cron", "add", "--every", "6h", "--tz", "UTC", "x"])
        .run(0)
        .json();
    let times: Vec<DateTime<Utc>> = every["upcoming"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(times[1] - times[0], Duration::hours(6));
    assert_eq!(times[2] - times[1], Duration::hours(6));

    let list = env.cmd().args(["--json", "cron", "list"]).run(0).json();
    assert_eq!(list.as_array().unwrap().len(), 5);

    // Mistakes are usage errors.
    let bad = env.cmd().args(["cron", "add", "--at", "soon", "x"]).run(2);
    assert!(bad.stderr.contains("is not a time"), "{}", bad.stderr);
    let bad = env
        .cmd()
        .args([
            "cron",
            "add",
            "--cron",
            "@daily",
            "--tz",
            "Mars/Olympus",
            "x",
        ])
        .run(2);
    assert!(
        bad.stderr.contains("unknown time zone `Mars/Olympus`"),
        "{}",
        bad.stderr
    );
    let bad = env
        .cmd()
        .args(["cron", "add", "--every", "10s", "x"])
        .run(2);
    assert!(bad.stderr.contains("too short"), "{}", bad.stderr);
    // A model the configuration cannot reach, as `run -m` would refuse it.
    let bad = env
        .cmd()
        .args(["cron", "add", "--every", "1h", "-m", "nope/x", "x"])
        .run(2);
    assert!(bad.stderr.contains("`nope`"), "{}", bad.stderr);
    // Past the calendar: refused, and nothing saved.
    let listed = env.cmd().args(["cron", "list"]).run(0).stdout;
    for flag in ["--every", "--in"] {
        let bad = env
            .cmd()
            .args(["cron", "add", flag, "99999999999d", "x"])
            .run(2);
        assert!(
            bad.stderr
                .contains(&format!("{flag} 99999999999d is too far off")),
            "{}",
            bad.stderr
        );
    }
    assert_eq!(env.cmd().args(["cron", "list"]).run(0).stdout, listed);
    let bad = env.cmd().args(["cron", "add", "x"]).run(2);
    assert!(bad.stderr.contains("--cron"), "{}", bad.stderr);
}

#[test]
fn an_empty_tick_exits_0_and_says_why() {
    let env = TestEnv::new();
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("no active cron tasks"),
        "{}",
        run.stderr
    );
    add(&env, &["--cron", "0 0 1 1 *", "--tz", "UTC", "new year"]);
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stderr.contains("nothing due"), "{}", run.stderr);
    env.config("cron:\n  enabled: false\n");
    let run = env.cmd().args(["cron", "tick"]).run(0);
    assert!(run.stderr.contains("cron is disabled"), "{}", run.stderr);
}

#[test]
fn install_prints_or_writes_units() {
    let env = TestEnv::new();
    let systemd = env
        .cmd()
        .args(["cron", "install", "--systemd", "--print"])
        .run(0);
    assert!(systemd.stdout.contains("# pilotdeck-cron.timer"));
    assert!(systemd.stdout.contains("OnCalendar=*-*-* *:*:00"));
    assert!(systemd.stdout.contains(&format!(
        "Environment=\"PILOTDECK_HOME={}\"",
        env.home.display()
    )));
    assert!(systemd.stdout.contains("\"cron\" \"tick\" \"--quiet\""));
    assert!(
        systemd
            .stderr
            .contains("systemctl --user enable --now pilotdeck-cron.timer")
    );

    let launchd = env
        .cmd()
        .args(["cron", "install", "--launchd", "--print"])
        .run(0);
    assert!(
        launchd
            .stdout
            .contains("<key>StartInterval</key>\n  <integer>60</integer>")
    );
    assert!(launchd.stdout.contains("<string>tick</string>"));

    let crontab = env.cmd().args(["cron", "install", "--crontab"]).run(0);
    let line = crontab.stdout.lines().last().unwrap();
    assert!(line.starts_with("* * * * * PILOTDECK_HOME="), "{line}");
    assert!(line.ends_with("cron tick --quiet"), "{line}");
    assert!(crontab.stderr.contains("never edits your crontab"));

    // A timer has none of the API keys the config reads from the environment: the service reads
    // <home>/cron.env, and the install says to put them there.
    assert!(
        systemd.stdout.contains("EnvironmentFile=-"),
        "{}",
        systemd.stdout
    );
    env.config("model:\n  providers:\n    p:\n      protocol: openai\n      url: http://127.0.0.1:9/v1\n      apiKey: ${P_KEY}\nagent:\n  model: p/m\n");
    let keyed = env
        .cmd()
        .args(["cron", "install", "--systemd", "--print"])
        .run(0);
    assert!(
        keyed.stderr.contains("reads P_KEY") && keyed.stderr.contains("cron.env"),
        "{}",
        keyed.stderr
    );
    // The config in use now goes along, absolute; a `%` is escaped for cron.
    let config = env.tmp.path().join("cfg%1.yaml");
    std::fs::write(&config, "schemaVersion: 1\n").unwrap();
    let crontab = env
        .cmd()
        .env("PILOTDECK_CONFIG_PATH", &config)
        .args(["cron", "install", "--crontab"])
        .run(0);
    let line = crontab.stdout.lines().last().unwrap();
    let escaped = config.display().to_string().replace('%', "\\%");
    assert!(
        line.contains(&format!("--config '{escaped}' cron tick")),
        "{line}"
    );
    let systemd = env
        .cmd()
        .current_dir(env.tmp.path())
        .args([
            "--config",
            "cfg%1.yaml",
            "cron",
            "install",
            "--systemd",
            "--print",
        ])
        .run(0);
    let absolute = config.display().to_string().replace('%', "%%");
    assert!(
        systemd
            .stdout
            .contains(&format!("\"--config\" \"{absolute}\"")),
        "{}",
        systemd.stdout
    );

    let dir = env.tmp.path().join("units");
    let wrote = env
        .cmd()
        .args(["cron", "install", "--systemd", "--dir"])
        .arg_path(&dir)
        .run(0);
    assert!(wrote.stdout.contains("wrote "));
    assert!(dir.join("pilotdeck-cron.service").is_file());
    if let Ok(status) = std::process::Command::new("systemd-analyze")
        .env("XDG_RUNTIME_DIR", env.tmp.path())
        .args(["--user", "verify"])
        .arg(dir.join("pilotdeck-cron.service"))
        .arg(dir.join("pilotdeck-cron.timer"))
        .status()
    {
        assert!(
            status.success(),
            "systemd-analyze verify rejected the units"
        );
    }
    // Installing again over a unit the user edited keeps the edit aside, with a warning; over
    // the same unit, nothing is kept.
    let service = dir.join("pilotdeck-cron.service");
    let generated = std::fs::read_to_string(&service).unwrap();
    let again = env
        .cmd()
        .args(["cron", "install", "--systemd", "--dir"])
        .arg_path(&dir)
        .run(0);
    assert!(!again.stderr.contains(".bak"), "{}", again.stderr);
    assert!(!dir.join("pilotdeck-cron.service.bak").exists());
    let edited = generated.replace(
        "[Service]",
        "[Service]
Nice=10",
    );
    std::fs::write(&service, &edited).unwrap();
    let again = env
        .cmd()
        .args(["cron", "install", "--systemd", "--dir"])
        .arg_path(&dir)
        .run(0);
    assert!(
        again.stderr.contains("pilotdeck-cron.service.bak"),
        "{}",
        again.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("pilotdeck-cron.service.bak")).unwrap(),
        edited
    );
    assert_eq!(std::fs::read_to_string(&service).unwrap(), generated);
    let removed = env
        .cmd()
        .args(["cron", "uninstall", "--systemd", "--dir"])
        .arg_path(&dir)
        .run(0);
    assert_eq!(removed.stdout.lines().count(), 2);
    assert!(!dir.join("pilotdeck-cron.timer").exists());
}

#[test]
fn imports_pilotdeck_tasks() {
    let env = TestEnv::new();
    let file = env.tmp.path().join("tasks.json");
    env.write(
        &file,
        r#"{"schemaVersion":1,"tasks":[
          {"taskId":"a1","message":"weekly","schedule":{"kind":"cron","expression":"0 9 * * 1"},"timezone":"Asia/Shanghai"},
          {"taskId":"b2","message":"later","schedule":{"kind":"once","runAt":"2031-01-01T00:00:00.000Z"}},
          {"taskId":"c3","message":"bad","schedule":{"kind":"sometimes"}}
        ]}"#,
    );
    let run = env
        .cmd()
        .args(["--json", "cron", "import"])
        .arg_path(&file)
        .run(0);
    let imported = run.json()["imported"].as_array().unwrap().clone();
    assert_eq!(imported.len(), 2);
    assert_eq!(imported[0]["timezone"], "Asia/Shanghai");
    assert!(
        imported[0]["upcoming"][0]
            .as_str()
            .unwrap()
            .ends_with("T09:00:00+08:00")
    );
    assert_eq!(imported[1]["schedule"]["at"], "2031-01-01T00:00:00Z");
    assert!(
        run.stderr.contains("c3") && run.stderr.contains("sometimes"),
        "{}",
        run.stderr
    );
    // Importing again adds nothing.
    let again = env
        .cmd()
        .args(["--json", "cron", "import"])
        .arg_path(&file)
        .run(0);
    assert!(again.json()["imported"].as_array().unwrap().is_empty());
    assert!(
        again.stderr.contains("already imported"),
        "{}",
        again.stderr
    );
}

#[test]
fn the_zone_defaults_to_cron_timezone_and_tasks_belong_to_their_project() {
    let env = TestEnv::new();
    env.config("cron:\n  timezone: Asia/Shanghai\n");
    let view = env
        .cmd()
        .args(["--json", "cron", "add", "--cron", "0 9 * * *", "here"])
        .run(0)
        .json();
    assert_eq!(view["timezone"], "Asia/Shanghai");
    assert!(
        view["upcoming"][0]
            .as_str()
            .unwrap()
            .ends_with("T09:00:00+08:00")
    );
    let next = env.cmd().args(["cron", "next", "@daily", "-n", "1"]).run(0);
    assert!(
        next.stdout.trim_end().ends_with("T00:00:00+08:00"),
        "{}",
        next.stdout
    );

    let other = env.tmp.path().join("other");
    std::fs::create_dir_all(other.join(".git")).unwrap();
    env.cmd()
        .args(["cron", "add", "--every", "1h", "--tz", "UTC", "-C"])
        .arg_path(&other)
        .arg_str("there")
        .run(0);
    let here = env.cmd().args(["--json", "cron", "list"]).run(0).json();
    assert_eq!(here.as_array().unwrap().len(), 1);
    assert_eq!(here[0]["message"], "here");
    let all = env
        .cmd()
        .args(["--json", "cron", "list", "--all-projects"])
        .run(0)
        .json();
    assert_eq!(all.as_array().unwrap().len(), 2);
    let table = env.cmd().args(["cron", "list", "--all-projects"]).run(0);
    assert!(table.stdout.starts_with("ID "), "{}", table.stdout);
    assert!(table.stdout.contains("other]"), "{}", table.stdout);
}

#[test]
fn a_zone_name_in_any_letter_case_is_stored_as_the_zone_database_spells_it() {
    let env = TestEnv::new();
    env.config("cron:\n  enabled: true\n");
    let added = env
        .cmd()
        .args([
            "--json",
            "cron",
            "add",
            "--cron",
            "0 9 * * *",
            "--tz",
            "america/new_york",
            "standup notes",
        ])
        .run(0)
        .json();
    assert_eq!(added["timezone"], "America/New_York", "{added:#}");
    let next = env
        .cmd()
        .args([
            "--json",
            "cron",
            "next",
            "0 9 * * *",
            "--tz",
            "ASIA/TOKYO",
            "--after",
            "2026-06-01T00:00",
            "-n",
            "1",
        ])
        .run(0)
        .json();
    assert_eq!(next["timezone"], "Asia/Tokyo");
    assert_eq!(next["times"][0], "2026-06-01T09:00:00+09:00");
}
