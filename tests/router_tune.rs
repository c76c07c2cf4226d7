//! `pilotdeck router eval` and `router calibrate` end to end: APGR on a labelled fixture, and
//! thresholds fitted to transcripts written by real `run`s against the mock model.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests read files directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/router/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn config(mock: &MockModel, scorer: &str) -> String {
    let mut providers = String::new();
    for id in ["cheap", "dear"] {
        providers.push_str(&format!(
            "    {id}:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n",
            mock.base_url()
        ));
    }
    format!(
        "agent:\n  model: cheap/small\nmodel:\n  providers:\n{providers}router:
  tokenSaver:
    scorer: {scorer}
    tiers:
      simple: {{model: cheap/small}}
      medium: {{model: cheap/small}}
      reasoning: {{model: dear/big}}
      complex: {{model: dear/big}}
  stats:
    modelPricing:
      cheap/small: {{input: 1, output: 2}}
      dear/big: {{input: 10, output: 20}}
"
    )
}

#[test]
fn eval_reproduces_the_hand_computed_apgr() {
    let env = TestEnv::new();
    let out = env
        .cmd()
        .args(["router", "eval", "--json", &fixture("eval_small.jsonl")])
        .run(0)
        .json();
    // Gains (strong - weak): 0, 0, 1, 1; gap 2. The learned scorer puts the two hard prompts first
    // (its fixture test guarantees hard above easy), so do length and the heuristic's tiers (simple
    // for the two short ones, higher for the two long ones): the curve is (0,0) (.25,.5) (.5,1)
    // (.75,1) (1,1), area .0625 + .1875 + .25 + .25 = .75. Half the gap is reached at .25; 80% at
    // .25 + .3/.5 × .25 = .4.
    for router in ["learned", "heuristic", "length"] {
        let c = &out[router];
        assert!(
            (c["apgr"].as_f64().unwrap() - 0.75).abs() < 1e-9,
            "{router}: {c}"
        );
        assert!((c["share_for_50"].as_f64().unwrap() - 0.25).abs() < 1e-9);
        assert!((c["share_for_80"].as_f64().unwrap() - 0.4).abs() < 1e-9);
    }
    assert_eq!(out["random"]["apgr"], 0.5);
    assert_eq!(out["scorer"], "heuristic", "the default offline classifier");
    assert_eq!(out["prompts"], 4);
    assert_eq!(out["all_weak"], 0.25);
    assert_eq!(out["all_strong"], 0.75);
    let tiers: u64 = out["tiers"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(tiers, 4);
    assert!(out["spend"].is_null(), "no tiers configured: {out}");

    let mock = MockModel::spawn();
    env.config(&config(&mock, "learned"));
    let out = env
        .cmd()
        .args(["router", "eval", "--json", &fixture("eval_small.jsonl")])
        .run(0)
        .json();
    let spend = &out["spend"];
    assert_eq!(spend["strong_model"], "dear/big");
    let (routed, all) = (
        spend["routed_usd"].as_f64().unwrap(),
        spend["all_strong_usd"].as_f64().unwrap(),
    );
    assert!(routed > 0.0 && routed <= all, "{spend}");
    let human = env
        .cmd()
        .args(["router", "eval", &fixture("eval_small.jsonl")])
        .run(0);
    for line in [
        "learned   APGR 0.750",
        "length    APGR 0.750",
        "random    APGR 0.500",
        "tiers from the learned scorer at thresholds",
    ] {
        assert!(human.stdout.contains(line), "{line}: {}", human.stdout);
    }
}

#[test]
fn eval_rejects_bad_input_clearly() {
    let env = TestEnv::new();
    let bad = env.tmp.path().join("bad.jsonl");
    env.write(&bad, "{\"prompt\": \"x\", \"weak_ok\": true}\n");
    let out = env
        .cmd()
        .args(["router", "eval", bad.to_str().unwrap()])
        .run(2);
    assert!(
        out.stderr.contains("line 1") && out.stderr.contains("strong_ok"),
        "{}",
        out.stderr
    );
}

#[test]
fn calibrate_hits_the_requested_share_of_past_prompts() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(openai::stream(&Turn::new().text("done").usage(10, 2)), 40);
    let env = TestEnv::new();
    env.config(&config(&mock, "learned"));
    // Forty different prompts (identical scores could not be split by a threshold).
    let things = [
        "parser",
        "scheduler",
        "cache",
        "search index",
        "storage layer",
        "network client",
        "auth module",
        "config loader",
        "logger",
        "command line",
        "database schema",
        "plugin system",
        "test harness",
        "build script",
        "error handling",
        "retry policy",
        "session store",
        "memory pool",
        "job queue",
        "web server",
    ];
    let mut prompts = Vec::new();
    for (i, thing) in things.iter().enumerate() {
        prompts.push(if i % 2 == 0 {
            format!("thanks, the {thing} looks fine")
        } else {
            format!("what is a {thing}?")
        });
        prompts.push(format!(
            "refactor the {thing} across several files, then investigate why its tests deadlock under load and fix the root cause"
        ));
    }
    for p in &prompts {
        env.cmd().args(["run", p]).run(0);
    }
    let out = env
        .cmd()
        .args([
            "router",
            "calibrate",
            "--json",
            "--strong-share",
            "0.3",
            "--since",
            "30d",
        ])
        .run(0)
        .json();
    assert_eq!(out["prompts"], 40);
    let share = out["strong_share"].as_f64().unwrap();
    assert!((share - 0.3).abs() <= 0.02, "{out}");
    let t = &out["thresholds"];
    let written = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    assert!(written.contains("thresholds:"), "{written}");
    assert!(
        written.contains("cheap/small"),
        "other keys kept: {written}"
    );
    assert!(
        out["spend"]["routed_usd"].as_f64().unwrap()
            < out["spend"]["all_strong_usd"].as_f64().unwrap()
    );
    // The written thresholds are what the router now uses: re-deciding every past prompt offline
    // sends the same share to the strong tiers.
    let strong = prompts
        .iter()
        .filter(|p| {
            let d: Value = env
                .cmd()
                .args(["router", "decide", "--json", "--offline", p])
                .run(0)
                .json();
            d["model"] == "big"
        })
        .count();
    assert_eq!(strong, 12, "thresholds {t}");
    let dry = env
        .cmd()
        .args(["router", "calibrate", "--dry-run", "--strong-share", "0.5"])
        .run(0);
    assert!(dry.stdout.contains("nothing written"), "{}", dry.stdout);
    assert_eq!(
        std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap(),
        written
    );
    let bad = env
        .cmd()
        .args(["router", "calibrate", "--strong-share", "30"])
        .run(2);
    assert!(bad.stderr.contains("between 0 and 1"), "{}", bad.stderr);
    // With the heuristic as the offline classifier the thresholds are written but do not act yet,
    // and the output says so.
    env.config(&config(&mock, "heuristic"));
    let note = env
        .cmd()
        .args(["router", "calibrate", "--dry-run", "--strong-share", "0.3"])
        .run(0);
    assert!(
        note.stdout.contains("take effect with `scorer: learned`"),
        "{}",
        note.stdout
    );
}
