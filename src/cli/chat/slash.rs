//! Chat's slash commands. Each one is a thin call into the same library ops the `session` commands
//! and the launcher use. A name that is not built in may be a custom command
//! (`extensions::SlashCommands`): its prompt, arguments substituted, is sent as the turn, and its
//! `allowed-tools` rules are granted for the session.

use tokio_util::sync::CancellationToken;

use super::Repl;
use crate::agent::Resume;
use crate::session::{self, Scope};

/// What the REPL does after a command.
pub(super) enum Next {
    Continue,
    Exit,
    /// Send this text as the next turn (`/plan TASK`, a custom command's prompt).
    Send(String),
}

const HELP: &str = "\
/help              this list
/model [REF]       show the model, or switch to provider/model for the next turns
/new               start a new session
/sessions          this project's recent sessions
/resume ID         continue another session (id, prefix or `last`)
/fork              copy this session into a new one and continue there
/compact           summarise the older history now
/image PATH        send an image or PDF with the next message (pasted paths work too)
/undo              put back the files the last turn changed (shows the diff)
/memory QUERY      recall this project's long-term memory notes about QUERY
/cost              tokens and cost of this chat
/diff              the files this session changed, as diffs
/permissions       the permission mode and rules in force
/plan [TASK]       plan mode: read and plan, change nothing until you approve the plan; with
                   TASK, plan it now; /plan off leaves plan mode
/todo              the session's to-do list
/exit              quit (also Ctrl-D)
A line ending in \\ continues on the next line. Ctrl-C cancels the running turn.";

pub(super) async fn run(repl: &mut Repl<'_>, command: &str) -> anyhow::Result<Next> {
    let out = repl.ctx.out;
    let (name, arg) = match command.split_once(char::is_whitespace) {
        Some((n, a)) => (n, a.trim()),
        None => (command, ""),
    };
    match name {
        "exit" | "quit" | "q" => return Ok(Next::Exit),
        "help" | "?" => {
            out.note(HELP);
            if !repl.commands.all().is_empty() {
                out.note("Custom commands:");
                for command in repl.commands.all() {
                    out.note(&crate::terminal::inert(&command.help_line()));
                }
            }
        }
        "diff" => super::changes::show(repl)?,
        "model" if arg.is_empty() => out.note(&format!("model: {}", repl.conversation.agent.model)),
        "model" => match repl.switch_model(arg).await {
            Ok(()) => out.note(&format!("model: {}", repl.conversation.agent.model)),
            Err(e) => out.error(&e.to_string()),
        },
        "new" => {
            let next = repl.open(&Resume::New).await?;
            repl.switch(next, "clear").await;
        }
        "resume" if arg.is_empty() => out.error("usage: /resume ID (see /sessions)"),
        "resume" => match repl.open(&Resume::Id(arg.to_owned())).await {
            Ok(next) => repl.switch(next, "resume").await,
            Err(e) => out.error(&format!("{e:#}")),
        },
        "sessions" => {
            let scope = Scope::Project(repl.launcher.project().key.0.clone());
            for s in session::list(repl.launcher.home(), &scope, 10)? {
                out.note(&format!(
                    "{}  {}  {} turns  {}",
                    session::short(&s.id),
                    s.updated_at.format("%Y-%m-%d %H:%M"),
                    s.turns,
                    s.title
                ));
            }
        }
        "fork" => match repl.conversation.id().cloned() {
            None => out.error("nothing to fork yet: this session has no turns"),
            Some(id) => {
                let launcher = &repl.launcher;
                let new = session::fork(launcher.home(), launcher.project(), &id.0, None)?;
                let next = repl.open(&Resume::Id(new.0)).await?;
                repl.switch(next, "fork").await;
            }
        },
        "undo" => super::undo::run(repl)?,
        "compact" => match repl.conversation.compact(&CancellationToken::new()).await {
            Ok(Some(d)) => out.note(&format!(
                "context compacted: ~{} → ~{} tokens",
                d.tokens_before, d.tokens_after
            )),
            Ok(None) => out.note("nothing to compact yet"),
            Err(e) => out.error(&format!("{e:#}")),
        },
        "image" if arg.is_empty() => out.error("usage: /image PATH (PNG, JPEG, GIF, WebP or PDF)"),
        "image" => {
            let path = repl
                .launcher
                .project()
                .root
                .join(arg.trim_matches(['\'', '"']));
            super::attach(repl, &path.display().to_string());
        }
        "memory" if arg.is_empty() => {
            out.note("usage: /memory QUERY (manage notes with `pilotdeck memory list|index|dream`)")
        }
        "memory" => {
            let launcher = &repl.launcher;
            let memory = crate::memory::Memory::new(launcher.home(), launcher.config());
            let opts = crate::memory::RecallOptions {
                project: Some(launcher.project().clone()),
                query: arg.to_owned(),
                limit: 5,
                offline: false,
                as_of: None,
            };
            match crate::memory::recall(&memory, &opts).await {
                Ok(result) if result.notes.is_empty() => out.note("no memory notes match"),
                Ok(result) => out.raw(&crate::terminal::inert(&crate::memory::render(&result)))?,
                Err(e) => out.error(&e.to_string()),
            }
        }
        "cost" => {
            let u = &repl.totals.usage;
            out.note(&format!(
                "this chat: {} input + {} output tokens ({} cached), ${:.4}",
                u.input_tokens, u.output_tokens, u.cache_read_tokens, repl.totals.cost_usd
            ));
        }
        "permissions" => {
            let policy = &repl.conversation.agent.tool_ctx.policy;
            out.note(&format!("mode: {}", policy.mode().as_str()));
            for rule in policy.rules() {
                out.note(&format!("  {:?} {rule}", rule.kind));
            }
        }
        "plan" => {
            let policy = &repl.conversation.agent.tool_ctx.policy;
            if arg == "off" {
                let mode = policy.leave_plan();
                out.note(&format!("mode: {}", mode.as_str()));
                return Ok(Next::Continue);
            }
            policy.enter_plan();
            out.note(&format!(
                "mode: plan (reads only until you approve the agent's plan; then {})",
                policy.mode_after_plan().as_str()
            ));
            if !arg.is_empty() {
                return Ok(Next::Send(arg.to_owned()));
            }
        }
        "todo" => {
            let todos = repl.conversation.agent.tool_ctx.todos.get();
            if todos.is_empty() {
                out.note("no to-do list yet");
            } else {
                super::show_todos(repl.ctx, &todos);
            }
        }
        other => match repl.commands.get(other) {
            Some(command) => {
                let policy = &repl.conversation.agent.tool_ctx.policy;
                for rule in &command.allowed_tools {
                    if let Err(e) = policy.grant(rule) {
                        out.warn(&format!("/{other}: allowed-tools `{rule}`: {e}"));
                    }
                }
                return Ok(Next::Send(command.expand(arg)));
            }
            None => out.error(&format!("unknown command /{other}; /help lists them")),
        },
    }
    Ok(Next::Continue)
}
