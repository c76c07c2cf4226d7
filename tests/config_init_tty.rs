//! `pilotdeck config init` on a real terminal: tmux runs it, the test answers its prompts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::panic,
    reason = "integration tests: a failed step should panic, and tests drive tmux directly"
)]

mod support;

use std::process::Command;

use support::TestEnv;

/// tmux on a private socket, so tests never touch a developer's sessions.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is installed (.ci/run installs it)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits (bounded) until the screen shows `text`.
    fn wait_for(&self, text: &str) -> String {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            for _ in 0..500 {
                let screen = self.screen();
                if screen.contains(text) {
                    return screen;
                }
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            panic!("`{text}` never appeared; screen:\n{}", self.screen())
        })
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

#[test]
fn interactive_init_asks_and_writes_the_answers() {
    let env = TestEnv::new();
    let bin = assert_cmd::cargo::cargo_bin("pilotdeck");
    let tmux = Tmux {
        socket: format!("pilotdeck-test-{}", std::process::id()),
    };
    let command = format!(
        "env -i PATH=/usr/bin:/bin HOME={} PILOTDECK_HOME={} TERM=xterm {} config init; echo EXIT=$?; sleep 60",
        env.user_home.display(),
        env.home.display(),
        bin.display()
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "120",
        "-y",
        "30",
        &command,
    ]);
    tmux.wait_for("Provider");
    tmux.run(&["send-keys", "-t", "t", "Down", "Down", "Enter"]);
    tmux.wait_for("Model [claude-sonnet-4-5]");
    tmux.run(&["send-keys", "-t", "t", "Enter"]);
    tmux.wait_for("Environment variable holding the API key");
    tmux.run(&["send-keys", "-t", "t", "C-u", "MY_KEY", "Enter"]);
    tmux.wait_for("token saver");
    tmux.run(&["send-keys", "-t", "t", "y"]);
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
