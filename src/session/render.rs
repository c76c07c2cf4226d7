//! Rendering a transcript for people: the Markdown of `session show --markdown` and `session export
//! --format markdown`, and the JSON / JSONL exports.

use std::fmt::Write as _;

use super::summary::SessionSummary;
use super::transcript::Record;
use crate::model::{ContentBlock, MediaRef, ToolResultContent};

/// Characters of a tool result shown in Markdown.
const RESULT_PREVIEW_CHARS: usize = 600;

/// Export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Markdown,
    /// One JSON document: `{"session": summary, "records": [...]}`.
    Json,
    /// The records, one per line, as in the transcript.
    Jsonl,
}

/// The document of [`ExportFormat::Json`].
#[derive(serde::Serialize)]
struct JsonExport<'a> {
    session: &'a SessionSummary,
    records: &'a [Record],
}

/// Renders `records` in `format`.
pub fn export(summary: &SessionSummary, records: &[Record], format: ExportFormat) -> String {
    match format {
        ExportFormat::Markdown => markdown(summary, records),
        ExportFormat::Json => {
            let doc = JsonExport {
                session: summary,
                records,
            };
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        }
        ExportFormat::Jsonl => records
            .iter()
            .filter_map(|r| serde_json::to_string(r).ok())
            .map(|l| l + "\n")
            .collect(),
    }
}

/// One line naming media kept by reference: what it is and where its stored copy is.
fn media_line(media: &MediaRef) -> String {
    format!(
        "> attached {} `{}` ({}, {} bytes, sha256 {}…): `{}`",
        media.media_kind.as_str(),
        media.name,
        media.media_type,
        media.bytes,
        media.sha256.get(..12).unwrap_or(&media.sha256),
        media.path
    )
}

/// A readable Markdown transcript.
pub fn markdown(summary: &SessionSummary, records: &[Record]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", summary.title);
    let _ = writeln!(
        out,
        "- session: `{}`\n- project: `{}`\n- model: `{}`\n- turns: {}\n- tokens: {} in / {} out\n- updated: {}\n",
        summary.id,
        summary.project.display(),
        summary.model,
        summary.turns,
        summary.input_tokens,
        summary.output_tokens,
        summary.updated_at.to_rfc3339()
    );
    for record in records {
        match record {
            Record::User { turn, message, .. } => {
                let _ = writeln!(out, "## Turn {turn}\n\n**User:**\n\n{}\n", message.text());
                for block in &message.content {
                    if let ContentBlock::MediaReference(media) = block {
                        let _ = writeln!(out, "{}\n", media_line(media));
                    }
                }
            }
            Record::Assistant { message, .. } => {
                let text = message.text();
                if !text.trim().is_empty() {
                    let _ = writeln!(out, "**Assistant:**\n\n{text}\n");
                }
                for call in message.tool_calls() {
                    let _ = writeln!(out, "> tool call `{}` {}\n", call.name, call.arguments);
                }
            }
            Record::ToolResults { message, .. } => {
                for block in &message.content {
                    if let ContentBlock::ToolResult {
                        content, is_error, ..
                    } = block
                    {
                        let text = ToolResultContent::joined_text(content);
                        let mut preview: String = text.chars().take(RESULT_PREVIEW_CHARS).collect();
                        if preview.len() < text.len() {
                            preview.push('…');
                        }
                        let label = if *is_error {
                            "tool error"
                        } else {
                            "tool result"
                        };
                        let _ = writeln!(
                            out,
                            "<details><summary>{label}</summary>\n\n```\n{preview}\n```\n</details>\n"
                        );
                        for part in content {
                            if let ToolResultContent::MediaReference(media) = part {
                                let _ = writeln!(out, "{}\n", media_line(media));
                            }
                        }
                    }
                }
            }
            Record::Denial { tool, reason, .. } => {
                let _ = writeln!(out, "> denied `{tool}`: {reason}\n");
            }
            Record::TurnEnd { status, error, .. } => {
                if let Some(e) = error {
                    let _ = writeln!(out, "_turn ended: {status:?}: {e}_\n");
                }
            }
            Record::Compaction {
                tokens_before,
                tokens_after,
                ..
            } => {
                let _ = writeln!(
                    out,
                    "---\n_context compacted: ~{tokens_before} → ~{tokens_after} tokens_\n"
                );
            }
            Record::ModelCall {
                status,
                reason,
                recovery,
                ..
            } => {
                let next = recovery.as_deref().unwrap_or("the turn ended");
                let _ = writeln!(out, "_model call {status}: {reason} ({next})_\n");
            }
            Record::Subagent { session, path, .. } => {
                let _ = writeln!(out, "_sub-agent session {session}: {}_\n", path.display());
            }
            Record::TodoList { items, .. } => {
                let _ = writeln!(
                    out,
                    "_to-do list:_\n\n```\n{}\n```\n",
                    super::checklist(items)
                );
            }
            Record::Session { .. } | Record::Title { .. } | Record::Unknown => {}
        }
    }
    out
}
