//! `pilotdeck memory …`: long-term memory — index queued turns into notes, recall notes for a query,
//! consolidate them (dream, rollback), share them through git (sync), and manage them (list, show, pending, deprecate, restore,
//! trace, export, import, stats, reindex). Each subcommand is one function here that maps its flags to one
//! `memory` call and hands the result to `print` (text, or JSON with `--json`); `progress` draws the
//! `memory index` and `memory reindex --embeddings` bars.

mod print;
mod progress;

use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, Subcommand, ValueEnum};

use super::{Context, Outcome};
use crate::config::trust::Decision;
use crate::home::Project;
use crate::memory::{
    self, DreamOptions, IndexOptions, IndexScope, Memory, NoteKind, RecallOptions, SyncOptions,
    SyncScope, TraceKind,
};
use progress::IndexBar;

#[derive(Debug, Subcommand)]
pub enum MemoryCommand {
    /// Turn queued conversation turns into notes (one model call per turn)
    Index(IndexArgs),
    /// Print the notes relevant to QUERY, as the agent would receive them
    Recall(RecallArgs),
    /// Consolidate notes: merge duplicates, deprecate contradicted notes (undo with `rollback`)
    Dream(DreamArgs),
    /// Restore the notes as they were before the last dream
    Rollback(ProjectArgs),
    /// List notes
    List(ListArgs),
    /// Print one note (by id, file name or name)
    Show(NoteArgs),
    /// List captured turns waiting for `memory index`
    Pending(PendingArgs),
    /// Mark a note deprecated: kept on disk, left out of recall and dream
    Deprecate(NoteArgs),
    /// Undo `deprecate`
    Restore(NoteArgs),
    /// Show what index, recall and dream did recently
    Trace(TraceArgs),
    /// Write the project's notes (and the global user notes) as one JSON bundle
    Export(ExportArgs),
    /// Import a bundle from `export`, or a folder of markdown notes
    Import(ImportArgs),
    /// Counts of notes, vectors and queued turns
    Stats(ProjectArgs),
    /// Share notes through a git repository: fetch, merge note by note, push
    Sync(SyncArgs),
    /// Rebuild the note index from the files; with --embeddings, compute missing note vectors
    Reindex(ReindexArgs),
}

#[derive(Debug, Args)]
pub struct ReindexArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Also compute the vectors of notes without one (memory.embedding) and drop unused ones
    #[arg(long)]
    embeddings: bool,
}

#[derive(Debug, Args)]
pub struct ProjectArgs {
    /// The project (default: -C DIR, else the current directory)
    #[arg(long, value_name = "DIR")]
    project: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct IndexArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Index every project with queued turns
    #[arg(long, conflicts_with = "project")]
    all: bool,
    /// Do nothing unless queued work passed the schedule (memory.schedule.autoIndexIntervalMinutes)
    #[arg(long)]
    if_due: bool,
    /// First queue again the turns whose capture failed (the model's reply stayed invalid)
    #[arg(long)]
    retry_failed: bool,
}

#[derive(Debug, Args)]
pub struct RecallArgs {
    /// What to recall notes for
    query: String,
    #[command(flatten)]
    project: ProjectArgs,
    /// Search every project's notes (the General workspace)
    #[arg(long, conflicts_with = "project")]
    all: bool,
    /// How many notes at most
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
    limit: u16,
    /// Stage 1 only: no model step, even with memory.reasoningMode accuracy_first
    #[arg(long)]
    offline: bool,
    /// Read relative time in the query ("last week", "上周") against this day (YYYY-MM-DD), not today
    #[arg(long, value_name = "DATE", value_parser = parse_as_of)]
    as_of: Option<chrono::NaiveDate>,
}

fn parse_as_of(text: &str) -> Result<chrono::NaiveDate, String> {
    memory::parse_day(text).ok_or_else(|| format!("`{text}` is not a date like 2024-03-13"))
}

#[derive(Debug, Args)]
pub struct DreamArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Show the plan without changing any note
    #[arg(long)]
    dry_run: bool,
    /// Do nothing unless notes changed and memory.schedule.autoDreamIntervalMinutes passed
    #[arg(long)]
    if_due: bool,
}

#[derive(Debug, Args)]
pub struct SyncArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Sync every project's notes (here and on the remote)
    #[arg(long, conflicts_with = "project")]
    all: bool,
    /// The notes repository (file://, SSH or HTTPS; remembered for later syncs; default:
    /// memory.sync.remote, else the remembered one)
    #[arg(long, value_name = "URL")]
    remote: Option<String>,
    /// Fetch and show what would change; change no note and push nothing
    #[arg(long)]
    dry_run: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Only notes of this type
    #[arg(long = "type", value_enum)]
    kind: Option<KindArg>,
    /// List every project's notes
    #[arg(long, conflicts_with = "project")]
    all: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(super) enum KindArg {
    User,
    Project,
    Feedback,
}

#[derive(Debug, Args)]
pub struct NoteArgs {
    /// The note: its id from `memory list`, its file name or its name
    note: String,
    #[command(flatten)]
    project: ProjectArgs,
}

#[derive(Debug, Args)]
pub struct PendingArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Every project's queued turns
    #[arg(long, conflicts_with = "project")]
    all: bool,
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Only traces of this stage
    #[arg(value_enum)]
    stage: Option<StageArg>,
    /// How many traces, newest first
    #[arg(long, default_value_t = 10)]
    last: usize,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(super) enum StageArg {
    Index,
    Recall,
    Dream,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    project: ProjectArgs,
    /// Write the bundle to FILE instead of stdout
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A bundle file from `memory export`, or a folder of markdown notes
    source: PathBuf,
    #[command(flatten)]
    project: ProjectArgs,
}

pub(super) async fn run(ctx: &Context, cmd: MemoryCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    // One config load: the configuration and the current project (`--project` names another).
    let resolved = ctx.resolve(&home, Decision::Recorded)?;
    let loaded = ctx.config_of(resolved.loaded)?;
    let here = &resolved.project;
    let mem = Memory::new(&home, &loaded.config);
    match cmd {
        MemoryCommand::Index(a) => index(ctx, &mem, here, &a).await,
        MemoryCommand::Recall(a) => recall(ctx, &mem, here, a).await,
        MemoryCommand::Dream(a) => dream(ctx, &mem, here, &a).await,
        MemoryCommand::Rollback(a) => rollback(ctx, &mem, here, &a),
        MemoryCommand::List(a) => list(ctx, &mem, here, &a),
        MemoryCommand::Show(a) => show(ctx, &mem, here, &a),
        MemoryCommand::Pending(a) => pending(ctx, &mem, here, &a),
        MemoryCommand::Deprecate(a) => deprecate(ctx, &mem, here, &a, true),
        MemoryCommand::Restore(a) => deprecate(ctx, &mem, here, &a, false),
        MemoryCommand::Trace(a) => trace(ctx, &mem, &a),
        MemoryCommand::Export(a) => export(ctx, &mem, here, &a),
        MemoryCommand::Import(a) => import(ctx, &mem, here, &a).await,
        MemoryCommand::Stats(a) => stats(ctx, &mem, here, &a),
        MemoryCommand::Sync(a) => sync(ctx, &mem, here, &a).await,
        MemoryCommand::Reindex(a) => reindex(ctx, &mem, here, &a).await,
    }
}

/// `--project DIR`, else the current project `here`.
fn project(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    args: &ProjectArgs,
) -> anyhow::Result<Project> {
    match &args.project {
        Some(dir) => Ok(ctx.project_at(&mem.home, dir)?.0),
        None => Ok(here.clone()),
    }
}

/// `None` with `--all` (every project), else the project of `args`.
fn project_unless_all(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    args: &ProjectArgs,
    all: bool,
) -> anyhow::Result<Option<Project>> {
    if all {
        Ok(None)
    } else {
        project(ctx, mem, here, args).map(Some)
    }
}

async fn index(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &IndexArgs,
) -> anyhow::Result<Outcome> {
    let scope = match project_unless_all(ctx, mem, here, &a.project, a.all)? {
        None => IndexScope::All,
        Some(p) => IndexScope::Project(p),
    };
    let bar = IndexBar::new(!ctx.out.json && !ctx.global.quiet, "indexing", "turns");
    let opts = IndexOptions {
        scope,
        if_due: a.if_due,
        retry_failed: a.retry_failed,
    };
    let reports = memory::index(mem, &opts, &bar)
        .await
        .context("while indexing memory")?;
    print::indexed(ctx, &reports)?;
    let failed: usize = reports.iter().map(|r| r.failed).sum();
    if failed == 0 {
        return Ok(Outcome::Success);
    }
    ctx.out.error(&format!(
        "{failed} turn(s) not indexed: the memory model's reply stayed invalid; they are kept, and \
         `pilotdeck memory index --retry-failed` tries them again"
    ));
    Ok(Outcome::Failed)
}

async fn recall(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: RecallArgs,
) -> anyhow::Result<Outcome> {
    let opts = RecallOptions {
        project: project_unless_all(ctx, mem, here, &a.project, a.all)?,
        query: a.query,
        limit: usize::from(a.limit),
        offline: a.offline,
        as_of: a.as_of,
    };
    let result = memory::recall(mem, &opts)
        .await
        .context("while recalling memory")?;
    print::recalled(ctx, &result)?;
    Ok(Outcome::Success)
}

async fn dream(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &DreamArgs,
) -> anyhow::Result<Outcome> {
    let opts = DreamOptions {
        project: project(ctx, mem, here, &a.project)?,
        dry_run: a.dry_run,
        if_due: a.if_due,
    };
    let report = memory::dream(mem, &opts).await.context("while dreaming")?;
    print::dreamed(ctx, &report)?;
    Ok(Outcome::Success)
}

async fn sync(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &SyncArgs,
) -> anyhow::Result<Outcome> {
    let scope = match a.all {
        true => SyncScope::All,
        false => SyncScope::Project(project(ctx, mem, here, &a.project)?),
    };
    let opts = SyncOptions {
        remote: a.remote.clone(),
        scope,
        dry_run: a.dry_run,
    };
    let report = memory::sync(mem, &opts)
        .await
        .context("while syncing the notes")?;
    print::synced(ctx, &report)?;
    Ok(Outcome::Success)
}

fn rollback(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &ProjectArgs,
) -> anyhow::Result<Outcome> {
    memory::rollback(mem, &project(ctx, mem, here, a)?)
        .context("while rolling back the last dream")?;
    print::rolled_back(ctx)?;
    Ok(Outcome::Success)
}

fn list(ctx: &Context, mem: &Memory, here: &Project, a: &ListArgs) -> anyhow::Result<Outcome> {
    let p = project_unless_all(ctx, mem, here, &a.project, a.all)?;
    let kind = a.kind.map(|k| match k {
        KindArg::User => NoteKind::User,
        KindArg::Project => NoteKind::Project,
        KindArg::Feedback => NoteKind::Feedback,
    });
    let notes = memory::list(mem, p.as_ref(), kind)?;
    print::notes(ctx, &notes)?;
    Ok(Outcome::Success)
}

fn show(ctx: &Context, mem: &Memory, here: &Project, a: &NoteArgs) -> anyhow::Result<Outcome> {
    let p = project(ctx, mem, here, &a.project)?;
    let (view, text) = memory::show(mem, Some(&p), &a.note)?;
    print::note(ctx, &view, &text)?;
    Ok(Outcome::Success)
}

fn pending(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &PendingArgs,
) -> anyhow::Result<Outcome> {
    let p = project_unless_all(ctx, mem, here, &a.project, a.all)?;
    let captures = memory::pending(mem, p.as_ref())?;
    print::pending(ctx, &captures)?;
    Ok(Outcome::Success)
}

/// `deprecate` (`on`) and `restore`.
fn deprecate(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &NoteArgs,
    on: bool,
) -> anyhow::Result<Outcome> {
    let id = memory::deprecate(mem, &project(ctx, mem, here, &a.project)?, &a.note, on)?;
    print::deprecated(ctx, &id, on)?;
    Ok(Outcome::Success)
}

fn trace(ctx: &Context, mem: &Memory, a: &TraceArgs) -> anyhow::Result<Outcome> {
    let kind = a.stage.map(|s| match s {
        StageArg::Index => TraceKind::Index,
        StageArg::Recall => TraceKind::Recall,
        StageArg::Dream => TraceKind::Dream,
    });
    let conn = mem.db()?;
    let traces = memory::traces(&conn, None, kind, a.last)?;
    print::traces(ctx, &traces)?;
    Ok(Outcome::Success)
}

fn export(ctx: &Context, mem: &Memory, here: &Project, a: &ExportArgs) -> anyhow::Result<Outcome> {
    let bundle = memory::export(mem, &project(ctx, mem, here, &a.project)?)?;
    match &a.out {
        Some(path) => {
            let text = serde_json::to_vec_pretty(&bundle)?;
            crate::store::write_atomic(path, &text)?;
            print::exported(ctx, &bundle, path);
        }
        None => ctx.out.json(&bundle)?,
    }
    Ok(Outcome::Success)
}

async fn import(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &ImportArgs,
) -> anyhow::Result<Outcome> {
    let report = memory::import(mem, &project(ctx, mem, here, &a.project)?, &a.source)
        .await
        .with_context(|| format!("while importing `{}`", a.source.display()))?;
    print::imported(ctx, &report)?;
    Ok(Outcome::Success)
}

async fn reindex(
    ctx: &Context,
    mem: &Memory,
    here: &Project,
    a: &ReindexArgs,
) -> anyhow::Result<Outcome> {
    let p = project(ctx, mem, here, &a.project)?;
    let bar = IndexBar::new(!ctx.out.json && !ctx.global.quiet, "embedding", "notes");
    let report = memory::reindex(mem, &p, a.embeddings, &bar)
        .await
        .context("while reindexing memory")?;
    print::reindexed(ctx, &report)?;
    Ok(Outcome::Success)
}

fn stats(ctx: &Context, mem: &Memory, here: &Project, a: &ProjectArgs) -> anyhow::Result<Outcome> {
    let s = memory::stats(mem, &project(ctx, mem, here, a)?)?;
    print::stats(ctx, &s)?;
    Ok(Outcome::Success)
}
