//! The terminal's answer to the agent's questions (`ask_user`) and plans (`exit_plan_mode`) in
//! `chat`: a dialoguer menu when the question has options, an input line otherwise; a plan is shown
//! and then approved, edited (in `$VISUAL`/`$EDITOR`, or inline as instructions added to it) or
//! rejected (with an optional reason).

use std::sync::Arc;

use dialoguer::console::Term;
use dialoguer::{Editor, Input, Select};

use super::status::StatusLine;

use crate::output::Output;
use crate::terminal::{inert, inert_line};
use crate::tools::{PlanReview, Question, UserChannel, UserFuture};

/// Asks the person at the terminal.
pub(super) struct TerminalUser {
    out: Output,
    /// The turn's spinner, kept off the screen while a question is open (its redraws would
    /// clear the line the question is typed on).
    status: Option<Arc<StatusLine>>,
}

impl std::fmt::Debug for TerminalUser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TerminalUser").finish_non_exhaustive()
    }
}

impl TerminalUser {
    pub(super) fn new(out: Output, status: Option<Arc<StatusLine>>) -> TerminalUser {
        TerminalUser { out, status }
    }
}

/// Throws away what waits in the terminal's input queue, so an answer comes only from keys pressed
/// once the question is on the screen: nothing typed ahead, nor pushed into the terminal by a
/// program, answers it. The terminal is stdin's, else stderr's (where the questions are shown).
pub(super) fn discard_typed_ahead() {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let stderr = std::io::stderr();
    let flushed = if stdin.is_terminal() {
        rustix::termios::tcflush(&stdin, rustix::termios::QueueSelector::IFlush)
    } else if stderr.is_terminal() {
        rustix::termios::tcflush(&stderr, rustix::termios::QueueSelector::IFlush)
    } else {
        Ok(())
    };
    if let Err(err) = flushed {
        tracing::debug!(%err, "cannot discard the terminal's pending input");
    }
}

/// Runs a blocking terminal dialogue off the async threads, input typed before it discarded;
/// `None` when it failed or was abandoned (Esc, Ctrl-C, end of input).
async fn dialogue<T: Send + 'static>(
    f: impl FnOnce() -> std::io::Result<Option<T>> + Send + 'static,
) -> Option<T> {
    discard_typed_ahead();
    match tokio::task::spawn_blocking(f).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "cannot read the answer from the terminal");
            None
        }
        Err(_) => None,
    }
}

fn ask_line(prompt: String, allow_empty: bool) -> std::io::Result<Option<String>> {
    Input::<String>::new()
        .with_prompt(prompt)
        .allow_empty(allow_empty)
        .interact_text_on(&Term::stderr())
        .map(Some)
        .map_err(std::io::Error::other)
}

fn select(prompt: String, items: Vec<String>) -> std::io::Result<Option<usize>> {
    Select::new()
        .with_prompt(prompt)
        .items(&items)
        .default(0)
        .interact_on_opt(&Term::stderr())
        .map_err(std::io::Error::other)
}

impl UserChannel for TerminalUser {
    fn ask<'a>(&'a self, question: &'a Question) -> UserFuture<'a, Option<String>> {
        Box::pin(async move {
            let _paused = self.status.as_ref().map(|s| s.pause());
            // The question comes from the model: shown inert, the prompt on one line.
            let prompt = format!(
                "{} {}",
                self.out.paint("1;35", "?"),
                inert_line(&question.question)
            );
            if question.options.is_empty() {
                return dialogue(move || ask_line(prompt, false)).await;
            }
            let options = question.options.clone();
            let items = options.iter().map(|o| inert_line(o).into_owned()).collect();
            let chosen = dialogue(move || select(prompt, items)).await?;
            options.get(chosen).cloned()
        })
    }

    fn review_plan<'a>(&'a self, plan: &'a str) -> UserFuture<'a, Option<PlanReview>> {
        Box::pin(async move {
            let _paused = self.status.as_ref().map(|s| s.pause());
            let out = self.out;
            out.note(&out.paint("1;35", "── plan ──"));
            out.note(&inert(plan.trim_end()));
            out.note(&out.paint("1;35", "──────────"));
            let has_editor =
                crate::env::var_os("VISUAL").is_some() || crate::env::var_os("EDITOR").is_some();
            loop {
                let mut items = vec!["Approve and carry it out".to_owned()];
                if has_editor {
                    items.push("Edit it in $EDITOR, then carry it out".to_owned());
                }
                items.push("Add instructions to it, then carry it out".to_owned());
                items.push("Reject it".to_owned());
                let labels = items.clone();
                let chosen = dialogue(move || select("The agent's plan".to_owned(), items)).await;
                let Some(label) = chosen.and_then(|i| labels.get(i)) else {
                    return Some(PlanReview::Rejected(None));
                };
                if label.starts_with("Approve") {
                    return Some(PlanReview::Approved);
                }
                if label.starts_with("Reject") {
                    let reason = dialogue(|| ask_line("Why (optional)".to_owned(), true)).await;
                    return Some(PlanReview::Rejected(
                        reason.filter(|r| !r.trim().is_empty()),
                    ));
                }
                if label.starts_with("Edit") {
                    // Ending in a newline, as a text file does: a line added after it stays a line.
                    let text = format!("{}\n", plan.trim_end_matches('\n'));
                    let edited = dialogue(move || {
                        Editor::new()
                            .extension(".md")
                            .edit(&text)
                            .map_err(std::io::Error::other)
                    })
                    .await;
                    match edited.filter(|e| !e.trim().is_empty()) {
                        Some(edited) => return Some(PlanReview::Edited(edited)),
                        None => {
                            out.note("(no changes saved; the plan is unchanged)");
                            continue;
                        }
                    }
                }
                let added = dialogue(|| ask_line("Instructions to add".to_owned(), false)).await;
                if let Some(added) = added.filter(|a| !a.trim().is_empty()) {
                    return Some(PlanReview::Edited(format!(
                        "{}\n\n## The user's changes\n{}",
                        plan.trim_end(),
                        added.trim()
                    )));
                }
            }
        })
    }
}
