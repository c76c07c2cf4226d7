//! Chat's input on a terminal: a line editor (rustyline) with arrow-key editing, history recall
//! across chat processes, and multi-line input.
//!
//! - History: every input is appended to `<home>/chat_history.jsonl` (one JSON object per line,
//!   shared by concurrent chats through O_APPEND) and the newest [`HISTORY_ENTRIES`] are loaded into
//!   the editor when chat starts, so Up recalls inputs of earlier chats.
//! - Multi-line: a line ending in `\` continues on the next line (the `\` is dropped); Alt-Enter
//!   inserts a newline.
//! - Ctrl-C clears the line being edited; Ctrl-D on an empty line ends the chat.
//! - The editor talks to the terminal (`/dev/tty`), never to stdout, so `chat > answers.txt` keeps
//!   stdout for the answers.

use std::path::PathBuf;

use anyhow::Context as _;
use rustyline::completion::Completer;
use rustyline::config::{Behavior, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::{DefaultHistory, History as _};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, Editor, Helper, KeyCode, KeyEvent, Modifiers};
use serde::Deserialize;

/// History entries loaded into the editor.
const HISTORY_ENTRIES: usize = 1_000;

/// What the person did at the prompt.
pub(super) enum Input {
    /// A complete input (continuation lines joined with `\n`).
    Line(String),
    /// Ctrl-C: the line was dropped.
    Cleared,
    /// Ctrl-D on an empty line.
    End,
}

/// The `\`-continuation rule as a rustyline validator.
struct InputRules;

impl Completer for InputRules {
    type Candidate = String;
}

impl Hinter for InputRules {
    type Hint = String;
}

impl Highlighter for InputRules {}

impl Validator for InputRules {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(if ctx.input().ends_with('\\') {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for InputRules {}

/// One history entry in `chat_history.jsonl`.
#[derive(Deserialize)]
struct Entry {
    input: String,
}

/// The terminal line editor and its history file.
pub(super) struct LineEditor {
    /// Moved to the blocking reader thread while a line is read.
    editor: Option<Editor<InputRules, DefaultHistory>>,
    history_file: PathBuf,
}

impl LineEditor {
    /// An editor on the terminal with the newest entries of `history_file` to recall.
    pub(super) fn open(history_file: PathBuf) -> anyhow::Result<LineEditor> {
        let config = Config::builder()
            .behavior(Behavior::PreferTerm)
            .auto_add_history(false)
            .history_ignore_dups(true)
            .context("cannot configure the line editor")?
            .max_history_size(HISTORY_ENTRIES)
            .context("cannot configure the line editor")?
            .build();
        let mut editor: Editor<InputRules, DefaultHistory> =
            Editor::with_config(config).context("cannot open the terminal for line editing")?;
        editor.set_helper(Some(InputRules));
        editor.bind_sequence(KeyEvent(KeyCode::Enter, Modifiers::ALT), Cmd::Newline);
        for input in load_history(&history_file) {
            let _ = editor.history_mut().add(&input);
        }
        Ok(LineEditor {
            editor: Some(editor),
            history_file,
        })
    }

    /// Reads one input at `prompt` (`styled` is the same text with colour codes).
    pub(super) async fn read(&mut self, prompt: &str, styled: String) -> anyhow::Result<Input> {
        let mut editor = self
            .editor
            .take()
            .context("the line editor was lost after an earlier failure")?;
        let prompt = (prompt.to_owned(), styled);
        let (editor, read) = tokio::task::spawn_blocking(move || {
            let read = editor.readline(&prompt);
            (editor, read)
        })
        .await
        .context("the input reader stopped")?;
        self.editor = Some(editor);
        match read {
            Ok(line) => Ok(Input::Line(join_continuations(&line))),
            Err(ReadlineError::Interrupted) => Ok(Input::Cleared),
            Err(ReadlineError::Eof) => Ok(Input::End),
            Err(e) => Err(e).context("cannot read from the terminal"),
        }
    }

    /// Adds an input to the history (this editor's and the file); failures only cost the history.
    pub(super) fn remember(&mut self, text: &str) {
        if let Some(editor) = &mut self.editor {
            let _ = editor.add_history_entry(text);
        }
        remember(&self.history_file, text);
    }
}

/// Drops the `\` of each continued line: `a \` + `b` → `a \nb`.
fn join_continuations(line: &str) -> String {
    line.replace("\\\n", "\n")
}

/// The newest [`HISTORY_ENTRIES`] inputs of the history file, oldest first. A missing or damaged
/// file gives what can be read.
fn load_history(path: &std::path::Path) -> Vec<String> {
    let entries: Vec<Entry> = match crate::store::read_lines(path) {
        Ok(lines) => lines.records,
        Err(e) => {
            tracing::debug!(error = %e, "cannot read the chat history");
            return Vec::new();
        }
    };
    let skip = entries.len().saturating_sub(HISTORY_ENTRIES);
    entries.into_iter().skip(skip).map(|e| e.input).collect()
}

/// Appends an input to the chat history file; failures only cost the history.
fn remember(path: &std::path::Path, text: &str) {
    let entry = serde_json::json!({ "at": chrono::Utc::now(), "input": text });
    if let Err(e) = crate::store::append_line(path, &entry) {
        tracing::debug!(error = %e, "cannot save the chat history");
    }
}

#[cfg(test)]
mod tests {
    use super::{join_continuations, load_history};

    #[test]
    fn continued_lines_lose_their_backslash() {
        assert_eq!(join_continuations("a \\\nb\\\nc"), "a \nb\nc");
        assert_eq!(
            join_continuations("no \\ continuation"),
            "no \\ continuation"
        );
    }

    #[test]
    fn history_keeps_the_newest_entries_in_order_and_skips_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("chat_history.jsonl");
        let mut text = String::new();
        for i in 0..1_005 {
            text.push_str(&format!("{{\"at\":\"x\",\"input\":\"line {i}\"}}\n"));
        }
        text.push_str("{torn\n");
        crate::store::write_atomic(&path, text.as_bytes()).unwrap();
        let loaded = load_history(&path);
        assert_eq!(loaded.len(), 1_000);
        assert_eq!(loaded[0], "line 5");
        assert_eq!(loaded[999], "line 1004");
        assert!(load_history(&dir.path().join("missing")).is_empty());
    }
}
