//! The terminal's answer to permission "ask" decisions in `chat`. The prompt shows what the call
//! will do: for `edit_file`/`write_file` the coloured unified diff of the change (computed by the
//! tool itself, see `Tool::preview`; long diffs folded, `v` pages the whole of it), for `bash` the
//! command and the directory it runs in, for other tools (web, MCP) the target and arguments —
//! always with why it needs approval. One key answers: `y` (or Enter) allows once, `a` allows for
//! the session (a session rule through `PermissionPolicy::grant`, shown in the prompt), `n` (or
//! Esc) denies, `m` denies with a message the model gets as the call's result. Keys typed before
//! the keys line is shown are discarded, so nothing typed ahead (or pushed into the terminal by a
//! program) answers.

use std::sync::Arc;

use dialoguer::Input;
use dialoguer::console::{Key, Term};

use super::status::StatusLine;
use crate::diff;
use crate::output::Output;
use crate::terminal::{inert, inert_line};
use crate::tools::PermissionSubject;
use crate::tools::permission::{
    Approval, ApprovalRequest, Approver, ApproverFuture, PermissionPolicy, PermissionRequest,
    ReviewFuture,
};
use crate::tools::process::{self, CommandSpec};

/// Diff lines shown before folding.
const SHOWN_LINES: usize = 40;

/// Asks the person at the terminal.
pub(super) struct TerminalApprover {
    policy: Arc<PermissionPolicy>,
    out: Output,
    status: Arc<StatusLine>,
}

impl TerminalApprover {
    pub(super) fn new(
        policy: Arc<PermissionPolicy>,
        out: Output,
        status: Arc<StatusLine>,
    ) -> TerminalApprover {
        TerminalApprover {
            policy,
            out,
            status,
        }
    }

    /// What the call will do, as the lines shown above the keys.
    fn describe(&self, ask: &ApprovalRequest<'_>) -> (Vec<String>, Option<String>) {
        let out = &self.out;
        let request = ask.request;
        let mut lines = vec![format!(
            "{} {}",
            out.paint("1;33", "approve?"),
            out.paint("1", &request.tool)
        )];
        let mut whole = None;
        match (&request.subject, &ask.preview) {
            (_, Some(Ok(change))) => {
                lines.push(format!("  {}", inert_line(&change.summary())));
                let unified = change.unified();
                let paint = |line: &str| super::changes::painted(out, line);
                let (shown, more) = diff::fold(&unified, SHOWN_LINES);
                lines.extend(shown.into_iter().map(paint));
                if let Some(more) = more {
                    lines.push(out.paint("2", &format!("{more} (v: view it whole)")));
                    let all: Vec<String> = unified.lines().map(paint).collect();
                    whole = Some(all.join("\n") + "\n");
                }
            }
            (_, Some(Err(e))) => lines.push(format!("  this call will fail: {}", inert_line(e))),
            (PermissionSubject::Command(command), None) => {
                lines.push(format!("  $ {}", inert_line(command)));
                lines.push(format!(
                    "  in {}",
                    inert_line(&ask.cwd.display().to_string())
                ));
            }
            (PermissionSubject::Path { path, .. }, None) => {
                lines.push(format!("  {}", inert_line(&path.display().to_string())));
            }
            (subject @ (PermissionSubject::Host(_) | PermissionSubject::Other), None) => {
                if let PermissionSubject::Host(host) = subject {
                    lines.push(format!("  reaches {}", inert_line(host)));
                }
                let arguments = serde_json::to_string_pretty(ask.input).unwrap_or_default();
                for line in inert(&arguments).lines().take(SHOWN_LINES) {
                    lines.push(format!("  {line}"));
                }
            }
        }
        lines.push(format!("  why: {}", inert_line(ask.reason)));
        (lines, whole)
    }
}

impl Approver for TerminalApprover {
    fn approve<'a>(
        &'a self,
        request: &'a PermissionRequest,
        reason: &'a str,
    ) -> ApproverFuture<'a> {
        Box::pin(async move {
            let input = serde_json::Value::Null;
            let cwd = self.policy.workspace().root().to_owned();
            let ask = ApprovalRequest {
                request,
                reason,
                input: &input,
                cwd: &cwd,
                preview: None,
            };
            self.review(&ask).await == Approval::Allow
        })
    }

    fn review<'a>(&'a self, ask: &'a ApprovalRequest<'a>) -> ReviewFuture<'a> {
        Box::pin(async move {
            let _paused = self.status.pause();
            let rules = self.policy.suggested_rules(ask.request);
            let (lines, whole) = self.describe(ask);
            for line in &lines {
                self.out.note(line);
            }
            let shown_rule = rules
                .iter()
                .map(|r| inert_line(r).into_owned())
                .collect::<Vec<_>>()
                .join("`, `");
            // No session rule where one would give more than this call
            // (`PermissionPolicy::suggested_rules`): allow once only.
            let session = if rules.is_empty() {
                String::new()
            } else {
                format!("[a] Allow `{shown_rule}` for this session  ")
            };
            let mut keys = format!(
                "  [y] Allow once  {session}[n] Deny  [m] Deny with a message to the model"
            );
            if whole.is_some() {
                keys.push_str("  [v] View the whole diff");
            }
            loop {
                self.out.note(&self.out.paint("36", &keys));
                // Nobody can press a key on a stderr that is not a terminal: deny, as before.
                if !Term::stderr().is_term() {
                    return Approval::Deny;
                }
                super::ask::discard_typed_ahead();
                let key = tokio::task::spawn_blocking(|| Term::stderr().read_key()).await;
                let Ok(Ok(key)) = key else {
                    return Approval::Deny;
                };
                match key {
                    Key::Char('y' | 'Y') | Key::Enter => return Approval::Allow,
                    Key::Char('a' | 'A') if !rules.is_empty() => {
                        for rule in &rules {
                            if let Err(e) = self.policy.grant(rule) {
                                tracing::warn!(error = %e, "cannot remember the permission; allowing once");
                            }
                        }
                        self.out
                            .note(&format!("  allowed for this session: `{shown_rule}`"));
                        return Approval::Allow;
                    }
                    Key::Char('n' | 'N') | Key::Escape | Key::CtrlC => return Approval::Deny,
                    Key::Char('m' | 'M') => return ask_message().await,
                    Key::Char('v' | 'V') if whole.is_some() => {
                        if let Some(text) = &whole {
                            page(text).await;
                        }
                    }
                    _ => {}
                }
            }
        })
    }
}

/// Reads the message for the model; an empty one is a plain deny.
async fn ask_message() -> Approval {
    let message = tokio::task::spawn_blocking(|| {
        Input::<String>::new()
            .with_prompt("  Message to the model")
            .allow_empty(true)
            .interact_text_on(&Term::stderr())
    })
    .await;
    match message {
        Ok(Ok(text)) if !text.trim().is_empty() => {
            Approval::DenyWithMessage(text.trim().to_owned())
        }
        _ => Approval::Deny,
    }
}

/// Shows `text` (already inert, with pilotdeck's colours) in `$PAGER` (`less -R` when unset) on the terminal.
async fn page(text: &str) {
    let pager = crate::env::var_os("PAGER")
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| "less -R".to_owned());
    let mut words = pager.split_whitespace();
    let Some(program) = words.next() else {
        return;
    };
    let mut spec = CommandSpec::new(program);
    spec.args = words.map(Into::into).collect();
    if let Err(e) = process::run_in_terminal(&spec, text.as_bytes()).await {
        tracing::warn!(error = %e, "cannot show the diff in the pager");
    }
}
