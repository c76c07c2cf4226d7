//! Recall's stage 1 ranking pinned on a small fixture, through the real binary: a long note whose
//! relevant paragraph is in the middle, dated notes and relative time (`--as-of`), English and
//! Chinese, dates as words, and a query of stop words only.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

#[path = "support/memory.rs"]
mod memory_support;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;

use memory_support::import_notes;
use serde_json::Value;
use support::TestEnv;

/// A note with a `date:` key.
fn dated(name: &str, date: &str, body: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: ''\ntype: project\nscope: project\nupdated_at: 2026-01-01T00:00:00Z\ndate: {date}\n---\n\n{body}\n"
    )
}

/// A long handbook: 40 filler paragraphs with the key rotation procedure as the 21st.
fn handbook() -> String {
    let mut parts: Vec<String> = (0..40)
        .map(|i| format!("Section {i}: the cafeteria serves lunch at noon; the parking garage opens at seven."))
        .collect();
    parts[20] =
        "Rotating the signing keys: run `keyctl rotate --all`, then publish the new public keys \
                 to the release bucket."
            .to_owned();
    parts.join("\n\n")
}

fn fixture(env: &TestEnv) {
    env.config("memory:\n  enabled: true\n");
    import_notes(
        env,
        &[
            (
                "Project/handbook.md",
                &dated("Team handbook", "2023-01-10", &handbook()),
            ),
            (
                "Project/keys-faq.md",
                &dated(
                    "Badge FAQ",
                    "2023-01-10",
                    "Office badge keys are at the front desk.",
                ),
            ),
            (
                "Project/release-feb.md",
                &dated(
                    "Release notes",
                    "2024-02-01",
                    "We shipped the billing release to customers.",
                ),
            ),
            (
                "Project/release-mar.md",
                &dated(
                    "Release notes",
                    "2024-03-08",
                    "We shipped the billing release to customers.",
                ),
            ),
            (
                "Project/release-zh-feb.md",
                &dated("发布记录", "2024-02-01", "我们把计费版本发布给了客户。"),
            ),
            (
                "Project/release-zh-mar.md",
                &dated("发布记录", "2024-03-08", "我们把计费版本发布给了客户。"),
            ),
            (
                "Project/picnic.md",
                &dated("Team picnic", "2023-05-20", "We had a picnic by the lake."),
            ),
        ],
    );
}

fn recall(env: &TestEnv, args: &[&str]) -> Value {
    let mut cmd = env.cmd().args(["memory", "recall", "--offline", "--json"]);
    cmd = cmd.args(args);
    cmd.run(0).json()
}

fn ids(out: &Value) -> Vec<String> {
    (out["notes"].as_array().unwrap().iter())
        .map(|n| {
            let id = n["id"].as_str().unwrap();
            id.rsplit('/')
                .next()
                .unwrap()
                .trim_end_matches(".md")
                .to_owned()
        })
        .collect()
}

#[test]
fn the_paragraph_in_the_middle_of_a_long_note_is_found_and_quoted() {
    let env = TestEnv::new();
    fixture(&env);
    let out = recall(&env, &["how do we rotate the signing keys?"]);
    assert_eq!(ids(&out)[0], "handbook", "{out:#}");
    let best = &out["windows"][0];
    assert!(
        best["id"]
            .as_str()
            .unwrap()
            .ends_with("Project/handbook.md")
    );
    // The 21st paragraph: body lines 41 (paragraphs are separated by one blank line).
    assert_eq!(best["lines"], serde_json::json!([41, 41]), "{out:#}");
    assert!(best["text"].as_str().unwrap().contains("keyctl rotate"));
    // The context block quotes that window, with the note's name, path and date, not the note's start.
    let text = env
        .cmd()
        .args(["memory", "recall", "--offline", "rotate the signing keys"])
        .run(0)
        .stdout;
    assert!(text.contains("Team handbook"), "{text}");
    assert!(
        text.contains("Project/handbook.md, dated 2023-01-10"),
        "{text}"
    );
    assert!(
        text.contains("[lines 41–41 of 79]\nRotating the signing keys"),
        "{text}"
    );
    assert!(!text.contains("Section 0:"), "{text}");
}

#[test]
fn relative_time_lifts_the_notes_inside_it_in_english_and_chinese() {
    let env = TestEnv::new();
    fixture(&env);
    let march = recall(
        &env,
        &["--as-of", "2024-03-13", "what did we ship last week?"],
    );
    assert_eq!(ids(&march)[0], "release-mar", "{march:#}");
    assert_eq!(march["time_span"]["start"], "2024-03-04");
    let feb = recall(
        &env,
        &["--as-of", "2024-02-06", "what did we ship last week?"],
    );
    assert_eq!(ids(&feb)[0], "release-feb", "{feb:#}");
    let zh = recall(&env, &["--as-of", "2024-03-13", "上周发布了什么版本？"]);
    assert_eq!(ids(&zh)[0], "release-zh-mar", "{zh:#}");
    let zh = recall(&env, &["--as-of", "2024-03-13", "上个月发布了什么版本？"]);
    assert_eq!(ids(&zh)[0], "release-zh-feb", "{zh:#}");
    let bad = env
        .cmd()
        .args(["memory", "recall", "--as-of", "next tuesday", "release"])
        .run(2);
    assert!(bad.stderr.contains("not a date"), "{}", bad.stderr);
}

#[test]
fn dates_are_searchable_words_and_stop_words_alone_find_nothing() {
    let env = TestEnv::new();
    fixture(&env);
    // 2023-05-20 was a Saturday; the note's text says neither.
    let out = recall(&env, &["what happened on a saturday?"]);
    assert_eq!(ids(&out)[0], "picnic", "{out:#}");
    for query in ["what did you do?", "什么是", "Why would it be?"] {
        let out = recall(&env, &[query]);
        assert!(ids(&out).is_empty(), "{query}: {out:#}");
    }
}

#[test]
fn feedback_finds_notes_sharing_the_best_notes_words_when_the_first_pass_is_short() {
    let env = TestEnv::new();
    let notes = [
        (
            "Project/a.md",
            dated(
                "Cluster",
                "2024-01-01",
                "The kubernetes cluster deploys with argo.",
            ),
        ),
        (
            "Project/b.md",
            dated(
                "Charts",
                "2024-01-01",
                "Our kubernetes cluster uses argo and helm charts.",
            ),
        ),
        (
            "Project/c.md",
            dated("Rollouts", "2024-01-01", "Canary rollouts go through argo."),
        ),
        (
            "Project/d.md",
            dated("Lunch", "2024-01-01", "Lunch is at noon."),
        ),
    ];
    let notes: Vec<(&str, &str)> = notes.iter().map(|(p, t)| (*p, t.as_str())).collect();
    env.config("memory:\n  enabled: true\n  recall:\n    feedback: off\n");
    import_notes(&env, &notes);
    let off = recall(&env, &["kubernetes"]);
    assert_eq!(ids(&off).len(), 2, "{off:#}");
    assert_eq!(off["feedback"], false);
    // `auto` (the default): two notes found where five were asked for, so feedback runs; with two
    // asked for, the first pass fills the list and it does not.
    env.config("memory:\n  enabled: true\n");
    let filled = recall(&env, &["--limit", "2", "kubernetes"]);
    assert_eq!(filled["feedback"], false, "{filled:#}");
    let auto = recall(&env, &["--limit", "5", "kubernetes"]);
    assert_eq!(auto["feedback"], true, "{auto:#}");
    let found = ids(&auto);
    assert_eq!(found.len(), 3, "{auto:#}");
    assert!(
        found[..2].contains(&"a".to_owned()) && found[2] == "c",
        "{auto:#}"
    );
}

#[test]
fn an_answer_is_found_by_the_question_in_the_paragraph_before_it() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    let body = [
        "Caroline: The cafeteria serves lunch at noon.",
        "Caroline: What an amazing family picture! How long have you been married?",
        "Melanie: Five years already! Time flies.",
        "Caroline: The parking garage opens at seven.",
        "Melanie: See you on Friday.",
    ]
    .join("\n\n");
    let other = dated(
        "Chat 2",
        "2023-06-01",
        "Melanie: We went camping by the lake.",
    );
    import_notes(
        &env,
        &[
            ("Project/chat1.md", &dated("Chat 1", "2023-05-08", &body)),
            ("Project/chat2.md", &other),
        ],
    );
    let out = recall(&env, &["How long have Mel and her husband been married?"]);
    assert_eq!(ids(&out), ["chat1"], "{out:#}");
    let lines: Vec<&Value> = (out["windows"].as_array().unwrap().iter())
        .map(|w| &w["lines"])
        .collect();
    // The question (line 3) first; the answer (line 5) shares no word with the request and is
    // found through its neighbour; the lines about lunch and parking are only near it.
    assert_eq!(lines[0], &serde_json::json!([3, 3]), "{out:#}");
    assert!(
        lines.contains(&&serde_json::json!([5, 5])),
        "the answer is a window: {out:#}"
    );
    let answer = (out["windows"].as_array().unwrap().iter())
        .find(|w| w["lines"] == serde_json::json!([5, 5]))
        .unwrap();
    assert!(answer["text"].as_str().unwrap().contains("Five years"));
}

#[test]
fn a_window_is_not_pushed_down_by_a_long_neighbour() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    let filler = |who: &str, n: usize| {
        let words = "we talked about the garden and the weather again ".repeat(n);
        format!("{who}: {}", words.trim_end())
    };
    // The paragraph naming the zebra twice stands beside a 900-word one; the paragraph naming it
    // once stands between two of 60 words. A neighbour is context at a low weight, and only its
    // nearest words are: the long one must not outweigh what the paragraphs themselves say.
    let body = [
        "Caroline: I saw a zebra today, a zebra with a foal.".to_owned(),
        filler("Melanie", 100),
        filler("Caroline", 7),
        filler("Melanie", 7),
        "Caroline: a zebra.".to_owned(),
        filler("Melanie", 7),
        filler("Caroline", 7),
    ]
    .join("\n\n");
    import_notes(
        &env,
        &[("Project/chat.md", &dated("Chat", "2023-05-08", &body))],
    );
    let out = recall(&env, &["zebra"]);
    let lines: Vec<&Value> = (out["windows"].as_array().unwrap().iter())
        .map(|w| &w["lines"])
        .collect();
    assert_eq!(
        lines[..2],
        [&serde_json::json!([1, 1]), &serde_json::json!([9, 9])],
        "{out:#}"
    );
}

/// A chat log of 30 turns, one per line, no blank lines; the 15th asks how long Melanie has been
/// married and the 16th answers.
fn import_chat_log(env: &TestEnv) {
    let mut turns: Vec<String> = (0..30)
        .map(|i| format!("Caroline: filler turn {i} about the weather and the garden today"))
        .collect();
    turns[14] = "Caroline: How long have you been married to your husband?".to_owned();
    turns[15] = "Melanie: Five years already! Time flies.".to_owned();
    import_notes(
        env,
        &[(
            "Project/log.md",
            &dated("Chat log", "2023-05-08", &turns.join("\n")),
        )],
    );
}

#[test]
fn a_chat_log_without_blank_lines_is_ranked_and_quoted_a_turn_at_a_time() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    // 30 turns, one per line, no blank lines: the paragraph is cut before each turn, so the
    // question's turn is quoted alone and its answer (no shared word) is found through it.
    import_chat_log(&env);
    let out = recall(&env, &["How long has Mel been married?"]);
    assert_eq!(ids(&out), ["log"], "{out:#}");
    let windows = out["windows"].as_array().unwrap();
    // Turn i is body line i + 1.
    assert_eq!(windows[0]["lines"], serde_json::json!([15, 15]), "{out:#}");
    assert!(
        windows
            .iter()
            .any(|w| w["lines"] == serde_json::json!([16, 16])
                && w["text"].as_str().unwrap().contains("Five years")),
        "the answer is a window of its own: {out:#}"
    );
}

#[test]
fn windows_indexed_before_the_entry_cut_are_cut_again() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    import_chat_log(&env);
    // The index as the earlier cut left it (800-character chunks of lines), schema 16.
    let db = rusqlite::Connection::open(env.home.join("state.db")).unwrap();
    db.execute_batch(
        "UPDATE memory_windows SET first_line = 12 * (ordinal / 12) + 1,
                                   last_line = 12 * (ordinal / 12) + 12;
         PRAGMA user_version = 16;",
    )
    .unwrap();
    drop(db);
    let out = recall(&env, &["How long has Mel been married?"]);
    assert_eq!(
        out["windows"][0]["lines"],
        serde_json::json!([15, 15]),
        "{out:#}"
    );
}

#[test]
fn feedback_reranks_notes_but_quotes_the_paragraphs_holding_the_requests_words() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n  recall:\n    feedback: on\n");
    let body = [
        "Our kubernetes cluster has three nodes.",
        "Deploys go through argo with helm charts and canary rollouts, argo and helm again.",
        "The team meets on Mondays.",
    ]
    .join("\n\n");
    import_notes(
        &env,
        &[
            ("Project/ops.md", &dated("Ops", "2024-01-01", &body)),
            (
                "Project/charts.md",
                &dated("Charts", "2024-01-01", "kubernetes argo helm canary"),
            ),
            (
                "Project/rollouts.md",
                &dated("Rollouts", "2024-01-01", "argo helm canary rollouts"),
            ),
            (
                "Project/lunch.md",
                &dated("Lunch", "2024-01-01", "Lunch is at noon."),
            ),
        ],
    );
    let out = recall(&env, &["kubernetes"]);
    assert_eq!(out["feedback"], true, "{out:#}");
    // The second pass found the note that only shares the first notes' words.
    assert!(ids(&out).contains(&"rollouts".to_owned()), "{out:#}");
    // ops.md is quoted by the paragraph with "kubernetes" (line 1), not by the one full of the
    // expansion words (line 3).
    let ops = (out["windows"].as_array().unwrap().iter())
        .find(|w| w["id"].as_str().unwrap().ends_with("ops.md"))
        .unwrap();
    assert_eq!(ops["lines"], serde_json::json!([1, 1]), "{out:#}");
}

#[test]
fn the_words_a_question_is_phrased_with_do_not_rank_notes() {
    let env = TestEnv::new();
    env.config("memory:\n  enabled: true\n");
    // "What kind of …", "recently", "said": the note thick with them is about nothing asked, and
    // is not found at all.
    import_notes(
        &env,
        &[
            (
                "Project/thanks.md",
                &dated(
                    "Thanks",
                    "2023-05-08",
                    "Melanie: thanks for the kind words, so kind of you! One thing I said \
                     recently: kind people are the best kind.",
                ),
            ),
            (
                "Project/studio.md",
                &dated(
                    "Studio",
                    "2023-05-09",
                    "Caroline: I paint abstract art in my studio, mostly sunsets.",
                ),
            ),
        ],
    );
    let out = recall(
        &env,
        &["What kind of art did Caroline say she made recently?"],
    );
    assert_eq!(ids(&out), ["studio"], "{out:#}");
}
