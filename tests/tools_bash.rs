//! The bash tool and `tools::process` on real processes: exit codes and streams, the output cap,
//! timeout and cancellation killing the whole process group, background jobs not outliving a call.

mod tools_common;

use pilotdeck::tools::ExecutionStatus;
use pilotdeck::tools::permission::PermissionMode;
use serde_json::json;
use tokio_util::sync::CancellationToken;
use tools_common::{Project, call, eventually, is_gone, read_pid};

#[tokio::test]
async fn reports_exit_code_stdout_and_stderr_from_the_project_dir() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    let out = call(
        &ctx,
        "bash",
        json!({"command": "pwd; echo oops >&2; exit 4"}),
    )
    .await;
    assert_eq!(out.status, ExecutionStatus::Failed);
    assert!(out.output.is_error);
    assert!(
        out.output.content.starts_with("exit code 4"),
        "{}",
        out.output.content
    );
    assert!(
        out.output
            .content
            .contains(&format!("stdout:\n{}", p.root.display()))
    );
    assert!(out.output.content.contains("stderr:\noops"));

    let ok = call(&ctx, "bash", json!({"command": "echo hi"})).await;
    assert_eq!(ok.status, ExecutionStatus::Completed);
    assert_eq!(ok.output.content, "exit code 0\nstdout:\nhi");
}

/// A long output is saved whole for the model to page, which gets its start, its end and the path;
/// only past 4 MiB of a stream is its middle dropped (`yes` for two minutes stays bounded).
#[tokio::test]
async fn long_output_is_saved_whole_and_the_model_gets_a_preview() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    let out = call(
        &ctx,
        "bash",
        json!({"command": "echo FIRST; seq 1 300000; echo LAST"}),
    )
    .await;
    let text = &out.output.content;
    assert!(text.contains("FIRST") && text.contains("LAST"), "{text}");
    assert!(text.len() < 40_000, "a preview: {}", text.len());
    let saved = text
        .split("The full result was saved to ")
        .nth(1)
        .and_then(|rest| rest.split(". To inspect").next())
        .unwrap_or_else(|| panic!("no saved file named: {text}"));
    let whole = std::fs::read_to_string(saved).unwrap();
    assert!(
        whole.contains("\n150000\n") && whole.contains("300000\nLAST"),
        "{}",
        whole.len()
    );
    assert!(!whole.contains("bytes omitted"));

    let out = call(&ctx, "bash", json!({"command": "yes | head -c 10000000"})).await;
    let saved = out
        .output
        .content
        .split("The full result was saved to ")
        .nth(1)
        .and_then(|rest| rest.split(". To inspect").next())
        .unwrap()
        .to_owned();
    let whole = std::fs::read_to_string(saved).unwrap();
    assert!(whole.contains("bytes omitted"));
    assert!(whole.len() < 4_300_000, "{}", whole.len());
}

#[tokio::test]
async fn timeout_kills_the_whole_process_group() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    let out = call(
        &ctx,
        "bash",
        json!({"command": "sleep 300 & echo $! > grandchild.pid; wait", "timeout_secs": 1}),
    )
    .await;
    assert!(out.output.is_error);
    assert!(
        out.output.content.contains("timed out after 1 s"),
        "{}",
        out.output.content
    );
    let pid = read_pid(&p.root.join("grandchild.pid")).expect("the grandchild wrote its pid");
    assert!(
        eventually(|| is_gone(pid)).await,
        "grandchild {pid} survived the timeout"
    );
}

#[tokio::test]
async fn cancellation_kills_the_whole_process_group() {
    let p = Project::new();
    let ctx = p
        .ctx(PermissionMode::WorkspaceWrite)
        .with_cancel(CancellationToken::new());
    let pid_file = p.root.join("grandchild.pid");
    let task_ctx = ctx.clone();
    let task = tokio::spawn(async move {
        call(
            &task_ctx,
            "bash",
            json!({"command": "sleep 300 & echo $! > grandchild.pid.tmp; mv grandchild.pid.tmp grandchild.pid; wait"}),
        )
        .await
    });
    assert!(
        eventually(|| read_pid(&pid_file).is_some()).await,
        "command never started"
    );
    let pid = read_pid(&pid_file).unwrap();
    ctx.cancel.cancel();
    let out = task.await.unwrap();
    assert_eq!(out.status, ExecutionStatus::Cancelled);
    assert!(
        eventually(|| is_gone(pid)).await,
        "grandchild {pid} survived cancellation"
    );
}

#[tokio::test]
async fn background_jobs_do_not_outlive_the_call() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    // The background sleep keeps stdout open; the call must still return, and kill it.
    let out = call(
        &ctx,
        "bash",
        json!({"command": "sleep 300 & echo $! > bg.pid; echo started"}),
    )
    .await;
    assert_eq!(
        out.status,
        ExecutionStatus::Completed,
        "{}",
        out.output.content
    );
    assert!(out.output.content.contains("started"));
    let pid = read_pid(&p.root.join("bg.pid")).unwrap();
    assert!(
        eventually(|| is_gone(pid)).await,
        "background job {pid} survived"
    );
}

#[tokio::test]
async fn rejects_out_of_range_timeouts_as_invalid_arguments() {
    let p = Project::new();
    let ctx = p.ctx(PermissionMode::WorkspaceWrite);
    let out = call(
        &ctx,
        "bash",
        json!({"command": "true", "timeout_secs": 601}),
    )
    .await;
    assert!(matches!(out.status, ExecutionStatus::InvalidArguments(_)));
    assert!(out.output.content.contains("at most 600"));
}
