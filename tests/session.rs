//! `pilotdeck session …` and resume, end to end: the real binary, the mock model, a temp PilotHome.
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

use std::path::PathBuf;

use mock_model::{MockModel, Turn, openai};
use serde_json::Value;
use support::TestEnv;

/// A config pointing the `mock` provider (OpenAI wire format) at the mock server; `entry` is the
/// YAML of the model entry (`{}` for none).
fn config_for(mock: &MockModel, entry: &str) -> String {
    format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {entry}\n",
        mock.base_url()
    )
}

fn setup(mock: &MockModel) -> TestEnv {
    let env = TestEnv::new();
    env.config(&config_for(mock, "{}"));
    env
}

fn answer(text: &str) -> mock_model::Reply {
    openai::stream(&Turn::new().text(text).usage(0, 5))
}

/// A reply to the session-title request.
fn title(text: &str) -> mock_model::Reply {
    openai::json(&Turn::new().text(text).usage(0, 2))
}

fn sessions_dir(env: &TestEnv) -> PathBuf {
    std::fs::read_dir(env.home.join("projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
        .join("sessions")
}

fn list(env: &TestEnv) -> Vec<Value> {
    let run = env.cmd().args(["session", "list", "--json"]).run(0);
    run.json().as_array().unwrap().clone()
}

/// The `content` text of every message of a request (OpenAI format), system prompt excluded.
fn texts(request: &mock_model::Request) -> Vec<String> {
    request.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] != "system")
        .map(|m| match &m["content"] {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        })
        .collect()
}

#[test]
fn list_show_rename_fork_export_and_rm() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("Ownership rules."));
    mock.push_title(title("Borrow checker basics"));
    mock.push(answer("More detail."));
    mock.push(answer("Second session."));
    mock.push_title(title("Another topic"));
    let env = setup(&mock);
    env.cmd().args(["run", "Explain the borrow checker"]).run(0);
    env.cmd()
        .args(["run", "--continue", "And lifetimes?"])
        .run(0);
    env.cmd().args(["run", "Another topic"]).run(0);
    let requests = mock.requests();
    assert_eq!(requests.len(), 5, "three turns and one title per session");
    assert!(!requests[1].is_stream());
    assert!(
        requests[1]
            .last_user_text()
            .unwrap()
            .contains("Explain the borrow checker"),
        "the title is asked for after the first turn, from its prompt"
    );

    let sessions = list(&env);
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions[0]["title"], "Another topic");
    assert_eq!(sessions[1]["title"], "Borrow checker basics");
    assert_eq!(sessions[1]["turns"], 2);
    assert_eq!(sessions[1]["model"], "mock/gpt-4.1");
    let first = sessions[1]["id"].as_str().unwrap().to_owned();
    let prefix = &first[..12];

    let human = env.cmd().args(["session", "list"]).run(0);
    assert!(human.stdout.contains("Another topic"), "{}", human.stdout);

    let show = env
        .cmd()
        .args(["session", "show", prefix, "--markdown"])
        .run(0);
    assert!(
        show.stdout.starts_with("# Borrow checker basics"),
        "{}",
        show.stdout
    );
    assert!(show.stdout.contains("## Turn 2") && show.stdout.contains("More detail."));
    let json = env
        .cmd()
        .args(["session", "show", prefix, "--json"])
        .run(0)
        .json();
    assert_eq!(json["session"]["id"], first.as_str());

    env.cmd()
        .args(["session", "rename", prefix, "Borrowing 101"])
        .run(0);
    assert_eq!(
        list(&env)[0]["title"],
        "Borrowing 101",
        "a rename counts as an update"
    );

    let fork = env
        .cmd()
        .args(["session", "fork", prefix, "--at", "1", "--json"])
        .run(0)
        .json();
    let fork_id = fork["session_id"].as_str().unwrap().to_owned();
    let forked = env
        .cmd()
        .args(["session", "export", &fork_id, "--format", "jsonl"])
        .run(0);
    let types: Vec<String> = forked
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(types, ["session", "user", "assistant", "turn_end", "title"]);
    assert!(
        !forked.stdout.contains("And lifetimes?"),
        "turn 2 is not in the fork"
    );
    env.cmd()
        .args(["session", "fork", prefix, "--at", "7"])
        .run(2);

    let markdown = env
        .cmd()
        .args(["session", "export", prefix, "--format", "markdown"])
        .run(0);
    assert!(markdown.stdout.contains("**User:**\n\nAnd lifetimes?"));
    let exported = env
        .cmd()
        .args(["session", "export", prefix, "--format", "json"])
        .run(0)
        .json();
    assert_eq!(exported["records"][0]["type"], "session");

    let refused = env.cmd().args(["session", "rm", prefix]).run(2);
    assert!(refused.stderr.contains("--yes"), "{}", refused.stderr);
    env.cmd().args(["session", "rm", prefix, "--yes"]).run(0);
    let left: Vec<String> = list(&env)
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(left.len(), 2);
    assert!(!left.contains(&first));
    let gone = env.cmd().args(["session", "show", prefix]).run(2);
    assert!(
        gone.stderr.contains("no session matches"),
        "{}",
        gone.stderr
    );
}

#[test]
fn search_finds_ascii_and_cjk_text_with_snippets() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("Use a WAL journal for concurrent readers."));
    mock.push_title(title("SQLite setup"));
    mock.push(answer("我们可以在上下文窗口快满的时候做会话压缩。"));
    mock.push_title(title("长对话"));
    let env = setup(&mock);
    env.cmd()
        .args(["run", "How should SQLite be configured?"])
        .run(0);
    env.cmd().args(["run", "长对话怎么办？"]).run(0);

    let hits = env
        .cmd()
        .args(["session", "search", "wal journal", "--json"])
        .run(0)
        .json();
    let hits = hits.as_array().unwrap();
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0]["role"], "assistant");
    assert!(
        hits[0]["snippet"].as_str().unwrap().contains("[WAL]"),
        "{hits:?}"
    );

    // A two-character CJK word inside a longer run, as people search.
    let hits = env
        .cmd()
        .args(["session", "search", "压缩", "--json"])
        .run(0)
        .json();
    let hits = hits.as_array().unwrap();
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0]["title"], "长对话");
    assert!(
        hits[0]["snippet"].as_str().unwrap().contains("会话[压缩]"),
        "{hits:?}"
    );
    let human = env.cmd().args(["session", "search", "对话"]).run(0);
    assert!(human.stdout.contains("长[对话]怎么办"), "{}", human.stdout);

    let none = env.cmd().args(["session", "search", "kubernetes"]).run(0);
    assert!(none.stdout.is_empty());
    // Other projects are searched only when asked.
    let elsewhere = env.tmp.path().join("other");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let scoped = env
        .cmd()
        .args(["-C"])
        .arg_path(&elsewhere)
        .args(["session", "search", "压缩", "--json"])
        .run(0)
        .json();
    assert_eq!(scoped.as_array().unwrap().len(), 0);
    let all = env
        .cmd()
        .args(["-C"])
        .arg_path(&elsewhere)
        .args(["session", "search", "压缩", "--all-projects", "--json"])
        .run(0)
        .json();
    assert_eq!(all.as_array().unwrap().len(), 1);
}

#[test]
fn list_repairs_the_index_when_files_change_behind_its_back() {
    let mock = MockModel::spawn();
    mock.answer_titles("original");
    mock.push(answer("ok"));
    let env = setup(&mock);
    env.cmd().args(["run", "original"]).run(0);
    let sessions = list(&env);
    assert_eq!(sessions.len(), 1);
    let id = sessions[0]["id"].as_str().unwrap().to_owned();
    let dir = sessions_dir(&env);

    // Added by hand: a copy under another id.
    let copy_id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let text = std::fs::read_to_string(dir.join(format!("{id}.jsonl"))).unwrap();
    let copy = text
        .replacen(&id, copy_id, 1)
        .replace("original", "copied by hand");
    std::fs::write(dir.join(format!("{copy_id}.jsonl")), copy).unwrap();
    let titles: Vec<Value> = list(&env).iter().map(|s| s["title"].clone()).collect();
    assert!(
        titles.contains(&Value::from("copied by hand")),
        "{titles:?}"
    );

    // Changed by hand: a title record appended and saved the way editors and `sed -i` do (a new
    // file renamed over the old one, which changes the directory).
    let path = dir.join(format!("{id}.jsonl"));
    let mut appended = std::fs::read_to_string(&path).unwrap();
    appended
        .push_str("{\"type\":\"title\",\"title\":\"edited\",\"at\":\"2030-01-01T00:00:00Z\"}\n");
    let saved = dir.join(".edit.tmp");
    std::fs::write(&saved, appended).unwrap();
    std::fs::rename(&saved, &path).unwrap();
    assert_eq!(list(&env)[0]["title"], "edited");
    let hits = env
        .cmd()
        .args(["session", "search", "edited", "--json"])
        .run(0)
        .json();
    assert_eq!(hits.as_array().unwrap().len(), 1);

    // Deleted by hand.
    std::fs::remove_file(dir.join(format!("{copy_id}.jsonl"))).unwrap();
    let left = list(&env);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["id"], id.as_str());
    let hits = env
        .cmd()
        .args(["session", "search", "copied", "--json"])
        .run(0)
        .json();
    assert_eq!(
        hits.as_array().unwrap().len(),
        0,
        "its text left the index too"
    );

    let report = env
        .cmd()
        .args(["session", "reindex", "--json"])
        .run(0)
        .json();
    assert_eq!(report["added"], 1);
}

#[test]
fn resume_after_sigkill_mid_turn_keeps_completed_pairs_and_marks_the_turn() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(openai::stream(&Turn::new().tool_call(
        "call_1",
        "read_file",
        r#"{"file_path":"notes.txt"}"#,
    )));
    mock.push(openai::stream(&Turn::new().text("I have read the notes and now")).stall_after(2));
    mock.push(answer("Continuing."));
    let env = setup(&mock);
    env.write(&env.project.join("notes.txt"), "the notes");

    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pilotdeck"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &env.user_home)
        .env("PILOTDECK_HOME", &env.home)
        .current_dir(&env.project)
        .args(["run", "summarise notes.txt"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The second request arrives only after the tool results were recorded.
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(mock.wait_for_requests(2));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    env.cmd().args(["run", "--continue", "go on"]).run(0);
    let requests = mock.requests();
    assert_eq!(requests.len(), 3);
    let messages = requests[2].body["messages"].as_array().unwrap().clone();
    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(
        roles,
        ["system", "user", "assistant", "tool", "assistant", "user"]
    );
    assert_eq!(messages[1]["content"], "summarise notes.txt");
    assert_eq!(messages[2]["tool_calls"][0]["id"], "call_1");
    assert!(
        messages[3]["content"].to_string().contains("the notes"),
        "{:?}",
        messages[3]
    );
    assert!(
        messages[4]["content"]
            .as_str()
            .unwrap()
            .contains("interrupted"),
        "the model is told: {:?}",
        messages[4]
    );
    assert_eq!(messages[5]["content"], "go on");
    let sessions = list(&env);
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0]["turns"], 2);
}

/// Text of about `tokens` estimated tokens (4 ASCII characters per token), tagged so it can be found.
fn filler(tag: &str, tokens: usize) -> String {
    let mut text = format!("{tag}: ");
    while text.len() < tokens * 4 {
        text.push_str("lorem ipsum dolor sit amet ");
    }
    text
}

#[test]
fn compaction_triggers_on_a_small_window_and_the_next_request_is_shorter() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    for i in 1..=3 {
        mock.push(answer(&filler(&format!("answer{i}"), 500)));
    }
    mock.push(openai::json(
        &Turn::new()
            .text("## Objective\nSUMMARY-OF-TURNS")
            .usage(0, 5),
    ));
    mock.push(answer("fourth answer"));
    mock.push(answer("fifth answer"));
    let env = setup(&mock);
    env.cmd().args(["run", &filler("prompt1", 500)]).run(0);
    for i in 2..=3 {
        env.cmd()
            .args(["run", "--continue", &filler(&format!("prompt{i}"), 500)])
            .run(0);
    }
    // Now a window the next turn overflows: budget 5111 - 1000 reserved = 4111, summarised at 90%.
    env.config(&config_for(
        &mock,
        "{capabilities: {maxContextTokens: 5111, maxOutputTokens: 1000}}",
    ));
    let fourth = env
        .cmd()
        .args(["run", "--continue", "--json", "fourth question"])
        .run(0);
    assert!(
        fourth.stdout.contains("\"type\":\"context.compacted\""),
        "{}",
        fourth.stdout
    );
    env.cmd()
        .args(["run", "--continue", "fifth question"])
        .run(0);

    let requests = mock.requests();
    assert_eq!(requests.len(), 6);
    let summary_request = &requests[3];
    assert!(!summary_request.is_stream());
    let asked = summary_request.last_user_text().unwrap();
    assert!(
        asked.contains("## Objective") && asked.contains("prompt1:"),
        "{asked}"
    );

    let after = texts(&requests[4]);
    assert!(after[0].contains("SUMMARY-OF-TURNS"), "{after:?}");
    assert!(
        after.iter().all(|t| !t.contains("prompt1:")),
        "turn 1 was summarised away"
    );
    assert!(
        after.iter().any(|t| t.contains("prompt3:")),
        "the newest turns stay verbatim"
    );
    assert_eq!(after.last().unwrap(), "fourth question");
    let size = |r: &mock_model::Request| r.body["messages"].to_string().len();
    assert!(
        size(&requests[4]) < size(&requests[2]),
        "the compacted request is shorter than even turn 3's"
    );

    // Resume after compaction starts at the boundary.
    let resumed = texts(&requests[5]);
    assert!(resumed[0].contains("SUMMARY-OF-TURNS"), "{resumed:?}");
    assert!(resumed.iter().all(|t| !t.contains("prompt1:")));
    assert!(resumed.iter().any(|t| t == "fourth answer"));
    assert_eq!(resumed.last().unwrap(), "fifth question");

    let show = env.cmd().args(["session", "show", "last"]).run(0);
    assert!(show.stdout.contains("context compacted"), "{}", show.stdout);

    // The summary call went through the router and is accounted as a compaction.
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    let roles: Vec<String> = stats
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["role"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        roles.iter().filter(|r| *r == "compaction").count(),
        1,
        "{roles:?}"
    );
    assert_eq!(
        roles.iter().filter(|r| *r == "main").count(),
        5,
        "{roles:?}"
    );
}

#[test]
fn prompt_too_long_compacts_once_and_retries() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(answer("first answer"));
    mock.push(openai::context_length_exceeded());
    mock.push(openai::json(
        &Turn::new().text("SUMMARY-AFTER-OVERFLOW").usage(0, 5),
    ));
    mock.push(answer("second answer"));
    let env = setup(&mock);
    env.cmd().args(["run", "first question"]).run(0);
    let run = env
        .cmd()
        .args(["run", "--continue", "second question"])
        .run(0);
    assert_eq!(run.stdout, "second answer\n");
    let requests = mock.requests();
    assert_eq!(requests.len(), 4, "one compaction, one retry");
    let retried = texts(&requests[3]);
    assert!(retried[0].contains("SUMMARY-AFTER-OVERFLOW"), "{retried:?}");
    assert!(retried.iter().all(|t| t != "first question"));
    assert_eq!(retried.last().unwrap(), "second question");
}

#[test]
fn prompt_too_long_twice_fails_the_turn() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(answer("first answer"));
    mock.push(openai::context_length_exceeded());
    mock.push(openai::json(&Turn::new().text("SUMMARY").usage(0, 5)));
    mock.push(openai::context_length_exceeded());
    let env = setup(&mock);
    env.cmd().args(["run", "first question"]).run(0);
    env.cmd()
        .args(["run", "--continue", "second question"])
        .run(1);
    assert_eq!(mock.requests().len(), 4, "no second compaction");
}

#[test]
fn session_compact_records_a_boundary_that_resume_starts_from() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    mock.push(answer("first answer"));
    mock.push(answer("second answer"));
    mock.push(openai::json(
        &Turn::new().text("ON-DEMAND-SUMMARY").usage(0, 5),
    ));
    mock.push(answer("third answer"));
    let env = setup(&mock);
    env.cmd().args(["run", "first question"]).run(0);
    env.cmd()
        .args(["run", "--continue", "second question"])
        .run(0);
    let done = env
        .cmd()
        .args(["session", "compact", "last", "--json"])
        .run(0)
        .json();
    assert_eq!(done["compacted"], true);
    env.cmd()
        .args(["run", "--continue", "third question"])
        .run(0);
    let last = texts(&mock.requests()[3]);
    assert!(last[0].contains("ON-DEMAND-SUMMARY"), "{last:?}");
    assert!(last.iter().all(|t| t != "first question"));
    assert_eq!(last.last().unwrap(), "third question");
    assert_eq!(list(&env)[0]["turns"], 3);
}

#[test]
fn run_titles_a_session_once_failures_are_silent_and_a_resumed_untitled_session_gets_one() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("First."));
    mock.push_title(mock_model::Reply::json_text(
        400,
        r#"{"error":{"message":"mock: no titles today","type":"invalid_request_error"}}"#,
    ));
    mock.push(answer("Second."));
    mock.push_title(title("Übersicht der Aufgaben"));
    mock.push(answer("Third."));
    mock.push(answer("Ephemeral."));
    let env = setup(&mock);

    let first = env.cmd().args(["run", "Gib mir eine Übersicht"]).run(0);
    assert_eq!(first.stdout, "First.\n", "a failed title call is silent");
    assert_eq!(list(&env)[0]["title"], "Gib mir eine Übersicht");

    env.cmd().args(["run", "--continue", "weiter"]).run(0);
    assert_eq!(
        list(&env)[0]["title"],
        "Übersicht der Aufgaben",
        "resuming a session without a title writes one"
    );
    env.cmd().args(["run", "--continue", "und dann?"]).run(0);
    env.cmd()
        .args(["run", "--ephemeral", "kein Verlauf"])
        .run(0);

    let requests = mock.requests();
    assert_eq!(
        requests.len(),
        6,
        "no title request once titled, none for an ephemeral run"
    );
    let ask = requests[3].last_user_text().unwrap();
    assert!(
        ask.contains("Gib mir eine Übersicht") && ask.contains("language of the request"),
        "{ask}"
    );
    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    assert!(
        stats.contains("\"role\":\"title\""),
        "the title call is routed and accounted: {stats}"
    );
}

#[test]
fn a_state_db_indexed_by_an_older_version_is_rebuilt_and_finds_lone_cjk_characters() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("Read 第3章 first, then the appendix."));
    mock.push_title(title("Reading order"));
    let env = setup(&mock);
    env.cmd().args(["run", "What should I read?"]).run(0);
    let search = |query: &str| -> Vec<Value> {
        let hits = env
            .cmd()
            .args(["session", "search", query, "--json"])
            .run(0)
            .json();
        hits.as_array().unwrap().clone()
    };
    assert_eq!(search("章").len(), 1);

    // The index as schema version 8 wrote it: a lone CJK character stayed glued to its neighbours
    // (`第3章` one token), so a one-character search could not find it; and without the later
    // migrations' columns and tables (10: `cron_tasks.max_cost_usd`; 11: memory windows and days; 12: memory vectors;
    // 15: vector packs).
    let db = rusqlite::Connection::open(env.home.join("state.db")).unwrap();
    db.execute_batch(
        "UPDATE session_text SET body = text;
         ALTER TABLE cron_tasks DROP COLUMN max_cost_usd;
         ALTER TABLE memory_notes DROP COLUMN days;
         DROP TABLE memory_windows;
         DROP TABLE memory_window_fts;
         DROP TABLE memory_vector_packs;
         DROP INDEX memory_notes_hash;
         ALTER TABLE memory_notes DROP COLUMN content_hash;
         DROP TABLE memory_vectors;
         ALTER TABLE memory_captures DROP COLUMN trusted;
         PRAGMA user_version = 8;",
    )
    .unwrap();
    let stale: i64 = db
        .query_row(
            "SELECT count(*) FROM session_text WHERE session_text MATCH '\"章\"*'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stale, 0, "the old form does not match");
    drop(db);

    // Upgrading empties the stale index and the search rebuilds it in the new form.
    let hits = search("章");
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0]["title"], "Reading order");
    assert!(
        hits[0]["snippet"].as_str().unwrap().contains("[章]"),
        "{hits:?}"
    );
    assert_eq!(search("appendix").len(), 1);
    assert_eq!(list(&env).len(), 1);
}

#[test]
fn a_turn_routed_to_a_model_with_a_smaller_window_is_compacted_for_it_first() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    for i in 1..=3 {
        mock.push(answer(&filler(&format!("answer{i}"), 500)));
    }
    let env = setup(&mock);
    env.cmd().args(["run", &filler("prompt1", 500)]).run(0);
    for i in 2..=3 {
        env.cmd()
            .args(["run", "--continue", &filler(&format!("prompt{i}"), 500)])
            .run(0);
    }
    // The conversation fits the agent's model; the router sends the next turn to `small`, whose
    // window (5111 - 1000 reserved) it overflows.
    env.config(&format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n        judge: {{}}\n        small: {{capabilities: {{maxContextTokens: 5111, maxOutputTokens: 1000}}}}\nrouter:\n  tokenSaver:\n    judge: mock/judge\n    tiers:\n      simple: {{model: mock/small}}\n      medium: {{model: mock/gpt-4.1}}\n      reasoning: {{model: mock/gpt-4.1}}\n      complex: {{model: mock/gpt-4.1}}\n",
        mock.base_url()
    ));
    mock.push(openai::json(
        &Turn::new().text("<TIER>simple</TIER>").usage(50, 3),
    ));
    mock.push(openai::json(
        &Turn::new()
            .text("## Objective\nSUMMARY-OF-TURNS")
            .usage(0, 5),
    ));
    mock.push(answer("small answer"));
    let fourth = env
        .cmd()
        .args(["run", "--continue", "--json", "fourth question"])
        .run(0);
    let events: Vec<Value> = fourth
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = |kind: &str| events.iter().position(|e| e["type"] == kind);
    let compacted = at("context.compacted").expect("compacted for the small window");
    let routed = at("router.decided").expect("routed");
    assert!(routed < compacted, "{}", fourth.stdout);

    let requests = mock.requests();
    assert_eq!(
        requests.len(),
        6,
        "judge, summary, then the small model's call"
    );
    assert_eq!(requests[3].model(), "judge");
    assert!(!requests[4].is_stream());
    assert!(
        requests[4].last_user_text().unwrap().contains("prompt1:"),
        "the summary request carries the old turns"
    );
    let served = &requests[5];
    assert_eq!(served.model(), "small");
    let sent = texts(served);
    assert!(sent[0].contains("SUMMARY-OF-TURNS"), "{sent:?}");
    assert!(sent.iter().all(|t| !t.contains("prompt1:")));
    assert_eq!(sent.last().unwrap(), "fourth question");
}

/// `last` (and `--continue`) is the session written to most recently — the one `session list`
/// shows first — not the one started last: continuing an older session makes it `last` again.
#[test]
fn last_is_the_session_written_to_most_recently() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = setup(&mock);
    mock.push(answer("one"));
    env.cmd().args(["run", "first task"]).run(0);
    let first = list(&env)[0]["id"].as_str().unwrap().to_owned();
    mock.push(answer("two"));
    env.cmd().args(["run", "second task"]).run(0);
    std::thread::sleep(std::time::Duration::from_millis(20));
    mock.push(answer("three"));
    env.cmd()
        .args(["run", "--session", &first, "more on the first"])
        .run(0);
    assert_eq!(list(&env)[0]["id"], first.as_str());
    let shown = env.cmd().args(["session", "show", "last"]).run(0);
    assert!(shown.stdout.contains(&first), "{}", shown.stdout);
    mock.push(answer("four"));
    env.cmd().args(["run", "--continue", "and again"]).run(0);
    let last = mock.requests().pop().unwrap();
    let sent = texts(&last);
    assert!(
        sent.iter().any(|t| t.contains("more on the first")),
        "{sent:?}"
    );
}

/// An input larger than the model's whole context window is refused before anything is sent or
/// recorded (exit 2): sent, it would have failed this turn and every later one of the session.
#[test]
fn an_input_larger_than_the_window_is_refused_before_it_is_sent() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&config_for(
        &mock,
        "{capabilities: {maxContextTokens: 5111, maxOutputTokens: 1000}}",
    ));
    let big = "lorem ipsum dolor sit amet ".repeat(4000);
    let run = env.cmd().args(["run", "summarise"]).stdin(big).run(2);
    assert!(run.stderr.contains("context window"), "{}", run.stderr);
    assert!(mock.requests().is_empty(), "it was sent");
    assert!(env.transcripts().is_empty(), "it was recorded");
}

/// A run killed in the middle of a turn leaves no `turn_end`, yet its model calls were made: their
/// tokens count in the session's totals.
#[test]
fn a_killed_runs_model_calls_count_in_the_totals() {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = setup(&mock);
    mock.push(openai::stream(
        &Turn::new()
            .tool_call("c1", "bash", r#"{"command": "touch started; sleep 30"}"#)
            .usage(120, 7),
    ));
    let mut child = env.spawn(&["run", "--allow", "bash", "slow"]);
    let started = env.project.join("started");
    for _ in 0..1000 {
        if started.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(started.exists());
    child.kill().unwrap();
    child.wait().unwrap();
    let list = env.cmd().args(["session", "list", "--json"]).run(0).json();
    assert_eq!(list[0]["input_tokens"], 120, "{list}");
    assert_eq!(list[0]["output_tokens"], 7, "{list}");
}
