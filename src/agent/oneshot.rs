//! One prompt in a new or continued session: the library op behind `pilotdeck run` (and cron).
//!
//! Resolves the session (`--continue`, `--session ID`, or a new one), rebuilds its history, builds the
//! agent, records every event to the transcript as it happens, and runs one turn.

use tokio_util::sync::CancellationToken;

use super::setup::{AgentOptions, SetupError, build, load_tool_sources};
use super::{AgentEvent, Recorder, TurnOutcome};
use crate::config::Config;
use crate::home::{PilotHome, Project};
use crate::model::Message;
use crate::session::{self, Record, SessionId, Transcript};

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
}

/// Runs `request.prompt` as one turn. `on_start` is called once the session is known.
pub async fn run_once(
    home: &PilotHome,
    project: &Project,
    config: &Config,
    mut request: RunRequest,
    cancel: &CancellationToken,
    on_start: &mut (dyn FnMut(&SessionStart) + Send),
    emit: &mut (dyn FnMut(AgentEvent) + Send),
) -> Result<TurnOutcome, RunError> {
    let mut history = Vec::new();
    let mut turn = 1;
    let mut existing = None;
    if request.resume != Resume::New {
        let query = match &request.resume {
            Resume::Id(id) => id.as_str(),
            Resume::Last | Resume::New => "last",
        };
        let (id, transcript) = session::find(home, project, query)?;
        let records = transcript.read()?;
        if let Some(Record::Session { model, .. }) = records.first() {
            request.agent.session_model = Some(model.clone());
        }
        let rebuilt = session::rebuild(&records);
        history = rebuilt.messages;
        turn = rebuilt.last_turn + 1;
        existing = Some((id, transcript));
    }
    let mut agent = build(home, project, config, &request.agent)?;
    load_tool_sources(&mut agent, &request.agent.tool_sources, cancel).await;
    let model = agent.model.to_string();
    let resumed = existing.is_some();
    let (id, transcript) = match (existing, request.ephemeral) {
        (Some((id, t)), false) => (Some(id), Some(t)),
        (Some((id, _)), true) => (Some(id), None),
        (None, true) => (None, None),
        (None, false) => {
            let (id, t) = Transcript::create(home, project, &model)?;
            (Some(id), Some(t))
        }
    };
    on_start(&SessionStart { id, model, resumed });
    let mut recorder = Recorder::new(transcript);
    let mut forward = |event: AgentEvent| {
        recorder.on_event(&event);
        emit(event);
    };
    let outcome = agent
        .run_turn(
            turn,
            &mut history,
            Message::user(request.prompt),
            cancel,
            &mut forward,
        )
        .await;
    recorder.on_outcome(&outcome);
    match recorder.take_error() {
        Some(e) => Err(RunError::Transcript(e)),
        None => Ok(outcome),
    }
}
