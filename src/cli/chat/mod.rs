//! `pilotdeck chat`: an interactive REPL over the same launcher `run` uses: one
//! [`Launcher`] assembled at start (MCP tools, memory) opens every session the chat talks to.
//!
//! On a terminal: a line editor with history recall across chats (see [`editor`]), the answer
//! streamed to stdout as it arrives, one status line per tool call, the agent's to-do list as a
//! checklist on stderr when it changes, permission "ask" decisions, the agent's questions
//! (`ask_user`) and its plans (`exit_plan_mode`, after `/plan`) answered through menus ([`ask`]),
//! Ctrl-C cancelling the running turn (never the program) or clearing the line being edited,
//! Ctrl-D exiting, a line ending in `\` continuing on the next line, and slash commands (see
//! [`slash`]). Inputs are appended to `<home>/chat_history.jsonl`. With stdin not a terminal, every
//! input line is one turn and nobody can be asked, so "ask" means deny, `ask_user` is not offered
//! and a plan is printed as the answer — that makes chat scriptable.
//!
//! On a terminal the approval prompt shows the change a call will make ([`approver`]), the answer
//! is rendered block by block (`cli::markdown`; plain with `NO_COLOR`, `--raw` or stdout not a
//! terminal), every file change gets one line (`edited src/a.rs (+12 −3)`, shown whole by `/diff`, see
//! [`changes`]) and a status line sits under the prompt ([`status`]). Custom slash commands
//! (`extensions::SlashCommands`) run as turns.

mod answer;
mod approver;
mod ask;
mod changes;
mod editor;
mod slash;
mod status;
mod undo;

use std::io::{BufRead, IsTerminal};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context as _;
use clap::Args;
use tokio_util::sync::CancellationToken;

use super::args::{AccessArgs, ResumeArgs};
use super::markdown::Mode;
use super::{Context, Outcome};
use crate::agent::{AgentEvent, AgentOptions, Conversation, Resume, SetupError};
use crate::extensions::SlashCommands;
use crate::launch::{self, Launcher, MemoryChoice, Setup};
use crate::output::Output;
use crate::session::TurnStatus;
use crate::terminal::inert_line;
use answer::Answer;
use status::{StatusLine, Totals};

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
    /// Print answers as raw markdown instead of rendering them on a terminal
    #[arg(long)]
    raw: bool,
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
fn attach_approver(out: Output, status: Option<&Arc<StatusLine>>, conversation: &mut Conversation) {
    if let Some(status) = status {
        let policy = Arc::clone(&conversation.agent.tool_ctx.policy);
        conversation.agent.tool_ctx.approver = Some(Arc::new(approver::TerminalApprover::new(
            policy,
            out,
            Arc::clone(status),
        )));
    }
}

/// What the REPL holds between inputs.
pub(super) struct Repl<'a> {
    pub(super) ctx: &'a Context,
    /// The chat's setup, assembled once: every session it opens gets the same tools and memory.
    pub(super) launcher: Launcher,
    pub(super) conversation: Conversation,
    pub(super) interactive: bool,
    /// Usage, cost, model and context of this chat process, for `/cost` and the status line.
    totals: Totals,
    /// The live status line; `None` when nobody watches a terminal.
    status: Option<Arc<StatusLine>>,
    /// How answers are printed.
    mode: Mode,
    /// Custom slash commands.
    commands: SlashCommands,
    /// Files for the next message (`/image PATH`).
    pub(super) attachments: Vec<crate::media::Attachment>,
}

impl Repl<'_> {
    /// Opens a conversation through the launcher and, on a terminal, lets it ask the person.
    pub(super) async fn open(&self, resume: &Resume) -> anyhow::Result<Conversation> {
        open_conversation(&self.launcher, resume, self.ctx.out, self.status.as_ref()).await
    }

    /// Switches the conversation to `model` for the next turns (the history stays).
    pub(super) async fn switch_model(&mut self, model: &str) -> Result<(), SetupError> {
        self.launcher
            .switch_model(&mut self.conversation, model)
            .await?;
        attach_approver(self.ctx.out, self.status.as_ref(), &mut self.conversation);
        self.totals.model = self.conversation.agent.model.to_string();
        self.totals.context_window = context_window(&self.conversation);
        Ok(())
    }

    /// Switches to `next`, ending the current session first (`SessionEnd` with `reason`).
    pub(super) async fn switch(&mut self, next: Conversation, reason: &str) {
        self.conversation.end(reason).await;
        self.conversation = next;
        self.totals.model = self.conversation.agent.model.to_string();
        self.totals.context_window = context_window(&self.conversation);
        self.totals.context_tokens = 0;
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
        let todos = c.agent.tool_ctx.todos.get();
        if !todos.is_empty() {
            show_todos(self.ctx, &todos);
        }
    }
}

/// Opens a conversation the way `run` does (MCP tools from mcp.json, long-term memory when
/// configured) and attaches the terminal approver when there is a person to ask.
async fn open_conversation(
    launcher: &Launcher,
    resume: &Resume,
    out: Output,
    status: Option<&Arc<StatusLine>>,
) -> anyhow::Result<Conversation> {
    let mut conversation = launcher.open(resume, &CancellationToken::new()).await?;
    attach_approver(out, status, &mut conversation);
    Ok(conversation)
}

/// The context window of the conversation's model.
fn context_window(conversation: &Conversation) -> u64 {
    let agent = &conversation.agent;
    agent.provider.model_info(&agent.model.model).context_window
}

/// Shows the status line under the prompt about to be drawn (between turns, on a terminal).
fn show_status(repl: &Repl<'_>) {
    if repl.status.is_none() {
        return;
    }
    let out = repl.ctx.out;
    let width = dialoguer::console::Term::stderr().size().1 as usize;
    let line: String = repl
        .totals
        .line()
        .chars()
        .take(width.saturating_sub(1))
        .collect();
    out.note_below(&out.paint("2", &line));
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
    let mut ask = |assessment: &_| super::trust::ask_in_chat(ctx, &home, assessment);
    let resolved = ctx.resolve(&home, crate::config::trust::Decision::Ask(&mut ask))?;
    let project = resolved.project;
    let loaded = ctx.config_of(resolved.loaded)?;
    // The approver, the questions and the status line need a person at a terminal, keys in and
    // lines out.
    let terminal = interactive && std::io::stderr().is_terminal();
    let status = terminal.then(|| Arc::new(StatusLine::new(ctx.out)));
    let setup = Setup {
        project,
        config: loaded.config,
        agent: AgentOptions {
            model_flag: args.model.clone(),
            cwd,
            allow: args.allow.clone(),
            deny: args.deny.clone(),
            unattended: !interactive,
            user: interactive.then(|| {
                Arc::new(ask::TerminalUser::new(ctx.out, status.clone()))
                    as Arc<dyn crate::tools::UserChannel>
            }),
            entry: Some("chat"),
            ..args.access.agent_options()
        },
        memory: MemoryChoice::AsConfigured,
        mcp_servers: true,
        ephemeral: false,
    };
    let launcher = Launcher::new(&home, setup, &mut Warnings(ctx));
    let commands = super::run::slash_commands(
        ctx,
        launcher.home(),
        &launcher.project().root,
        launcher.config(),
        &launcher.extensions().plugins,
    );
    let resume = args.resume.resume();
    let conversation = open_conversation(&launcher, &resume, ctx.out, status.as_ref()).await?;
    let totals = Totals {
        model: conversation.agent.model.to_string(),
        context_window: context_window(&conversation),
        ..Totals::default()
    };
    let mut repl = Repl {
        ctx,
        launcher,
        conversation,
        interactive,
        totals,
        status,
        mode: Mode::choose(!args.raw, ctx.out),
        commands,
        attachments: Vec::new(),
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
            Some(editor) => {
                show_status(&repl);
                let read = editor.read("› ", ctx.out.paint("1;36", "› ")).await?;
                // The input ended on the status line's row: cleared for what follows.
                if repl.status.is_some() {
                    ctx.out.clear_line();
                }
                match read {
                    editor::Input::Line(line) => line,
                    editor::Input::Cleared => continue,
                    editor::Input::End => break,
                }
            }
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
        let pasted = crate::media::Attachment::pasted_paths(text, &repl.launcher.project().root);
        let mut text = text.to_owned();
        if let Some(command) = text.strip_prefix('/').filter(|_| pasted.is_empty()) {
            match slash::run(&mut repl, command).await? {
                slash::Next::Continue => continue,
                slash::Next::Exit => break,
                slash::Next::Send(input) => text = input,
            }
        }
        let token = CancellationToken::new();
        *running.lock().unwrap_or_else(PoisonError::into_inner) = Some(token.clone());
        if let Some(lease) = &lease {
            lease.turn_started();
        }
        for path in pasted {
            attach(&mut repl, &path.display().to_string());
        }
        let result = turn(&mut repl, text, &token).await;
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

/// Adds the image or PDF at `path` to the next message (`/image PATH`, a pasted path).
pub(super) fn attach(repl: &mut Repl<'_>, path: &str) {
    let out = repl.ctx.out;
    match crate::media::Attachment::read(path, crate::media::Expect::Any) {
        Ok(attachment @ crate::media::Attachment::Media { .. }) => {
            out.note(&format!("attached {}", inert_line(attachment.name())));
            repl.attachments.push(attachment);
        }
        Ok(_) => out.error(&format!("`{}` is not an image or a PDF", inert_line(path))),
        Err(e) => out.error(&inert_line(&e.to_string())),
    }
}

/// Runs one input as a turn, streaming the answer.
async fn turn(repl: &mut Repl<'_>, input: String, token: &CancellationToken) -> anyhow::Result<()> {
    let out = repl.ctx.out;
    let ctx = repl.ctx;
    let status = repl.status.clone();
    let step = |name: &str| {
        if let Some(status) = &status {
            status.step(name);
        }
    };
    // A line on stderr while the spinner may be showing: cleared first, drawn again after.
    let note = |text: &str| {
        let _paused = status.as_ref().map(|s| s.pause());
        out.note(text);
    };
    if let Some(status) = &status {
        status.start_turn();
    }
    let mut answer = Answer::new(out, repl.mode);
    let mut tier = None;
    let mut context_tokens = None;
    // A retried call's repeat of what was already shown is not printed again.
    let mut shown = crate::agent::ShownText::default();
    let mut emit = |event: AgentEvent| match &event {
        AgentEvent::TextDelta { .. } => {
            if let Some(text) = shown.on_event(&event) {
                if let Some(status) = &status {
                    status.hide();
                }
                answer.push(&text);
            }
        }
        AgentEvent::TodoUpdated { items } => {
            answer.end_block();
            let _paused = status.as_ref().map(|s| s.pause());
            show_todos(ctx, items);
        }
        AgentEvent::PlanProposed {
            text,
            path,
            is_answer,
        } => {
            answer.end_block();
            if let Some(path) = path {
                note(&out.paint("2", &format!("plan saved to {}", path.display())));
            }
            // Nobody reviewed it (piped chat): the plan is the answer, shown as one.
            if *is_answer {
                answer.push(text.trim_end());
                answer.end_block();
            }
        }
        AgentEvent::ToolStarted { name, .. } => {
            answer.end_block();
            step(name);
        }
        AgentEvent::AssistantMessage { usage, .. } => {
            shown.on_event(&event);
            answer.end_block();
            context_tokens = Some(usage.input_tokens + usage.cache_read_tokens);
            step("thinking");
        }
        AgentEvent::ToolFinished {
            name,
            arguments,
            status,
            summary,
            duration,
            changes: made,
            ..
        } => {
            note(&super::run::tool_line(
                ctx, name, arguments, status, summary, *duration,
            ));
            for line in super::run::change_lines(out, made) {
                note(&line);
            }
        }
        AgentEvent::Compacted {
            tokens_before,
            tokens_after,
            ..
        } => note(&out.paint(
            "2",
            &format!("context compacted: ~{tokens_before} → ~{tokens_after} tokens"),
        )),
        AgentEvent::CallEnded {
            reason,
            recovery: Some(recovery),
            ..
        } => {
            shown.on_event(&event);
            answer.end_block();
            note(&out.paint("2", &format!("({reason}; {})", recovery.kind())));
        }
        AgentEvent::FellBack { from, to, error } => {
            answer.end_block();
            note(&out.paint("2", &super::run::fell_back_line(from, to, error)));
        }
        AgentEvent::Routed { tier: t, .. } => tier.clone_from(t),
        AgentEvent::CallEnded { .. } => {
            shown.on_event(&event);
        }
        AgentEvent::UserMessage { .. }
        | AgentEvent::ThinkingDelta { .. }
        | AgentEvent::ToolResults { .. } => {}
    };
    let attachments = std::mem::take(&mut repl.attachments);
    let outcome = repl
        .conversation
        .send_with(input, &attachments, token, &mut emit)
        .await;
    answer.end_block();
    if let Some(status) = &status {
        status.end_turn();
    }
    repl.conversation.write_title().await;
    if let Some(e) = answer.write_error {
        return Err(e.into());
    }
    if tier.is_some() {
        repl.totals.tier = tier;
    }
    if let Some(tokens) = context_tokens {
        repl.totals.context_tokens = tokens;
    }
    match outcome {
        Ok(o) => {
            repl.totals.usage.add(&o.usage);
            repl.totals.cost_usd += o.cost_usd.unwrap_or(0.0);
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

/// The to-do list as a compact checklist on stderr: done items dim, the one in progress bold.
fn show_todos(ctx: &Context, items: &[crate::session::TodoItem]) {
    use crate::session::TodoStatus;
    let out = ctx.out;
    let done = items
        .iter()
        .filter(|i| i.status == TodoStatus::Completed)
        .count();
    out.note(&out.paint("1", &format!("to-do {done}/{}", items.len())));
    for item in items {
        let line = format!("  {} {}", item.status.mark(), inert_line(&item.content));
        let colour = match item.status {
            TodoStatus::Completed => "2",
            TodoStatus::InProgress => "1",
            TodoStatus::Pending => "0",
        };
        out.note(&out.paint(colour, &line));
    }
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
