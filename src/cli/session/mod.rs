//! `pilotdeck session list|show|resume|fork|rewind|rename|rm|export|search|compact|reindex`: the saved
//! conversations. Each subcommand is one function here that makes one call into `session` (or
//! `agent` for compaction, `chat` for resume) and hands the result to `print`.

mod print;

use std::io::IsTerminal;

use anyhow::Context as _;
use clap::{Args, Subcommand, ValueEnum};
use tokio_util::sync::CancellationToken;

use super::chat::{self, ChatArgs};
use super::{Context, Outcome, UsageError};
use crate::checkpoint::{Checkpoints, RewindOptions};
use crate::home::{PilotHome, Project};
use crate::session::{self, ExportFormat, Scope};

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
    /// Put the project's files and/or the conversation back to before a turn
    Rewind(RewindArgs),
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
pub struct RewindArgs {
    /// Session id, unique id prefix, or `last`
    id: String,
    /// Go back to how things were before this turn (`session show` numbers them)
    #[arg(long, value_name = "TURN", value_parser = clap::value_parser!(u32).range(1..))]
    to: u32,
    /// Restore the files only; the conversation stays as it is
    #[arg(long, conflicts_with = "conversation_only")]
    files_only: bool,
    /// Only start a new session with the conversation before TURN; the files stay as they are
    #[arg(long)]
    conversation_only: bool,
    /// Show what would be restored and change nothing
    #[arg(long)]
    dry_run: bool,
    /// Also overwrite files changed after the agent's edit (otherwise reported and left alone)
    #[arg(long)]
    force: bool,
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
    // Each command loads the configuration once, for the project's key (`here`) or, with the
    // configuration itself, in `compact`; `resume` is chat's.
    let here = || ctx.project(&home);
    match cmd {
        SessionCommand::List(args) => list(ctx, &home, &here()?, &args),
        SessionCommand::Show(args) => show(ctx, &home, &here()?, &args),
        SessionCommand::Resume(args) => chat::run(ctx, ChatArgs::resume(args.id)).await,
        SessionCommand::Fork(args) => fork(ctx, &home, &here()?, &args),
        SessionCommand::Rewind(args) => rewind(ctx, &home, &here()?, &args),
        SessionCommand::Rename(args) => rename(ctx, &home, &here()?, &args),
        SessionCommand::Rm(args) => remove(ctx, &home, &here()?, &args),
        SessionCommand::Export(args) => export(ctx, &home, &here()?, &args),
        SessionCommand::Search(args) => search(ctx, &home, &here()?, &args),
        SessionCommand::Compact(args) => compact(ctx, &home, &args).await,
        SessionCommand::Reindex => reindex(ctx, &home),
    }
}

/// Every project's sessions with `all`, else this project's.
fn scope(project: &Project, all: bool) -> Scope {
    if all {
        Scope::All
    } else {
        Scope::Project(project.key.0.clone())
    }
}

fn list(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &ListArgs,
) -> anyhow::Result<Outcome> {
    let sessions = session::list(home, &scope(project, args.all_projects), args.limit)
        .context("while listing sessions")?;
    print::sessions(ctx, &sessions, args.all_projects)?;
    Ok(Outcome::Success)
}

fn show(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &ShowArgs,
) -> anyhow::Result<Outcome> {
    let loaded = session::load(home, project, &args.id)?;
    print::transcript(ctx, &loaded)?;
    Ok(Outcome::Success)
}

fn fork(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &ForkArgs,
) -> anyhow::Result<Outcome> {
    let id = session::fork(home, project, &args.id, args.at)?;
    print::forked(ctx, &id)?;
    Ok(Outcome::Success)
}

fn rewind(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &RewindArgs,
) -> anyhow::Result<Outcome> {
    let loaded = session::load(home, project, &args.id)?;
    let id = &loaded.summary.id;
    if args.to > loaded.summary.turns {
        return Err(session::Error::NoSuchTurn {
            id: id.clone(),
            turn: args.to,
            last: loaded.summary.turns,
        }
        .into());
    }
    let files = if args.conversation_only {
        None
    } else {
        let opts = RewindOptions {
            to: args.to,
            force: args.force,
            dry_run: args.dry_run,
        };
        let done = Checkpoints::new(home, &project.key)
            .rewind(&id.0, &project.root, opts)
            .context("while restoring the session's files")?;
        Some(done)
    };
    let conflicts = files
        .as_ref()
        .is_some_and(|f| !f.conflicts.is_empty() || !f.refused.is_empty());
    // No new session for a rewind that left files alone (a retry with --force names this session
    // again, as `last` too) nor for one to before turn 1, whose conversation is empty.
    let fork = if args.files_only || args.dry_run || conflicts || args.to <= 1 {
        None
    } else {
        Some(session::fork_before(home, project, &id.0, args.to)?)
    };
    print::rewound(ctx, project, id, args, files.as_ref(), fork.as_ref())?;
    Ok(Outcome::failed_if(conflicts && !args.dry_run))
}

fn rename(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &RenameArgs,
) -> anyhow::Result<Outcome> {
    if args.title.trim().is_empty() {
        return Err(UsageError("the title is empty".to_owned()).into());
    }
    let id = session::rename(home, project, &args.id, &args.title)?;
    print::renamed(ctx, &id, args.title.trim())?;
    Ok(Outcome::Success)
}

fn remove(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &RmArgs,
) -> anyhow::Result<Outcome> {
    let query = match session::load(home, project, &args.id) {
        Ok(loaded) => {
            if !args.yes && !confirm_remove(&loaded.summary)? {
                print::kept(ctx);
                return Ok(Outcome::Success);
            }
            loaded.summary.id.0
        }
        // A file that is not a transcript (emptied, a stray file) can only go with --yes: there is
        // nothing of it to show for the question.
        Err(session::Error::NotATranscript { .. }) if args.yes => args.id.clone(),
        Err(e) => return Err(e.into()),
    };
    let id = session::remove(home, project, &query)?;
    print::removed(ctx, &id)?;
    Ok(Outcome::Success)
}

/// Asks on the terminal whether to delete `summary`'s session; without a terminal, a usage error.
fn confirm_remove(summary: &session::SessionSummary) -> anyhow::Result<bool> {
    if !std::io::stdin().is_terminal() {
        return Err(UsageError(
            "refusing to delete a session without confirmation; pass --yes".to_owned(),
        )
        .into());
    }
    let question = format!(
        "Delete session {} \"{}\"?",
        session::short(&summary.id),
        crate::terminal::inert_line(&summary.title)
    );
    dialoguer::Confirm::new()
        .with_prompt(question)
        .default(false)
        .interact_on(&dialoguer::console::Term::stderr())
        .context("cannot ask for confirmation")
}

fn export(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &ExportArgs,
) -> anyhow::Result<Outcome> {
    let loaded = session::load(home, project, &args.id)?;
    let format = match args.format {
        Format::Markdown => ExportFormat::Markdown,
        Format::Json => ExportFormat::Json,
        Format::Jsonl => ExportFormat::Jsonl,
    };
    print::exported(ctx, &loaded, format)?;
    Ok(Outcome::Success)
}

fn search(
    ctx: &Context,
    home: &PilotHome,
    project: &Project,
    args: &SearchArgs,
) -> anyhow::Result<Outcome> {
    let hits = session::search(
        home,
        &scope(project, args.all_projects),
        &args.query,
        args.limit,
    )
    .context("while searching sessions")?;
    print::hits(ctx, &hits, &args.query)?;
    Ok(Outcome::Success)
}

async fn compact(ctx: &Context, home: &PilotHome, args: &IdArgs) -> anyhow::Result<Outcome> {
    let resolved = ctx.resolve(home, crate::config::trust::Decision::Recorded)?;
    let loaded = ctx.config_of(resolved.loaded)?;
    let cancel = CancellationToken::new();
    let (id, done) =
        crate::agent::compact_session(home, &resolved.project, &loaded.config, &args.id, &cancel)
            .await?;
    print::compacted(ctx, &id, done.as_ref())?;
    Ok(Outcome::Success)
}

fn reindex(ctx: &Context, home: &PilotHome) -> anyhow::Result<Outcome> {
    let report = session::reindex(home).context("while rebuilding the session index")?;
    print::reindexed(ctx, &report)?;
    Ok(Outcome::Success)
}
