//! Human and JSON output of `session` subcommands: results on stdout, notes on stderr.

use serde::Serialize;

use crate::agent::Compacted;
use crate::checkpoint::FilesRewound;
use crate::checkpoint::rewind::Action;
use crate::cli::Context;
use crate::home::Project;
use crate::session::{
    self, ExportFormat, Loaded, SearchHit, SessionId, SessionSummary, SyncReport,
};
use crate::terminal::{inert, inert_line};

/// `session fork --json`: the new session.
#[derive(Debug, Serialize)]
struct Forked<'a> {
    session_id: &'a SessionId,
}

/// `session rewind --json`.
#[derive(Debug, Serialize)]
struct Rewound<'a> {
    session_id: &'a SessionId,
    to: u32,
    dry_run: bool,
    /// The file side; null with `--conversation-only`.
    files: Option<&'a FilesRewound>,
    /// The new session holding the conversation before `to`; null with `--files-only` or
    /// `--dry-run`.
    fork: Option<&'a SessionId>,
}

/// `session rename --json`.
#[derive(Debug, Serialize)]
struct Renamed<'a> {
    session_id: &'a SessionId,
    title: &'a str,
}

/// `session rm --json`.
#[derive(Debug, Serialize)]
struct Removed<'a> {
    session_id: &'a SessionId,
    removed: bool,
}

/// `session compact --json`; the token counts are null when there was nothing to compact.
#[derive(Debug, Serialize)]
struct CompactResult<'a> {
    session_id: &'a SessionId,
    compacted: bool,
    tokens_before: Option<u64>,
    tokens_after: Option<u64>,
}

pub(super) fn sessions(
    ctx: &Context,
    sessions: &[SessionSummary],
    all: bool,
) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(sessions)?;
    } else if sessions.is_empty() {
        out.note("no sessions yet; start one with `pilotdeck chat` or `pilotdeck run`");
    } else {
        for s in sessions {
            let cost = s.cost_usd.map(|c| format!("${c:.4}")).unwrap_or_default();
            let place = if all {
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
    Ok(())
}

/// `session show`: the records as JSON with `--json`, else Markdown.
pub(super) fn transcript(ctx: &Context, loaded: &Loaded) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.line(&session::export(
            &loaded.summary,
            &loaded.records,
            ExportFormat::Json,
        ))?;
    } else {
        ctx.out
            .raw(&inert(&session::markdown(&loaded.summary, &loaded.records)))?;
    }
    Ok(())
}

pub(super) fn forked(ctx: &Context, id: &SessionId) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Forked { session_id: id })?;
    } else {
        ctx.out.line(&id.0)?;
        ctx.out.note(&format!(
            "continue it with `pilotdeck chat --session {}`",
            session::short(id)
        ));
    }
    Ok(())
}

/// `session rewind`: each file restored or removed on stdout, conflicts as warnings, the fork.
pub(super) fn rewound(
    ctx: &Context,
    project: &Project,
    id: &SessionId,
    args: &super::RewindArgs,
    files: Option<&FilesRewound>,
    fork: Option<&SessionId>,
) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(&Rewound {
            session_id: id,
            to: args.to,
            dry_run: args.dry_run,
            files,
            fork,
        })?;
        return Ok(());
    }
    let shown = |p: &std::path::Path| {
        inert_line(
            &p.strip_prefix(&project.root)
                .unwrap_or(p)
                .display()
                .to_string(),
        )
        .into_owned()
    };
    if let Some(files) = files {
        for path in &files.finished_interrupted {
            out.note(&format!("finishing an interrupted rewind: {}", shown(path)));
        }
        let verb = |a: Action| match (a, args.dry_run) {
            (Action::Restore, false) => "restored",
            (Action::Restore, true) => "would restore",
            (Action::Remove, false) => "removed",
            (Action::Remove, true) => "would remove",
        };
        for f in &files.files {
            let forced = if f.forced {
                " (forced over later changes)"
            } else {
                ""
            };
            out.line(&format!("{} {}{forced}", verb(f.action), shown(&f.path)))?;
        }
        for path in &files.conflicts {
            out.warn(&format!(
                "{} changed after the agent's edit; left as it is (--force overwrites it)",
                shown(path)
            ));
        }
        for r in &files.refused {
            out.warn(&format!(
                "{} not rewound: {}",
                shown(&r.path),
                inert_line(&r.reason)
            ));
        }
        if files.files.is_empty() && files.conflicts.is_empty() && files.refused.is_empty() {
            out.note(&format!(
                "no file changes to rewind from turn {} on",
                args.to
            ));
        }
    }
    let left_alone = files.is_some_and(|f| !f.conflicts.is_empty() || !f.refused.is_empty());
    match fork {
        Some(fork) => out.note(&format!(
            "the conversation before turn {} is session {}; continue it with `pilotdeck chat --session {}`",
            args.to,
            fork,
            session::short(fork)
        )),
        None if args.files_only || args.dry_run => {}
        None if left_alone => out.note(&format!(
            "the conversation was not rewound, as files were left alone; `pilotdeck session \
             rewind {} --to {} --force` rewinds both",
            session::short(id),
            args.to
        )),
        None => out.note(
            "the conversation before turn 1 is empty: start a new one (`pilotdeck chat`) to go on",
        ),
    }
    Ok(())
}

/// Prints only with `--json`; a rename says nothing otherwise.
pub(super) fn renamed(ctx: &Context, id: &SessionId, title: &str) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Renamed {
            session_id: id,
            title,
        })?;
    }
    Ok(())
}

/// The answer "no" to `session rm`'s question.
pub(super) fn kept(ctx: &Context) {
    ctx.out.note("kept");
}

pub(super) fn removed(ctx: &Context, id: &SessionId) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&Removed {
            session_id: id,
            removed: true,
        })?;
    } else {
        ctx.out.note(&format!("deleted session {id}"));
    }
    Ok(())
}

/// `session export`: the transcript in `format`, whatever `--json` says.
pub(super) fn exported(ctx: &Context, loaded: &Loaded, format: ExportFormat) -> anyhow::Result<()> {
    ctx.out
        // JSON keeps its meaning through `inert` (see `terminal`); Markdown shows escapes.
        .raw(&inert(&session::export(
            &loaded.summary,
            &loaded.records,
            format,
        )))?;
    if format == ExportFormat::Json {
        ctx.out.raw("\n")?;
    }
    Ok(())
}

pub(super) fn hits(ctx: &Context, hits: &[SearchHit], query: &str) -> anyhow::Result<()> {
    let out = &ctx.out;
    if out.json {
        out.json(hits)?;
    } else if hits.is_empty() {
        out.note(&format!("no session mentions `{query}`"));
    } else {
        for h in hits {
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
    Ok(())
}

pub(super) fn compacted(
    ctx: &Context,
    id: &SessionId,
    done: Option<&Compacted>,
) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(&CompactResult {
            session_id: id,
            compacted: done.is_some(),
            tokens_before: done.map(|d| d.tokens_before),
            tokens_after: done.map(|d| d.tokens_after),
        })?;
        return Ok(());
    }
    match done {
        Some(d) => ctx.out.note(&format!(
            "compacted session {}: ~{} → ~{} tokens",
            session::short(id),
            d.tokens_before,
            d.tokens_after
        )),
        None => ctx.out.note("nothing to compact: the session is too short"),
    }
    Ok(())
}

pub(super) fn reindexed(ctx: &Context, report: &SyncReport) -> anyhow::Result<()> {
    if ctx.out.json {
        ctx.out.json(report)?;
    } else {
        ctx.out.note(&format!("indexed {} sessions", report.added));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(value: &impl Serialize) -> String {
        serde_json::to_string(value).unwrap()
    }

    #[test]
    fn typed_results_keep_their_json_shape() {
        let id = SessionId("01jd".to_owned());
        assert_eq!(
            text(&Forked { session_id: &id }),
            r#"{"session_id":"01jd"}"#
        );
        let renamed = Renamed {
            session_id: &id,
            title: "t",
        };
        assert_eq!(text(&renamed), r#"{"session_id":"01jd","title":"t"}"#);
        let removed = Removed {
            session_id: &id,
            removed: true,
        };
        assert_eq!(text(&removed), r#"{"session_id":"01jd","removed":true}"#);
        let nothing = CompactResult {
            session_id: &id,
            compacted: false,
            tokens_before: None,
            tokens_after: None,
        };
        assert_eq!(
            text(&nothing),
            r#"{"session_id":"01jd","compacted":false,"tokens_before":null,"tokens_after":null}"#
        );
    }
}
