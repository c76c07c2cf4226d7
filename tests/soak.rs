//! Concurrency soak: 8 real processes mix `run`, `session list`, `memory index`, `memory recall` and
//! `cron tick` on one PilotHome. Every command must succeed (no "database is locked" reaches a
//! user), no session, capture or cron run may be lost or duplicated, and every cron slot fires once.
//!
//! The default size is small enough for CI; `PILOTDECK_SOAK_ROUNDS=N` (default 5) runs N rounds per
//! process for a longer soak. One command mix is one row of [`MIX`].
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{DateTime, Duration, DurationRound, Utc};
use mock_model::{MockModel, Turn, openai};
use serde_json::json;
use support::TestEnv;

const PROCESSES: usize = 8;

/// The agent model (streams: `run` and cron runs) and the memory model (JSON: `memory index`) are
/// separate mock servers, so each gets only the replies its requests expect.
fn config_for(agent: &MockModel, memory: &MockModel) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n    mem:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1-mini: {{}}\nmemory:\n  enabled: true\n  model: mem/gpt-4.1-mini\ncron:\n  maxConcurrentRuns: 8\n",
        agent.base_url(),
        memory.base_url()
    )
}

/// What one process does in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Run,
    SessionList,
    MemoryIndex,
    MemoryRecall,
    CronTick,
}

/// The mix: process `p` in round `r` does `MIX[(p + r) % MIX.len()]`.
const MIX: &[Step] = &[
    Step::Run,
    Step::SessionList,
    Step::Run,
    Step::MemoryIndex,
    Step::MemoryRecall,
    Step::CronTick,
    Step::Run,
    Step::CronTick,
];

fn rounds() -> usize {
    std::env::var("PILOTDECK_SOAK_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
}

fn plan(rounds: usize) -> Vec<Vec<Step>> {
    (0..PROCESSES)
        .map(|p| (0..rounds).map(|r| MIX[(p + r) % MIX.len()]).collect())
        .collect()
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[test]
fn eight_processes_mixing_commands_lose_and_duplicate_nothing() {
    let rounds = rounds();
    let plan = plan(rounds);
    let runs = plan.iter().flatten().filter(|s| **s == Step::Run).count();
    // One one-shot cron task per round, due at successive minutes of a day in the future; ticks in
    // round r evaluate the schedules at minute r, so slots come due while everything else runs.
    let base = (Utc::now() + Duration::days(1))
        .duration_trunc(Duration::minutes(1))
        .unwrap();
    let agent = MockModel::spawn();
    let memory = MockModel::spawn();
    agent.mount(openai::text("done"), runs + rounds);
    let notes = json!({"notes": [{"type": "project", "name": "Soak", "description": "soak facts", "body": "The soak test ran here."}]});
    // Every turn is captured, cron runs too.
    memory.mount(
        openai::json(&Turn::new().text(&notes.to_string())),
        runs + rounds,
    );
    let env = Arc::new(TestEnv::new());
    env.config(&config_for(&agent, &memory));
    let mut tasks = BTreeSet::new();
    for r in 0..rounds {
        let at = iso(base + Duration::minutes(r as i64));
        let args = [
            "--json",
            "cron",
            "add",
            "--at",
            &at,
            "--catch-up",
            "all",
            "Soak task.",
        ];
        let added = env.cmd().args(args).run(0).json();
        tasks.insert(added["id"].as_str().unwrap().to_owned());
    }

    let workers: Vec<_> = plan
        .into_iter()
        .enumerate()
        .map(|(p, steps)| {
            let env = Arc::clone(&env);
            std::thread::spawn(move || {
                for (r, step) in steps.into_iter().enumerate() {
                    let now = iso(base + Duration::minutes(r as i64));
                    let prompt = format!("Soak prompt from process {p} round {r}.");
                    let args: Vec<&str> = match step {
                        Step::Run => vec!["run", &prompt],
                        Step::SessionList => vec!["session", "list"],
                        Step::MemoryIndex => vec!["memory", "index"],
                        Step::MemoryRecall => vec!["memory", "recall", "soak"],
                        Step::CronTick => vec!["cron", "tick", "--now", &now],
                    };
                    let out = env.cmd().args(&args).run(0);
                    for needle in ["locked", "busy"] {
                        assert!(
                            !out.stderr.to_lowercase().contains(needle),
                            "process {p} round {r} {args:?}: {}",
                            out.stderr
                        );
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }

    // Drain: the last slots and any capture nobody indexed yet.
    let after = iso(base + Duration::minutes(rounds as i64 + 1));
    env.cmd().args(["cron", "tick", "--now", &after]).run(0);
    env.cmd().args(["memory", "index"]).run(0);

    // Sessions: one transcript and one index row per run, each with its prompt once.
    let transcripts = env.transcripts();
    assert_eq!(transcripts.len(), runs + rounds, "runs plus cron runs");
    let listed = env
        .cmd()
        .args(["--json", "session", "list", "--limit", "100000"])
        .run(0)
        .json();
    assert_eq!(listed.as_array().unwrap().len(), runs + rounds);
    for t in &transcripts {
        let types = TestEnv::record_types(t);
        assert_eq!(
            types.iter().filter(|t| *t == "session").count(),
            1,
            "{t:?}: {types:?}"
        );
        assert_eq!(
            types.iter().filter(|t| *t == "user").count(),
            1,
            "{t:?}: {types:?}"
        );
    }

    // Cron: every slot fired exactly once, and completed.
    let history = env
        .cmd()
        .args(["--json", "cron", "history", "--limit", "100000"])
        .run(0)
        .json();
    let rows = history.as_array().unwrap();
    let fired: Vec<String> = rows
        .iter()
        .map(|r| r["task_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(fired.len(), rounds, "{history:#}");
    assert_eq!(fired.iter().cloned().collect::<BTreeSet<_>>(), tasks);
    assert!(
        rows.iter().all(|r| r["status"] == "completed"),
        "{history:#}"
    );

    // Memory: every capture indexed exactly once.
    let pending = env
        .cmd()
        .args(["--json", "memory", "pending"])
        .run(0)
        .json();
    assert_eq!(pending.as_array().unwrap().len(), 0, "{pending:#}");
    let traces = env
        .cmd()
        .args(["--json", "memory", "trace", "index", "--last", "100000"])
        .run(0)
        .json();
    let captures: Vec<i64> = traces
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["detail"]["capture"].as_i64())
        .collect();
    let unique: BTreeSet<i64> = captures.iter().copied().collect();
    assert_eq!(captures.len(), unique.len(), "a capture was indexed twice");
    assert_eq!(captures.len(), runs + rounds, "every turn, cron runs too");

    // And the home is consistent.
    let report = env.cmd().args(["--json", "doctor", "--deep"]).run(0).json();
    assert_eq!(report["ok"], true, "{report:#}");
    agent.verify();
    memory.verify();
}
