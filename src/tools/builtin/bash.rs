//! `bash`: run a shell command in the project directory through [`crate::tools::process::run`], so it
//! gets its own process group that is killed as a whole on timeout, cancellation or exit (background
//! jobs do not outlive the call). stdout and stderr are captured separately with a head+tail cap
//! of 4 MiB each; a long result is saved for the model to page (`tools::spill`).
//! Secrets are removed from the shell's environment by the session's [`crate::tools::EnvFilter`], so a
//! command cannot echo them into a transcript. The command runs in the session's OS sandbox
//! (`crate::tools::sandbox`); what the sandbox refused is named in the result and makes the call a denial,
//! and so does a protected path the command changed (put back afterwards, unless the checks saw the
//! command write it and it was approved).

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::input::{finish, string, uint};
use crate::tools::permission::{CommandClass, classify_command};
use crate::tools::process::{CommandSpec, ProcessEnd, RunOptions};
use crate::tools::sandbox::denial::Denial;
use crate::tools::sandbox::guarded;
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

pub const DEFAULT_TIMEOUT_SECS: u64 = 120;
pub const MAX_TIMEOUT_SECS: u64 = 600;
/// Bytes kept of each stream (half from the start, half from the end). A result this long is
/// saved whole under `.pilotdeck/tool-results/` and the model gets a preview and the path
/// (`tools::spill`, as for every tool); only past this is the middle of a stream dropped.
const STREAM_LIMIT: usize = 4 << 20;

pub struct BashTool;

impl Tool for BashTool {
    fn name(&self) -> &str {
        "bash"
    }

    fn description(&self) -> &str {
        "Run a bash command in the project directory and return its exit code, stdout and stderr \
         (long output keeps its start and end). Default timeout 120 s, at most 600 s; on timeout the \
         command and everything it started are killed. Background jobs are killed when the command \
         ends. Prefer read_file, grep, glob and edit_file over cat, grep, find and sed."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "command": {"type": "string", "description": "The command line to run with bash -c"},
                "timeout_secs": {"type": "integer", "minimum": 1, "maximum": MAX_TIMEOUT_SECS,
                                 "description": "Timeout in seconds (default 120)"},
                "description": {"type": "string", "description": "A few words on what the command does"}
            },
            "required": ["command"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        false
    }

    fn is_read_only_call(&self, input: &Value) -> bool {
        classify_command(string(input, "command").unwrap_or_default()) == CommandClass::ReadOnly
    }

    fn permission_subject(&self, input: &Value) -> PermissionSubject {
        PermissionSubject::Command(string(input, "command").unwrap_or_default().to_owned())
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(run(ctx, &input).await) })
    }
}

async fn run(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let command = string(input, "command").unwrap_or_default();
    let secs = uint(input, "timeout_secs").unwrap_or(DEFAULT_TIMEOUT_SECS);
    if !(1..=MAX_TIMEOUT_SECS).contains(&secs) {
        return Err(Error::BadTimeout {
            got: secs,
            max: MAX_TIMEOUT_SECS,
        });
    }
    let shell = if Path::new("/bin/bash").exists() {
        "/bin/bash"
    } else {
        "/bin/sh"
    };
    let mut spec = CommandSpec::new(shell)
        .arg("-c")
        .arg(command)
        .cwd(ctx.workspace.root())
        // Nobody can answer a pager or a credential prompt: stdin is /dev/null.
        .env("PAGER", "cat")
        .env("GIT_PAGER", "cat")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("PILOTDECK_TOOL", "bash")
        .sandbox(ctx.sandbox.clone());
    ctx.env.apply(&mut spec);
    // One confined command of the project at a time, from its snapshot to its restore; a command
    // seen writing a protected path was approved as such, any other keeps them.
    let subject = PermissionSubject::Command(command.to_owned());
    let options = RunOptions {
        stdin: None,
        timeout: Some(Duration::from_secs(secs)),
        cancel: ctx.cancel.clone(),
        output_limit: STREAM_LIMIT,
    };
    let keep = !ctx.policy.writes_protected(&subject);
    let guarded = match guarded::run(ctx.sandbox.as_ref(), &spec, options, keep).await {
        Ok(guarded) => guarded,
        Err(why) => return Ok(refused(why)),
    };
    let undone = guarded.undone;
    let out = guarded.output?;

    let (status, is_error) = match out.end {
        ProcessEnd::Exited { code: Some(0) } => ("exit code 0".to_owned(), false),
        ProcessEnd::Exited { code: Some(code) } => (format!("exit code {code}"), true),
        ProcessEnd::Exited { code: None } => ("killed by a signal".to_owned(), true),
        ProcessEnd::TimedOut => (
            format!("timed out after {secs} s; the command and its children were killed"),
            true,
        ),
        ProcessEnd::Cancelled => (
            "cancelled; the command and its children were killed".to_owned(),
            true,
        ),
    };
    let mut content = status.clone();
    for (name, stream) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        if !stream.text.is_empty() {
            content.push_str(&format!(
                "\n{name}:\n{}",
                stream.text.trim_end_matches('\n')
            ));
        }
    }
    let label = string(input, "description").unwrap_or(command);
    let mut denials: Vec<Denial> = undone.into_iter().map(Denial::from).collect();
    let not_restored = denials
        .iter()
        .any(|d| matches!(d, Denial::NotRestored { .. }));
    denials.extend(ctx.sandbox.as_ref().map_or_else(Vec::new, |s| {
        s.denials(&out.stderr.text, ctx.workspace.root())
    }));
    if !denials.is_empty() {
        let lines: Vec<String> = denials.iter().map(ToString::to_string).collect();
        content.push_str(&format!("\n{}", lines.join("\n")));
    }
    let summary = match denials.first() {
        Some(first) => format!("{status} · {first}"),
        None => format!("{status} · {label}"),
    };
    let mut output = ToolOutput::ok(content, summary);
    output.is_error = is_error || not_restored;
    output.denial = denials.first().map(ToString::to_string);
    Ok(output)
}

/// The result of a command that did not run: `why`, a denial.
fn refused(why: String) -> ToolOutput {
    let mut output = ToolOutput::ok(why.clone(), why.clone());
    output.is_error = true;
    output.denial = Some(why);
    output
}
