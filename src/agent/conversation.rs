//! [`Conversation`]: one session being talked to — the agent, the model-visible history, the
//! transcript recorder and the turn counter. The launcher (`launch`, for `run`, `chat`, cron,
//! always-on and `mcp serve`) and `session compact` all open sessions here, so `--continue` / `--session ID` resume the same way everywhere: find the
//! transcript, rebuild the history from its last compaction boundary (interrupted turns marked), and
//! keep the session's model unless `-m` overrides it, and start from its last to-do list. The
//! session's title is written here too, after its first completed turn, when the caller asks
//! ([`Conversation::write_title`]: after the outcome was shown).

use chrono::Utc;
use tokio_util::sync::CancellationToken;

use super::compact::Compacted;
use super::setup::{AgentOptions, SetupError, build};
use super::{Agent, AgentEvent, Recorder, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::media::{Attachment, MediaStore, session_media_dir};
use crate::model::{ContentBlock, Message, ModelRequest};
use crate::session::{self, Record, SessionId, Transcript};

/// Which session a conversation opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resume {
    /// A new session (the default).
    New,
    /// The newest session of the project (`--continue`).
    Last,
    /// A session by id or unique prefix (`--session ID`).
    Id(String),
}

impl Resume {
    /// From the `--session ID` and `--continue` flags (`--session` wins).
    pub fn from_flags(session: Option<&str>, continue_last: bool) -> Resume {
        match (session, continue_last) {
            (Some(id), _) => Resume::Id(id.to_owned()),
            (None, true) => Resume::Last,
            (None, false) => Resume::New,
        }
    }
}

/// The session a conversation talks to, reported before its first turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionStart {
    /// `None` for an ephemeral conversation that continued nothing.
    pub id: Option<SessionId>,
    pub model: String,
    pub resumed: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Session(#[from] session::Error),
    #[error("cannot write the transcript; the turn's results may be incomplete on disk")]
    Transcript(#[source] crate::store::Error),
    #[error("{}", .0.user_message())]
    Model(#[source] crate::model::Error),
    #[error(transparent)]
    Media(#[from] crate::media::Error),
}

/// Output tokens a title may use.
const TITLE_MAX_TOKENS: u64 = 40;
/// Longest title kept from the model.
const TITLE_CHARS: usize = 80;

/// An open session.
pub struct Conversation {
    pub agent: Agent,
    pub history: Vec<Message>,
    /// The number the next turn gets.
    pub next_turn: u32,
    /// `None` until the transcript exists (a new session creates it on its first turn), and always
    /// for an ephemeral conversation.
    id: Option<SessionId>,
    transcript: Option<Transcript>,
    ephemeral: bool,
    resumed: bool,
    /// Set once a title record exists or was attempted.
    titled: bool,
    /// The last turn completed: a session without a title gets one now.
    title_due: bool,
    /// The to-do list was given by the caller (`run --plan`): the next turn reports and records it
    /// first.
    announce_todos: bool,
    home: PilotHome,
    project: Project,
}

impl Conversation {
    /// Opens a new session or resumes one. A new session's transcript is created by
    /// [`Conversation::start`] or the first turn, so an abandoned chat leaves no empty file.
    pub fn open(
        home: &PilotHome,
        project: &Project,
        config: &Config,
        resume: &Resume,
        ephemeral: bool,
        mut options: AgentOptions,
    ) -> Result<Conversation, RunError> {
        let mut history = Vec::new();
        let mut next_turn = 1;
        let mut existing = None;
        let mut titled = false;
        let mut todos = None;
        if *resume != Resume::New {
            let query = match resume {
                Resume::Id(id) => id.as_str(),
                Resume::Last | Resume::New => "last",
            };
            let (id, transcript) = session::find(home, project, query)?;
            let records = transcript.read()?;
            if let Some(Record::Session { model, .. }) = records.first() {
                options.session_model = Some(model.clone());
            }
            titled = records.iter().any(|r| matches!(r, Record::Title { .. }));
            todos = session::last_todos(&records);
            let rebuilt = session::rebuild(&records);
            history = rebuilt.messages;
            next_turn = rebuilt.last_turn + 1;
            existing = Some((id, transcript));
        }
        let mut agent = build(home, project, config, &options)?;
        let announce_todos = options.todos.is_some();
        if let Some(items) = options.todos.or(todos) {
            agent.tool_ctx.todos.set(items);
        }
        let resumed = existing.is_some();
        let (id, transcript) = match existing {
            Some((id, t)) => (Some(id), (!ephemeral).then_some(t)),
            None => (None, None),
        };
        agent.session = id.as_ref().map(ToString::to_string);
        agent.transcript = transcript.as_ref().map(|t| t.path().to_owned());
        Ok(Conversation {
            agent,
            history,
            next_turn,
            id,
            transcript,
            ephemeral,
            resumed,
            titled,
            title_due: false,
            announce_todos,
            home: home.clone(),
            project: project.clone(),
        })
    }

    /// Creates the transcript of a new session now (unless ephemeral) and says which session this
    /// is.
    pub fn start(&mut self) -> Result<SessionStart, RunError> {
        if self.transcript.is_none() && self.id.is_none() && !self.ephemeral {
            let (id, t) =
                Transcript::create(&self.home, &self.project, &self.agent.model.to_string())?;
            self.agent.session = Some(id.to_string());
            self.agent.transcript = Some(t.path().to_owned());
            self.id = Some(id);
            self.transcript = Some(t);
        }
        Ok(SessionStart {
            id: self.id.clone(),
            model: self.agent.model.to_string(),
            resumed: self.resumed,
        })
    }

    /// Long-term memory for the following turns (recall before, capture after); `None` turns it off.
    pub fn set_memory(&mut self, memory: Option<crate::context::MemoryHandle>) {
        self.agent.memory = memory;
    }

    /// Starts the extra tool sources (MCP servers) and adds their tools to the agent's.
    pub async fn load_tool_sources(
        &mut self,
        sources: &[std::sync::Arc<dyn crate::tools::ToolSource>],
        cancel: &CancellationToken,
    ) {
        super::setup::load_tool_sources(&mut self.agent, sources, cancel).await;
    }

    /// Ends the session: runs the `SessionEnd` hooks if a turn ran, with `reason` (`exit` when the
    /// program ends; chat says `clear`, `resume` or `fork` when it switches sessions). Front ends
    /// call it once, when they close the session.
    pub async fn end(&self, reason: &str) {
        self.agent.end_session(reason).await;
    }

    /// The session id, once there is one.
    pub fn id(&self) -> Option<&SessionId> {
        self.id.as_ref()
    }

    /// Runs `prompt` as the next turn, recording it.
    pub async fn send(
        &mut self,
        prompt: String,
        cancel: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Result<TurnOutcome, RunError> {
        self.send_with(prompt, &[], cancel, emit).await
    }

    /// Runs `prompt` with `attachments` as the next turn: media is stored in the session's media
    /// folder and the message holds references to it; text files go in as text.
    pub async fn send_with(
        &mut self,
        prompt: String,
        attachments: &[Attachment],
        cancel: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Result<TurnOutcome, RunError> {
        self.start()?;
        let turn = self.next_turn;
        let input = self.input_message(prompt, attachments)?;
        let mut recorder = Recorder::new(self.transcript.clone());
        recorder.set_turn(turn);
        let mut forward = |event: AgentEvent| {
            recorder.on_event(&event);
            emit(event);
        };
        if std::mem::take(&mut self.announce_todos) {
            forward(AgentEvent::TodoUpdated {
                items: self.agent.tool_ctx.todos.get(),
            });
        }
        let turn_start = self.history.len();
        let outcome = self
            .agent
            .run_turn(turn, &mut self.history, input, cancel, &mut forward)
            .await;
        self.next_turn += 1;
        recorder.on_outcome(&outcome);
        if let Some(memory) = &self.agent.memory {
            let session = self.id.as_ref().map(ToString::to_string);
            memory
                .0
                .capture(session.as_deref(), turn, &self.history, turn_start);
        }
        tracing::info!(
            session = %self.id.as_ref().map(ToString::to_string).unwrap_or_default(),
            turn = outcome.turn,
            status = ?outcome.status,
            iterations = outcome.iterations,
            tool_calls = outcome.tool_calls,
            input_tokens = outcome.usage.input_tokens,
            output_tokens = outcome.usage.output_tokens,
            duration_ms = outcome.duration.as_millis() as u64,
            "turn ended"
        );
        if let Some(e) = recorder.take_error() {
            return Err(RunError::Transcript(e));
        }
        self.title_due = outcome.status == session::TurnStatus::Completed;
        Ok(outcome)
    }

    /// The user message of a turn: the prompt, then each attachment (media by reference).
    fn input_message(
        &self,
        prompt: String,
        attachments: &[Attachment],
    ) -> Result<Message, RunError> {
        let mut message = Message::user(prompt);
        if attachments.is_empty() {
            return Ok(message);
        }
        let store = MediaStore::new(session_media_dir(
            self.agent.transcript.as_deref(),
            &self.agent.tool_ctx.spill_dir,
        ));
        for attachment in attachments {
            message.content.push(match attachment {
                Attachment::Media { name, bytes } => {
                    ContentBlock::MediaReference(store.put(name, bytes)?)
                }
                Attachment::Text { name, text } => {
                    ContentBlock::text(format!("<file name=\"{name}\">\n{text}\n</file>"))
                }
            });
        }
        Ok(message)
    }

    /// Compacts the conversation now and records the boundary. `Ok(None)` when there was nothing to
    /// summarise.
    pub async fn compact(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<Option<Compacted>, RunError> {
        let done = self
            .agent
            .compact(&mut self.history, cancel)
            .await
            .map_err(RunError::Model)?;
        if let Some(done) = &done {
            let mut recorder = Recorder::new(self.transcript.clone());
            recorder.set_turn(self.next_turn.saturating_sub(1));
            recorder.on_event(&AgentEvent::Compacted {
                messages: done.messages.clone(),
                tokens_before: done.tokens_before,
                tokens_after: done.tokens_after,
            });
            if let Some(e) = recorder.take_error() {
                return Err(RunError::Transcript(e));
            }
        }
        Ok(done)
    }

    /// After the first completed turn of a session without a title (new, or resumed from a run
    /// whose title call failed): asks the cheap model for a short title in the user's language
    /// (`max_tokens` 40) and records it. Called by the launcher after the turn's outcome was
    /// reported, so the title round trip never delays an answer (`run` prints before it); chat
    /// calls it after each input. Failures are silent (the first prompt stays the title) and not
    /// retried in this process.
    pub async fn write_title(&mut self, cancel: &CancellationToken) {
        if self.titled || self.history.is_empty() || !self.title_due {
            return;
        }
        self.titled = true;
        let Some(transcript) = &self.transcript else {
            return;
        };
        let first = self
            .history
            .iter()
            .find(|m| m.role == crate::model::Role::User)
            .map(Message::text)
            .unwrap_or_default();
        let prompt = format!(
            "Write a title of at most six words for a conversation that starts with the request \
below. Use the language of the request. Reply with the title only, no quotes.\n\n<request>\n{}\n</request>",
            first.chars().take(2_000).collect::<String>()
        );
        let model = self.agent.cheap_model();
        let mut request = ModelRequest::new(model.clone(), vec![Message::user(prompt)]);
        request.max_output_tokens = Some(TITLE_MAX_TOKENS);
        let title = match self
            .agent
            .background_complete(
                crate::router::CallRole::Title,
                Some(&model),
                &request,
                cancel,
            )
            .await
        {
            Ok(r) => clean_title(&r.message.text()),
            Err(e) => {
                tracing::debug!(error = %e.user_message(), "no title for the session");
                return;
            }
        };
        if title.is_empty() {
            return;
        }
        if let Err(e) = transcript.append(&Record::Title {
            title,
            at: Utc::now(),
        }) {
            tracing::debug!(error = %e, "cannot record the session title");
        }
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

/// `session compact ID`: opens the session, summarises it, records the boundary.
pub async fn compact_session(
    home: &PilotHome,
    project: &Project,
    config: &Config,
    query: &str,
    cancel: &CancellationToken,
) -> Result<(SessionId, Option<Compacted>), RunError> {
    let cwd = project.root.clone();
    let mut conversation = Conversation::open(
        home,
        project,
        config,
        &Resume::Id(query.to_owned()),
        false,
        AgentOptions {
            cwd,
            unattended: true,
            ..AgentOptions::default()
        },
    )?;
    let done = conversation.compact(cancel).await?;
    let id = conversation
        .id
        .clone()
        .ok_or_else(|| session::Error::NotFound {
            query: query.to_owned(),
        })?;
    Ok((id, done))
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
