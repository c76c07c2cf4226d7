//! Chat's slash commands. Each one is a thin call into the same library ops the `session` commands
//! and the launcher use.

use tokio_util::sync::CancellationToken;

use super::Repl;
use crate::agent::Resume;
use crate::session::{self, Scope};

/// What the REPL does after a command.
pub(super) enum Next {
    Continue,
    Exit,
}

const HELP: &str = "\
/help              this list
/model [REF]       show the model, or switch to provider/model for the next turns
/new               start a new session
/sessions          this project's recent sessions
/resume ID         continue another session (id, prefix or `last`)
/fork              copy this session into a new one and continue there
/compact           summarise the older history now
/memory QUERY      recall this project's long-term memory notes about QUERY
/cost              tokens and cost of this chat
/permissions       the permission mode and rules in force
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
        "help" | "?" => out.note(HELP),
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
        "compact" => match repl.conversation.compact(&CancellationToken::new()).await {
            Ok(Some(d)) => out.note(&format!(
                "context compacted: ~{} → ~{} tokens",
                d.tokens_before, d.tokens_after
            )),
            Ok(None) => out.note("nothing to compact yet"),
            Err(e) => out.error(&format!("{e:#}")),
        },
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
            let u = &repl.usage;
            out.note(&format!(
                "this chat: {} input + {} output tokens ({} cached), ${:.4}",
                u.input_tokens, u.output_tokens, u.cache_read_tokens, repl.cost_usd
            ));
        }
        "permissions" => {
            let policy = &repl.conversation.agent.tool_ctx.policy;
            out.note(&format!("mode: {}", policy.mode().as_str()));
            for rule in policy.rules() {
                out.note(&format!("  {:?} {rule}", rule.kind));
            }
        }
        other => out.error(&format!("unknown command /{other}; /help lists them")),
    }
    Ok(Next::Continue)
}
