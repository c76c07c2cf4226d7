//! The router end to end: `pilotdeck router decide`/`stats` and `run` through the router, against
//! the mock model server. Every provider below points at the same mock, so the order of mounted
//! replies is the order of requests across judge, main model and fallbacks.
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

use mock_model::{MockModel, Turn, error_500, openai};
use serde_json::Value;
use support::TestEnv;

/// Providers `cheap`, `dear`, `fb`, `bad` on the mock; `extra` is appended (a `router:` section).
fn config(mock: &MockModel, provider_extra: &str, extra: &str) -> String {
    let mut providers = String::new();
    for id in ["cheap", "dear", "fb", "bad"] {
        providers.push_str(&format!(
            "    {id}:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n{provider_extra}",
            mock.base_url()
        ));
    }
    format!("agent:\n  model: cheap/small\nmodel:\n  providers:\n{providers}{extra}")
}

const TIERS: &str = "router:
  tokenSaver:
    judge: cheap/judge
    tiers:
      simple: {model: cheap/small}
      medium: {model: cheap/mid}
      reasoning: {model: dear/big}
      complex: {model: dear/big}
";

const HARD: &str = "refactor the storage layer across src/a.rs, src/b.rs and src/c.rs, then investigate the deadlock";

fn judge_reply(text: &str) -> mock_model::Reply {
    openai::json(&Turn::new().text(text).usage(50, 3))
}

fn decide(env: &TestEnv, args: &[&str]) -> Value {
    let mut all = vec!["router", "decide", "--json"];
    all.extend_from_slice(args);
    env.cmd().args(all).run(0).json()
}

fn lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn session_id(stdout: &str) -> String {
    let started: Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    started["session_id"].as_str().unwrap().to_owned()
}

#[test]
fn explicit_model_wins_without_any_request() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config(&mock, "", TIERS));
    let d = decide(&env, &["-m", "fb/backup", HARD]);
    assert_eq!(d["resolved_from"], "explicit");
    assert_eq!(d["provider"], "fb");
    assert_eq!(d["judge_called"], false);
    // A provider that is not configured is a usage error, as for `run -m`.
    let bad = env
        .cmd()
        .args(["router", "decide", "-m", "nope/x", HARD])
        .run(2);
    assert!(bad.stderr.contains("`nope`"), "{}", bad.stderr);
    assert_eq!(mock.requests().len(), 0);
}

#[test]
fn offline_uses_the_heuristic_and_no_judge() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config(&mock, "", TIERS));
    let d = decide(&env, &["--offline", HARD]);
    assert_eq!(d["resolved_from"], "heuristic");
    assert_eq!(d["tier"], "reasoning");
    assert_eq!(d["model"], "big");
    let d = decide(&env, &["--offline", "你好"]);
    assert_eq!(d["tier"], "simple");
    assert_eq!(d["model"], "small");
    assert_eq!(mock.requests().len(), 0);
}

#[test]
fn no_router_section_makes_no_judge_call() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&config(&mock, "", ""));
    let d = decide(&env, &[HARD]);
    assert_eq!(d["resolved_from"], "heuristic");
    assert_eq!(d["model"], "small");
    assert_eq!(mock.requests().len(), 0);
}

#[test]
fn judge_answer_in_fences_and_capitals_is_parsed() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(judge_reply("Sure.\n```\n<TIER> Reasoning </TIER>\n```"));
    let env = TestEnv::new();
    env.config(&config(&mock, "", TIERS));
    let d = decide(&env, &["make it faster"]);
    assert_eq!(d["resolved_from"], "judge");
    assert_eq!(d["tier"], "reasoning");
    assert_eq!(d["provider"], "dear");
    assert_eq!(d["judge"]["outcome"], "ok");
    let request = mock.single_request();
    assert!(!request.is_stream());
    assert_eq!(request.model(), "judge");
    let prompt = request.body["messages"][0]["content"].as_str().unwrap();
    assert!(
        prompt.contains("- reasoning: deep single-agent work"),
        "{prompt}"
    );
    assert!(prompt.contains("make it faster"));
    let stats = lines(&env.home.join("router/stats.jsonl"));
    assert_eq!(stats.len(), 1);
    assert_eq!(stats[0]["role"], "judge");
}

#[test]
fn judge_garbage_falls_back_to_the_heuristic() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.mount(judge_reply("I would rather not say."), 2);
    let env = TestEnv::new();
    env.config(&config(&mock, "", TIERS));
    let d = decide(&env, &["hello there"]);
    assert_eq!(d["resolved_from"], "heuristic");
    assert_eq!(d["tier"], "simple");
    assert_eq!(d["judge"]["outcome"], "parse_error");
    assert_eq!(d["judge"]["attempts"], 2);
}

#[test]
fn judge_timeout_falls_back_to_the_heuristic() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::new().text("x")).stall_after(0));
    let env = TestEnv::new();
    let slow = TIERS.replace(
        "judge: cheap/judge",
        "judge: cheap/judge\n    judgeTimeoutMs: 300",
    );
    env.config(&config(&mock, "", &slow));
    let d = decide(&env, &[HARD]);
    assert_eq!(d["resolved_from"], "heuristic");
    assert_eq!(d["tier"], "reasoning");
    assert_eq!(d["judge"]["outcome"], "timeout");
    assert_eq!(mock.requests().len(), 1);
    mock.release_stalls();
}

#[test]
fn tiers_on_one_model_make_no_judge_request() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::new().text("done").usage(10, 2)));
    let env = TestEnv::new();
    let one = TIERS
        .replace("cheap/mid", "cheap/small")
        .replace("dear/big", "cheap/small");
    env.config(&config(&mock, "", &one));
    let run = env.cmd().args(["run", HARD]).run(0);
    assert_eq!(run.stdout, "done\n");
    let requests = mock.requests();
    assert_eq!(
        requests.iter().filter(|r| !r.is_stream()).count(),
        0,
        "judge requests"
    );
    assert_eq!(requests.len(), 1);
}

#[test]
fn sticky_tier_survives_across_processes() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(judge_reply("<tier>reasoning</tier>"));
    mock.push(openai::stream(&Turn::new().text("first").usage(10, 2)));
    mock.push(openai::stream(&Turn::new().text("second").usage(10, 2)));
    let env = TestEnv::new();
    env.config(&config(&mock, "", TIERS));
    let first = env.cmd().args(["run", "--json", HARD]).run(0);
    let id = session_id(&first.stdout);
    // A separate process: the short continuation keeps the tier without a judge call.
    let second = env
        .cmd()
        .args(["run", "--json", "--session", &id, "继续"])
        .run(0);
    assert!(second.stdout.contains("second"), "{}", second.stdout);
    let routed: Value = second
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["type"] == "router.decided")
        .unwrap();
    assert_eq!(routed["tier"], "reasoning");
    assert_eq!(routed["model"], "dear/big");
    assert_eq!(routed["resolved_from"], "sticky");
    assert_eq!(routed["judge_called"], false);
    let requests = mock.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(requests[1].model(), "big");
    assert_eq!(requests[2].model(), "big");
    assert!(requests[2].is_stream());
    let d = decide(&env, &["--session", &id, "好的"]);
    assert_eq!(d["resolved_from"], "sticky");
    assert_eq!(d["tier"], "reasoning");
    let events = lines(&env.home.join("router/events.jsonl"));
    let froms: Vec<&str> = events
        .iter()
        .filter(|e| e["type"] == "decision")
        .map(|e| e["decision"]["resolved_from"].as_str().unwrap())
        .collect();
    assert_eq!(froms, ["judge", "sticky"]);
}

const FALLBACK: &str = "router:\n  fallback:\n    default: [fb/backup]\n";

#[test]
fn falls_back_on_500_before_content() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(error_500());
    mock.push(openai::stream(
        &Turn::new().text("from backup").usage(10, 2),
    ));
    let env = TestEnv::new();
    env.config(&config(&mock, "", FALLBACK));
    let run = env.cmd().args(["run", "--json", "hi"]).run(0);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].model(), "small");
    assert_eq!(requests[1].model(), "backup");
    // The failed attempt's framing never reaches the caller: one answer, no duplicates.
    let completed: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("item.completed"))
        .collect();
    assert_eq!(completed.len(), 1, "{}", run.stdout);
    assert!(completed[0].contains("from backup"));
    let events = lines(&env.home.join("router/events.jsonl"));
    let fallback = events.iter().find(|e| e["type"] == "fallback").unwrap();
    assert_eq!(fallback["from"], "cheap/small");
    assert_eq!(fallback["to"], "fb/backup");
    assert_eq!(fallback["error"], "server_error");
    // The run's own stream says so too, before the answer of the model that gave it.
    let stream: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = stream
        .iter()
        .position(|e| e["type"] == "model.fallback")
        .unwrap_or_else(|| panic!("no model.fallback event: {}", run.stdout));
    assert_eq!(stream[at]["from"], "cheap/small");
    assert_eq!(stream[at]["to"], "fb/backup");
    assert_eq!(stream[at]["error"], "server_error");
    assert!(
        stream[..at].iter().all(|e| e["type"] != "item.completed"),
        "{}",
        run.stdout
    );

    // Without --json, a line on stderr.
    mock.push(error_500());
    mock.push(openai::stream(&Turn::new().text("again").usage(10, 2)));
    let human = env.cmd().args(["run", "hi"]).run(0);
    assert!(
        human
            .stderr
            .contains("cheap/small failed (server_error); asking fb/backup instead"),
        "{}",
        human.stderr
    );
}

#[test]
fn no_fallback_once_content_has_streamed() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::new().text("partial answer that breaks")).disconnect_after(2));
    mock.push(openai::text(" and the rest."));
    let env = TestEnv::new();
    env.config(&config(&mock, "", FALLBACK));
    let run = env.cmd().args(["run", "hi"]).run(0);
    // The broken stream is not replayed on the fallback model: the agent continues its partial
    // answer on the same one (issue 20).
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].model(), requests[0].model());
    assert!(
        requests[1]
            .last_user_text()
            .unwrap()
            .contains("Continue exactly where you stopped")
    );
    assert!(run.stdout.ends_with(" and the rest.\n"), "{}", run.stdout);
}

#[test]
fn zero_usage_reply_is_retried() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::empty()));
    mock.push(openai::stream(&Turn::new().text("finally").usage(10, 2)));
    let env = TestEnv::new();
    // No model-layer retries: the router's zero-usage retry is what tries again.
    let no_retry = "      retry: {streamMaxRetries: 0}\n";
    env.config(&config(&mock, no_retry, ""));
    let run = env.cmd().args(["run", "hi"]).run(0);
    assert_eq!(run.stdout, "finally\n");
    assert_eq!(mock.requests().len(), 2);
    let events = lines(&env.home.join("router/events.jsonl"));
    assert!(events.iter().any(|e| e["type"] == "zero_usage_retry"));
}

#[test]
fn a_failing_chain_costs_exactly_the_documented_bound() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // Primary + 5 fallbacks (maxFallbacks caps fb/f), all failing: the shared budget of 6 requests
    // is the bound. After three failures the `fb` circuit opens, so fb/d is skipped and the last
    // candidate, fb/e, spends the rest of the budget on its own retry.
    mock.mount(error_500(), 6);
    let env = TestEnv::new();
    let chain = "router:\n  fallback:\n    default: [fb/a, fb/b, fb/c, fb/d, fb/e, fb/f]\n";
    env.config(&config(&mock, "", chain));
    env.cmd().args(["run", "hi"]).run(1);
    let models: Vec<String> = mock
        .requests()
        .iter()
        .map(|r| r.model().to_owned())
        .collect();
    assert_eq!(models, ["small", "a", "b", "c", "e", "e"]);
}

#[test]
fn an_open_circuit_skips_the_failing_provider() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    let chain = "router:\n  fallback:\n    default: [bad/x, fb/backup]\n";
    env.config(&config(&mock, "", chain));
    for _ in 0..3 {
        mock.push(error_500());
        mock.push(error_500());
        mock.push(openai::stream(&Turn::new().text("ok").usage(10, 2)));
        env.cmd().args(["run", "hi"]).run(0);
    }
    mock.push(error_500());
    mock.push(openai::stream(&Turn::new().text("ok").usage(10, 2)));
    env.cmd().args(["run", "hi"]).run(0);
    let models: Vec<String> = mock
        .requests()
        .iter()
        .map(|r| r.model().to_owned())
        .collect();
    assert_eq!(&models[9..], ["small", "backup"]);
    let events = lines(&env.home.join("router/events.jsonl"));
    assert!(
        events
            .iter()
            .any(|e| e["type"] == "circuit_skip" && e["model"] == "bad/x")
    );
}

#[test]
fn stats_lines_and_totals_with_pricing_and_baseline() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::new().text("priced").usage(1000, 500)));
    let env = TestEnv::new();
    let stats = "router:
  stats:
    baselineModel: dear/big
    modelPricing:
      cheap/small: {input: 1, output: 2}
      dear/big: {input: 10, output: 20}
";
    env.config(&config(&mock, "", stats));
    // Ephemeral: no transcript, so no title call beside the main one.
    let run = env
        .cmd()
        .args(["run", "--json", "--ephemeral", "hi"])
        .run(0);
    let completed: Value = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["type"] == "turn.completed")
        .unwrap();
    assert!(
        (completed["cost_usd"].as_f64().unwrap() - 0.002).abs() < 1e-9,
        "{completed}"
    );
    let lines = lines(&env.home.join("router/stats.jsonl"));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["role"], "main");
    assert_eq!(lines[0]["model"], "small");
    assert_eq!(lines[0]["outcome"], "ok");
    assert_eq!(lines[0]["turn"], 1);
    let report = env.cmd().args(["router", "stats", "--json"]).run(0).json();
    assert_eq!(report["total"]["calls"], 1);
    assert!((report["total"]["cost_usd"].as_f64().unwrap() - 0.002).abs() < 1e-9);
    assert!((report["total"]["saving_usd"].as_f64().unwrap() - 0.018).abs() < 1e-9);
    assert_eq!(report["by_model"]["cheap/small"]["calls"], 1);
    let human = env.cmd().args(["router", "stats", "--since", "1h"]).run(0);
    assert!(human.stdout.contains("cheap/small"), "{}", human.stdout);
}

#[test]
fn cache_aware_switching_stays_on_the_cached_model() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(judge_reply("<tier>reasoning</tier>"));
    mock.push(openai::stream(
        &Turn::new().text("first").usage(100, 20).cache(9000, 0),
    ));
    mock.push(judge_reply("<tier>simple</tier>"));
    mock.push(openai::stream(&Turn::new().text("second").usage(100, 5)));
    let env = TestEnv::new();
    let priced = format!(
        "{TIERS}  stats:
    modelPricing:
      dear/big: {{input: 10, output: 20, cacheRead: 0.1}}
      cheap/small: {{input: 3, output: 6, cacheRead: 0.3}}
"
    );
    env.config(&config(&mock, "", &priced));
    let first = env.cmd().args(["run", "--json", HARD]).run(0);
    let id = session_id(&first.stdout);
    let second = env
        .cmd()
        .args(["run", "--json", "--session", &id, "what is a mutex?"])
        .run(0);
    let routed: Value = second
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["type"] == "router.decided")
        .unwrap();
    assert_eq!(routed["resolved_from"], "sticky", "{routed}");
    assert!(
        routed["reason"]
            .as_str()
            .unwrap()
            .starts_with("cache-aware"),
        "{routed}"
    );
    let models: Vec<String> = mock
        .requests()
        .iter()
        .map(|r| r.model().to_owned())
        .collect();
    assert_eq!(models, ["judge", "big", "judge", "big"]);
}
