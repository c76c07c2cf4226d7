//! Extensions: what they add to starting a session and to each tool call.
//!
//! Run with `cargo bench --bench extensions`. Reports, never asserts:
//! - median and p90 of discovering 200 skills (100 global, 100 project, half of them clashing) and
//!   rendering the system prompt's listing (goal: under 10 ms, it runs once per session);
//! - median and p90 of one `PreToolUse` hook round trip (`sh -c true` with the JSON payload on
//!   stdin, through `tools::process`), the cost a configured hook adds to each tool call (goal: under
//!   10 ms);
//! - the same with no hook configured for the event (goal: under 10 µs: no process is started).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::disallowed_methods,
    reason = "a benchmark binary reports on stdout and fails loudly"
)]

use std::time::{Duration, Instant};

use pilotdeck::config::Config;
use pilotdeck::extensions::{HookEvent, HookScope, Hooks, SkillSet};
use pilotdeck::home::PilotHome;
use tokio_util::sync::CancellationToken;

const RUNS: usize = 50;

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let median = times[times.len() / 2];
    let p90 = times[times.len() * 9 / 10];
    println!(
        "{what}: median {median:?}, p90 {p90:?} ({} runs)",
        times.len()
    );
}

fn main() {
    let tmp = tempfile::tempdir().unwrap();
    let home = PilotHome::at(tmp.path().join("home"));
    let project = tmp.path().join("project");
    for i in 0..100 {
        for (dir, name) in [
            (
                home.skills_dir().join(format!("g{i}")),
                format!("skill-{i}"),
            ),
            (
                project.join(format!(".pilotdeck/skills/p{i}")),
                format!("skill-{}", i + 50),
            ),
        ] {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(
                dir.join("SKILL.md"),
                format!("---\nname: {name}\ndescription: Does thing {i}\n---\nSteps for {name}.\n"),
            )
            .unwrap();
        }
    }
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..RUNS {
        let started = Instant::now();
        let set = SkillSet::discover(&home, Some(&project), &[], &mut Vec::new());
        let listing: String = set
            .iter()
            .map(|s| format!("- {}: {} ({})\n", s.name, s.description, s.path.display()))
            .collect();
        count = set.iter().count();
        assert!(!listing.is_empty());
        times.push(started.elapsed());
    }
    report(&format!("discover {count} skills + listing"), times);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut config = Config::default();
    config.hooks.insert(
        "PreToolUse".to_owned(),
        serde_yaml::from_str("[{matcher: bash, hooks: [{type: command, command: 'true'}]}]")
            .unwrap(),
    );
    let hooks = Hooks::load(&project, &config, &[], &mut Vec::new());
    let scope = HookScope {
        session: Some("bench"),
        transcript: None,
        permission_mode: "workspace-write",
    };
    let cancel = CancellationToken::new();
    let payload = serde_json::json!({"tool_name": "bash", "tool_input": {"command": "ls"}});
    for (what, tool) in [
        ("PreToolUse hook `true`", "bash"),
        ("no matching hook", "read_file"),
    ] {
        let mut times = Vec::new();
        for _ in 0..RUNS {
            let started = Instant::now();
            runtime.block_on(hooks.run(
                HookEvent::PreToolUse,
                &[tool],
                scope,
                payload.clone(),
                &cancel,
            ));
            times.push(started.elapsed());
        }
        report(what, times);
    }
}
