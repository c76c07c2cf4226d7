//! One prompt in a new or continued session: the library op behind `pilotdeck run` (and cron).
//!
//! Opens the session through [`Conversation`] (the resume code `chat` shares), creates the transcript
//! before the turn so the id can be reported, and runs one turn.

use tokio_util::sync::CancellationToken;

use super::conversation::Conversation;
use super::setup::{AgentOptions, SetupError};
use super::{AgentEvent, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::session::{self, SessionId};

/// Which session a run uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resume {
    /// A new session (the default).
    New,
    /// The newest session of the project (`--continue`).
    Last,
    /// A session by id or unique prefix (`--session ID`).
    Id(String),
}

/// What to run.
#[derive(Debug, Clone)]
pub struct RunRequest {
    pub prompt: String,
    pub resume: Resume,
    /// Write no transcript.
    pub ephemeral: bool,
    pub agent: AgentOptions,
    /// Long-term memory for this run (recall before, capture after); `None` when memory is off.
    pub memory: Option<crate::context::MemoryHandle>,
}

/// The session a run uses, reported before the turn starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionStart {
    /// `None` for an ephemeral run that continued nothing.
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
}

/// Runs `request.prompt` as one turn. `on_start` is called once the session is known.
pub async fn run_once(
    home: &PilotHome,
    project: &Project,
    config: &Config,
    request: RunRequest,
    cancel: &CancellationToken,
    on_start: &mut (dyn FnMut(&SessionStart) + Send),
    emit: &mut (dyn FnMut(AgentEvent) + Send),
) -> Result<TurnOutcome, RunError> {
    let tool_sources = request.agent.tool_sources.clone();
    let mut conversation = Conversation::open(
        home,
        project,
        config,
        &request.resume,
        request.ephemeral,
        request.agent,
    )?;
    conversation.set_memory(request.memory);
    conversation.load_tool_sources(&tool_sources, cancel).await;
    on_start(&conversation.start()?);
    let outcome = conversation.send(request.prompt, cancel, emit).await;
    conversation.end("exit").await;
    outcome
}
