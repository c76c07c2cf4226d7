//! `tools::process::spawn` as MCP stdio servers and hooks will use it: piped stdin and stdout, a
//! custom environment and working directory, and the whole process group killed on drop.

mod tools_common;

use pilotdeck::tools::process::{CommandSpec, Pipes, StderrMode, spawn};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tools_common::{Project, eventually, is_gone};

#[tokio::test]
async fn piped_child_talks_and_its_group_dies_on_drop() {
    let p = Project::new();
    let spec = CommandSpec::new("sh")
        .arg("-c")
        .arg("sleep 300 & echo $!; echo \"$GREETING from $(pwd)\"; read line; echo \"got $line\"; wait")
        .cwd(&p.root)
        .env("GREETING", "hello");
    let mut child = spawn(
        &spec,
        Pipes {
            stdin: true,
            stdout: true,
            stderr: StderrMode::Null,
        },
    )
    .unwrap();
    let mut stdin = child.take_stdin().unwrap();
    let mut lines = BufReader::new(child.take_stdout().unwrap()).lines();
    let grandchild: u32 = lines.next_line().await.unwrap().unwrap().parse().unwrap();
    assert_eq!(
        lines.next_line().await.unwrap().unwrap(),
        format!("hello from {}", p.root.display())
    );
    stdin.write_all(b"ping\n").await.unwrap();
    assert_eq!(lines.next_line().await.unwrap().unwrap(), "got ping");

    drop(child);
    assert!(
        eventually(|| is_gone(grandchild)).await,
        "grandchild {grandchild} survived the drop"
    );
}

#[tokio::test]
async fn terminate_kills_and_reaps() {
    let spec = CommandSpec::new("sleep").arg("300");
    let mut child = spawn(
        &spec,
        Pipes {
            stdin: false,
            stdout: false,
            stderr: StderrMode::Null,
        },
    )
    .unwrap();
    let pid = child.id().unwrap();
    let status = child.terminate().await.unwrap();
    assert!(!status.success());
    assert!(is_gone(pid));
}

#[tokio::test]
async fn a_missing_program_is_a_clear_error() {
    let err = spawn(
        &CommandSpec::new("pilotdeck-no-such-program"),
        Pipes {
            stdin: false,
            stdout: false,
            stderr: StderrMode::Null,
        },
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("cannot start `pilotdeck-no-such-program`")
    );
}
