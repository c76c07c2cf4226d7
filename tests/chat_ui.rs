//! What a person sees in `pilotdeck chat` (issue 28), in a real terminal (tmux) where it matters:
//! the approval prompt shows the diff of an edit and a denial can carry a message to the model;
//! every change gets one line and `/diff` shows them; a fenced Rust block is highlighted on a
//! terminal and plain with `NO_COLOR` or piped; the status line shows the tokens and the cost from
//! catalog prices; custom slash commands (PilotDeck's example plugin's `audit-report`, a project's
//! own) run with their arguments substituted, and an untrusted project's commands are not offered.
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
#[path = "support/tmux.rs"]
mod tmux;

use std::path::Path;
use std::time::{Duration, Instant};

use mock_model::{MockModel, Turn, openai};
use support::TestEnv;
use tmux::Tmux;

fn setup(mock: &MockModel) -> TestEnv {
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    env
}

fn answer(text: &str) -> mock_model::Reply {
    openai::stream(&Turn::new().text(text).usage(0, 5))
}

fn call(id: &str, name: &str, args: serde_json::Value) -> mock_model::Reply {
    openai::stream(
        &Turn::new()
            .tool_call(id, name, &args.to_string())
            .usage(0, 5),
    )
}

/// `pilotdeck chat` in the project, in tmux, with `extra` environment (`NO_COLOR=1`); the pane
/// shows `CHAT-EXITED:<code>` when it ends.
fn start_chat(env: &TestEnv, name: &str, extra: &str) -> Tmux {
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let command = format!(
        "cd '{}' && env -i PATH='{}' HOME='{}' PILOTDECK_HOME='{}' TERM=xterm-256color PAGER=cat {extra} \
         '{}' chat; echo CHAT-EXITED:$?; sleep 60",
        env.project.display(),
        std::env::var("PATH").unwrap_or_default(),
        env.user_home.display(),
        env.home.display(),
        bin.display()
    );
    Tmux::start(name, &command)
}

/// The pane with its history, colours included when `escapes`.
fn capture(tmux: &Tmux, escapes: bool) -> String {
    let mut args = vec!["capture-pane", "-p", "-J", "-S", "-300", "-t", "t"];
    if escapes {
        args.push("-e");
    }
    tmux.run(&args)
}

#[track_caller]
fn wait_for(tmux: &Tmux, what: &str, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let screen = capture(tmux, false);
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

#[test]
fn an_edit_is_approved_on_its_diff_and_a_denial_carries_a_message() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = setup(&mock);
    // AGENTS.md is protected: writing it asks outside `full`.
    let notes = env.project.join("AGENTS.md");
    env.write(&notes, "line one\nline two\nline three\n");
    let edit = serde_json::json!({"file_path": "AGENTS.md", "old_string": "line two", "new_string": "line 2"});
    mock.push(call(
        "r1",
        "read_file",
        serde_json::json!({"file_path": "AGENTS.md"}),
    ));
    mock.push(call("e1", "edit_file", edit.clone()));
    mock.push(answer("Understood, I will use sed."));
    mock.push(call("e2", "edit_file", edit));
    mock.push(answer("Edited the notes."));

    let tmux = start_chat(&env, "approve-diff", "NO_COLOR=1");
    wait_for(&tmux, "the prompt", |s| s.contains("› "));
    tmux.send_keys(&["fix the notes", "Enter"]);
    let screen = wait_for(&tmux, "the approval prompt", |s| {
        s.contains("[m] Deny with a message")
    });
    for line in [
        "approve? edit_file",
        "edited AGENTS.md (+1 −1)",
        "--- a/AGENTS.md",
        "+++ b/AGENTS.md",
        "@@ -1,3 +1,3 @@",
        " line one",
        "-line two",
        "+line 2",
        "why: ",
        "[a] Allow `edit_file:AGENTS.md` for this session",
    ] {
        assert!(screen.contains(line), "`{line}` missing:\n{screen}");
    }
    tmux.send_keys(&["m"]);
    wait_for(&tmux, "the message prompt", |s| {
        s.contains("Message to the model")
    });
    tmux.send_keys(&["use sed instead", "Enter"]);
    wait_for(&tmux, "the answer", |s| {
        s.contains("Understood, I will use sed.")
    });
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "line one\nline two\nline three\n"
    );
    let requests = mock.requests();
    let result = requests[2].tool_result("e1").unwrap();
    assert!(
        result.contains("use sed instead") && result.contains("declined"),
        "{result}"
    );

    // Allowed this time: one line says what changed, and /diff shows it.
    wait_for(&tmux, "the next prompt", |s| {
        s.lines().any(|l| l.trim_end() == "›")
    });
    tmux.send_keys(&["do it anyway", "Enter"]);
    wait_for(&tmux, "the second approval", |s| {
        s.matches("[y] Allow once").count() == 2
    });
    tmux.send_keys(&["y"]);
    let screen = wait_for(&tmux, "the answer", |s| s.contains("Edited the notes."));
    let summary = screen
        .lines()
        .filter(|l| l.starts_with("edited AGENTS.md (+1 −1)"))
        .count();
    assert_eq!(
        summary, 1,
        "one change line after the allowed edit:\n{screen}"
    );
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "line one\nline 2\nline three\n"
    );
    tmux.send_keys(&["/diff", "Enter"]);
    let screen = wait_for(&tmux, "the session's diff", |s| {
        s.matches("-line two").count() >= 3
    });
    assert!(screen.contains("+line 2"), "{screen}");
    tmux.send_keys(&["/exit", "Enter"]);
    wait_for(&tmux, "the exit", |s| s.contains("CHAT-EXITED:0"));
}

#[test]
fn a_fenced_rust_block_is_highlighted_only_on_a_colour_terminal() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let reply = "Here it is:\n\n```rust\nfn main() { let answer = 42; }\n```\n\nDone.";
    for (name, extra, coloured) in [
        ("render-colour", "", true),
        ("render-nocolour", "NO_COLOR=1", false),
    ] {
        let mock = MockModel::spawn();
        let env = setup(&mock);
        mock.push(answer(reply));
        let tmux = start_chat(&env, name, extra);
        wait_for(&tmux, "the prompt", |s| s.contains("› "));
        tmux.send_keys(&["show me code", "Enter"]);
        wait_for(&tmux, "the answer", |s| s.contains("Done."));
        let screen = capture(&tmux, true);
        let code_line = screen
            .lines()
            .find(|l| l.contains("answer") && l.contains("42"))
            .unwrap_or_else(|| panic!("no code line:\n{screen}"));
        assert_eq!(
            code_line.contains('\x1b'),
            coloured,
            "{name}: {code_line:?}"
        );
        if coloured {
            assert!(
                !screen.contains("```"),
                "the fence is rendered away:\n{screen}"
            );
        } else {
            assert!(
                screen.contains("```rust"),
                "raw markdown with NO_COLOR:\n{screen}"
            );
        }
    }

    // Piped: the answer as it came, no escapes, in chat and in `run --render`.
    let mock = MockModel::spawn();
    let env = setup(&mock);
    mock.push(answer(reply));
    let run = env.cmd().arg_str("chat").stdin("show me code\n").run(0);
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    assert!(run.stdout.contains("```rust\nfn main()"), "{}", run.stdout);
    mock.push(answer(reply));
    let run = env.cmd().args(["run", "--render", "show me code"]).run(0);
    assert!(
        !run.stdout.contains('\x1b') && run.stdout.contains("```rust"),
        "{:?}",
        run.stdout
    );
}

#[test]
fn the_status_line_shows_tokens_and_the_catalog_cost() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = setup(&mock);
    // gpt-4.1 in the catalog: $2 per million input tokens, $8 per million output tokens.
    mock.push(openai::stream(
        &Turn::new().text("Counted.").usage(100_000, 2_000),
    ));
    let tmux = start_chat(&env, "status", "NO_COLOR=1");
    let screen = wait_for(&tmux, "the first status line", |s| {
        s.contains("0 in / 0 out")
    });
    assert!(screen.contains("mock/gpt-4.1"), "{screen}");
    tmux.send_keys(&["count", "Enter"]);
    let screen = wait_for(&tmux, "the status after the turn", |s| {
        s.contains("100000 in / 2000 out")
    });
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("100000 in / 2000 out"))
        .unwrap();
    let status = lines[at];
    assert_eq!(lines[at - 1].trim_end(), "›", "under the prompt:\n{screen}");
    assert!(
        !screen.contains("0 in / 0 out"),
        "the earlier status line was cleared when the input was sent:\n{screen}"
    );
    assert!(
        status.contains("mock/gpt-4.1")
            && status.contains("$0.2160")
            && status.contains("context 9%"),
        "{status}"
    );
}

/// Installs the example plugin (tests/fixtures) into `<home>/plugins/`.
fn install_example_plugin(env: &TestEnv) {
    let from =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/plugins/example-compliance");
    let to = env.home.join("plugins/example-compliance");
    for file in ["plugin.json", "commands/audit-report.md"] {
        env.write(
            &to.join(file),
            &std::fs::read_to_string(from.join(file)).unwrap(),
        );
    }
}

#[test]
fn the_example_plugins_command_runs_with_its_arguments() {
    let mock = MockModel::spawn();
    let env = setup(&mock);
    install_example_plugin(&env);
    mock.push(openai::text("No findings."));
    let run = env
        .cmd()
        .args(["run", "/audit-report src/billing 'data retention'"])
        .run(0);
    assert_eq!(run.stdout, "No findings.\n");
    let sent = mock.single_request().last_user_text().unwrap();
    assert!(
        sent.contains("Audit src/billing for compliance problems, focusing on: data retention.\n"),
        "{sent}"
    );
    assert!(
        sent.contains("(Requested as: /audit-report src/billing 'data retention')"),
        "{sent}"
    );

    // chat lists it with its source, and runs it.
    mock.push(answer("Still nothing."));
    let run = env
        .cmd()
        .arg_str("chat")
        .stdin("/help\n/audit-report lib privacy\n")
        .run(0);
    assert!(
        run.stderr.contains(
            "/audit-report PATH [FOCUS] Write a compliance audit report for a part of the project (plugin example-compliance)"
        ),
        "{}",
        run.stderr
    );
    let requests = mock.requests();
    let sent = requests.last().unwrap().last_user_text().unwrap();
    assert!(
        sent.contains("Audit lib for compliance problems, focusing on: privacy."),
        "{sent}"
    );
}

#[test]
fn a_project_command_runs_once_the_project_is_trusted() {
    let mock = MockModel::spawn();
    let env = setup(&mock);
    env.write(
        &env.home.join("commands/greet.md"),
        "---\ndescription: the global greeting\n---\nSay hello globally to $1.\n",
    );
    env.write(
        &env.project.join(".pilotdeck/commands/greet.md"),
        "---\ndescription: greet someone\nargument-hint: NAME\n---\nSay hello to $1 from the project ($ARGUMENTS).\n",
    );

    // Untrusted: the project's command is not offered; the global one is.
    mock.push(answer("Hello globally."));
    let run = env
        .cmd()
        .arg_str("chat")
        .stdin("/help\n/greet Ada Lovelace\n")
        .run(0);
    assert!(
        run.stderr.contains("the global greeting (global)"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("greet someone"), "{}", run.stderr);
    assert!(
        run.stderr.contains("command `/greet`"),
        "the trust warning names it: {}",
        run.stderr
    );
    let sent = mock.requests().last().unwrap().last_user_text().unwrap();
    assert!(sent.contains("Say hello globally to Ada.\n"), "{sent}");

    // Trusted: the project's command wins over the global one.
    env.cmd().arg_str("trust").run(0);
    mock.push(answer("Hello from the project."));
    let run = env
        .cmd()
        .arg_str("chat")
        .stdin("/help\n/greet Ada Lovelace\n")
        .run(0);
    assert!(run.stderr.contains("/greet NAME"), "{}", run.stderr);
    assert!(
        run.stderr.contains("greet someone (project)"),
        "{}",
        run.stderr
    );
    let sent = mock.requests().last().unwrap().last_user_text().unwrap();
    assert!(
        sent.contains("Say hello to Ada from the project (Ada Lovelace).\n"),
        "{sent}"
    );
    mock.push(openai::text("Hi."));
    env.cmd().args(["run", "/greet Grace"]).run(0);
    let sent = mock.requests().last().unwrap().last_user_text().unwrap();
    assert!(
        sent.contains("Say hello to Grace from the project (Grace).\n"),
        "{sent}"
    );
}

#[test]
fn a_long_diff_is_folded_and_v_shows_it_whole() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = setup(&mock);
    let outside = env.tmp.path().join("outside.txt");
    let content: String = (1..=60).map(|i| format!("row {i}\n")).collect();
    mock.push(call(
        "w1",
        "write_file",
        serde_json::json!({"file_path": outside, "content": content}),
    ));
    mock.push(answer("Left it alone."));
    let tmux = start_chat(&env, "fold", "NO_COLOR=1");
    wait_for(&tmux, "the prompt", |s| s.contains("› "));
    tmux.send_keys(&["write the rows", "Enter"]);
    let screen = wait_for(&tmux, "the folded diff", |s| {
        s.contains("[v] View the whole diff")
    });
    assert!(
        screen.contains("… 23 more lines (v: view it whole)"),
        "{screen}"
    );
    assert!(
        screen.contains("+row 37") && !screen.contains("+row 38"),
        "{screen}"
    );
    // PAGER=cat: the whole diff is printed, then the same keys are offered again.
    tmux.send_keys(&["v"]);
    wait_for(&tmux, "the whole diff", |s| s.contains("+row 60"));
    tmux.send_keys(&["n"]);
    wait_for(&tmux, "the answer", |s| s.contains("Left it alone."));
    assert!(!outside.exists());
}

#[test]
fn run_prints_one_line_per_change_on_stderr() {
    let mock = MockModel::spawn();
    let env = setup(&mock);
    mock.push(call(
        "w1",
        "write_file",
        serde_json::json!({"file_path": "notes.txt", "content": "a\nb\n"}),
    ));
    mock.push(openai::text("Wrote it."));
    let run = env.cmd().args(["run", "write notes"]).run(0);
    assert_eq!(run.stdout, "Wrote it.\n");
    assert!(
        run.stderr.lines().any(|l| l == "created notes.txt (+2 −0)"),
        "{}",
        run.stderr
    );
}

#[test]
fn while_a_turn_runs_the_status_shows_its_step_and_time_and_ctrl_c_cancels_it() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = setup(&mock);
    let gate = tokio_util::sync::CancellationToken::new();
    mock.push(answer("Too late.").held_until(&gate));
    mock.push(answer("Back."));
    let tmux = start_chat(&env, "spinner", "NO_COLOR=1");
    wait_for(&tmux, "the prompt", |s| s.contains("› "));
    tmux.send_keys(&["think hard", "Enter"]);
    let screen = wait_for(&tmux, "the step and its time", |s| {
        s.contains("thinking · 1s")
    });
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("thinking · "))
        .unwrap();
    assert_eq!(lines[at - 1].trim_end(), "› think hard", "{screen}");
    tmux.send_keys(&["C-c"]);
    let screen = wait_for(&tmux, "the cancellation", |s| {
        s.contains("(turn cancelled)")
    });
    assert!(
        !screen.contains("thinking · "),
        "the spinner is cleared:\n{screen}"
    );
    gate.cancel();
    tmux.send_keys(&["again", "Enter"]);
    wait_for(&tmux, "the next answer", |s| s.contains("Back."));
}

/// Keys typed while the agent works (or pushed into the terminal by a program it ran) do not
/// answer the next approval prompt: pending input is discarded when the prompt is shown, so only
/// a key pressed after it counts (attacker round 4: an `a` typed ahead approved the agent's write
/// outside the project for the whole session).
#[test]
fn keys_typed_before_an_approval_prompt_do_not_answer_it() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let mock = MockModel::spawn();
    let env = setup(&mock);
    let planted = env.tmp.path().join("outside/planted.txt");
    std::fs::create_dir_all(planted.parent().unwrap()).unwrap();
    let gate = tokio_util::sync::CancellationToken::new();
    mock.push(
        call(
            "w1",
            "write_file",
            serde_json::json!({"file_path": planted, "content": "planted\n"}),
        )
        .held_until(&gate),
    );
    mock.push(answer("Left it alone."));
    let tmux = start_chat(&env, "typed-ahead", "NO_COLOR=1");
    wait_for(&tmux, "the prompt", |s| s.contains("› "));
    tmux.send_keys(&["plant it", "Enter"]);
    wait_for(&tmux, "the turn", |s| s.contains("thinking"));
    tmux.send_keys(&["a"]);
    std::thread::sleep(Duration::from_millis(500));
    gate.cancel();
    wait_for(&tmux, "the approval prompt", |s| {
        s.contains("[y] Allow once")
    });
    std::thread::sleep(Duration::from_millis(1500));
    let screen = capture(&tmux, false);
    assert!(
        !screen.contains("allowed for this session") && !planted.exists(),
        "the typed-ahead key answered:\n{screen}"
    );
    tmux.send_keys(&["n"]);
    wait_for(&tmux, "the answer", |s| s.contains("Left it alone."));
    assert!(!planted.exists());
}
