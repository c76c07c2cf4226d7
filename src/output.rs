//! The only writer of stdout, and the formatter of everything people read on stderr. (One exception:
//! `pilotdeck mcp serve`, whose stdout is the JSON-RPC stream written by rmcp's stdio transport; see
//! `serve`.)
//!
//! Contract: stdout carries results only — the answer, a table, or JSON (one document, or one object
//! per line for streams). Warnings, progress and logs go to stderr. Colour is used on stderr only when
//! it is a terminal, `--color` allows it and `NO_COLOR` is unset. A closed stdout (`| head`) surfaces as
//! an `io::ErrorKind::BrokenPipe` error, which `main` turns into a quiet exit 0.
//!
//! Text shown is inert (see `terminal`): `warn` and `error` make their whole text inert; `line`,
//! `raw`, `note` and `prompt` let through only complete colour sequences (pilotdeck's own, from
//! [`Output::paint`], which makes its text inert first) and show every other control character.
//! The chat's status lines use pilotdeck's own cursor movements (`note_below`, `live`,
//! `clear_line`); the text they carry goes through the same gate.
//! Callers pass text from outside pilotdeck (the model, tools, MCP servers, files, transcripts)
//! through [`crate::terminal::inert`] before writing it, so its colour codes are shown too. JSON
//! escapes control characters itself; the JSON methods also pass their text through the gate,
//! which turns the DEL, C1 and bidi characters JSON leaves raw into `\uXXXX` (the same value).

use std::io::{self, IsTerminal, Write};

use serde::Serialize;

use crate::env;

/// When to use colour (`--color`); `Auto` means when stderr is a terminal and `NO_COLOR` is unset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
use crate::terminal::{inert, sgr_only};

/// Output settings for one process.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    pub json: bool,
    color: bool,
    /// `-q`: only errors on stderr (no notes, progress or warnings).
    quiet: bool,
}

impl Output {
    pub fn new(json: bool, color: ColorChoice, quiet: bool) -> Output {
        let color = match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => env::var_os("NO_COLOR").is_none() && io::stderr().is_terminal(),
        };
        Output { json, color, quiet }
    }

    /// True when stderr may carry colour.
    pub fn color(&self) -> bool {
        self.color
    }

    /// True when stdout is a terminal (answers may be rendered for it).
    pub fn stdout_is_terminal(&self) -> bool {
        stdout().is_terminal()
    }

    /// Writes `text` and a newline to stdout.
    pub fn line(&self, text: &str) -> io::Result<()> {
        let mut out = stdout();
        out.write_all(sgr_only(text).as_bytes())?;
        out.write_all(b"\n")?;
        out.flush()
    }

    /// Writes `text` to stdout without a newline (streamed answers).
    pub fn raw(&self, text: &str) -> io::Result<()> {
        let mut out = stdout();
        out.write_all(sgr_only(text).as_bytes())?;
        out.flush()
    }

    /// Writes one pretty JSON document to stdout.
    pub fn json<T: Serialize + ?Sized>(&self, value: &T) -> io::Result<()> {
        let text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
        self.line(&text)
    }

    /// Writes one compact JSON object and a newline to stdout (a JSONL stream record).
    pub fn json_line<T: Serialize + ?Sized>(&self, value: &T) -> io::Result<()> {
        let text = serde_json::to_string(value).map_err(io::Error::other)?;
        self.line(&text)
    }

    /// `warning: …` on stderr.
    pub fn warn(&self, text: &str) {
        if self.quiet {
            return;
        }
        self.labelled("warning", "33", text);
    }

    /// `error: …` on stderr.
    pub fn error(&self, text: &str) {
        self.labelled("error", "31", text);
    }

    /// A plain line on stderr (progress, hints, ids).
    pub fn note(&self, text: &str) {
        if self.quiet {
            return;
        }
        let _ = writeln!(io::stderr().lock(), "{}", sgr_only(text));
    }

    /// `text` on the line under the cursor's (the chat status under its prompt), the cursor back at
    /// the start of its own line: `\n`, the text, then pilotdeck's own cursor-up. For a terminal
    /// stderr only; `text` must fit on one row.
    pub fn note_below(&self, text: &str) {
        if self.quiet {
            return;
        }
        let mut err = io::stderr().lock();
        let _ = write!(err, "\n\x1b[2K{}\x1b[1A\r", sgr_only(text));
        let _ = err.flush();
    }

    /// `text` over the line the cursor is on, the cursor left after it (a live status line; clear
    /// it with [`Output::clear_line`] before writing anything else). For a terminal stderr only.
    pub fn live(&self, text: &str) {
        if self.quiet {
            return;
        }
        let mut err = io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{}", sgr_only(text));
        let _ = err.flush();
    }

    /// Clears the line the cursor is on (a [`Output::note_below`] line, once input moved onto it).
    pub fn clear_line(&self) {
        if self.quiet {
            return;
        }
        let mut err = io::stderr().lock();
        let _ = err.write_all(b"\r\x1b[2K");
        let _ = err.flush();
    }

    /// `text` on stderr without a newline (the chat prompt).
    pub fn prompt(&self, text: &str) {
        let mut err = io::stderr().lock();
        let _ = err.write_all(sgr_only(text).as_bytes());
        let _ = err.flush();
    }

    /// `text` in `code` colour when colour is on; `text` is made [`inert`] first, so it may come
    /// from anywhere.
    pub fn paint(&self, code: &str, text: &str) -> String {
        let text = inert(text);
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.into_owned()
        }
    }

    /// `text` is made [`inert`] whole: messages carry no colour of their own, and errors often
    /// quote what a model, a tool or a server said.
    fn labelled(&self, label: &str, code: &str, text: &str) {
        let label = self.paint(&format!("1;{code}"), label);
        let _ = writeln!(io::stderr().lock(), "{label}: {}", inert(text));
    }
}

fn stdout() -> io::StdoutLock<'static> {
    #[expect(
        clippy::disallowed_methods,
        reason = "output.rs is the one writer of stdout"
    )]
    io::stdout().lock()
}
