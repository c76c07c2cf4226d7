//! Text shown to a person is inert: escape sequences from the model, tools, files and servers reach
//! the terminal as visible text (`\e[2K`), never as commands — `\e[2K\r` does not erase the line
//! showing the real command, OSC 52 does not set the clipboard, OSC 0 does not retitle the window,
//! OSC 8 makes no link. `--json` keeps the exact text, escaped as JSON does. The real binary against
//! the mock model, and once inside a real terminal (tmux).
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
#[path = "support/tmux.rs"]
mod tmux;

use mock_model::{MockModel, openai};
use pilotdeck::terminal::{inert, inert_line, sgr_only};
use proptest::prelude::*;
use support::TestEnv;

const ERASE: &str = "REAL LINE\x1b[2K\rALL TESTS PASSED";
const CLIPBOARD: &str = "copy \x1b]52;c;cm0gLXJmIH4=\x07 done";
const TITLE: &str = "title \x1b]0;pwned-title\x07 done";
const LINK: &str = "link \x1b]8;;http://evil\x1b\\click here\x1b]8;;\x1b\\ done";

/// How each hostile string must look once shown.
const SHOWN: &[&str] = &[
    "REAL LINE\\e[2K\\rALL TESTS PASSED",
    "copy \\e]52;c;cm0gLXJmIH4=\\a done",
    "title \\e]0;pwned-title\\a done",
    "link \\e]8;;http://evil\\e\\click here\\e]8;;\\e\\ done",
];

fn answer() -> String {
    [ERASE, CLIPBOARD, TITLE, LINK].join("\n")
}

fn call(id: &str, name: &str, args: serde_json::Value) -> mock_model::Reply {
    openai::tool_call(id, name, &args.to_string())
}

/// A run whose tool calls and answer carry every hostile sequence: a bash call described with
/// `\e[2K\r`, a read of a project file named with OSC 0, a denied read of an outside path with
/// OSC 8, and the answer.
fn script_hostile_run(mock: &MockModel, env: &TestEnv) {
    let file = format!("notes-{TITLE}.txt");
    env.write(&env.project.join(&file), "hello\n");
    mock.push(call(
        "c1",
        "bash",
        serde_json::json!({"command": "echo hi", "description": format!("RUN TESTS\x1b[2K\r{CLIPBOARD}")}),
    ));
    mock.push(call(
        "c2",
        "read_file",
        serde_json::json!({"file_path": file}),
    ));
    mock.push(call(
        "c3",
        "read_file",
        serde_json::json!({"file_path": format!("/tmp/{LINK}")}),
    ));
    mock.push(openai::text(&answer()));
}

fn assert_inert(stream: &str, text: &str) {
    assert!(
        !text.contains('\x1b') && !text.contains('\x07') && !text.contains('\r'),
        "raw control characters on {stream}: {text:?}"
    );
}

#[test]
fn run_shows_escape_sequences_from_the_model_tools_and_files_as_text() {
    let mock = MockModel::spawn();
    mock.answer_titles("t");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    script_hostile_run(&mock, &env);
    let run = env.cmd().args(["run", "go"]).run(0);
    assert_inert("stdout", &run.stdout);
    assert_inert("stderr", &run.stderr);
    assert_eq!(run.stdout, format!("{}\n", SHOWN.join("\n")));
    // The tool lines: the model's description, a file name, a denied path.
    assert!(
        run.stderr.contains("RUN TESTS\\e[2K\\rcopy \\e]52;c;"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("notes-title \\e]0;pwned-title\\a done.txt"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("denied read_file /tmp/link \\e]8;;http://evil"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_model_error_is_shown_inert() {
    let mock = MockModel::spawn();
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    mock.push(openai::error(
        400,
        "invalid_request_error",
        "bad",
        &format!("nope {TITLE}"),
    ));
    let run = env.cmd().args(["run", "go"]).run(1);
    assert_inert("stderr", &run.stderr);
    assert!(
        run.stderr.contains("title \\e]0;pwned-title\\a done"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_output_keeps_the_exact_text_escaped_as_json() {
    let mock = MockModel::spawn();
    mock.answer_titles("t");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    script_hostile_run(&mock, &env);
    let run = env.cmd().args(["--json", "run", "go"]).run(0);
    assert_inert("stdout", &run.stdout);
    let events: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let message = events
        .iter()
        .rfind(|e| e["type"] == "item.completed" && e["item"]["type"] == "agent_message")
        .unwrap();
    assert_eq!(
        message["item"]["text"].as_str(),
        Some(answer().as_str()),
        "{message}"
    );
    assert!(
        run.stdout.contains("\\u001b]0;pwned-title\\u0007"),
        "{}",
        run.stdout
    );
}

/// The sequences reach a real terminal without effect: the title stays, no clipboard buffer is
/// set, the erased line is still there and every sequence is visible. A control step then prints
/// the same kind of sequences raw, to show this terminal would have obeyed them.
#[test]
fn in_a_terminal_the_sequences_have_no_effect() {
    if std::process::Command::new("tmux")
        .arg("-V")
        .output()
        .is_err()
    {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    mock.answer_titles("t");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    script_hostile_run(&mock, &env);
    let script = env.tmp.path().join("session.sh");
    env.write(
        &script,
        &format!(
            "cd '{}'\nread _\nenv -i PATH='{}' HOME='{}' PILOTDECK_HOME='{}' TERM=xterm-256color NO_COLOR=1 '{}' run go\necho MARK-ONE\nread _\nprintf '\\033]0;control-title\\007\\033]52;c;Y29udHJvbA==\\007'\necho MARK-TWO\nsleep 60\n",
            env.project.display(),
            std::env::var("PATH").unwrap_or_default(),
            env.user_home.display(),
            env.home.display(),
            assert_cmd::cargo::cargo_bin("pilotdeck").display()
        ),
    );
    let term = tmux::Tmux::start("inert", &format!("sh '{}'", script.display()));
    term.run(&["set-option", "-g", "set-clipboard", "on"]);
    let title = || term.run(&["display-message", "-p", "-t", "t", "#{pane_title}"]);
    let buffers = || term.run(&["list-buffers"]);
    let title_before = title();
    term.send_keys(&["Enter"]);
    let screen = term.wait_for("MARK-ONE");
    for shown in SHOWN {
        assert!(
            screen.contains(shown),
            "`{shown}` is not on the screen:\n{screen}"
        );
    }
    assert!(screen.contains("RUN TESTS\\e[2K\\r"), "{screen}");
    assert_eq!(title(), title_before, "the window title changed");
    assert_eq!(buffers(), "", "the clipboard was set");
    // Control: the same terminal obeys raw sequences.
    term.send_keys(&["Enter"]);
    term.wait_for("MARK-TWO");
    assert_eq!(title().trim(), "control-title");
    assert!(
        !buffers().is_empty(),
        "tmux did not take OSC 52 from the control step"
    );
}

/// Strings made of escape-sequence pieces, colours, line breaks, bidi controls and text.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("\x1b".to_owned()),
        Just("\x1b[".to_owned()),
        Just("\x1b[31m".to_owned()),
        Just("\x1b[2K".to_owned()),
        Just("\x1b]0;t\x07".to_owned()),
        Just("\x1b\\".to_owned()),
        Just("\r".to_owned()),
        Just("\r\n".to_owned()),
        Just("\n".to_owned()),
        Just("\t".to_owned()),
        Just("\u{9b}".to_owned()),
        Just("\u{202e}".to_owned()),
        Just("\u{7f}".to_owned()),
        "[a-z ;\\[\\]0-9m]{0,6}",
        any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|p| p.concat())
}

/// True when `c` is one a terminal may act on instead of showing.
fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn inert_text_holds_no_control_but_layout(text in hostile_text()) {
        let shown = inert(&text);
        let mut chars = shown.chars().peekable();
        while let Some(c) = chars.next() {
            let allowed = c == '\n' || c == '\t' || (c == '\r' && chars.peek() == Some(&'\n'));
            prop_assert!(!is_control(c) || allowed, "{c:?} in {shown:?}");
        }
        prop_assert!(!inert_line(&text).chars().any(is_control));
    }

    #[test]
    fn sgr_only_lets_only_whole_colour_sequences_through(text in hostile_text()) {
        let shown = sgr_only(&text);
        let mut rest = shown.as_ref();
        while let Some(at) = rest.find('\x1b') {
            let seq = &rest[at..];
            let params = seq.strip_prefix("\x1b[").unwrap_or("");
            let end = params.find(|c: char| !(c.is_ascii_digit() || c == ';'));
            prop_assert!(
                end.is_some_and(|e| params[e..].starts_with('m')),
                "{seq:?} in {shown:?}"
            );
            rest = &seq[1..];
        }
        prop_assert!(!shown.chars().any(|c| is_control(c) && !matches!(c, '\x1b' | '\n' | '\t' | '\r')));
    }

    #[test]
    fn json_passes_the_gate_unchanged_in_meaning(text in hostile_text()) {
        let json = serde_json::to_string(&serde_json::json!({ "text": text })).unwrap();
        let shown = sgr_only(&json);
        prop_assert!(!shown.chars().any(is_control));
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        prop_assert_eq!(back["text"].as_str(), Some(text.as_str()));
    }
}
