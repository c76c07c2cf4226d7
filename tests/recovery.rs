//! Recovery inside a turn and every token counted (issue 20): the real binary against the mock
//! model server, with the recorded Anthropic stream whose tool call is cut by `max_tokens`.
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

use mock_model::{Finish, MockModel, Reply, Turn, anthropic, openai};
use serde_json::Value;
use support::TestEnv;

/// The recorded stream: text, then a `make_file` call whose JSON `max_tokens` cuts (450 in, 124 out).
fn cut_tool_call() -> Reply {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/provider-streams/anthropic/messages_max_tokens_truncated_tool_json.sse"
    );
    Reply::sse_text(&std::fs::read_to_string(path).unwrap())
}

/// An Anthropic-format provider on the mock, with `agent` settings appended.
fn anthropic_env(mock: &MockModel, agent: &str) -> TestEnv {
    let env = TestEnv::new();
    env.config(&format!(
        "agent:\n  model: mock/claude-sonnet-4-5\n{agent}model:\n  providers:\n    mock:\n      protocol: anthropic\n      url: {}\n      apiKey: test-key\n      models:\n        claude-sonnet-4-5: {{}}\n",
        mock.base_url()
    ));
    env
}

fn jsonl(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == kind).collect()
}

fn records(env: &TestEnv) -> Vec<Value> {
    let text = std::fs::read_to_string(&env.transcripts()[0]).unwrap();
    jsonl(&text)
}

/// Every item that starts ends.
fn assert_items_end(events: &[Value]) {
    for started in of_type(events, "item.started") {
        let id = &started["item"]["id"];
        assert!(
            of_type(events, "item.completed")
                .iter()
                .any(|c| &c["item"]["id"] == id),
            "item {id} never completed: {events:#?}"
        );
    }
}

#[test]
fn a_cut_tool_call_at_the_catalog_limit_fails_but_its_tokens_and_item_are_reported() {
    // The issue's case: the default output limit is already the catalog's, so there is no room to
    // retry with; the turn fails, but the 450/124 tokens are counted and the message item ends.
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(cut_tool_call());
    let env = anthropic_env(&mock, "");
    let run = env.cmd().args(["run", "--json", "write the guide"]).run(1);
    let events = jsonl(&run.stdout);
    let failed = of_type(&events, "turn.failed")[0];
    assert_eq!(failed["error"]["code"], "output_truncated", "{failed}");
    assert_eq!(failed["usage"]["input_tokens"], 450);
    assert_eq!(failed["usage"]["output_tokens"], 124);
    // 450 × $3/M + 124 × $15/M
    let cost = failed["cost_usd"].as_f64().unwrap();
    assert!((cost - 0.00321).abs() < 1e-9, "{cost}");
    assert_items_end(&events);
    let message = of_type(&events, "item.completed")[0];
    assert_eq!(message["item"]["type"], "agent_message");
    assert_eq!(message["item"]["status"], "cut");
    let ended = of_type(&events, "model.call_ended")[0];
    assert_eq!(ended["recovery"], Value::Null);
    assert_eq!(ended["usage"]["output_tokens"], 124);

    // The failed call's tokens reach the transcript, `session list` and `router stats`.
    let model_call = records(&env)
        .into_iter()
        .find(|r| r["type"] == "model_call")
        .unwrap();
    assert_eq!(model_call["usage"]["input_tokens"], 450);
    let sessions = env.cmd().args(["session", "list", "--json"]).run(0).json();
    assert_eq!(sessions[0]["input_tokens"], 450, "{sessions}");
    assert_eq!(sessions[0]["output_tokens"], 124);
    let stats = env.cmd().args(["router", "stats", "--json"]).run(0).json();
    // (The session's title call goes out alongside the answer, so it may be counted too.)
    assert_eq!(
        stats["by_role"]["main"]["usage"]["input_tokens"], 450,
        "{stats}"
    );
    assert_eq!(stats["total"]["failed"], 1);
}

#[test]
fn a_cut_tool_call_is_retried_once_with_the_catalog_output_limit() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(cut_tool_call());
    mock.push(anthropic::stream(
        &Turn::new().text("Written.").usage(460, 30),
    ));
    let env = anthropic_env(&mock, "  maxOutputTokens: 124\n");
    let run = env.cmd().args(["run", "--json", "write the guide"]).run(0);
    let events = jsonl(&run.stdout);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].body["max_tokens"], 124);
    assert_eq!(
        requests[1].body["max_tokens"], 64_000,
        "the catalog's limit"
    );
    let ended = of_type(&events, "model.call_ended")[0];
    assert_eq!(ended["status"], "cut");
    assert_eq!(ended["recovery"], "retry_larger_output");
    assert_items_end(&events);
    let completed = of_type(&events, "turn.completed")[0];
    assert_eq!(completed["usage"]["input_tokens"], 450 + 460);
    assert_eq!(completed["usage"]["output_tokens"], 124 + 30);
    let kinds: Vec<Value> = records(&env).iter().map(|r| r["type"].clone()).collect();
    assert!(kinds.contains(&Value::from("model_call")), "{kinds:?}");
    // A second cut in the same turn is not retried again.
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(cut_tool_call());
    mock.push(cut_tool_call());
    let env = anthropic_env(&mock, "  maxOutputTokens: 124\n");
    let run = env.cmd().args(["run", "--json", "write the guide"]).run(1);
    let failed = jsonl(&run.stdout)
        .into_iter()
        .find(|e| e["type"] == "turn.failed")
        .unwrap();
    assert_eq!(failed["usage"]["input_tokens"], 900);
}

#[test]
fn an_answer_cut_at_the_token_limit_is_continued_and_joined() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(
        &Turn::new()
            .text("The first half, cut mid-wo")
            .finish(Finish::Length)
            .usage(100, 50),
    ));
    mock.push(openai::stream(
        &Turn::new()
            .text("rd, and the rest.")
            .finish(Finish::Length)
            .usage(130, 10),
    ));
    mock.push(openai::stream(&Turn::new().text(" The end.").usage(150, 5)));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "--json", "tell me"]).run(0);
    let events = jsonl(&run.stdout);
    let requests = mock.requests();
    assert_eq!(requests.len(), 3);
    let messages = requests[1].body["messages"].as_array().unwrap();
    let n = messages.len();
    assert_eq!(messages[n - 2]["role"], "assistant");
    assert_eq!(messages[n - 2]["content"], "The first half, cut mid-wo");
    assert!(
        messages[n - 1]["content"]
            .as_str()
            .unwrap()
            .contains("Continue exactly where you stopped"),
        "{messages:?}"
    );
    let last = requests[2].body["messages"].as_array().unwrap();
    assert_eq!(
        last[last.len() - 2]["content"],
        "The first half, cut mid-word, and the rest."
    );
    // One agent_message item holds the joined answer.
    let completed = of_type(&events, "item.completed");
    assert_eq!(completed.len(), 1, "{events:#?}");
    assert_eq!(
        completed[0]["item"]["text"],
        "The first half, cut mid-word, and the rest. The end."
    );
    let recoveries: Vec<_> = of_type(&events, "model.call_ended")
        .iter()
        .map(|e| e["recovery"].clone())
        .collect();
    assert_eq!(recoveries, ["continue_text", "continue_text"]);
    let done = of_type(&events, "turn.completed")[0];
    assert_eq!(done["usage"]["input_tokens"], 380);
    assert_eq!(done["usage"]["output_tokens"], 65);

    // Without --json the answer is printed once, whole; the transcript keeps it as one message.
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(
        &Turn::new().text("Half").finish(Finish::Length),
    ));
    mock.push(openai::text(" and whole."));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "tell me"]).run(0);
    assert_eq!(run.stdout, "Half and whole.\n");
    let assistants: Vec<Value> = records(&env)
        .into_iter()
        .filter(|r| r["type"] == "assistant")
        .collect();
    assert_eq!(assistants.len(), 1);
    assert_eq!(
        assistants[0]["message"]["content"][0]["text"],
        "Half and whole."
    );
}

#[test]
fn an_answer_cut_more_often_than_the_limit_ends_with_what_was_written() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // The first reply and CONTINUE_LIMIT (3) continuations are all cut: the fourth cut is kept.
    mock.mount(
        openai::stream(&Turn::new().text("more ").finish(Finish::Length)),
        4,
    );
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "tell me"]).run(0);
    assert_eq!(run.stdout, "more more more more\n");
}

#[test]
fn recovery_events_have_a_stable_shape() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(cut_tool_call());
    mock.push(anthropic::stream(
        &Turn::new().text("Written.").usage(460, 30),
    ));
    let env = anthropic_env(&mock, "  maxOutputTokens: 124\n");
    let run = env.cmd().args(["run", "--json", "write the guide"]).run(0);
    let mut events = jsonl(&run.stdout);
    for e in &mut events {
        if let Some(id) = e.get_mut("session_id") {
            *id = "[SESSION]".into();
        }
        if let Some(cwd) = e.get_mut("cwd") {
            *cwd = "[CWD]".into();
        }
    }
    // The deltas are many small pieces; the items' start and end carry the shape.
    events.retain(|e| e["type"] != "item.updated");
    insta::assert_json_snapshot!("run_json_recovery_events", events);
}

#[test]
fn a_stream_broken_mid_answer_is_continued_without_repeating_what_was_shown() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(
        openai::stream(
            &Turn::new()
                .text("The first part of a long answer")
                .usage(100, 20),
        )
        .disconnect_after(4),
    );
    mock.push(openai::stream(
        &Turn::new().text(" and its end.").usage(120, 5),
    ));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "--json", "tell me"]).run(0);
    let events = jsonl(&run.stdout);
    let requests = mock.requests();
    assert_eq!(requests.len(), 2);
    let messages = requests[1].body["messages"].as_array().unwrap();
    let shown = messages[messages.len() - 2]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        !shown.is_empty() && "The first part of a long answer".starts_with(&shown),
        "{shown:?}"
    );
    // The deltas printed add up to the answer exactly once.
    let deltas: String = of_type(&events, "item.updated")
        .iter()
        .filter_map(|e| e["item"]["delta"].as_str())
        .collect();
    let answer = format!("{shown} and its end.");
    assert_eq!(deltas, answer);
    let completed = of_type(&events, "item.completed");
    assert_eq!(completed.len(), 1);
    assert_eq!(completed[0]["item"]["text"], answer.as_str());
    let ended = of_type(&events, "model.call_ended")[0];
    assert_eq!(ended["recovery"], "continue_after_break");
    assert_eq!(ended["status"], "failed");
    assert_items_end(&events);
}

#[test]
fn invalid_tool_json_is_repaired_when_unambiguous_else_reported_back() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // A trailing comma: repaired, the call runs.
    mock.push(openai::tool_call(
        "c1",
        "read_file",
        r#"{"file_path": "a.txt",}"#,
    ));
    // Single quotes: not guessed at; the model is told, with the parser's message.
    mock.push(openai::tool_call(
        "c2",
        "read_file",
        "{'file_path': 'a.txt'}",
    ));
    mock.push(openai::text("It says alpha."));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    env.write(&env.project.join("a.txt"), "alpha\n");
    let run = env.cmd().args(["run", "--json", "read a.txt twice"]).run(0);
    let events = jsonl(&run.stdout);
    let statuses: Vec<Value> = of_type(&events, "item.completed")
        .iter()
        .filter(|e| e["item"]["type"] == "tool_call")
        .map(|e| e["item"]["status"].clone())
        .collect();
    assert_eq!(statuses, ["completed", "invalid_arguments"]);
    let requests = mock.requests();
    assert!(requests[1].tool_result("c1").unwrap().contains("alpha"));
    let told = requests[2].tool_result("c2").unwrap();
    assert!(told.contains("not valid JSON"), "{told}");
}

/// An OpenAI stream that stops with `finish_reason` `weird` and nothing in it (10 in, 2 out).
fn weird_empty_reply() -> Reply {
    let chunk = |delta: Value, finish: Value| {
        serde_json::json!({"id": "chatcmpl-weird", "object": "chat.completion.chunk",
            "created": 1, "model": "gpt-4.1",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    openai::sse(&[
        chunk(
            serde_json::json!({"role": "assistant", "content": ""}),
            Value::Null,
        ),
        chunk(serde_json::json!({}), "weird".into()),
        serde_json::json!({"id": "chatcmpl-weird", "object": "chat.completion.chunk",
            "created": 1, "model": "gpt-4.1", "choices": [],
            "usage": {"prompt_tokens": 10, "completion_tokens": 2, "total_tokens": 12}}),
    ])
}

#[test]
fn an_empty_reply_with_an_unknown_finish_reason_is_retried_once_then_fails_clearly() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(weird_empty_reply());
    mock.push(openai::stream(
        &Turn::new().text("Here it is.").usage(10, 4),
    ));
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    let run = env.cmd().args(["run", "--json", "answer me"]).run(0);
    let events = jsonl(&run.stdout);
    assert_eq!(mock.requests().len(), 2, "one retry");
    let ended = of_type(&events, "model.call_ended");
    assert_eq!(ended.len(), 1, "{events:#?}");
    assert_eq!(ended[0]["recovery"], "retry_empty");
    assert_eq!(ended[0]["usage"]["output_tokens"], 2);
    let completed = of_type(&events, "turn.completed")[0];
    assert_eq!(completed["usage"]["output_tokens"], 6, "{completed}");
    assert_eq!(
        of_type(&events, "item.completed").last().unwrap()["item"]["text"],
        "Here it is."
    );

    // Twice in a row: the turn fails with a clear error, both calls' tokens counted.
    mock.push(weird_empty_reply());
    mock.push(weird_empty_reply());
    let run = env.cmd().args(["run", "--json", "answer me again"]).run(1);
    let events = jsonl(&run.stdout);
    assert_eq!(mock.requests().len(), 4, "no second retry");
    let failed = of_type(&events, "turn.failed")[0];
    assert_eq!(failed["error"]["code"], "empty_response", "{failed}");
    assert!(
        failed["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown reason"),
        "{failed}"
    );
    assert_eq!(failed["usage"]["output_tokens"], 4, "{failed}");
    assert_items_end(&events);
}

#[test]
fn a_cancelled_call_counts_the_tokens_reported_before_the_interrupt() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // `message_start` (450 input tokens), the text block's start and one delta, then silence.
    mock.push(
        anthropic::stream(
            &Turn::new()
                .text("A long answer that never ends")
                .usage(450, 20),
        )
        .stall_after(3),
    );
    let env = anthropic_env(&mock, "");
    let mut child = env.spawn(&["run", "--json", "tell me everything"]);
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = Vec::new();
    while !lines
        .iter()
        .any(|l: &String| l.contains("\"item.updated\""))
    {
        lines.push(
            rx.recv_timeout(std::time::Duration::from_secs(30))
                .expect("the answer started streaming"),
        );
    }
    TestEnv::stop(child, rustix::process::Signal::INT, 130);
    lines.extend(rx.iter());
    let events = jsonl(&lines.join("\n"));
    let ended = of_type(&events, "model.call_ended");
    assert_eq!(ended.len(), 1, "{events:#?}");
    assert_eq!(ended[0]["status"], "cancelled");
    assert_eq!(ended[0]["usage"]["input_tokens"], 450);
    let failed = of_type(&events, "turn.failed")[0];
    assert_eq!(failed["usage"]["input_tokens"], 450, "{failed}");
    assert_items_end(&events);
    let model_call = records(&env)
        .into_iter()
        .find(|r| r["type"] == "model_call")
        .unwrap();
    assert_eq!(model_call["usage"]["input_tokens"], 450);
    let sessions = env.cmd().args(["session", "list", "--json"]).run(0).json();
    assert_eq!(sessions[0]["input_tokens"], 450, "{sessions}");
}

#[test]
fn text_format_tool_calls_run_for_a_marked_provider_and_leave_the_answer() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let written = "Let me look.\n<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"file_path\": \"a.txt\"}}\n</tool_call>";
    mock.push(openai::stream(&Turn::new().text(written).usage(30, 20)));
    mock.push(openai::stream(
        &Turn::new().text("It says alpha.").usage(60, 5),
    ));
    let env = TestEnv::new();
    env.config(&format!(
        "{}      toolCallFormat: text\n",
        mock.agent_config()
    ));
    env.write(&env.project.join("a.txt"), "alpha\n");
    let run = env
        .cmd()
        .args(["run", "--json", "what is in a.txt?"])
        .run(0);
    let events = jsonl(&run.stdout);
    let requests = mock.requests();
    assert_eq!(
        requests.len(),
        2,
        "the call ran and the model was asked again"
    );
    let result = requests[1].tool_result("text_call_0").unwrap();
    assert!(result.contains("alpha"), "{result}");
    let texts: Vec<&str> = of_type(&events, "item.completed")
        .iter()
        .filter(|e| e["item"]["type"] == "agent_message")
        .filter_map(|e| e["item"]["text"].as_str())
        .collect();
    assert_eq!(texts, ["Let me look.", "It says alpha."], "{events:#?}");
    assert!(
        of_type(&events, "item.completed")
            .iter()
            .any(|e| e["item"]["type"] == "tool_call" || e["item"]["name"] == "read_file"),
        "{events:#?}"
    );

    // The same text from a provider not marked so is just text.
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    mock.push(openai::stream(&Turn::new().text(written).usage(30, 20)));
    let run = env.cmd().args(["run", "what is in a.txt?"]).run(0);
    assert!(run.stdout.contains("<tool_call>"), "{}", run.stdout);
    assert_eq!(mock.requests().len(), 3);
}

/// The joined `item.updated` deltas of each agent_message item, in order.
fn message_deltas(events: &[Value]) -> Vec<String> {
    let mut items: Vec<(String, String)> = Vec::new();
    for e in of_type(events, "item.updated") {
        let (id, Some(delta)) = (e["item"]["id"].to_string(), e["item"]["delta"].as_str()) else {
            continue;
        };
        if e["item"]["type"] != "agent_message" {
            continue;
        }
        match items.iter_mut().find(|(i, _)| *i == id) {
            Some((_, text)) => text.push_str(delta),
            None => items.push((id, delta.to_owned())),
        }
    }
    items.into_iter().map(|(_, text)| text).collect()
}

#[test]
fn a_text_format_tool_call_never_streams_its_tags() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    // Streamed 3 bytes at a time: chunks end inside `<tool_call>`, and a plain `<` flows on.
    let written = "Is a < b? Let me look.\n<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"file_path\": \"a.txt\"}}\n</tool_call>";
    let env = TestEnv::new();
    env.config(&format!(
        "{}      toolCallFormat: text\n",
        mock.agent_config()
    ));
    env.write(&env.project.join("a.txt"), "alpha\n");
    mock.push(openai::stream(&Turn::new().text(written).usage(30, 20)));
    mock.push(openai::stream(
        &Turn::new().text("It says alpha.").usage(60, 5),
    ));
    let run = env.cmd().args(["run", "--json", "a.txt?"]).run(0);
    let events = jsonl(&run.stdout);
    assert_eq!(
        message_deltas(&events),
        ["Is a < b? Let me look.\n", "It says alpha."],
        "{events:#?}"
    );

    // Chat prints the same stream without the tags.
    mock.push(openai::stream(&Turn::new().text(written).usage(30, 20)));
    mock.push(openai::stream(
        &Turn::new().text("It says alpha.").usage(60, 5),
    ));
    let chat = env.cmd().arg_str("chat").stdin("a.txt?\n").run(0);
    assert!(!chat.stdout.contains("tool_call"), "{}", chat.stdout);
    assert!(!chat.stdout.contains("read_file"), "{}", chat.stdout);
    assert!(
        chat.stdout.contains("Is a < b? Let me look."),
        "{}",
        chat.stdout
    );
    assert!(chat.stdout.contains("It says alpha."), "{}", chat.stdout);
}

#[test]
fn chat_shows_a_cut_tool_call_s_text_once_when_it_is_retried() {
    // The text the recorded cut stream shows before its tool call.
    let said = "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.";
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(cut_tool_call());
    mock.push(anthropic::stream(
        &Turn::new().text(&format!("{said} Done.")).usage(460, 30),
    ));
    let env = anthropic_env(&mock, "  maxOutputTokens: 124\n");
    let chat = env.cmd().arg_str("chat").stdin("write the guide\n").run(0);
    assert_eq!(mock.requests().len(), 2);
    assert!(
        chat.stderr.contains("retry_larger_output"),
        "{}",
        chat.stderr
    );
    assert_eq!(chat.stdout.matches(said).count(), 1, "{}", chat.stdout);
    assert!(chat.stdout.trim_end().ends_with("Done."), "{}", chat.stdout);

    // `run --json` keeps both calls' items: the cut one ends with status `cut`.
    mock.push(cut_tool_call());
    mock.push(anthropic::stream(
        &Turn::new().text(&format!("{said} Done.")).usage(460, 30),
    ));
    let run = env.cmd().args(["run", "--json", "write the guide"]).run(0);
    let events = jsonl(&run.stdout);
    assert_eq!(
        message_deltas(&events),
        [said.to_owned(), format!("{said} Done.")]
    );
    assert_items_end(&events);
}
