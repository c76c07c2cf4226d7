//! Human and JSON output of `memory` subcommands: results on stdout, notes and warnings on stderr.

use std::path::Path;

use serde::Serialize;

use crate::cli::Context;
use crate::memory::{
    self, Action, Bundle, Capture, DreamReport, ImportReport, ModelStep, NoteView,
    ProjectIndexReport, RecallResult, ReindexReport, Semantic, Stats, SyncReport, Trace,
    VectorReport,
};
use crate::terminal::{inert, inert_line};

/// `memory show --json`: the note's catalog entry and its file's text.
#[derive(Debug, Serialize)]
struct ShownNote<'a> {
    note: &'a NoteView,
    text: &'a str,
}

pub(super) fn indexed(ctx: &Context, reports: &[ProjectIndexReport]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(reports)?;
        return Ok(());
    }
    for r in reports {
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
        vectors(ctx, r.vectors.as_ref())?;
    }
    Ok(())
}

pub(super) fn recalled(ctx: &Context, result: &RecallResult) -> anyhow::Result<()> {
    let out = &ctx.out;
    if let Semantic::Fallback { problem, .. } = &result.semantic
        && !ctx.global.quiet
    {
        out.warn(&format!(
            "recall's semantic stage failed, using stage 1: {problem}"
        ));
    }
    if let ModelStep::Fallback { problem, .. } = &result.model_step
        && !ctx.global.quiet
    {
        out.warn(&format!(
            "recall's model step failed, using stage 1: {problem}"
        ));
    }
    if out.json {
        out.json(result)?;
    } else if matches!(result.model_step, ModelStep::NotNeeded { .. }) {
        out.note("the memory model found no memory needed for this request");
    } else if result.notes.is_empty() {
        out.note("no relevant notes");
    } else {
        out.raw(&inert(&memory::render(result)))?;
    }
    Ok(())
}

pub(super) fn dreamed(ctx: &Context, r: &DreamReport) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(r)?;
        return Ok(());
    }
    if !r.due {
        out.line("dream: not due")?;
        return Ok(());
    }
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
    vectors(ctx, r.vectors.as_ref())
}

pub(super) fn synced(ctx: &Context, r: &SyncReport) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(r)?;
        return Ok(());
    }
    let mut count = 0;
    for p in &r.projects {
        for c in &p.changes {
            count += 1;
            let what = match &c.action {
                Action::Pulled => "pulled".to_owned(),
                Action::Pushed => "pushed".to_owned(),
                Action::DeletedHere => "deleted here".to_owned(),
                Action::DeletedThere => "deleted on the remote".to_owned(),
                Action::KeptBoth { older } => format!(
                    "changed on both sides: kept both, the older as {older} (deprecated; \
                     the next `memory dream` merges them)"
                ),
            };
            out.line(&inert(&format!("{}/{}: {what}", p.project_key, c.path)))?;
        }
    }
    let verb = if r.dry_run {
        format!("dry run: {count} note change(s) would be made; nothing changed")
    } else if count == 0 {
        "up to date".to_owned()
    } else {
        format!("{count} note change(s)")
    };
    out.line(&format!("sync with {}: {verb}", inert(&r.remote)))?;
    Ok(())
}

pub(super) fn rolled_back(ctx: &Context) -> anyhow::Result<()> {
    ctx.out
        .line("restored the notes from before the last dream")?;
    Ok(())
}

pub(super) fn notes(ctx: &Context, notes: &[NoteView]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(notes)?;
        return Ok(());
    }
    for n in notes {
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
    Ok(())
}

pub(super) fn note(ctx: &Context, view: &NoteView, text: &str) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&ShownNote { note: view, text })?;
    } else {
        ctx.out.raw(text)?;
    }
    Ok(())
}

pub(super) fn pending(ctx: &Context, captures: &[Capture]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(captures)?;
        return Ok(());
    }
    for c in captures {
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
    Ok(())
}

/// `deprecated ID` or, for `restore`, `restored ID`.
pub(super) fn deprecated(ctx: &Context, id: &str, on: bool) -> anyhow::Result<()> {
    let verb = if on { "deprecated" } else { "restored" };
    ctx.out.line(&format!("{verb} {id}"))?;
    Ok(())
}

pub(super) fn traces(ctx: &Context, traces: &[Trace]) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(traces)?;
        return Ok(());
    }
    for t in traces {
        out.line(&format!(
            "{}  {}  {}  {}",
            t.at,
            t.kind,
            t.project_key,
            inert_line(&t.detail.to_string())
        ))?;
    }
    Ok(())
}

/// The note after `memory export --out FILE` wrote the bundle.
pub(super) fn exported(ctx: &Context, bundle: &Bundle, path: &Path) {
    ctx.out.note(&format!(
        "wrote {} file(s) to {}",
        bundle.files.len(),
        path.display()
    ));
}

pub(super) fn imported(ctx: &Context, r: &ImportReport) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(r)?;
    } else {
        ctx.out.line(&format!(
            "imported {} file(s), skipped {}",
            r.imported.len(),
            r.skipped.len()
        ))?;
        vectors(ctx, r.vectors.as_ref())?;
    }
    Ok(())
}

pub(super) fn reindexed(ctx: &Context, r: &ReindexReport) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(r)?;
        return Ok(());
    }
    ctx.out
        .line(&format!("{}: {} note(s) indexed", r.project_key, r.notes))?;
    if r.pruned > 0 {
        ctx.out
            .line(&format!("dropped {} unused vector(s)", r.pruned))?;
    }
    vectors(ctx, r.vectors.as_ref())
}

/// The vectors line of a write (text output): how many were computed, and a warning when some
/// could not be.
pub(super) fn vectors(ctx: &Context, r: Option<&VectorReport>) -> anyhow::Result<()> {
    let Some(r) = r else {
        return Ok(());
    };
    if r.missing > 0 {
        ctx.out.line(&format!(
            "embedded {} of {} note(s) without a vector ({})",
            r.embedded, r.missing, r.model
        ))?;
    }
    if let Some(problem) = &r.problem
        && !ctx.global.quiet
    {
        ctx.out.warn(&format!(
            "cannot compute note vectors, recall will use stage 1 for those notes (run `pilotdeck memory reindex --embeddings` later): {problem}"
        ));
    }
    Ok(())
}

pub(super) fn stats(ctx: &Context, s: &Stats) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(s)?;
        return Ok(());
    }
    ctx.out.line(&format!(
        "project: {}\nproject notes: {}\nfeedback notes: {}\nuser notes: {}\ndeprecated: {}\nqueued turns: {}\nfailed turns: {}\nlast dream: {}",
        s.project_key,
        s.project_notes,
        s.feedback_notes,
        s.user_notes,
        s.deprecated_notes,
        s.pending_captures,
        s.failed_captures,
        s.last_dream_at.as_deref().unwrap_or("never")
    ))?;
    let vectors = match &s.embedding_model {
        Some(model) => format!(
            "{} of {} active note(s) ({model})",
            s.notes_with_vectors, s.active_notes
        ),
        None => "off (no memory.embedding)".to_owned(),
    };
    ctx.out.line(&format!("vectors: {vectors}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shown_note_is_the_catalog_entry_then_the_text() {
        let view = NoteView {
            id: "Project/a.md".to_owned(),
            note: crate::memory::IndexedNote {
                path: "/m/Project/a.md".into(),
                scope_key: "Project".to_owned(),
                kind: crate::memory::NoteKind::Project,
                name: "a".to_owned(),
                description: "d".to_owned(),
                updated_at: "2026-12-01T00:00:00Z".to_owned(),
                deprecated: false,
                source_sessions: vec![],
                score: 0.0,
            },
        };
        let text = serde_json::to_string(&ShownNote {
            note: &view,
            text: "body",
        })
        .unwrap();
        let expected = serde_json::json!({"note": view, "text": "body"}).to_string();
        assert_eq!(text, expected);
    }
}
