//! `pilotdeck chat`: an interactive REPL over the same launcher `run` uses: one
//! [`Launcher`] assembled at start (MCP tools, memory) opens every session the chat talks to.
//!
//! On a terminal: a line editor with history recall across chats (see [`editor`]), the answer
//! streamed to stdout as it arrives, one status line per tool call, permission "ask" decisions
//! answered through a menu, Ctrl-C cancelling the running turn (never the program) or clearing the
//! line being edited, Ctrl-D exiting, a line ending in `\` continuing on the next line, and slash
//! commands (see [`slash`]). Inputs are appended to `<home>/chat_history.jsonl`. With stdin not a
//! terminal, every input line is one turn and nobody can be asked, so "ask" means deny — that makes
//! chat scriptable.

mod approver;
mod editor;
mod slash;
mod undo;

use std::io::{BufRead, IsTerminal};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context as _;
use clap::Args;
use tokio_util::sync::CancellationToken;

use super::args::{AccessArgs, ResumeArgs};
use super::{Context, Outcome};
use crate::agent::{AgentEvent, AgentOptions, Conversation, Resume, SetupError};
use crate::launch::{self, Launcher, MemoryChoice, Setup};
use crate::model::Usage;
use crate::session::TurnStatus;
use crate::terminal::inert;

#[derive(Debug, Args, Default)]
pub struct ChatArgs {
    /// Model to use, provider/model (default: the session's, else agent.model)
    #[arg(short, long, env = "PILOTDECK_MODEL")]
    model: Option<String>,
    #[command(flatten)]
    resume: ResumeArgs,
    #[command(flatten)]
    access: AccessArgs,
    /// Allow calls matching RULE, e.g. 'bash:cargo *' (repeatable)
    #[arg(long, value_name = "RULE")]
    allow: Vec<String>,
    /// Deny calls matching RULE (repeatable; deny wins over allow)
    #[arg(long, value_name = "RULE")]
    deny: Vec<String>,
}

impl ChatArgs {
    /// `session resume ID`.
    pub(super) fn resume(id: String) -> ChatArgs {
        ChatArgs {
            resume: ResumeArgs {
                session: Some(id),
                continue_last: false,
            },
            ..ChatArgs::default()
        }
    }
}

/// On a terminal, lets the conversation's agent ask the person about "ask" decisions.
fn attach_approver(interactive: bool, conversation: &mut Conversation) {
    if interactive {
        let policy = Arc::clone(&conversation.agent.tool_ctx.policy);
        conversation.agent.tool_ctx.approver =
            Some(Arc::new(approver::TerminalApprover::new(policy)));
    }
}

/// What the REPL holds between inputs.
pub(super) struct Repl<'a> {
    pub(super) ctx: &'a Context,
    /// The chat's setup, assembled once: every session it opens gets the same tools and memory.
    pub(super) launcher: Launcher,
    pub(super) conversation: Conversation,
    pub(super) interactive: bool,
    /// Usage and cost of this chat process.
    pub(super) usage: Usage,
    pub(super) cost_usd: f64,
}

impl Repl<'_> {
    /// Opens a conversation through the launcher and, on a terminal, lets it ask the person.
    pub(super) async fn open(&self, resume: &Resume) -> anyhow::Result<Conversation> {
        open_conversation(&self.launcher, resume, self.interactive).await
    }

    /// Switches the conversation to `model` for the next turns (the history stays).
    pub(super) async fn switch_model(&mut self, model: &str) -> Result<(), SetupError> {
        self.launcher
            .switch_model(&mut self.conversation, model)
            .await?;
        attach_approver(self.interactive, &mut self.conversation);
        Ok(())
    }

    /// Switches to `next`, ending the current session first (`SessionEnd` with `reason`).
    pub(super) async fn switch(&mut self, next: Conversation, reason: &str) {
        self.conversation.end(reason).await;
        self.conversation = next;
        self.announce();
    }

    pub(super) fn announce(&self) {
        let c = &self.conversation;
        let session = match c.id() {
            Some(id) => format!("session {}", crate::session::short(id)),
            None => "new session".to_owned(),
        };
        let resumed = if c.next_turn > 1 {
            format!(", {} earlier turns", c.next_turn - 1)
        } else {
            String::new()
        };
        let hint = if self.interactive {
            " — /help for commands, Ctrl-D to quit"
        } else {
            ""
        };
        let out = self.ctx.out;
        out.note(&out.paint(
            "2",
            &format!("{session} ({}){resumed}{hint}", c.agent.model),
        ));
    }
}

/// Opens a conversation the way `run` does (MCP tools from mcp.json, long-term memory when
/// configured) and attaches the terminal approver when there is a person to ask.
async fn open_conversation(
    launcher: &Launcher,
    resume: &Resume,
    interactive: bool,
) -> anyhow::Result<Conversation> {
    let mut conversation = launcher.open(resume, &CancellationToken::new()).await?;
    attach_approver(interactive, &mut conversation);
    Ok(conversation)
}

/// Chat's problems that do not stop it go to stderr; its turns' events are shown by [`turn`].
struct Warnings<'a>(&'a Context);

impl launch::Sink for Warnings<'_> {
    fn warn(&mut self, message: &str) {
        self.0.out.warn(message);
    }
}

pub(super) async fn run(ctx: &Context, args: ChatArgs) -> anyhow::Result<Outcome> {
    let interactive = std::io::stdin().is_terminal();
    let home = ctx.home()?;
    let cwd = ctx.agent_cwd()?;
    let project = ctx.project(&home)?;
    super::trust::ask_in_chat(ctx, &home, &project.root);
    let loaded = ctx.load_config(None)?;
    let setup = Setup {
        project,
        config: loaded.config,
        agent: AgentOptions {
            model_flag: args.model.clone(),
            cwd,
            allow: args.allow.clone(),
            deny: args.deny.clone(),
            unattended: !interactive,
            entry: Some("chat"),
            ..args.access.agent_options()
        },
        memory: MemoryChoice::AsConfigured,
        mcp_servers: true,
        ephemeral: false,
    };
    let launcher = Launcher::new(&home, setup, &mut Warnings(ctx));
    let resume = args.resume.resume();
    let conversation = open_conversation(&launcher, &resume, interactive).await?;
    let mut repl = Repl {
        ctx,
        launcher,
        conversation,
        interactive,
        usage: Usage::default(),
        cost_usd: 0.0,
    };
    repl.announce();
    // One handler for the whole process: Ctrl-C cancels the running turn, if any, and is otherwise
    // only a hint (the program ends with Ctrl-D or /exit).
    let running: Arc<Mutex<Option<CancellationToken>>> = Arc::new(Mutex::new(None));
    let _signals = {
        let running = Arc::clone(&running);
        let out = ctx.out;
        tokio_util::task::AbortOnDropHandle::new(tokio::spawn(async move {
            while tokio::signal::ctrl_c().await.is_ok() {
                let turn = running
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                match turn {
                    Some(token) => token.cancel(),
                    None => out.note("\n(Ctrl-D or /exit to quit)"),
                }
            }
        }))
    };
    // Tells always-on ticks in this project that a chat is open, busy during turns.
    let lease = crate::always_on::hold_or_warn(
        repl.launcher.home(),
        repl.launcher.project(),
        crate::always_on::LeaseKind::Chat,
        repl.launcher.config(),
    );
    let mut editor = if interactive {
        Some(editor::LineEditor::open(
            repl.launcher.home().chat_history_file(),
        )?)
    } else {
        None
    };
    loop {
        let input = match &mut editor {
            Some(editor) => match editor.read("› ", ctx.out.paint("1;36", "› ")).await? {
                editor::Input::Line(line) => line,
                editor::Input::Cleared => continue,
                editor::Input::End => {
                    ctx.out.note("");
                    break;
                }
            },
            None => match read_piped().await? {
                Some(line) => line,
                None => break,
            },
        };
        let text = input.trim();
        if text.is_empty() {
            continue;
        }
        if let Some(editor) = &mut editor {
            editor.remember(text);
        }
        if let Some(command) = text.strip_prefix('/') {
            match slash::run(&mut repl, command).await? {
                slash::Next::Continue => continue,
                slash::Next::Exit => break,
            }
        }
        let token = CancellationToken::new();
        *running.lock().unwrap_or_else(PoisonError::into_inner) = Some(token.clone());
        if let Some(lease) = &lease {
            lease.turn_started();
        }
        let result = turn(&mut repl, text.to_owned(), &token).await;
        if let Some(lease) = &lease {
            lease.turn_ended();
        }
        running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        result?;
    }
    repl.conversation.end("exit").await;
    Ok(Outcome::Success)
}

/// Runs one input as a turn, streaming the answer.
async fn turn(repl: &mut Repl<'_>, input: String, token: &CancellationToken) -> anyhow::Result<()> {
    let out = repl.ctx.out;
    let ctx = repl.ctx;
    let mut ends_with_newline = true;
    let mut write_error = None;
    let mut emit = |event: AgentEvent| match &event {
        AgentEvent::TextDelta { text } => {
            if let Err(e) = out.raw(&inert(text)) {
                write_error.get_or_insert(e);
            }
            ends_with_newline = text.ends_with('\n');
        }
        AgentEvent::ToolStarted { .. } | AgentEvent::AssistantMessage { .. } => {
            if !ends_with_newline {
                let _ = out.raw("\n");
                ends_with_newline = true;
            }
        }
        AgentEvent::ToolFinished {
            name,
            arguments,
            status,
            summary,
            duration,
            ..
        } => out.note(&super::run::tool_line(
            ctx, name, arguments, status, summary, *duration,
        )),
        AgentEvent::Compacted {
            tokens_before,
            tokens_after,
            ..
        } => out.note(&out.paint(
            "2",
            &format!("context compacted: ~{tokens_before} → ~{tokens_after} tokens"),
        )),
        AgentEvent::CallEnded {
            reason,
            recovery: Some(recovery),
            ..
        } => {
            if !ends_with_newline {
                let _ = out.raw("\n");
                ends_with_newline = true;
            }
            out.note(&out.paint("2", &format!("({reason}; {})", recovery.kind())));
        }
        AgentEvent::UserMessage { .. }
        | AgentEvent::CallEnded { .. }
        | AgentEvent::ThinkingDelta { .. }
        | AgentEvent::ToolResults { .. }
        | AgentEvent::Routed { .. } => {}
    };
    let outcome = repl.conversation.send(input, token, &mut emit).await;
    repl.conversation.write_title(token).await;
    if !ends_with_newline {
        out.raw("\n")?;
    }
    if let Some(e) = write_error {
        return Err(e.into());
    }
    match outcome {
        Ok(o) => {
            repl.usage.add(&o.usage);
            repl.cost_usd += o.cost_usd.unwrap_or(0.0);
            match (o.status, &o.error) {
                (TurnStatus::Completed, _) => {}
                (TurnStatus::Aborted, _) => out.note("(turn cancelled)"),
                (_, Some(e)) => out.error(&e.to_string()),
                (_, None) => {}
            }
        }
        Err(e) => out.error(&format!("{e:#}")),
    }
    Ok(())
}

/// Reads one input from piped stdin (lines ending in `\` continue it). `None` at end of input.
async fn read_piped() -> anyhow::Result<Option<String>> {
    let mut input = String::new();
    loop {
        let line = tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .map(|n| (n, line))
        })
        .await
        .context("the input reader stopped")?
        .context("cannot read stdin")?;
        let (n, line) = line;
        if n == 0 {
            return Ok((!input.trim().is_empty()).then_some(input));
        }
        let line = line.trim_end_matches(['\n', '\r']);
        match line.strip_suffix('\\') {
            Some(part) => {
                input.push_str(part);
                input.push('\n');
            }
            None => {
                input.push_str(line);
                return Ok(Some(input));
            }
        }
    }
}
