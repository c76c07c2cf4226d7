//! Concurrency soak: 8 real processes mix `run`, `session list`, `memory index`, `memory recall`,
//! `cron tick` and `always-on tick` on one PilotHome (the project is a real git repository). Every
//! command must succeed (no "database is locked" reaches a user), no session, capture or cron run may
//! be lost or duplicated, every cron slot fires once, and no two always-on runs overlap.
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

#[path = "always_on_common/mod.rs"]
mod always_on_common;
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

/// The agent model (streams: `run`, cron runs, always-on discoveries) and the memory model (JSON:
/// `memory index`) are separate mock servers, so each gets only the replies its requests expect.
/// Always-on's time gates are open (no cooldown, budget or dormancy), so a tick discovers unless a
/// run is working in the project or another tick holds the lock.
fn config_for(agent: &MockModel, memory: &MockModel, project: &std::path::Path) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n    mem:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1-mini: {{}}\nmemory:\n  enabled: true\n  model: mem/gpt-4.1-mini\ncron:\n  maxConcurrentRuns: 8\nalwaysOn:\n  enabled: true\n  trigger:\n    cooldownMinutes: 0\n    recentUserMsgMinutes: 0\n    dailyBudget: 1000\n  dormancy:\n    enabled: false\n  projects:\n    {}:\n      enabled: true\n",
        agent.base_url(),
        memory.base_url(),
        project.display()
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
    AlwaysOnTick,
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
    Step::AlwaysOnTick,
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
    // Plus the drain tick after the soak.
    let ticks = plan
        .iter()
        .flatten()
        .filter(|s| **s == Step::AlwaysOnTick)
        .count()
        + 1;
    // One one-shot cron task per round, due at successive minutes of a day in the future; ticks in
    // round r evaluate the schedules at minute r, so slots come due while everything else runs.
    let base = (Utc::now() + Duration::days(1))
        .duration_trunc(Duration::minutes(1))
        .unwrap();
    let agent = MockModel::spawn();
    let memory = MockModel::spawn();
    // A discovery that answers "done" files no plan: one model call per always-on run. How many
    // ticks get past the gates depends on timing; they are counted afterwards.
    agent.mount_at_most(openai::text("done"), runs + rounds + ticks);
    let notes = json!({"notes": [{"type": "project", "name": "Soak", "description": "soak facts", "body": "The soak test ran here."}]});
    // Every turn is captured, cron runs too.
    memory.mount(
        openai::json(&Turn::new().text(&notes.to_string())),
        runs + rounds,
    );
    let env = Arc::new(TestEnv::new());
    always_on_common::git_project(&env);
    env.config(&config_for(&agent, &memory, &always_on_common::root(&env)));
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
                        Step::AlwaysOnTick => vec!["always-on", "tick"],
                    };
                    let out = env.cmd().args(&args).run(0);
                    for needle in [
                        "database is locked",
                        "database is busy",
                        "database table is locked",
                    ] {
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
    env.cmd().args(["always-on", "tick"]).run(0);

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

    // Always-on: every run finished and no two overlapped (the tick lock); each discovery made
    // exactly one model call, and the drain tick, with nothing else working, discovered.
    let db = rusqlite::Connection::open(env.home.join("state.db")).unwrap();
    let spans: Vec<(i64, Option<i64>, String)> = db
        .prepare("SELECT started_at, finished_at, outcome FROM always_on_runs ORDER BY started_at")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(!spans.is_empty(), "the drain tick must discover");
    assert!(
        spans.iter().all(|(_, finished, _)| finished.is_some()),
        "{spans:?}"
    );
    for pair in spans.windows(2) {
        assert!(
            pair[1].0 >= pair[0].1.unwrap(),
            "always-on runs overlap: {spans:?}"
        );
    }
    assert_eq!(
        agent.requests().len(),
        runs + rounds + spans.len(),
        "runs, cron runs and one call per discovery"
    );
    println!(
        "soak: {rounds} rounds, {runs} runs, {rounds} cron slots, {} always-on runs of {ticks} ticks",
        spans.len()
    );

    // And the home is consistent.
    let report = env.cmd().args(["--json", "doctor", "--deep"]).run(0).json();
    assert_eq!(report["ok"], true, "{report:#}");
    agent.verify();
    memory.verify();
}
