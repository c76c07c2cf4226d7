//! `pilotdeck config init` on a real terminal: tmux runs it, the test answers its prompts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests drive tmux directly"
)]

mod support;
#[path = "support/tmux.rs"]
mod tmux;

use support::TestEnv;
use tmux::Tmux;

#[test]
fn interactive_init_asks_and_writes_the_answers() {
    let env = TestEnv::new();
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let command = format!(
        "env -i PATH=/usr/bin:/bin HOME={} PILOTDECK_HOME={} TERM=xterm {} config init; echo EXIT=$?; sleep 60",
        env.user_home.display(),
        env.home.display(),
        bin.display()
    );
    let tmux = Tmux::start("init", &command);
    tmux.wait_for("Provider");
    tmux.send_keys(&["Down", "Down", "Enter"]);
    tmux.wait_for("Model [claude-sonnet-4-5]");
    tmux.send_keys(&["Enter"]);
    tmux.wait_for("Environment variable holding the API key");
    tmux.send_keys(&["C-u", "MY_KEY", "Enter"]);
    tmux.wait_for("token saver");
    tmux.send_keys(&["y"]);
    let screen = tmux.wait_for("EXIT=");
    assert!(screen.contains("EXIT=0"), "{screen}");
    let text = std::fs::read_to_string(env.home.join("pilotdeck.yaml")).unwrap();
    assert!(
        text.contains("model: anthropic/claude-sonnet-4-5"),
        "{text}"
    );
    assert!(text.contains("apiKey: \"${MY_KEY}\""), "{text}");
    assert!(
        text.contains("judge: anthropic/claude-sonnet-4-5"),
        "{text}"
    );
}
