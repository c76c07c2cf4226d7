//! Budgets (issue 20): `run --max-cost/--max-tokens` and `agent.budget` stop a turn before the model
//! call that could exceed them, with `budget_exceeded`, exit 4 and the partial answer kept.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files directly"
)]

#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

/// A mock model server and a test environment whose config has `extra` in its `agent:` section.
fn mocked(extra: &str) -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    let config = mock
        .agent_config()
        .replacen("agent:\n", &format!("agent:\n{extra}"), 1);
    assert!(config.contains(extra));
    env.config(&config);
    (mock, env)
}

fn jsonl(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// A first reply that reads a file after saying so, and costs $0.0498 at gpt-4.1's $2/$8 per M.
fn expensive_first_step(mock: &MockModel, env: &TestEnv) {
    env.write(&env.project.join("a.txt"), "alpha\n");
    mock.push(openai::stream(
        &Turn::new()
            .text("Reading a.txt first.")
            .tool_call("c1", "read_file", r#"{"file_path":"a.txt"}"#)
            .usage(24_900, 0),
    ));
}

#[test]
fn a_run_over_its_max_cost_stops_before_the_call_that_would_exceed_it() {
    let (mock, env) = mocked("");
    expensive_first_step(&mock, &env);
    let run = env
        .cmd()
        .args(["run", "--json", "--max-cost", "0.05", "what does a.txt say"])
        .run(4);
    let requests = mock.requests();
    assert_eq!(requests.len(), 1, "the second call was never made");
    // The first call's output limit was lowered to what the budget could pay for.
    let limit = requests[0].body["max_tokens"]
        .as_u64()
        .or_else(|| requests[0].body["max_completion_tokens"].as_u64())
        .unwrap();
    assert!(limit < 32_768 && limit > 256, "{limit}");
    let events = jsonl(&run.stdout);
    let failed = events.iter().find(|e| e["type"] == "turn.failed").unwrap();
    assert_eq!(failed["error"]["code"], "budget_exceeded", "{failed}");
    assert!(
        failed["error"]["message"]
            .as_str()
            .unwrap()
            .contains("cost limit"),
        "{failed}"
    );
    assert_eq!(failed["usage"]["input_tokens"], 24_900);

    // Without --json the partial answer is printed and kept in the transcript.
    let (mock, env) = mocked("");
    expensive_first_step(&mock, &env);
    let run = env
        .cmd()
        .args(["run", "--max-cost", "0.05", "what does a.txt say"])
        .run(4);
    assert_eq!(run.stdout, "Reading a.txt first.\n");
    assert!(run.stderr.contains("budget"), "{}", run.stderr);
    let transcript = std::fs::read_to_string(&env.transcripts()[0]).unwrap();
    assert!(transcript.contains("\"limit_reached\""), "{transcript}");
    assert!(transcript.contains("Reading a.txt first."));
}

#[test]
fn max_tokens_lowers_the_output_limit_then_stops_the_run() {
    let (mock, env) = mocked("");
    mock.push(openai::text("Short."));
    let run = env
        .cmd()
        .args(["run", "--max-tokens", "20000", "hello"])
        .run(0);
    assert_eq!(run.stdout, "Short.\n");
    let body = &mock.requests()[0].body;
    let limit = body["max_tokens"]
        .as_u64()
        .or_else(|| body["max_completion_tokens"].as_u64())
        .unwrap();
    assert!(limit < 20_000, "{limit}");

    // Not even the prompt fits: no call at all.
    let (mock, env) = mocked("");
    let run = env
        .cmd()
        .args(["run", "--max-tokens", "50", "hello"])
        .run(4);
    assert!(run.stderr.contains("--max-tokens 50"), "{}", run.stderr);
    assert!(mock.requests().is_empty());
    env.cmd().args(["run", "--max-cost", "-1", "hello"]).run(2);
}

#[test]
fn the_daily_budget_counts_earlier_runs_of_the_day() {
    let (mock, env) = mocked("  budget:\n    perDayUsd: 0.06\n");
    mock.push(openai::stream(&Turn::new().text("First.").usage(29_500, 0)));
    env.cmd().args(["run", "one"]).run(0);
    // $0.059 of today's $0.06 is spent: not even the next prompt fits.
    let run = env.cmd().args(["run", "--json", "two"]).run(4);
    assert_eq!(mock.requests().len(), 1);
    let failed = jsonl(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "turn.failed")
        .unwrap();
    assert!(
        failed["error"]["message"]
            .as_str()
            .unwrap()
            .contains("today's budget"),
        "{failed}"
    );
}

#[test]
fn budget_caps_must_be_positive() {
    let (_mock, env) = mocked("  budget:\n    perRunUsd: -2\n");
    let run = env.cmd().args(["config", "validate"]).run(2);
    assert!(
        run.stdout.contains("agent.budget.perRunUsd")
            || run.stderr.contains("agent.budget.perRunUsd"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn the_budget_is_checked_at_the_price_of_the_model_the_router_chose() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // The judge picks the `reasoning` tier, whose model costs $1000 per million tokens.
    mock.push(openai::json(
        &Turn::new().text("<tier>reasoning</tier>").usage(50, 3),
    ));
    let env = TestEnv::new();
    let mut providers = String::new();
    for id in ["cheap", "dear"] {
        providers.push_str(&format!(
            "    {id}:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n",
            mock.base_url()
        ));
    }
    env.config(&format!(
        "agent:\n  model: cheap/small\nmodel:\n  providers:\n{providers}router:\n  tokenSaver:\n    judge: cheap/judge\n    tiers:\n      simple: {{model: cheap/small}}\n      reasoning: {{model: dear/big}}\n  stats:\n    modelPricing:\n      cheap/small: {{input: 0.1, output: 0.1}}\n      cheap/judge: {{input: 0.1, output: 0.1}}\n      dear/big: {{input: 1000, output: 1000}}\n"
    ));
    let run = env
        .cmd()
        .args(["run", "--max-cost", "0.5", "think hard about the design"])
        .run(4);
    assert!(run.stderr.contains("dear/big"), "{}", run.stderr);
    // Only the judge was asked; the expensive call was never made.
    let requests = mock.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].model(), "judge");
}

#[test]
fn usage_shows_spend_by_day_project_model_and_entry_point() {
    let (mock, env) = mocked("");
    mock.push(openai::stream(&Turn::new().text("One.").usage(1_000, 10)));
    env.cmd().args(["run", "one"]).run(0);
    mock.push(openai::stream(&Turn::new().text("Two.").usage(2_000, 20)));
    let added = env
        .cmd()
        .args(["--json", "cron", "add", "--in", "0s", "two"])
        .run(0);
    assert!(added.json()["id"].is_string());
    env.cmd().args(["cron", "tick"]).run(0);
    let report = env
        .cmd()
        .args(["--json", "usage", "--since", "1d"])
        .run(0)
        .json();
    // The title calls are accounted too, under the entry point that made them.
    let entries = report["by_entry"].as_object().unwrap();
    assert_eq!(
        entries.keys().collect::<Vec<_>>(),
        ["cron", "run"],
        "{report}"
    );
    assert!(
        report["by_entry"]["run"]["usage"]["input_tokens"]
            .as_u64()
            .unwrap()
            >= 1_000
    );
    assert!(
        report["by_model"]["mock/gpt-4.1"]["usage"]["output_tokens"]
            .as_u64()
            .unwrap()
            >= 30
    );
    assert_eq!(report["by_project"].as_object().unwrap().len(), 1);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert!(
        report["by_day"][&today]["calls"].as_u64().unwrap() >= 2,
        "{report}"
    );
    let text = env.cmd().args(["usage"]).run(0).stdout;
    assert!(
        text.contains("by entry point") && text.contains("cron"),
        "{text}"
    );
}

/// The output limit a request asked for.
fn output_limit(request: &mock_model::Request) -> u64 {
    request.body["max_tokens"]
        .as_u64()
        .or_else(|| request.body["max_completion_tokens"].as_u64())
        .unwrap()
}

fn is_subagent(request: &mock_model::Request) -> bool {
    request
        .system()
        .is_some_and(|s| s.contains("You are a sub-agent"))
}

#[test]
fn a_sub_agent_spends_from_the_run_budget_and_the_run_stops_at_it() {
    let (mock, env) = mocked("");
    // The parent ($0.002) delegates; the child spends $0.044 of the $0.048 left.
    mock.push(openai::stream(
        &Turn::new()
            .tool_call("c1", "agent", r#"{"task":"Summarise the project."}"#)
            .usage(1_000, 0),
    ));
    mock.push(openai::stream(
        &Turn::new()
            .text("Scope: project\nResult: small")
            .usage(22_000, 0),
    ));
    let run = env
        .cmd()
        .args(["run", "--json", "--max-cost", "0.05", "delegate it"])
        .run(4);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2, "the parent's next call was never made");
    assert!(is_subagent(&requests[1]));
    // The child's output limit is bounded by the $0.048 the parent had left.
    assert!(
        output_limit(&requests[1]) <= 6_000,
        "{}",
        output_limit(&requests[1])
    );
    let failed = jsonl(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "turn.failed")
        .unwrap();
    assert_eq!(failed["error"]["code"], "budget_exceeded", "{failed}");
    assert_eq!(failed["usage"]["input_tokens"], 23_000, "{failed}");
    let cost = failed["cost_usd"].as_f64().unwrap();
    assert!((cost - 0.046).abs() < 1e-9, "{cost}");

    // The child's tokens are the parent session's, and its calls are accounted under `run`.
    let sessions = env.cmd().args(["session", "list", "--json"]).run(0).json();
    assert_eq!(sessions[0]["input_tokens"], 23_000, "{sessions}");
    let report = env.cmd().args(["--json", "usage"]).run(0).json();
    let entries = report["by_entry"].as_object().unwrap();
    assert_eq!(entries.keys().collect::<Vec<_>>(), ["run"], "{report}");
}

#[test]
fn parallel_sub_agents_split_what_is_left_of_the_budget() {
    let (mock, env) = mocked("");
    mock.push(openai::stream(
        &Turn::new()
            .tool_call("c1", "agent", r#"{"task":"Read the docs."}"#)
            .tool_call("c2", "agent", r#"{"task":"Read the tests."}"#)
            .usage(1_000, 0),
    ));
    for _ in 0..2 {
        mock.push(openai::stream(
            &Turn::new()
                .text("Scope: part\nResult: fine")
                .usage(1_000, 0),
        ));
    }
    mock.push(openai::stream(
        &Turn::new().text("Both fine.").usage(3_000, 10),
    ));
    let run = env
        .cmd()
        .args(["run", "--json", "--max-cost", "0.05", "check both"])
        .run(0);
    let requests = mock.requests();
    assert_eq!(requests.len(), 4);
    let children: Vec<u64> = requests
        .iter()
        .filter(|r| is_subagent(r))
        .map(output_limit)
        .collect();
    // $0.048 left, $0.024 each: at most 3 000 output tokens at $8/M, whatever their input.
    assert_eq!(children.len(), 2);
    for limit in &children {
        assert!(*limit <= 3_000 && *limit >= 256, "{children:?}");
    }
    // What the children did not spend is the parent's again.
    assert!(
        output_limit(&requests[3]) > 3_000,
        "{}",
        output_limit(&requests[3])
    );
    let completed = jsonl(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "turn.completed")
        .unwrap();
    assert_eq!(completed["usage"]["input_tokens"], 6_000, "{completed}");
    assert_eq!(completed["usage"]["output_tokens"], 10);
}

#[test]
fn a_compaction_summary_inside_a_turn_counts_in_its_usage_and_cost() {
    let (mock, env) = mocked("");
    mock.push(openai::stream(&Turn::new().text("First.").usage(100, 5)));
    env.cmd().args(["run", "first question"]).run(0);
    // The provider says the prompt is too long: the history is summarised, then the call retried.
    mock.push(openai::context_length_exceeded());
    mock.push(openai::json(
        &Turn::new().text("## Objective\nSUMMARY").usage(4_000, 50),
    ));
    mock.push(openai::stream(&Turn::new().text("Second.").usage(200, 5)));
    let run = env
        .cmd()
        .args(["run", "--continue", "--json", "second question"])
        .run(0);
    assert_eq!(mock.requests().len(), 4);
    let completed = jsonl(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "turn.completed")
        .unwrap();
    assert_eq!(completed["usage"]["input_tokens"], 4_200, "{completed}");
    assert_eq!(completed["usage"]["output_tokens"], 55);
    // (4 200 × $2 + 55 × $8) / M
    let cost = completed["cost_usd"].as_f64().unwrap();
    assert!((cost - 0.00884).abs() < 1e-9, "{cost}");
}

#[test]
fn a_day_budget_needs_the_call_ledger() {
    let (mock, env) = mocked("  budget:\n    perDayUsd: 1\n");
    let config = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    env.config(&format!("{config}router:\n  stats:\n    enabled: false\n"));
    let run = env.cmd().args(["run", "hello"]).run(2);
    assert!(
        run.stderr.contains("agent.budget.perDayUsd")
            && run.stderr.contains("router.stats.enabled"),
        "{}",
        run.stderr
    );
    assert!(mock.requests().is_empty());
}

#[test]
fn the_daily_budget_counts_a_sub_agent_s_calls_in_a_run_without_routing() {
    // No `router:` section: the calls are not routed, yet each is in the ledger the day counts.
    let (mock, env) = mocked("  budget:\n    perDayUsd: 0.06\n");
    mock.push(openai::stream(
        &Turn::new()
            .tool_call("c1", "agent", r#"{"task":"Survey the code."}"#)
            .usage(1_000, 0),
    ));
    mock.push(openai::stream(
        &Turn::new()
            .text("Scope: code\nResult: done")
            .usage(26_000, 0),
    ));
    mock.push(openai::stream(
        &Turn::new().text("Surveyed.").usage(1_000, 0),
    ));
    env.cmd().args(["run", "survey"]).run(0);
    // $0.056 of today's $0.06 is spent, $0.052 of it by the sub-agent: the next prompt's input
    // leaves less than the smallest output limit.
    let run = env.cmd().args(["run", "again"]).run(4);
    assert!(run.stderr.contains("today's budget"), "{}", run.stderr);
    assert_eq!(mock.requests().len(), 3);
}

#[test]
fn a_call_the_router_cannot_decide_is_still_in_the_ledger() {
    let (mock, env) = mocked("");
    // The router's state cannot be opened: routing fails and the agent's model answers.
    std::fs::create_dir_all(env.home.join("state.db")).unwrap();
    mock.push(openai::stream(&Turn::new().text("Fine.").usage(1_500, 5)));
    let run = env.cmd().args(["run", "hello"]).run(0);
    assert_eq!(run.stdout, "Fine.\n");
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    let main: Vec<Value> = stats
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["role"] == "main")
        .collect();
    assert_eq!(main.len(), 1, "{stats}");
    assert_eq!(main[0]["usage"]["input_tokens"], 1_500);
    assert_eq!(main[0]["entry"], "run");
    // (Routing did fail: no decision was logged.)
    let events = std::fs::read_to_string(env.home.join("router/events.jsonl")).unwrap_or_default();
    assert!(!events.contains("\"decision\""), "{events}");
}
