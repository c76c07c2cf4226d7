//! The answer on stdout as it streams: raw (made inert) or rendered block by block, with the line
//! ended before anything else is printed.

use super::super::markdown::{self, Mode};
use crate::output::Output;
use crate::terminal::inert;

/// The answer on stdout: streamed raw (inert), or rendered block by block.
pub(super) struct Answer {
    out: Output,
    stream: Option<markdown::Stream>,
    ends_with_newline: bool,
    pub(super) write_error: Option<std::io::Error>,
}

impl Answer {
    pub(super) fn new(out: Output, mode: Mode) -> Answer {
        Answer {
            out,
            stream: (mode == Mode::Rendered).then(markdown::Stream::default),
            ends_with_newline: true,
            write_error: None,
        }
    }

    fn write(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if let Err(e) = self.out.raw(text) {
            self.write_error.get_or_insert(e);
        }
        self.ends_with_newline = text.ends_with('\n');
    }

    pub(super) fn push(&mut self, text: &str) {
        match &mut self.stream {
            Some(stream) => {
                let rendered = stream.push(text);
                self.write(&rendered);
            }
            None => self.write(&inert(text)),
        }
    }

    /// Ends the text so far (a tool call or the end of the reply follows): the last block is
    /// rendered, and the line ended.
    pub(super) fn end_block(&mut self) {
        if let Some(stream) = &mut self.stream {
            let rendered = stream.finish();
            self.write(&rendered);
        }
        if !self.ends_with_newline {
            self.write("\n");
        }
    }
}
