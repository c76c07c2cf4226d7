//! The to-do list, plan mode and questions to the user, end to end with the real binary and the
//! mock model: `todo_write` events in `run --json` and the list restored on resume; plan mode's
//! refusals, `exit_plan_mode` ending a run with the plan saved, `run --plan` carrying it out with
//! its steps as the to-do list; `ask_user` offered only where someone answers (chat on a terminal,
//! `run --ask-via-stdin`) and never in run, cron or always-on requests.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests set up files and processes directly"
)]

mod always_on_common;
#[path = "support/mock_model/mod.rs"]
mod mock_model;
mod support;
#[path = "support/tmux.rs"]
mod tmux;

use mock_model::{MockModel, Request, openai};
use serde_json::{Value, json};
use support::TestEnv;

fn mocked() -> (MockModel, TestEnv) {
    let mock = MockModel::spawn();
    mock.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&mock.agent_config());
    (mock, env)
}

fn call(id: &str, name: &str, args: Value) -> mock_model::Reply {
    openai::tool_call(id, name, &args.to_string())
}

fn jsonl(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Every message text of a request (system and tool results included), joined.
fn all_text(request: &Request) -> String {
    request.body["messages"].to_string()
}

fn todo_updates(events: &[Value]) -> Vec<&Value> {
    events
        .iter()
        .filter(|e| e["type"] == "item.updated" && e["item"]["type"] == "todo_list")
        .collect()
}

#[test]
fn todo_lists_are_json_events_recorded_and_restored_on_resume() {
    let (mock, env) = mocked();
    mock.push(call(
        "t1",
        "todo_write",
        json!({"items": [
            {"content": "Read the code", "status": "completed"},
            {"content": "Fix the bug", "status": "in_progress"}
        ]}),
    ));
    mock.push(call(
        "t2",
        "todo_write",
        json!({"items": [
            {"content": "Read the code", "status": "completed"},
            {"content": "Fix the bug", "status": "in_progress"},
            {"content": "Run the tests", "status": "pending"}
        ]}),
    ));
    mock.push(openai::text("Halfway there."));
    let run = env.cmd().args(["--json", "run", "fix it"]).run(0);
    let events = jsonl(&run.stdout);
    let updates = todo_updates(&events);
    assert_eq!(updates.len(), 2, "{}", run.stdout);
    assert_eq!(updates[0]["item"]["id"], updates[1]["item"]["id"]);
    assert_eq!(
        updates[1]["item"]["items"],
        json!([
            {"content": "Read the code", "status": "completed"},
            {"content": "Fix the bug", "status": "in_progress"},
            {"content": "Run the tests", "status": "pending"}
        ])
    );
    let first = &mock.requests()[0];
    assert!(first.tool_names().contains(&"todo_write".to_owned()));
    assert!(first.system().unwrap().contains("todo_write"));
    let transcript = &env.transcripts()[0];
    let types = TestEnv::record_types(transcript);
    assert_eq!(types.iter().filter(|t| *t == "todo_list").count(), 2);

    // Resumed, the session starts from its last list: the model sees it with the new input.
    mock.push(openai::text("Tests pass."));
    let run = env.cmd().args(["run", "--continue", "carry on"]).run(0);
    assert_eq!(run.stdout, "Tests pass.\n");
    let resumed = mock.requests().pop().unwrap();
    let text = all_text(&resumed);
    assert!(text.contains("<todo-list>"), "{text}");
    assert!(text.contains("[~] Fix the bug"), "{text}");
    assert!(text.contains("[ ] Run the tests"), "{text}");
}

#[test]
fn plan_mode_refuses_changes_and_a_run_ends_with_the_saved_plan() {
    let (mock, env) = mocked();
    env.write(&env.project.join("a.txt"), "alpha\n");
    mock.push(call(
        "w1",
        "write_file",
        json!({"file_path": "new.txt", "content": "x"}),
    ));
    mock.push(call("b1", "bash", json!({"command": "touch made.txt"})));
    mock.push(call("b2", "bash", json!({"command": "cat a.txt"})));
    let plan = "# Make the greeting louder\n\n1. Upper-case a.txt\n2. Check it with cat\n";
    mock.push(call("p1", "exit_plan_mode", json!({"plan": plan})));
    let run = env
        .cmd()
        .args(["--json", "run", "--permission-mode", "plan", "shout"])
        .run(0);
    assert!(!env.project.join("new.txt").exists());
    assert!(!env.project.join("made.txt").exists());
    let requests = mock.requests();
    assert_eq!(
        requests.len(),
        4,
        "the plan ends the turn: no call after it"
    );
    assert!(
        requests[0]
            .tool_names()
            .contains(&"exit_plan_mode".to_owned())
    );
    assert!(all_text(&requests[0]).contains("<plan-mode>"));
    for id in ["w1", "b1"] {
        let result = requests[3].tool_result(id).unwrap();
        assert!(
            result.contains("permission denied") && result.contains("plan mode"),
            "{result}"
        );
    }
    assert!(requests[3].tool_result("b2").unwrap().contains("alpha"));

    let events = jsonl(&run.stdout);
    let item = events
        .iter()
        .find(|e| e["type"] == "item.completed" && e["item"]["type"] == "plan")
        .unwrap_or_else(|| panic!("no plan item: {}", run.stdout));
    assert_eq!(item["item"]["text"], plan.trim());
    let path = std::path::PathBuf::from(item["item"]["path"].as_str().unwrap());
    assert!(
        path.starts_with(env.project.canonicalize().unwrap().join(".pilotdeck/plans")),
        "{}",
        path.display()
    );
    assert!(
        path.to_str()
            .unwrap()
            .ends_with("-make-the-greeting-louder.md")
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), plan);
    assert_eq!(events.last().unwrap()["type"], "turn.completed");

    // Without --json the plan is the answer on stdout; outside plan mode there is no exit tool.
    mock.push(call("p2", "exit_plan_mode", json!({"plan": "1. Do it"})));
    let run = env
        .cmd()
        .args(["run", "--permission-mode", "plan", "again"])
        .run(0);
    assert_eq!(run.stdout, "1. Do it\n");
    assert!(run.stderr.contains("plan saved to"), "{}", run.stderr);
    mock.push(openai::text("ok"));
    env.cmd().args(["run", "normal"]).run(0);
    let last = mock.requests().pop().unwrap();
    assert!(!last.tool_names().contains(&"exit_plan_mode".to_owned()));
    assert!(!all_text(&last).contains("<plan-mode>"));
}

#[test]
fn run_plan_carries_out_a_saved_plan_with_its_steps_as_the_todo_list() {
    let (mock, env) = mocked();
    let plan_file = env.project.join(".pilotdeck/plans/01-louder.md");
    env.write(
        &plan_file,
        "# Louder\n\nWhy: it is quiet.\n\n1. Upper-case a.txt\n   - keep the newline\n2. Check it with cat\n",
    );
    mock.push(openai::text("Done as planned."));
    let run = env
        .cmd()
        .args(["--json", "run", "--plan"])
        .arg_path(&plan_file)
        .arg_str("go")
        .run(0);
    let events = jsonl(&run.stdout);
    let updates = todo_updates(&events);
    assert_eq!(updates.len(), 1, "{}", run.stdout);
    assert_eq!(
        updates[0]["item"]["items"],
        json!([
            {"content": "Upper-case a.txt", "status": "pending"},
            {"content": "Check it with cat", "status": "pending"}
        ])
    );
    let request = mock.single_request();
    let text = all_text(&request);
    assert!(
        text.contains("Why: it is quiet."),
        "the plan is in the input: {text}"
    );
    assert!(text.contains("[ ] Upper-case a.txt"), "{text}");
    assert!(text.contains("[ ] Check it with cat"), "{text}");
    assert!(request.last_user_text().unwrap().ends_with("go"));
    let types = TestEnv::record_types(&env.transcripts()[0]);
    assert!(types.contains(&"todo_list".to_owned()), "{types:?}");

    let run = env
        .cmd()
        .args(["run", "--permission-mode", "plan", "--plan"])
        .arg_path(&plan_file)
        .arg_str("go")
        .run(2);
    assert!(run.stderr.contains("--plan"), "{}", run.stderr);
    let run = env.cmd().args(["run", "--plan", "missing.md", "go"]).run(2);
    assert!(run.stderr.contains("missing.md"), "{}", run.stderr);
}

#[test]
fn ask_user_is_absent_from_run_cron_and_always_on_requests() {
    let (mock, env) = mocked();
    mock.push(openai::text("run answer"));
    env.cmd().args(["run", "hello"]).run(0);
    let run_tools = mock.requests()[0].tool_names();
    assert!(
        run_tools.contains(&"todo_write".to_owned()),
        "{run_tools:?}"
    );
    assert!(!run_tools.contains(&"ask_user".to_owned()), "{run_tools:?}");

    // Cron.
    let cron = MockModel::spawn();
    cron.answer_titles("A title");
    let env = TestEnv::new();
    env.config(&format!(
        "{}cron:\n  maxConcurrentRuns: 1\n",
        cron.agent_config()
    ));
    cron.push(openai::text("cron answer"));
    env.cmd()
        .args(["cron", "add", "--in", "0s", "say hi"])
        .run(0);
    env.cmd().args(["cron", "tick"]).run(0);
    let tools = cron.single_request().tool_names();
    assert!(tools.contains(&"read_file".to_owned()), "{tools:?}");
    assert!(!tools.contains(&"ask_user".to_owned()), "{tools:?}");

    // Always-on.
    let always = MockModel::spawn();
    always.answer_titles("A title");
    let env = TestEnv::new();
    always_on_common::git_project(&env);
    always_on_common::config(&env, &always, "");
    always_on_common::mount_no_plan(&always);
    always_on_common::tick(&env, &[], 0);
    let tools = always.single_request().tool_names();
    assert!(tools.contains(&"read_file".to_owned()), "{tools:?}");
    assert!(!tools.contains(&"ask_user".to_owned()), "{tools:?}");
}

#[test]
fn ask_via_stdin_puts_the_question_on_stdout_and_reads_the_answer() {
    let (mock, env) = mocked();
    mock.push(call(
        "q1",
        "ask_user",
        json!({"question": "Which database?", "options": ["sqlite", "postgres"]}),
    ));
    mock.push(openai::text("Using the answer."));
    let run = env
        .cmd()
        .args(["--json", "run", "--ask-via-stdin", "set up storage"])
        .stdin("\"postgres, please\"\n")
        .run(0);
    let events = jsonl(&run.stdout);
    let question = events
        .iter()
        .find(|e| e["type"] == "question")
        .unwrap_or_else(|| panic!("no question: {}", run.stdout));
    assert_eq!(
        question,
        &json!({"type": "question", "question": "Which database?", "options": ["sqlite", "postgres"]})
    );
    let requests = mock.requests();
    assert!(requests[0].tool_names().contains(&"ask_user".to_owned()));
    let result = requests[1].tool_result("q1").unwrap();
    assert!(result.contains("postgres, please"), "{result}");

    // At the end of stdin there is no answer, and the model is told so.
    mock.push(call("q2", "ask_user", json!({"question": "Name?"})));
    mock.push(openai::text("Assumed a name."));
    let run = env
        .cmd()
        .args(["run", "--ask-via-stdin", "name it"])
        .stdin("")
        .run(0);
    assert!(
        run.stdout
            .starts_with("{\"type\":\"question\",\"question\":\"Name?\"}\n"),
        "{}",
        run.stdout
    );
    let result = mock.requests().pop().unwrap().tool_result("q2").unwrap();
    assert!(result.contains("no answer"), "{result}");

    let run = env
        .cmd()
        .args(["run", "--ask-via-stdin"])
        .stdin("task")
        .run(2);
    assert!(run.stderr.contains("--ask-via-stdin"), "{}", run.stderr);
}

/// `pilotdeck chat` in a tmux terminal; the pane stays after it exits, showing `EXIT=<code>`.
fn chat_in_tmux(env: &TestEnv, name: &str) -> tmux::Tmux {
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let command = format!(
        "cd {} && env -i PATH={} HOME={} PILOTDECK_HOME={} TERM=xterm NO_COLOR=1 {} chat; echo EXIT=$?; sleep 60",
        env.project.display(),
        std::env::var("PATH").unwrap(),
        env.user_home.display(),
        env.home.display(),
        bin.display()
    );
    tmux::Tmux::start(name, &command)
}

/// Waits (up to 30 s) until the chat shows an empty prompt again, ready for keys.
fn wait_for_prompt(tmux: &tmux::Tmux) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while std::time::Instant::now() < deadline {
        let screen = tmux.screen();
        // The status line sits under the prompt: the prompt is the last line starting with `›`.
        if screen.lines().rfind(|l| l.starts_with('›')).map(str::trim) == Some("›") {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the prompt never came back; screen:\n{}", tmux.screen());
}

#[test]
fn chat_asks_the_user_through_a_menu_and_the_answer_reaches_the_model() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let (mock, env) = mocked();
    mock.push(call(
        "a1",
        "ask_user",
        json!({"question": "Which colour?", "options": ["red", "blue"]}),
    ));
    mock.push(call("a2", "ask_user", json!({"question": "And the name?"})));
    mock.push(openai::text("Blue it is."));
    let tmux = chat_in_tmux(&env, "ask");
    tmux.wait_for("Ctrl-D to quit");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["pick a colour", "Enter"]);
    let screen = tmux.wait_for("Which colour?");
    assert!(
        screen.contains("red") && screen.contains("blue"),
        "{screen}"
    );
    tmux.send_keys(&["Down", "Enter"]);
    tmux.wait_for("And the name?");
    tmux.send_keys(&["Skye", "Enter"]);
    tmux.wait_for("Blue it is.");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["C-d"]);
    let screen = tmux.wait_for("EXIT=");
    assert!(screen.contains("EXIT=0"), "{screen}");
    let requests = mock.requests();
    assert!(requests[0].tool_names().contains(&"ask_user".to_owned()));
    let first = requests[1].tool_result("a1").unwrap();
    assert!(first.contains("The user answered: blue"), "{first}");
    let second = requests[2].tool_result("a2").unwrap();
    assert!(second.contains("Skye"), "{second}");
}

#[test]
fn chat_plan_mode_waits_for_approval_then_continues_in_the_previous_mode() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let (mock, env) = mocked();
    mock.push(call(
        "w1",
        "write_file",
        json!({"file_path": "early.txt", "content": "too soon"}),
    ));
    mock.push(call(
        "p1",
        "exit_plan_mode",
        json!({"plan": "1. Write done.txt\n2. Report"}),
    ));
    mock.push(call(
        "t1",
        "todo_write",
        json!({"items": [
            {"content": "Write done.txt", "status": "completed"},
            {"content": "Report", "status": "in_progress"}
        ]}),
    ));
    mock.push(call(
        "w2",
        "write_file",
        json!({"file_path": "done.txt", "content": "done"}),
    ));
    mock.push(openai::text("Carried out the plan."));
    let tmux = chat_in_tmux(&env, "plan");
    tmux.wait_for("Ctrl-D to quit");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["/plan write the file", "Enter"]);
    let screen = tmux.wait_for("The agent's plan");
    assert!(screen.contains("1. Write done.txt"), "{screen}");
    assert!(!env.project.join("early.txt").exists());
    tmux.send_keys(&["Enter"]);
    let screen = tmux.wait_for("Carried out the plan.");
    assert!(
        screen.contains("[~] Report"),
        "the checklist is shown: {screen}"
    );
    assert_eq!(
        std::fs::read_to_string(env.project.join("done.txt")).unwrap(),
        "done"
    );
    wait_for_prompt(&tmux);
    tmux.send_keys(&["C-d"]);
    tmux.wait_for("EXIT=0");
    let requests = mock.requests();
    let denied = requests[1].tool_result("w1").unwrap();
    assert!(denied.contains("plan mode"), "{denied}");
    let approved = requests[2].tool_result("p1").unwrap();
    assert!(approved.contains("approved"), "{approved}");
    assert!(
        !requests[2]
            .tool_names()
            .contains(&"exit_plan_mode".to_owned())
    );
}

#[test]
fn piped_chat_in_plan_mode_prints_the_plan_as_the_answer_and_cannot_ask() {
    let (mock, env) = mocked();
    mock.push(call(
        "p1",
        "exit_plan_mode",
        json!({"plan": "1. Read the code\n2. Fix it"}),
    ));
    let run = env
        .cmd()
        .args(["chat", "--permission-mode", "plan"])
        .stdin("make a plan\n")
        .run(0);
    assert_eq!(run.stdout, "1. Read the code\n2. Fix it\n");
    assert!(run.stderr.contains("plan saved to"), "{}", run.stderr);
    let tools = mock.single_request().tool_names();
    assert!(tools.contains(&"exit_plan_mode".to_owned()), "{tools:?}");
    assert!(!tools.contains(&"ask_user".to_owned()), "{tools:?}");
}

#[test]
fn chat_plans_can_be_amended_inline_or_rejected() {
    if !tmux::available() {
        eprintln!("tmux is not installed; skipping the terminal test");
        return;
    }
    let (mock, env) = mocked();
    mock.push(call(
        "p1",
        "exit_plan_mode",
        json!({"plan": "1. Edit a.txt"}),
    ));
    mock.push(openai::text("Amended plan noted."));
    mock.push(call(
        "p2",
        "exit_plan_mode",
        json!({"plan": "1. Delete everything"}),
    ));
    mock.push(openai::text("Stopping."));
    let tmux = chat_in_tmux(&env, "amend");
    tmux.wait_for("Ctrl-D to quit");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["/plan edit it", "Enter"]);
    tmux.wait_for("Add instructions");
    // Without $EDITOR the menu is: approve, add instructions, reject.
    tmux.send_keys(&["Down", "Enter"]);
    tmux.wait_for("Instructions to add");
    tmux.send_keys(&["also update the README", "Enter"]);
    tmux.wait_for("Amended plan noted.");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["/plan delete things", "Enter"]);
    tmux.wait_for("1. Delete everything");
    tmux.wait_for("Reject it");
    tmux.send_keys(&["Down", "Down", "Enter"]);
    tmux.wait_for("Why (optional)");
    tmux.send_keys(&["too risky", "Enter"]);
    tmux.wait_for("Stopping.");
    wait_for_prompt(&tmux);
    tmux.send_keys(&["C-d"]);
    tmux.wait_for("EXIT=0");

    let requests = mock.requests();
    let amended = requests[1].tool_result("p1").unwrap();
    assert!(
        amended.contains("edited the plan") && amended.contains("also update the README"),
        "{amended}"
    );
    let plans: Vec<String> = std::fs::read_dir(env.project.join(".pilotdeck/plans"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert!(
        plans
            .iter()
            .any(|p| p.contains("1. Edit a.txt") && p.contains("also update the README")),
        "the saved plan is the amended one: {plans:?}"
    );
    // Approved and amended, the session left plan mode; `/plan` entered it again for the second.
    assert!(
        !requests[1]
            .tool_names()
            .contains(&"exit_plan_mode".to_owned())
    );
    assert!(
        requests[2]
            .tool_names()
            .contains(&"exit_plan_mode".to_owned())
    );
    let rejected = requests[3].tool_result("p2").unwrap();
    assert!(
        rejected.contains("rejected the plan: too risky")
            && rejected.contains("still in plan mode"),
        "{rejected}"
    );
    assert!(
        requests[3]
            .tool_names()
            .contains(&"exit_plan_mode".to_owned())
    );
}

/// `exit_plan_mode` never writes through a symlinked `.pilotdeck/plans`: the plan is refused with
/// the reason, and nothing appears in the folder the link points to.
#[test]
fn a_plan_is_not_saved_through_a_symlinked_plans_folder() {
    let (mock, env) = mocked();
    let out = env.tmp.path().join("OUT");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::create_dir_all(env.project.join(".pilotdeck")).unwrap();
    std::os::unix::fs::symlink(&out, env.project.join(".pilotdeck/plans")).unwrap();
    mock.push(call(
        "p1",
        "exit_plan_mode",
        json!({"plan": "# Evil\n1. step"}),
    ));
    mock.push(openai::text("cannot save"));
    env.cmd()
        .args(["run", "--permission-mode", "plan", "plan it"])
        .run(0);
    assert_eq!(
        std::fs::read_dir(&out).unwrap().count(),
        0,
        "a plan was written outside"
    );
    let result = mock.requests()[1].tool_result("p1").unwrap();
    assert!(result.contains("symbolic link"), "{result}");
}
