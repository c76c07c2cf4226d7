//! Answers rendered for a terminal: headings, emphasis, lists, block quotes, tables, links and
//! fenced code with syntax highlighting ([`highlight`]), parsed by `pulldown-cmark`. The answer
//! streams in fragments; [`Stream`] cuts it into blocks (at a blank line outside a fence, or at a
//! fence's closing line) and renders each block as soon as it is complete.
//!
//! Every piece of the model's text is made inert ([`crate::terminal::inert`]) before the
//! renderer adds its own SGR colours, so an answer can colour nothing and move nothing itself.
//!
//! [`Mode`] says whether to render: chat renders on a terminal unless `NO_COLOR` or `--raw`;
//! `run` prints the raw answer unless `--render`.

mod block;
mod highlight;

use crate::output::Output;

pub(crate) use block::render;

/// How an answer is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The answer's markdown as it streams (made inert).
    Raw,
    /// Rendered block by block.
    Rendered,
}

impl Mode {
    /// Rendered when asked (`wanted`), stdout is a terminal and `NO_COLOR` is unset.
    pub(crate) fn choose(wanted: bool, out: Output) -> Mode {
        if wanted && out.stdout_is_terminal() && crate::env::var_os("NO_COLOR").is_none() {
            Mode::Rendered
        } else {
            Mode::Raw
        }
    }
}

/// Cuts a streamed answer into complete markdown blocks.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    /// Complete lines of the block being collected.
    block: String,
    /// The incomplete last line.
    partial: String,
    /// The opening fence (its character and length) while inside a fenced code block.
    fence: Option<(char, usize)>,
}

impl Stream {
    /// Adds a fragment; returns the blocks it completed, rendered.
    pub(crate) fn push(&mut self, text: &str) -> String {
        self.partial.push_str(text);
        let mut out = String::new();
        while let Some(end) = self.partial.find('\n') {
            let line: String = self.partial.drain(..=end).collect();
            if let Some(done) = self.line(&line) {
                out.push_str(&render(&done));
            }
        }
        out
    }

    /// Ends the answer: renders what is left.
    pub(crate) fn finish(&mut self) -> String {
        let rest = std::mem::take(&mut self.partial);
        self.block.push_str(&rest);
        self.fence = None;
        let block = std::mem::take(&mut self.block);
        if block.trim().is_empty() {
            String::new()
        } else {
            render(&block)
        }
    }

    /// Takes one complete line; returns the block it completed.
    fn line(&mut self, line: &str) -> Option<String> {
        let trimmed = line.trim_start();
        let fence = fence_of(trimmed);
        match (self.fence, fence) {
            (Some((c, n)), Some((c2, n2)))
                if c == c2 && n2 >= n && trimmed.trim_end().chars().all(|x| x == c) =>
            {
                self.block.push_str(line);
                self.fence = None;
                return Some(std::mem::take(&mut self.block));
            }
            (Some(_), _) => {
                self.block.push_str(line);
                return None;
            }
            (None, Some(open)) => {
                let before = std::mem::take(&mut self.block);
                self.block.push_str(line);
                self.fence = Some(open);
                return (!before.trim().is_empty()).then_some(before);
            }
            (None, None) => {}
        }
        if line.trim().is_empty() {
            let block = std::mem::take(&mut self.block);
            return (!block.trim().is_empty()).then_some(block);
        }
        self.block.push_str(line);
        None
    }
}

/// The fence a line opens or closes: three or more backticks or tildes.
fn fence_of(trimmed: &str) -> Option<(char, usize)> {
    let c = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let n = trimmed.chars().take_while(|x| *x == c).count();
    (n >= 3).then_some((c, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(fragments: &[&str]) -> Vec<String> {
        let mut stream = Stream::default();
        let mut seen = Vec::new();
        for f in fragments {
            let out = stream.push(f);
            if !out.is_empty() {
                seen.push(out);
            }
        }
        let rest = stream.finish();
        if !rest.is_empty() {
            seen.push(rest);
        }
        seen
    }

    #[test]
    fn blocks_complete_at_blank_lines_and_closing_fences() {
        let seen = blocks(&[
            "# Ti",
            "tle\n\nSome ",
            "text\n",
            "```rust\nfn main() {}\n\n",
            "let x = 1;\n```\n",
            "after",
        ]);
        assert_eq!(seen.len(), 4, "{seen:?}");
        assert!(seen[0].contains("Title"));
        assert!(seen[1].contains("Some text"));
        assert!(
            seen[2].contains("fn") && seen[2].contains("let"),
            "{seen:?}"
        );
        assert!(seen[3].contains("after"));
    }

    #[test]
    fn model_escapes_stay_inert() {
        let out = blocks(&["a \x1b[2Kb and `\x1b]52;c;x\x07`\n\n```\n\x1b[31m\n```\n"]).concat();
        assert!(
            !out.contains("\x1b[2K") && !out.contains("\x1b]"),
            "{out:?}"
        );
        assert!(out.contains("\\e[2K") && out.contains("\\e[31m"), "{out:?}");
    }
}
