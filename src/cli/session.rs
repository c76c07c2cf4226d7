//! `pilotdeck session list|show|resume|fork|rename|rm|export|search|compact|reindex`: the saved
//! conversations. Each subcommand is one call into `session` (or `agent` for compaction).

use std::io::IsTerminal;

use anyhow::Context as _;
use clap::{Args, Subcommand, ValueEnum};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use super::chat::{self, ChatArgs};
use super::{Context, Outcome, UsageError};
use crate::session::{self, ExportFormat, Scope};
use crate::terminal::{inert, inert_line};

#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// List sessions, most recently updated first
    List(ListArgs),
    /// Show a session's conversation (Markdown; --json for the records)
    Show(ShowArgs),
    /// Continue a session in `pilotdeck chat`
    Resume(IdArgs),
    /// Start a new session with the history of another, up to a turn
    Fork(ForkArgs),
    /// Set a session's title
    Rename(RenameArgs),
    /// Delete a session's transcript
    Rm(RmArgs),
    /// Write a session as Markdown, JSON or JSONL on stdout
    Export(ExportArgs),
    /// Full-text search over every transcript (any language, CJK included)
    Search(SearchArgs),
    /// Summarise a session's older history now, as automatic compaction would
    Compact(IdArgs),
    /// Rebuild the session index in state.db from the transcript files
    Reindex,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Sessions of every project, not only this one
    #[arg(long)]
    all_projects: bool,
    /// Show at most N sessions
    #[arg(long, value_name = "N", default_value_t = 20)]
    limit: usize,
}

#[derive(Debug, Args)]
pub struct IdArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// Print Markdown (the default without --json)
    #[arg(long, conflicts_with = "json")]
    markdown: bool,
}

#[derive(Debug, Args)]
pub struct ForkArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// Keep the history up to and including this turn (default: all of it)
    #[arg(long, value_name = "TURN", value_parser = clap::value_parser!(u32).range(1..))]
    at: Option<u32>,
}

#[derive(Debug, Args)]
pub struct RenameArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// The new title
    title: String,
}

#[derive(Debug, Args)]
pub struct RmArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// Do not ask for confirmation (needed when stdin is not a terminal)
    #[arg(short, long)]
    yes: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    Markdown,
    Json,
    Jsonl,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    format: Format,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Words to find; every word must occur (case-insensitive; CJK matches any 2+ character substring)
    query: String,
    /// Search every project, not only this one
    #[arg(long)]
    all_projects: bool,
    /// Show at most N hits
    #[arg(long, value_name = "N", default_value_t = 20)]
    limit: usize,
}

pub(super) async fn run(ctx: &Context, cmd: SessionCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let project = ctx.project(&home)?;
    let out = ctx.out;
    let scope = |all: bool| {
        if all {
            Scope::All
        } else {
            Scope::Project(project.key.0.clone())
        }
    };
    match cmd {
        SessionCommand::List(args) => {
            let sessions = session::list(&home, &scope(args.all_projects), args.limit)
                .context("while listing sessions")?;
            if out.json {
                out.json(&sessions)?;
            } else if sessions.is_empty() {
                out.note("no sessions yet; start one with `pilotdeck chat` or `pilotdeck run`");
            } else {
                for s in &sessions {
                    let cost = s.cost_usd.map(|c| format!("${c:.4}")).unwrap_or_default();
                    let place = if args.all_projects {
                        format!("  {}", s.project.display())
                    } else {
                        String::new()
                    };
                    out.line(&format!(
                        "{}  {}  {:>3} turns  {:>7} tok  {:>8}  {}  {}{place}",
                        session::short(&s.id),
                        s.updated_at.format("%Y-%m-%d %H:%M"),
                        s.turns,
                        s.input_tokens + s.output_tokens,
                        cost,
                        s.model,
                        inert_line(&s.title)
                    ))?;
                }
            }
        }
        SessionCommand::Show(args) => {
            let loaded = session::load(&home, &project, &args.id)?;
            if out.json {
                out.line(&session::export(
                    &loaded.summary,
                    &loaded.records,
                    ExportFormat::Json,
                ))?;
            } else {
                out.raw(&inert(&session::markdown(&loaded.summary, &loaded.records)))?;
            }
        }
        SessionCommand::Resume(args) => {
            return chat::run(ctx, ChatArgs::resume(args.id)).await;
        }
        SessionCommand::Fork(args) => {
            let id = session::fork(&home, &project, &args.id, args.at)?;
            if out.json {
                out.json(&json!({ "session_id": id }))?;
            } else {
                out.line(&id.0)?;
                out.note(&format!(
                    "continue it with `pilotdeck chat --session {}`",
                    session::short(&id)
                ));
            }
        }
        SessionCommand::Rename(args) => {
            if args.title.trim().is_empty() {
                return Err(UsageError("the title is empty".to_owned()).into());
            }
            let id = session::rename(&home, &project, &args.id, &args.title)?;
            if out.json {
                out.json(&json!({ "session_id": id, "title": args.title.trim() }))?;
            }
        }
        SessionCommand::Rm(args) => {
            let loaded = session::load(&home, &project, &args.id)?;
            if !args.yes {
                if !std::io::stdin().is_terminal() {
                    return Err(UsageError(
                        "refusing to delete a session without confirmation; pass --yes".to_owned(),
                    )
                    .into());
                }
                let question = format!(
                    "Delete session {} \"{}\"?",
                    session::short(&loaded.summary.id),
                    inert_line(&loaded.summary.title)
                );
                let confirmed = dialoguer::Confirm::new()
                    .with_prompt(question)
                    .default(false)
                    .interact_on(&dialoguer::console::Term::stderr())
                    .context("cannot ask for confirmation")?;
                if !confirmed {
                    out.note("kept");
                    return Ok(Outcome::Success);
                }
            }
            let id = session::remove(&home, &project, &loaded.summary.id.0)?;
            if out.json {
                out.json(&json!({ "session_id": id, "removed": true }))?;
            } else {
                out.note(&format!("deleted session {id}"));
            }
        }
        SessionCommand::Export(args) => {
            let loaded = session::load(&home, &project, &args.id)?;
            let format = match args.format {
                Format::Markdown => ExportFormat::Markdown,
                Format::Json => ExportFormat::Json,
                Format::Jsonl => ExportFormat::Jsonl,
            };
            // JSON keeps its meaning through `inert` (see `terminal`); Markdown shows escapes.
            out.raw(&inert(&session::export(
                &loaded.summary,
                &loaded.records,
                format,
            )))?;
            if format == ExportFormat::Json {
                out.raw("\n")?;
            }
        }
        SessionCommand::Search(args) => {
            let hits = session::search(&home, &scope(args.all_projects), &args.query, args.limit)
                .context("while searching sessions")?;
            if out.json {
                out.json(&hits)?;
            } else if hits.is_empty() {
                out.note(&format!("no session mentions `{}`", args.query));
            } else {
                for h in &hits {
                    out.line(&format!(
                        "{}  turn {} {}  {}\n    {}",
                        session::short(&h.session_id),
                        h.turn,
                        h.role,
                        inert_line(&h.title),
                        inert_line(&h.snippet)
                    ))?;
                }
            }
        }
        SessionCommand::Compact(args) => {
            let loaded = ctx.load_config(None)?;
            let cancel = CancellationToken::new();
            let (id, done) =
                crate::agent::compact_session(&home, &project, &loaded.config, &args.id, &cancel)
                    .await?;
            if out.json {
                out.json(&json!({
                    "session_id": id,
                    "compacted": done.is_some(),
                    "tokens_before": done.as_ref().map(|d| d.tokens_before),
                    "tokens_after": done.as_ref().map(|d| d.tokens_after),
                }))?;
            } else {
                match done {
                    Some(d) => out.note(&format!(
                        "compacted session {}: ~{} → ~{} tokens",
                        session::short(&id),
                        d.tokens_before,
                        d.tokens_after
                    )),
                    None => out.note("nothing to compact: the session is too short"),
                }
            }
        }
        SessionCommand::Reindex => {
            let report = session::reindex(&home).context("while rebuilding the session index")?;
            if out.json {
                out.json(&report)?;
            } else {
                out.note(&format!("indexed {} sessions", report.added));
            }
        }
    }
    Ok(Outcome::Success)
}
