//! [`Conversation`]: one session being talked to — the agent, the model-visible history, the
//! transcript recorder and the turn counter. The launcher (`launch`, for `run`, `chat`, cron,
//! always-on and `mcp serve`) and `session compact` all open sessions here, so `--continue` / `--session ID` resume the same way everywhere: find the
//! transcript, rebuild the history from its last compaction boundary (interrupted turns marked), and
//! keep the session's model unless `-m` overrides it, and start from its last to-do list. The
//! session's title is asked for alongside its first turn ([`super::title::TitleCall`]) and written
//! after that turn completed, when the caller asks ([`Conversation::write_title`]: after the
//! outcome was shown).

use chrono::Utc;
use tokio_util::sync::CancellationToken;

use super::compact::Compacted;
use super::setup::{AgentOptions, SetupError, build};
use super::title::{TITLE_GRACE, TitleCall};
use super::{Agent, AgentEvent, Recorder, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::media::{Attachment, MediaStore, session_media_dir};
use crate::model::{ContentBlock, Message};
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
    #[error(
        "the input is about {tokens} tokens, more than {model}'s context window ({window}); \
         nothing was sent: save it to a file the agent can read in parts, or cut it"
    )]
    InputTooLarge {
        tokens: u64,
        window: u64,
        model: String,
    },
}

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
    /// The title request started with the last turn.
    title_call: Option<TitleCall>,
    /// The to-do list was given by the caller (`run --plan`): the next turn reports and records it
    /// first.
    announce_todos: bool,
    home: PilotHome,
    project: Project,
    /// This process's hold on the session it writes ([`session::Hold`]).
    _hold: Option<session::Hold>,
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
        let mut hold = None;
        if *resume != Resume::New {
            let query = match resume {
                Resume::Id(id) => id.as_str(),
                Resume::Last | Resume::New => "last",
            };
            let (id, transcript) = session::find(home, project, query)?;
            // Held before it is read: a run that finished meanwhile has written all its turns.
            if !ephemeral {
                hold = Some(session::Hold::take(home, &id, transcript.path())?);
            }
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
            title_call: None,
            announce_todos,
            home: home.clone(),
            project: project.clone(),
            _hold: hold,
        })
    }

    /// Creates the transcript of a new session now (unless ephemeral) and says which session this
    /// is.
    pub fn start(&mut self) -> Result<SessionStart, RunError> {
        if self.transcript.is_none() && self.id.is_none() && !self.ephemeral {
            let (id, t) =
                Transcript::create(&self.home, &self.project, &self.agent.model.to_string())?;
            self._hold = Some(session::Hold::take(&self.home, &id, t.path())?);
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

    /// Whether `prompt` fits the model's context window at all: an input no window holds would fail
    /// its turn and every later one of the session, so it is refused before anything is sent or
    /// recorded (front ends ask before they create the session's transcript).
    pub fn fits(&self, prompt: &str) -> Result<(), RunError> {
        let agent = &self.agent;
        let window = agent.provider.model_info(&agent.model.model).context_window;
        let tokens = crate::context::estimate_text(prompt);
        if window > 0 && tokens > window {
            return Err(RunError::InputTooLarge {
                tokens,
                window,
                model: agent.model.to_string(),
            });
        }
        Ok(())
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
        self.fits(&prompt)?;
        self.start()?;
        let turn = self.next_turn;
        let mut release = self.start_title(&prompt, cancel);
        let input = self.input_message(prompt, attachments)?;
        let mut recorder = Recorder::new(self.transcript.clone());
        recorder.set_turn(turn);
        let mut forward = |event: AgentEvent| {
            if let Some(release) = release.take_if(|_| event.is_model_reply()) {
                release.send(()).ok();
            }
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

    /// Starts the title request of a session without a title (new, or resumed from a run whose
    /// title call failed), from its first prompt; it goes out with the turn's first model reply.
    /// Returns the sender that releases it.
    fn start_title(
        &mut self,
        prompt: &str,
        cancel: &CancellationToken,
    ) -> Option<tokio::sync::oneshot::Sender<()>> {
        if self.titled || self.transcript.is_none() {
            return None;
        }
        self.titled = true;
        let first = self
            .history
            .iter()
            .find(|m| m.role == crate::model::Role::User)
            .map_or_else(|| prompt.to_owned(), Message::text);
        let mut call = TitleCall::start(&self.agent, &first, cancel);
        let release = call.take_release();
        self.title_call = Some(call);
        release
    }

    /// After the turn that started the title request: when it completed, waits at most
    /// [`TITLE_GRACE`] for the title and records it; a title not back by then is dropped (the first
    /// prompt stays the title). A turn that did not complete drops the request, and the next turn
    /// asks again. Called by the launcher after the turn's outcome was reported, so the title never
    /// delays an answer; chat calls it after each input. Failures are silent and not retried in
    /// this process.
    pub async fn write_title(&mut self) {
        let Some(call) = self.title_call.take() else {
            return;
        };
        if !self.title_due {
            call.abort();
            self.titled = false;
            return;
        }
        let (Some(title), Some(transcript)) = (call.finish(TITLE_GRACE).await, &self.transcript)
        else {
            return;
        };
        if let Err(e) = transcript.append(&Record::Title {
            title,
            at: Utc::now(),
        }) {
            tracing::debug!(error = %e, "cannot record the session title");
        }
    }
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
