//! [`ToolOutput`]: what one tool call gives back to the model, plus a terse line for humans.

use serde::{Deserialize, Serialize};

use crate::diff::FileChange;

/// The result of one tool call. `content` goes to the model; `summary` is one short line for stderr
/// progress and for `item.completed` events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolOutput {
    pub content: String,
    pub is_error: bool,
    pub summary: String,
    /// Set when the OS sandbox refused something the call tried (the path or host it touched); the
    /// call is then reported as denied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub denial: Option<String>,
    /// What the call changed in the session besides its result (the to-do list, a plan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Box<super::ToolEffect>>,
    /// Images and PDFs the model is shown with the result (`read_file` on such a file), by
    /// reference.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub media: Vec<crate::model::MediaRef>,
    /// The file changes the call made (`edit_file`, `write_file`, the text files a command
    /// changed), for the one-line summaries and chat's `/diff`; not part of what the model sees.
    #[serde(skip)]
    pub changes: Vec<FileChange>,
    /// What the call's own model calls used (a sub-agent's), counted in the turn that made it.
    #[serde(skip)]
    pub spent: Option<Box<super::Spent>>,
}

/// Longest summary kept, in characters.
const SUMMARY_CHARS: usize = 120;

impl ToolOutput {
    /// A successful result with an explicit summary.
    pub fn ok(content: impl Into<String>, summary: impl Into<String>) -> ToolOutput {
        ToolOutput {
            content: content.into(),
            is_error: false,
            summary: terse(&summary.into()),
            denial: None,
            effect: None,
            media: Vec::new(),
            changes: Vec::new(),
            spent: None,
        }
    }

    /// The same result, reporting `effect`.
    pub fn with_effect(self, effect: super::ToolEffect) -> ToolOutput {
        ToolOutput {
            effect: Some(Box::new(effect)),
            ..self
        }
    }

    /// This output, reporting that the call made `change`.
    pub fn with_change(mut self, change: FileChange) -> ToolOutput {
        self.changes.push(change);
        self
    }

    /// This output, reporting what the call's own model calls used.
    pub fn with_spent(self, spent: super::Spent) -> ToolOutput {
        ToolOutput {
            spent: Some(Box::new(spent)),
            ..self
        }
    }

    /// A failed call; the summary is the first line of the message.
    pub fn error(message: impl Into<String>) -> ToolOutput {
        let content = message.into();
        let summary = terse(&content);
        ToolOutput {
            content,
            is_error: true,
            summary,
            denial: None,
            effect: None,
            media: Vec::new(),
            changes: Vec::new(),
            spent: None,
        }
    }
}

/// The first line of `text`, cut to [`SUMMARY_CHARS`] characters.
pub(crate) fn terse(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    if line.chars().count() <= SUMMARY_CHARS {
        return line.to_owned();
    }
    let mut cut: String = line.chars().take(SUMMARY_CHARS - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_is_one_terse_line() {
        let out = ToolOutput::error(format!("{}\nsecond", "x".repeat(300)));
        assert!(out.is_error);
        assert_eq!(out.summary.chars().count(), SUMMARY_CHARS);
        assert!(!out.summary.contains('\n'));
    }
}
