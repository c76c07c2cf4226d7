//! [`TitleCall`]: a new session's title, asked for alongside the turn's first model call (it needs
//! only the first prompt) instead of after the answer, so `run` prints and exits as soon as the turn
//! ends. The request is sent once the first model reply starts streaming (so a router judge and the
//! turn's first request go first) and is awaited at most [`TITLE_GRACE`] after the turn; a title
//! that is not back by then is dropped and the session keeps its first prompt as its title.

use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::Agent;
use crate::model::{Message, ModelRequest};

/// Output tokens a title may use.
const TITLE_MAX_TOKENS: u64 = 40;
/// Longest title kept from the model.
const TITLE_CHARS: usize = 80;
/// How long the end of a turn waits for a title still in flight.
pub(super) const TITLE_GRACE: Duration = Duration::from_secs(2);

/// A title request in flight (or waiting for its release).
pub(super) struct TitleCall {
    release: Option<oneshot::Sender<()>>,
    task: JoinHandle<Option<String>>,
}

impl TitleCall {
    /// Prepares the title request for a conversation that starts with `first_prompt`: on the
    /// cheap model (the router's `simple` tier, else the agent's), `max_tokens` 40. It is sent when
    /// [`TitleCall::release`]'s sender fires; dropped unsent when the sender is dropped.
    pub(super) fn start(
        agent: &Agent,
        first_prompt: &str,
        cancel: &CancellationToken,
    ) -> TitleCall {
        let prompt = format!(
            "Write a title of at most six words for a conversation that starts with the request \
below. Use the language of the request. Reply with the title only, no quotes.\n\n<request>\n{}\n</request>",
            first_prompt.chars().take(2_000).collect::<String>()
        );
        let model = agent.cheap_model();
        let mut request = ModelRequest::new(model.clone(), vec![Message::user(prompt)]);
        request.max_output_tokens = Some(TITLE_MAX_TOKENS);
        let call = crate::router::CallContext {
            session: agent.session.clone(),
            turn: None,
            role: crate::router::CallRole::Title,
            entry: agent.entry.map(str::to_owned),
            project: agent.project_key.clone(),
        };
        let client = agent.client.clone();
        let provider = agent.provider.clone();
        let retry_budget = agent.retry_budget;
        let router = agent.router.clone();
        let cancel = cancel.clone();
        let (release, released) = oneshot::channel();
        let task = tokio::spawn(async move {
            released.await.ok()?;
            let direct = crate::router::Direct {
                client: &client,
                provider: &provider,
                retry_budget,
            };
            let reply = crate::router::background_complete(
                router.as_deref(),
                direct,
                &model,
                &request,
                &call,
                &cancel,
            )
            .await;
            match reply {
                Ok(r) => Some(clean_title(&r.message.text())).filter(|t| !t.is_empty()),
                Err(e) => {
                    tracing::debug!(error = %e.user_message(), "no title for the session");
                    None
                }
            }
        });
        TitleCall {
            release: Some(release),
            task,
        }
    }

    /// The sender that lets the request go (fired on the turn's first model event).
    pub(super) fn take_release(&mut self) -> Option<oneshot::Sender<()>> {
        self.release.take()
    }

    /// The title, if it comes back within `grace`; else the request is dropped.
    pub(super) async fn finish(mut self, grace: Duration) -> Option<String> {
        match tokio::time::timeout(grace, &mut self.task).await {
            Ok(joined) => joined.ok().flatten(),
            Err(_) => {
                tracing::debug!("the title call took too long; the first prompt stays the title");
                self.task.abort();
                None
            }
        }
    }

    /// Drops the request (sent or not).
    pub(super) fn abort(self) {
        self.task.abort();
    }
}

/// The first non-empty line, without quotes or a heading mark, at most [`TITLE_CHARS`].
fn clean_title(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let line = line
        .trim_start_matches('#')
        .trim()
        .trim_matches(|c| matches!(c, '"' | '\'' | '`' | '“' | '”' | '「' | '」'));
    line.chars()
        .take(TITLE_CHARS)
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::clean_title;

    #[test]
    fn titles_are_one_clean_line() {
        assert_eq!(
            clean_title("\n\"Fix the login bug\"\nmore"),
            "Fix the login bug"
        );
        assert_eq!(clean_title("# 会话压缩"), "会话压缩");
    }
}
