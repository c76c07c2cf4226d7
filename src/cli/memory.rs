//! `pilotdeck memory …`: long-term memory — index queued turns into notes, recall notes for a query,
//! consolidate them (dream, rollback), and manage them (list, show, pending, deprecate, restore,
//! trace, export, import, stats). Each subcommand maps its flags to one `memory` call and prints the
//! result; `--json` prints the result as JSON.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, Subcommand, ValueEnum};

use super::{Context, Outcome};
use crate::home::{PilotHome, Project};
use crate::memory::{
    self, DreamOptions, IndexOptions, IndexScope, Memory, ModelStep, NoteKind, RecallOptions,
    TraceKind,
};
use crate::terminal::{inert, inert_line};

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
    /// Counts of notes and queued turns
    Stats(ProjectArgs),
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

/// The `memory index` progress bar on stderr: one bar per project, drawn only when `shown` and
/// stderr is a terminal.
struct IndexBar {
    shown: bool,
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
}

impl IndexBar {
    fn new(shown: bool) -> IndexBar {
        use std::io::IsTerminal as _;
        IndexBar {
            shown: shown && std::io::stderr().is_terminal(),
            bar: std::sync::Mutex::new(None),
        }
    }

    fn with(&self, f: impl FnOnce(&mut Option<indicatif::ProgressBar>)) {
        if let Ok(mut bar) = self.bar.lock() {
            f(&mut bar);
        }
    }
}

impl memory::IndexProgress for IndexBar {
    fn start(&self, project_key: &str, pending: usize) {
        if !self.shown {
            return;
        }
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(pending as u64),
            indicatif::ProgressDrawTarget::stderr(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "indexing {msg} [{bar:30}] {pos}/{len} turns ({elapsed})",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(project_key.to_owned());
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        self.with(|b| *b = Some(bar));
    }

    fn advance(&self) {
        self.with(|b| {
            if let Some(bar) = b {
                bar.inc(1);
            }
        });
    }

    fn finish(&self) {
        self.with(|b| {
            if let Some(bar) = b.take() {
                bar.finish_and_clear();
            }
        });
    }
}

fn project(ctx: &Context, home: &PilotHome, args: &ProjectArgs) -> anyhow::Result<Project> {
    match &args.project {
        Some(dir) => Ok(Project::resolve(home, dir)?),
        None => ctx.project(home),
    }
}

pub(super) async fn run(ctx: &Context, cmd: MemoryCommand) -> anyhow::Result<Outcome> {
    let home = ctx.home()?;
    let loaded = ctx.load_config(None)?;
    let mem = Memory::new(&home, &loaded.config);
    let out = ctx.out;
    match cmd {
        MemoryCommand::Index(a) => {
            let scope = if a.all {
                IndexScope::All
            } else {
                IndexScope::Project(project(ctx, &home, &a.project)?)
            };
            let bar = IndexBar::new(!out.json && !ctx.global.quiet);
            let reports = memory::index(
                &mem,
                &IndexOptions {
                    scope,
                    if_due: a.if_due,
                },
                &bar,
            )
            .await
            .context("while indexing memory")?;
            if out.json {
                out.json(&reports)?;
            }
            for r in reports.iter().filter(|_| !out.json) {
                if !r.due {
                    out.line(&format!(
                        "{}: not due ({} queued)",
                        r.project_key, r.pending
                    ))?;
                    continue;
                }
                out.line(&format!(
                    "{}: indexed {} turn(s), {} failed, {} note(s) written",
                    r.project_key,
                    r.indexed,
                    r.failed,
                    r.written.len()
                ))?;
                for w in &r.written {
                    out.line(&format!("  {}", inert_line(&w.to_string())))?;
                }
            }
        }
        MemoryCommand::Recall(a) => {
            let project = if a.all {
                None
            } else {
                Some(project(ctx, &home, &a.project)?)
            };
            let opts = RecallOptions {
                project,
                query: a.query,
                limit: usize::from(a.limit),
                offline: a.offline,
            };
            let result = memory::recall(&mem, &opts)
                .await
                .context("while recalling memory")?;
            if let ModelStep::Fallback { problem, .. } = &result.model_step
                && !ctx.global.quiet
            {
                out.warn(&format!(
                    "recall's model step failed, using stage 1: {problem}"
                ));
            }
            if out.json {
                out.json(&result)?;
            } else if matches!(result.model_step, ModelStep::NotNeeded { .. }) {
                out.note("the memory model found no memory needed for this request");
            } else if result.notes.is_empty() {
                out.note("no relevant notes");
            } else {
                out.raw(&inert(&memory::render(&result)))?;
            }
        }
        MemoryCommand::Dream(a) => {
            let opts = DreamOptions {
                project: project(ctx, &home, &a.project)?,
                dry_run: a.dry_run,
                if_due: a.if_due,
            };
            let r = memory::dream(&mem, &opts).await.context("while dreaming")?;
            if out.json {
                out.json(&r)?;
            } else if !r.due {
                out.line("dream: not due")?;
            } else {
                for m in &r.merged {
                    out.line(&format!("merged {} -> {}", m.from.join(", "), m.into))?;
                }
                for [old, new] in &r.superseded {
                    out.line(&format!("deprecated {old} (superseded by {new})"))?;
                }
                for p in &r.rejected {
                    out.warn(&format!("plan rejected: {p}"));
                }
                let verb = if r.dry_run {
                    "dry run: nothing changed"
                } else if r.changed {
                    "notes updated; undo with `pilotdeck memory rollback`"
                } else {
                    "nothing to consolidate"
                };
                out.line(&format!("dream: {verb}"))?;
            }
        }
        MemoryCommand::Rollback(a) => {
            memory::rollback(&mem, &project(ctx, &home, &a)?)
                .context("while rolling back the last dream")?;
            out.line("restored the notes from before the last dream")?;
        }
        MemoryCommand::List(a) => {
            let p = if a.all {
                None
            } else {
                Some(project(ctx, &home, &a.project)?)
            };
            let kind = a.kind.map(|k| match k {
                KindArg::User => NoteKind::User,
                KindArg::Project => NoteKind::Project,
                KindArg::Feedback => NoteKind::Feedback,
            });
            let notes = memory::list(&mem, p.as_ref(), kind)?;
            if out.json {
                out.json(&notes)?;
            }
            for n in notes.iter().filter(|_| !out.json) {
                let mark = if n.note.deprecated {
                    " (deprecated)"
                } else {
                    ""
                };
                out.line(&format!(
                    "{}  [{}] {} — {}{mark}",
                    n.id,
                    n.note.kind.as_str(),
                    inert_line(&n.note.name),
                    inert_line(&n.note.description)
                ))?;
            }
        }
        MemoryCommand::Show(a) => {
            let (view, text) =
                memory::show(&mem, Some(&project(ctx, &home, &a.project)?), &a.note)?;
            if out.json {
                out.json(&serde_json::json!({"note": view, "text": text}))?;
            } else {
                out.raw(&inert(&text))?;
            }
        }
        MemoryCommand::Pending(a) => {
            let p = if a.all {
                None
            } else {
                Some(project(ctx, &home, &a.project)?)
            };
            let captures = memory::pending(&mem, p.as_ref())?;
            if out.json {
                out.json(&captures)?;
            }
            for c in captures.iter().filter(|_| !out.json) {
                let first: String = c
                    .text
                    .lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(80)
                    .collect();
                out.line(&format!(
                    "{}  {}  {}  {}",
                    c.id,
                    c.captured_at,
                    c.session_id.as_deref().unwrap_or("-"),
                    inert_line(&first)
                ))?;
            }
        }
        MemoryCommand::Deprecate(a) => {
            let id = memory::deprecate(&mem, &project(ctx, &home, &a.project)?, &a.note, true)?;
            out.line(&format!("deprecated {id}"))?;
        }
        MemoryCommand::Restore(a) => {
            let id = memory::deprecate(&mem, &project(ctx, &home, &a.project)?, &a.note, false)?;
            out.line(&format!("restored {id}"))?;
        }
        MemoryCommand::Trace(a) => {
            let kind = a.stage.map(|s| match s {
                StageArg::Index => TraceKind::Index,
                StageArg::Recall => TraceKind::Recall,
                StageArg::Dream => TraceKind::Dream,
            });
            let conn = mem.db()?;
            let traces = memory::traces(&conn, None, kind, a.last)?;
            if out.json {
                out.json(&traces)?;
            }
            for t in traces.iter().filter(|_| !out.json) {
                out.line(&format!(
                    "{}  {}  {}  {}",
                    t.at,
                    t.kind,
                    t.project_key,
                    inert_line(&t.detail.to_string())
                ))?;
            }
        }
        MemoryCommand::Export(a) => {
            let bundle = memory::export(&mem, &project(ctx, &home, &a.project)?)?;
            match &a.out {
                Some(path) => {
                    let text = serde_json::to_vec_pretty(&bundle)?;
                    crate::store::write_atomic(path, &text)?;
                    out.note(&format!(
                        "wrote {} file(s) to {}",
                        bundle.files.len(),
                        path.display()
                    ));
                }
                None => out.json(&bundle)?,
            }
        }
        MemoryCommand::Import(a) => {
            let r = memory::import(&mem, &project(ctx, &home, &a.project)?, &a.source)
                .with_context(|| format!("while importing `{}`", a.source.display()))?;
            if out.json {
                out.json(&r)?;
            } else {
                out.line(&format!(
                    "imported {} file(s), skipped {}",
                    r.imported.len(),
                    r.skipped.len()
                ))?;
            }
        }
        MemoryCommand::Stats(a) => {
            let s = memory::stats(&mem, &project(ctx, &home, &a)?)?;
            if out.json {
                out.json(&s)?;
            } else {
                out.line(&format!(
                    "project: {}\nproject notes: {}\nfeedback notes: {}\nuser notes: {}\ndeprecated: {}\nqueued turns: {}\nlast dream: {}",
                    s.project_key, s.project_notes, s.feedback_notes, s.user_notes, s.deprecated_notes, s.pending_captures,
                    s.last_dream_at.as_deref().unwrap_or("never")
                ))?;
            }
        }
    }
    Ok(Outcome::Success)
}
