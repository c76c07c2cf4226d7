//! The terminal's answer to permission "ask" decisions in `chat`: a dialoguer menu with allow once,
//! allow for this session (a session rule through `PermissionPolicy::grant`), and deny.

use std::sync::Arc;

use dialoguer::Select;
use dialoguer::console::Term;

use crate::terminal::inert_line;
use crate::tools::permission::{Approver, ApproverFuture, PermissionPolicy, PermissionRequest};

/// Asks the person at the terminal.
pub(super) struct TerminalApprover {
    policy: Arc<PermissionPolicy>,
}

impl TerminalApprover {
    pub(super) fn new(policy: Arc<PermissionPolicy>) -> TerminalApprover {
        TerminalApprover { policy }
    }
}

impl Approver for TerminalApprover {
    fn approve<'a>(
        &'a self,
        request: &'a PermissionRequest,
        reason: &'a str,
    ) -> ApproverFuture<'a> {
        Box::pin(async move {
            let rule = request.suggested_rule();
            // The rule and reason quote the model's command or path: shown inert, on one line, so
            // the person decides on what will really run.
            let shown = inert_line(&rule);
            let prompt = format!("Allow {shown}? ({})", inert_line(reason));
            let items = [
                "Allow once".to_owned(),
                format!("Allow `{shown}` for this session"),
                "Deny".to_owned(),
            ];
            let choice = tokio::task::spawn_blocking(move || {
                Select::new()
                    .with_prompt(prompt)
                    .items(&items)
                    .default(0)
                    .interact_on_opt(&Term::stderr())
            })
            .await;
            match choice {
                Ok(Ok(Some(0))) => true,
                Ok(Ok(Some(1))) => match self.policy.grant(&rule) {
                    Ok(()) => true,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot remember the permission; allowing once");
                        true
                    }
                },
                _ => false,
            }
        })
    }
}
