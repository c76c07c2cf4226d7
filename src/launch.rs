//! The launcher: the one place that turns "a prompt, a project, options, a sink for events" into a
//! finished turn. `run`, cron's runner, always-on's turns and `mcp serve`'s `pilotdeck_run` call
//! [`run`]; `chat` assembles a [`Launcher`] once and opens its conversations with it.
//!
//! What it assembles, in order: the project's plugins, skills and hooks, discovered once for every
//! agent the launch builds (`AgentOptions::extensions`); the project's MCP servers (`mcp.json` and
//! those plugins') as tool sources, their problems reported through [`Sink::warn`]; the long-term memory hook ([`MemoryChoice`]); the
//! agent through [`Conversation::open`] (model, router, hooks, permissions with the caller's fixed
//! deny rules, limits, recording — or none when ephemeral); the launch's [`Deadline`] over tool
//! start-up and the turn; then the session is reported ([`Sink::on_start`]), the turn runs with its
//! events going to [`Sink::on_event`], its outcome goes to [`Sink::on_outcome`], and only then a new
//! session gets its title and the session ends (`SessionEnd` hooks).
//!
//! Whether someone can answer the agent is one setting here too, `AgentOptions::user`: with it the
//! agent gets `ask_user` and its plans are reviewed (chat, `run --ask-via-stdin`); without it (run,
//! cron, always-on, `mcp serve`) it does not, and a plan is the turn's answer.
//!
//! Sits above `agent`, `memory` and the MCP client, below cron, always-on and the fronts. What is
//! each caller's own stays with it: chat's approver and REPL, cron's run record, delivery and
//! timeout message, always-on's fixed rules and run log, `mcp serve`'s result shaping, `run`'s
//! signals, always-on lease and rendering.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::agent::{
    self, AgentEvent, AgentOptions, Conversation, Deadline, Resume, RunError, SessionStart,
    SetupError, TurnOutcome,
};
use crate::config::{Config, LoadOptions};
use crate::context::MemoryHandle;
use crate::extensions::Extensions;
use crate::home::{PilotHome, Project};

/// Whether the turns recall from and capture to long-term memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryChoice {
    /// No memory (always-on).
    Off,
    /// Memory when the `memory:` section is present and enabled.
    AsConfigured,
    /// Memory even if not configured (`run --memory`).
    On,
}

/// What the sessions of a launch get: everything but the prompt and which session.
#[derive(Debug, Clone)]
pub struct Setup {
    pub project: Project,
    /// The merged configuration: the caller's, or [`load_config`]'s. It carries the project's
    /// trust as its load decided it (`Config::project_trusted`), which decides whether the
    /// project's own MCP servers start.
    pub config: Config,
    /// Model, permissions (fixed deny rules included), prompt, limits and the caller's own tool
    /// sources.
    pub agent: AgentOptions,
    pub memory: MemoryChoice,
    /// Also start the project's MCP servers (`mcp.json`, global and project) as tool sources.
    pub mcp_servers: bool,
    /// Write no transcript.
    pub ephemeral: bool,
}

/// One prompt to run as one turn.
#[derive(Debug, Clone)]
pub struct Launch {
    pub setup: Setup,
    pub resume: Resume,
    pub prompt: String,
    /// Files sent with the prompt (`run --image/--file`).
    pub attachments: Vec<crate::media::Attachment>,
    /// Stops the whole launch (tool start-up included) after this long; the turn ends aborted and
    /// [`Finished::timed_out`] says why. The loop's own `--timeout` is `setup.agent.timeout`.
    pub timeout: Option<Duration>,
}

/// Where a launch reports: the session once it is known, the agent's events, and problems that do
/// not stop it. Every method has a default, so a caller implements only what it shows.
pub trait Sink: Send {
    /// The session the turn runs in, before the turn starts.
    fn on_start(&mut self, _start: &SessionStart) {}
    /// One event of the turn, as it happens.
    fn on_event(&mut self, _event: AgentEvent) {}
    /// The turn's outcome, as soon as the turn ends: before the session's title call and the
    /// `SessionEnd` hooks, so an answer shown here waits for neither.
    fn on_outcome(&mut self, _outcome: &TurnOutcome) {}
    /// A problem the launch goes on without (an MCP server that cannot be configured); logged by
    /// default.
    fn warn(&mut self, message: &str) {
        tracing::warn!("{message}");
    }
}

/// A launch's end.
#[derive(Debug)]
pub struct Finished {
    pub outcome: TurnOutcome,
    /// The launch's [`Launch::timeout`] ran out (the outcome is then aborted).
    pub timed_out: bool,
}

/// The merged configuration for `project` the way the unattended fronts load it (cron, `mcp
/// serve`): `--config FILE` when given, no model flag, warnings not printed.
pub fn load_config(
    home: &PilotHome,
    project: &Project,
    config_file: Option<PathBuf>,
) -> Result<Config, crate::config::Error> {
    let options = LoadOptions {
        config_file,
        project_root: Some(project.root.clone()),
        model_flag: None,
    };
    crate::config::load(home, &options).map(|loaded| loaded.config)
}

/// Runs `launch.prompt` as one turn in a new or continued session, reporting to `sink`.
pub async fn run(
    home: &PilotHome,
    launch: Launch,
    cancel: &CancellationToken,
    sink: &mut dyn Sink,
) -> Result<Finished, RunError> {
    let deadline = Deadline::start(cancel, launch.timeout);
    let launcher = Launcher::new(home, launch.setup, sink);
    let mut conversation = launcher.open(&launch.resume, deadline.token()).await?;
    conversation.fits(&launch.prompt)?;
    sink.on_start(&conversation.start()?);
    let outcome = conversation
        .send_with(
            launch.prompt,
            &launch.attachments,
            deadline.token(),
            &mut |event| {
                sink.on_event(event);
            },
        )
        .await;
    if let Ok(outcome) = &outcome {
        sink.on_outcome(outcome);
    }
    conversation.write_title().await;
    conversation.end("exit").await;
    Ok(Finished {
        outcome: outcome?,
        timed_out: deadline.expired(),
    })
}

/// A [`Setup`] assembled once — its tool sources found and its memory hook made — that opens any
/// number of conversations with it (chat opens one per `/new`, `/resume` and `/fork`).
pub struct Launcher {
    home: PilotHome,
    setup: Setup,
    memory: Option<MemoryHandle>,
    extensions: Arc<Extensions>,
}

impl Launcher {
    /// Assembles `setup`: discovers the project's plugins, skills and hooks once for every agent it
    /// builds (unless the caller did: `AgentOptions::extensions`), adds the project's MCP servers to
    /// the tool sources when asked (reporting what cannot be used to `sink`) and makes the memory
    /// hook.
    pub fn new(home: &PilotHome, mut setup: Setup, sink: &mut dyn Sink) -> Launcher {
        let extensions = match &setup.agent.extensions {
            Some(found) => Arc::clone(found),
            None => Arc::new(Extensions::load(home, &setup.project.root, &setup.config)),
        };
        extensions.report();
        setup.agent.extensions = Some(Arc::clone(&extensions));
        if setup.mcp_servers {
            let (sources, problems) = crate::mcp::project_tool_sources(
                home,
                &setup.project.root,
                &setup.agent.cwd,
                setup.config.project_trusted,
                &extensions.plugins,
            );
            for problem in &problems {
                sink.warn(&format!("{problem}; continuing without it"));
            }
            setup.agent.tool_sources.extend(sources);
        }
        let force = match setup.memory {
            MemoryChoice::Off => None,
            MemoryChoice::AsConfigured => Some(false),
            MemoryChoice::On => Some(true),
        };
        let memory = force.and_then(|force| {
            crate::memory::project_hook(home, &setup.config, &setup.project, force)
        });
        Launcher {
            home: home.clone(),
            setup,
            memory,
            extensions,
        }
    }

    /// Opens the session `resume` names (or a new one) with an agent built from the setup, its
    /// memory and its tool sources started (`cancel` stops their start-up).
    pub async fn open(
        &self,
        resume: &Resume,
        cancel: &CancellationToken,
    ) -> Result<Conversation, RunError> {
        let setup = &self.setup;
        let mut conversation = Conversation::open(
            &self.home,
            &setup.project,
            &setup.config,
            resume,
            setup.ephemeral,
            setup.agent.clone(),
        )?;
        self.equip(&mut conversation, cancel).await;
        Ok(conversation)
    }

    /// Switches `conversation` to `model` for its next turns (chat's `/model`): a new agent from the
    /// setup with that model, equipped like the first; the history stays. Later opens use it too.
    pub async fn switch_model(
        &mut self,
        conversation: &mut Conversation,
        model: &str,
    ) -> Result<(), SetupError> {
        let mut options = self.setup.agent.clone();
        options.model_flag = Some(model.to_owned());
        let setup = &self.setup;
        // The session's to-do list and plan mode stay.
        let todos = std::sync::Arc::clone(&conversation.agent.tool_ctx.todos);
        let planning = conversation.agent.tool_ctx.policy.mode()
            == crate::tools::permission::PermissionMode::Plan;
        conversation.agent = agent::build(&self.home, &setup.project, &setup.config, &options)?;
        conversation.agent.tool_ctx.todos = todos;
        if planning {
            conversation.agent.tool_ctx.policy.enter_plan();
        }
        self.setup.agent = options;
        self.equip(conversation, &CancellationToken::new()).await;
        Ok(())
    }

    /// Gives a conversation's agent the launch's memory and starts its tool sources.
    async fn equip(&self, conversation: &mut Conversation, cancel: &CancellationToken) {
        conversation.set_memory(self.memory.clone());
        conversation
            .load_tool_sources(&self.setup.agent.tool_sources, cancel)
            .await;
    }

    pub fn home(&self) -> &PilotHome {
        &self.home
    }

    pub fn project(&self) -> &Project {
        &self.setup.project
    }

    pub fn config(&self) -> &Config {
        &self.setup.config
    }

    /// The project's plugins, skills and hooks, discovered once for the launch.
    pub fn extensions(&self) -> &Extensions {
        &self.extensions
    }
}
