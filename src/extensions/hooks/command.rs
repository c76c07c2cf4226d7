//! Running one command hook and reading what it said.
//!
//! Exit 0: stdout may be JSON (the whole of it, or its first line starting with `{`):
//! `{continue, stopReason, decision: approve|block, reason, systemMessage,
//!   hookSpecificOutput: {permissionDecision: allow|deny|ask, permissionDecisionReason,
//!   updatedInput, additionalContext}}`. Plain stdout of `UserPromptSubmit` and `SessionStart` hooks
//! is context for the model. Exit 2: blocked, stderr is the reason. Anything else (another exit code,
//! a signal, a timeout, a command that cannot start) is a warning and changes nothing.

use std::time::Duration;

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::{CommandHook, HookDecision, HookEvent, HookOutcome, Hooks};
use crate::terminal::inert;
use crate::tools::process::{CommandSpec, ProcessEnd, RunOptions};
use crate::tools::sandbox::denial::Denial;
use crate::tools::sandbox::guarded;

/// Bytes of stdout and stderr kept from a hook.
const OUTPUT_LIMIT: usize = 64 * 1024;

/// Runs `hook` in the project root of `hooks`, in the session's sandbox (if any), with the
/// environment its filter lets through. `Err` (why): the project files it runs changed since the
/// session pinned them — checked in its turn, right before it starts — so it did not run.
pub(super) async fn run(
    hook: &CommandHook,
    event: HookEvent,
    hooks: &Hooks,
    session: Option<&str>,
    stdin: Vec<u8>,
    timeout: Duration,
    cancel: &CancellationToken,
) -> Result<HookOutcome, &'static str> {
    let cwd = hooks.cwd.as_path();
    let sandbox = hooks.sandbox.as_ref();
    let mut spec = CommandSpec::new("sh")
        .arg("-c")
        .arg(&hook.command)
        .cwd(cwd)
        .env("PILOTDECK_PROJECT_DIR", cwd)
        .env("CLAUDE_PROJECT_DIR", cwd)
        .env("PILOTDECK_HOOK_EVENT", event.as_str())
        .sandbox(sandbox.cloned());
    if let Some(session) = session {
        spec = spec.env("PILOTDECK_SESSION_ID", session);
    }
    if let Some(root) = &hook.plugin_root {
        spec = spec
            .env("PILOTDECK_PLUGIN_ROOT", root)
            .env("CLAUDE_PLUGIN_ROOT", root);
    }
    hooks.env.apply(&mut spec);
    let options = RunOptions {
        stdin: Some(stdin),
        timeout: Some(timeout),
        cancel: cancel.clone(),
        output_limit: OUTPUT_LIMIT,
    };
    let name = event.as_str();
    // Guarded like a `bash` command: its turn, and the protected paths it changed put back; its
    // pin is checked in the turn, after the wait in which a command could have rewritten it.
    let changed = std::sync::OnceLock::new();
    let ready = || match hooks.changed(hook) {
        Some(why) => {
            let _ = changed.set(why);
            Err(why.to_owned())
        }
        None => Ok(()),
    };
    let output = match guarded::run_if(sandbox, &spec, options, true, ready).await {
        Ok(guarded) => {
            for undone in guarded.undone {
                tracing::warn!("{name} hook `{}`: {}", hook.command, Denial::from(undone));
            }
            guarded.output
        }
        Err(why) => {
            if let Some(why) = changed.get() {
                return Err(why);
            }
            tracing::warn!("{name} hook `{}` did not run: {why}", hook.command);
            return Ok(HookOutcome::default());
        }
    };
    let output = match output {
        Ok(output) => output,
        Err(e) => {
            tracing::warn!("{name} hook `{}` did not run: {e}", hook.command);
            return Ok(HookOutcome::default());
        }
    };
    Ok(match output.end {
        ProcessEnd::Exited { code: Some(0) } => read_output(event, &output.stdout.text),
        ProcessEnd::Exited { code: Some(2) } => {
            let reason = output.stderr.text.trim();
            let reason = if reason.is_empty() {
                format!("blocked by the {name} hook `{}`", hook.command)
            } else {
                reason.to_owned()
            };
            HookOutcome {
                decision: HookDecision::Block(reason),
                ..HookOutcome::default()
            }
        }
        ProcessEnd::Exited { code } => {
            let code = code.map_or_else(|| "a signal".to_owned(), |c| format!("exit {c}"));
            tracing::warn!(
                "{name} hook `{}` failed ({code}): {}; going on",
                hook.command,
                inert(output.stderr.text.trim())
            );
            HookOutcome::default()
        }
        ProcessEnd::TimedOut => {
            tracing::warn!(
                "{name} hook `{}` timed out after {}s and was stopped; going on (raise its `timeout`)",
                hook.command,
                timeout.as_secs_f64()
            );
            HookOutcome::default()
        }
        ProcessEnd::Cancelled => HookOutcome::default(),
    })
}

/// Reads a successful hook's stdout.
fn read_output(event: HookEvent, stdout: &str) -> HookOutcome {
    let text = stdout.trim();
    let json = serde_json::from_str::<Value>(text)
        .ok()
        .filter(Value::is_object)
        .or_else(|| {
            text.lines()
                .find(|l| l.trim_start().starts_with('{'))
                .and_then(|l| serde_json::from_str::<Value>(l).ok())
                .filter(Value::is_object)
        });
    let Some(json) = json else {
        let takes_plain = matches!(event, HookEvent::UserPromptSubmit | HookEvent::SessionStart);
        return HookOutcome {
            context: (takes_plain && !text.is_empty())
                .then(|| text.to_owned())
                .into_iter()
                .collect(),
            ..HookOutcome::default()
        };
    };
    let str_at = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
    if let Some(message) = str_at(&json, "systemMessage") {
        tracing::warn!("{} hook: {}", event.as_str(), inert(&message));
    }
    let specific = json
        .get("hookSpecificOutput")
        .cloned()
        .unwrap_or(Value::Null);
    let mut outcome = HookOutcome {
        updated_input: specific
            .get("updatedInput")
            .filter(|v| v.is_object())
            .cloned(),
        context: str_at(&specific, "additionalContext").into_iter().collect(),
        ..HookOutcome::default()
    };
    let reason = |fallback: &str| {
        str_at(&specific, "permissionDecisionReason")
            .or_else(|| str_at(&json, "reason"))
            .or_else(|| str_at(&json, "stopReason"))
            .unwrap_or_else(|| format!("{fallback} by the {} hook", event.as_str()))
    };
    let permission = str_at(&specific, "permissionDecision");
    let decision = str_at(&json, "decision");
    outcome.decision = if json.get("continue") == Some(&Value::Bool(false)) {
        HookDecision::Block(reason("stopped"))
    } else if permission.as_deref() == Some("deny") || decision.as_deref() == Some("block") {
        HookDecision::Block(reason("blocked"))
    } else if permission.as_deref() == Some("allow") || decision.as_deref() == Some("approve") {
        HookDecision::Allow
    } else {
        HookDecision::None
    };
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_output_decides() {
        let out = read_output(
            HookEvent::PreToolUse,
            r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}"#,
        );
        assert_eq!(out.decision, HookDecision::Block("no".to_owned()));
        let out = read_output(
            HookEvent::PreToolUse,
            "log line\n{\"hookSpecificOutput\":{\"permissionDecision\":\"allow\",\"updatedInput\":{\"a\":1}}}",
        );
        assert_eq!(out.decision, HookDecision::Allow);
        assert_eq!(out.updated_input, Some(serde_json::json!({"a": 1})));
        let out = read_output(HookEvent::UserPromptSubmit, "plain context");
        assert_eq!(out.context, ["plain context"]);
        let out = read_output(HookEvent::PostToolUse, "plain");
        assert!(out.context.is_empty());
    }
}
