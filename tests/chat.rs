//! `pilotdeck chat` end to end: piped stdin (one turn per line) and a real terminal under tmux
//! (streamed text, a permission prompt answered with the keyboard, Ctrl-C cancelling a turn, /exit).
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

use std::process::Command;
use std::time::{Duration, Instant};

use mock_model::{MockModel, Turn, openai};
use support::TestEnv;

fn setup(mock: &MockModel) -> TestEnv {
    let env = TestEnv::new();
    env.config(&format!(
        "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n",
        mock.base_url()
    ));
    env
}

fn answer(text: &str) -> mock_model::Reply {
    openai::stream(&Turn::new().text(text).usage(0, 5))
}

fn title(text: &str) -> mock_model::Reply {
    openai::json(&Turn::new().text(text).usage(0, 2))
}

fn user_texts(request: &mock_model::Request) -> Vec<String> {
    request.body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "user")
        .map(|m| m["content"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn piped_chat_runs_one_turn_per_line_and_continues() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("Hi there."));
    mock.push_title(title("Greeting and follow-up"));
    mock.push(answer("Still here."));
    mock.push(answer("Resumed."));
    let env = setup(&mock);
    let run = env
        .cmd()
        .arg_str("chat")
        .stdin("hello\n\n/cost\nand a \\\nsecond line\n/exit\nnever sent\n")
        .run(0);
    assert_eq!(run.stdout, "Hi there.\nStill here.\n");
    assert!(
        run.stderr.contains("this chat: 0 input + 5 output tokens"),
        "{}",
        run.stderr
    );
    let requests = mock.requests();
    assert_eq!(requests.len(), 3, "two turns and one title");
    assert!(!requests[1].is_stream());
    assert!(requests[1].last_user_text().unwrap().contains("hello"));
    assert_eq!(user_texts(&requests[2]), ["hello", "and a \nsecond line"]);

    let stats = std::fs::read_to_string(env.home.join("router/stats.jsonl")).unwrap();
    // The title call runs beside the first reply: which of the two is recorded first is a race.
    let mut roles: Vec<String> = stats
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["role"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    roles.sort();
    assert_eq!(
        roles,
        ["main", "main", "title"],
        "the title call is routed and accounted"
    );

    let sessions = env.cmd().args(["session", "list", "--json"]).run(0).json();
    assert_eq!(sessions[0]["title"], "Greeting and follow-up");
    assert_eq!(sessions[0]["turns"], 2);

    // --continue in chat resumes through the same code as run --continue; no second title.
    let again = env
        .cmd()
        .args(["chat", "--continue"])
        .stdin("one more\n")
        .run(0);
    assert_eq!(again.stdout, "Resumed.\n");
    assert!(again.stderr.contains("2 earlier turns"), "{}", again.stderr);
    let last = &mock.requests()[3];
    assert_eq!(
        user_texts(last),
        ["hello", "and a \nsecond line", "one more"]
    );
}

#[test]
fn piped_chat_denies_what_would_need_asking() {
    let mock = MockModel::spawn();
    mock.script_titles();
    let env = setup(&mock);
    let outside = env.tmp.path().join("outside.txt");
    let args = serde_json::json!({"file_path": outside, "content": "x"}).to_string();
    mock.push(openai::stream(
        &Turn::new().tool_call("c1", "write_file", &args).usage(0, 5),
    ));
    mock.push(answer("Could not write."));
    mock.push_title(title("Write outside"));
    let run = env.cmd().arg_str("chat").stdin("write it\n").run(0);
    assert_eq!(run.stdout, "Could not write.\n");
    assert!(run.stderr.contains("denied write_file"), "{}", run.stderr);
    assert!(!outside.exists());
}

/// A tmux server of our own (its own socket), killed on drop.
struct Tmux {
    socket: String,
    started: std::cell::Cell<bool>,
}

impl Tmux {
    fn available() -> bool {
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-J", "-S", "-200", "-t", "chat"])
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "chat"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Waits until the screen satisfies `check` (polling the pane: tmux has no change event).
    #[track_caller]
    fn wait_for(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Tmux {
    /// A tmux server named for the test (tests run in parallel).
    fn new(name: &str) -> Tmux {
        Tmux {
            socket: format!("pilotdeck-test-{}-{name}", std::process::id()),
            started: std::cell::Cell::new(false),
        }
    }

    /// Starts (or restarts) `pilotdeck chat` in the project, in a 160×50 pane that stays after the
    /// chat exits and then shows `CHAT-EXITED:<code>`.
    fn start_chat(&self, env: &TestEnv) {
        let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
        let command = format!(
            "env -i PATH='{}' HOME='{}' PILOTDECK_HOME='{}' TERM=xterm-256color NO_COLOR=1 '{}' chat; echo CHAT-EXITED:$?",
            std::env::var("PATH").unwrap_or_default(),
            env.user_home.display(),
            env.home.display(),
            bin.display()
        );
        let project = env.project.display().to_string();
        if !self.started.replace(true) {
            self.tmux(&[
                "new-session",
                "-d",
                "-s",
                "chat",
                "-x",
                "160",
                "-y",
                "50",
                "-c",
                &project,
            ]);
            self.tmux(&["set-option", "-t", "chat", "remain-on-exit", "on"]);
        }
        self.tmux(&["respawn-pane", "-k", "-t", "chat", "-c", &project, &command]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

#[test]
fn chat_in_a_terminal_streams_asks_cancels_and_exits() {
    if !Tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    mock.script_titles();
    let env = setup(&mock);
    let outside = env.tmp.path().join("outside.txt");
    let args = serde_json::json!({"file_path": outside, "content": "from chat"}).to_string();
    mock.push(openai::stream(
        &Turn::new().tool_call("c1", "write_file", &args).usage(0, 5),
    ));
    mock.push(answer("Wrote the file for you."));
    mock.push_title(title("Write a file"));
    mock.push(answer("Starting a very long job").stall_after(2));
    mock.push(answer("Back again."));

    let tmux = Tmux::new("streams");
    tmux.start_chat(&env);
    tmux.wait_for("the prompt", |s| s.contains("› "));

    tmux.keys(&["write the file", "Enter"]);
    let screen = tmux.wait_for("the permission menu", |s| s.contains("Allow once"));
    assert!(
        screen.contains("for this session") && screen.contains("Deny"),
        "{screen}"
    );
    tmux.keys(&["Enter"]);
    tmux.wait_for("the streamed answer", |s| {
        s.contains("Wrote the file for you.")
    });
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "from chat");

    tmux.wait_for("the next prompt", |s| prompt_line(s) == "›");
    tmux.keys(&["start the long job", "Enter"]);
    tmux.wait_for("the partial answer", |s| {
        s.contains("› start the long job\nSta")
    });
    tmux.keys(&["C-c"]);
    tmux.wait_for("the cancellation", |s| s.contains("(turn cancelled)"));

    tmux.keys(&["are you there?", "Enter"]);
    tmux.wait_for("the answer after a cancel", |s| s.contains("Back again."));
    tmux.keys(&["/exit", "Enter"]);
    let screen = tmux.wait_for("the exit", |s| s.contains("CHAT-EXITED:"));
    assert!(screen.contains("CHAT-EXITED:0"), "{screen}");
    mock.release_stalls();

    let requests = mock.requests();
    assert_eq!(requests.len(), 5);
    let texts = user_texts(&requests[4]);
    assert_eq!(texts.last().unwrap(), "are you there?");
    assert!(
        texts.contains(&"start the long job".to_owned()),
        "the cancelled turn's input stays"
    );
}

#[test]
fn chat_turns_are_captured_into_memory_when_it_is_configured() {
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("Noted."));
    mock.push_title(title("Database choice"));
    let env = setup(&mock);
    let config = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    env.config(&format!("{config}memory:\n  enabled: true\n"));
    env.cmd()
        .arg_str("chat")
        .stdin("We use PostgreSQL 16 for the database.\n")
        .run(0);
    let pending = env.cmd().args(["memory", "pending", "--json"]).run(0);
    assert!(
        pending.stdout.contains("PostgreSQL 16"),
        "the chat turn is queued for indexing: {}",
        pending.stdout
    );
}

#[test]
fn slash_memory_recalls_notes_and_model_switch_keeps_the_tools() {
    let mock = MockModel::spawn();
    let env = setup(&mock);
    let key = env.cmd().args(["config", "path", "--json"]).run(0).json()["project"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    env.write(
        &env.home.join(format!("memory/workspaces/{key}/Project/database.md")),
        "---\nname: Database\ndescription: the project's database\ntype: project\n---\n\nThe project uses PostgreSQL 16.\n",
    );
    let run = env
        .cmd()
        .arg_str("chat")
        .stdin("/memory\n/memory which database\n/model mock/gpt-4.1\n")
        .run(0);
    assert!(run.stdout.contains("PostgreSQL 16"), "{}", run.stdout);
    assert!(
        run.stderr.contains("usage: /memory QUERY"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("model: mock/gpt-4.1"), "{}", run.stderr);
    assert!(mock.requests().is_empty());
}

/// The last line of the screen that shows the prompt.
fn prompt_line(screen: &str) -> String {
    screen
        .lines()
        .rfind(|l| l.starts_with("› "))
        .unwrap_or_default()
        .trim_end()
        .to_owned()
}

#[test]
fn chat_history_is_recalled_with_the_up_arrow_in_the_next_chat() {
    if !Tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    mock.script_titles();
    mock.push(answer("First answer."));
    mock.push_title(title("First question"));
    mock.push(answer("Two lines seen."));
    mock.push(answer("Recalled and edited."));
    mock.push_title(title("First question again"));
    let env = setup(&mock);
    let tmux = Tmux::new("history");

    tmux.start_chat(&env);
    tmux.wait_for("the prompt", |s| s.contains("› "));
    tmux.keys(&["first question", "Enter"]);
    tmux.wait_for("the first answer", |s| s.contains("First answer."));
    tmux.wait_for("the next prompt", |s| prompt_line(s) == "›");
    // A line ending in `\` continues on the next one: one input, one turn.
    tmux.keys(&["two \\", "Enter"]);
    tmux.keys(&["lines", "Enter"]);
    tmux.wait_for("the second answer", |s| s.contains("Two lines seen."));
    tmux.wait_for("the next prompt", |s| prompt_line(s) == "›");
    tmux.keys(&["C-d"]);
    let screen = tmux.wait_for("the first chat's exit", |s| s.contains("CHAT-EXITED:"));
    assert!(
        screen.contains("CHAT-EXITED:0"),
        "Ctrl-D exits cleanly: {screen}"
    );

    tmux.start_chat(&env);
    tmux.wait_for("the second chat's prompt", |s| {
        !s.contains("CHAT-EXITED") && prompt_line(s) == "›"
    });
    // Ctrl-C at the prompt drops the line being edited and keeps the chat.
    tmux.keys(&["typed by mistake"]);
    tmux.wait_for("the typed text", |s| prompt_line(s) == "› typed by mistake");
    tmux.keys(&["C-c"]);
    tmux.wait_for("a cleared prompt", |s| prompt_line(s) == "›");
    // Up recalls the previous chat's inputs, newest first; the recalled line can be edited.
    tmux.keys(&["Up"]);
    tmux.wait_for("the multi-line input recalled", |s| {
        s.contains("› two \nlines")
    });
    // In a multi-line input, Up first moves to its first line, then to the older entry.
    tmux.keys(&["Up", "Up"]);
    tmux.wait_for("the first input recalled", |s| {
        prompt_line(s) == "› first question"
    });
    tmux.keys(&["End", " again", "Enter"]);
    tmux.wait_for("the answer to the edited input", |s| {
        s.contains("Recalled and edited.")
    });
    tmux.keys(&["/exit", "Enter"]);
    let screen = tmux.wait_for("the second chat's exit", |s| s.contains("CHAT-EXITED:"));
    assert!(screen.contains("CHAT-EXITED:0"), "{screen}");

    let requests = mock.requests();
    assert_eq!(requests.len(), 5, "three turns and two titles");
    assert_eq!(user_texts(&requests[2]), ["first question", "two \nlines"]);
    assert_eq!(
        user_texts(&requests[3]),
        ["first question again"],
        "a new session whose only input is the recalled, edited line"
    );
    let history = std::fs::read_to_string(env.home.join("chat_history.jsonl")).unwrap();
    let inputs: Vec<String> = history
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["input"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        inputs,
        [
            "first question",
            "two \nlines",
            "first question again",
            "/exit"
        ]
    );
}
