//! Splits `<think>…</think>` out of streamed text, for OpenAI-compatible servers (vLLM, llama.cpp,
//! some Ollama models) that put a reasoning model's thoughts inside `content` instead of
//! `reasoning_content`.
//!
//! Only a `<think>` that opens the reply (after optional whitespace) counts, and only once, so a
//! literal tag later in ordinary text (code, docs) is left alone. Tags may be split across chunks
//! anywhere; a possible partial tag is held back until the next chunk decides it.

use crate::model::event::ModelEvent;

const OPEN: &str = "<think>";
const CLOSE: &str = "</think>";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing but whitespace seen yet; a `<think>` may still open the reply.
    Start,
    Inside,
    /// Plain text from here on.
    Text,
    /// Just after `</think>`: leading newlines are dropped.
    AfterClose,
}

/// The `<think>` splitter; see the module doc.
#[derive(Debug)]
pub(crate) struct ThinkSplitter {
    state: State,
    pending: String,
}

impl Default for ThinkSplitter {
    fn default() -> ThinkSplitter {
        ThinkSplitter {
            state: State::Start,
            pending: String::new(),
        }
    }
}

impl ThinkSplitter {
    /// Feeds a content delta; emits text and thinking deltas.
    pub(crate) fn push(&mut self, text: &str, out: &mut Vec<ModelEvent>) {
        if self.state == State::Text {
            emit_text(text, out);
            return;
        }
        self.pending.push_str(text);
        loop {
            match self.state {
                State::Text => {
                    emit_text(&std::mem::take(&mut self.pending), out);
                    return;
                }
                State::Start => {
                    let trimmed = self.pending.trim_start();
                    if let Some(rest) = trimmed.strip_prefix(OPEN) {
                        self.pending = rest.to_owned();
                        self.state = State::Inside;
                    } else if OPEN.starts_with(trimmed) {
                        return;
                    } else {
                        self.state = State::Text;
                    }
                }
                State::Inside => {
                    if let Some(at) = self.pending.find(CLOSE) {
                        emit_thinking(&self.pending[..at], out);
                        self.pending = self.pending[at + CLOSE.len()..].to_owned();
                        self.state = State::AfterClose;
                    } else {
                        let keep = partial_suffix(&self.pending, CLOSE);
                        let cut = self.pending.len() - keep;
                        emit_thinking(&self.pending[..cut], out);
                        self.pending.drain(..cut);
                        return;
                    }
                }
                State::AfterClose => {
                    let rest = self.pending.trim_start_matches(['\n', '\r']);
                    if rest.is_empty() {
                        self.pending.clear();
                        return;
                    }
                    self.pending = rest.to_owned();
                    self.state = State::Text;
                }
            }
        }
    }

    /// Ends the reply: whatever is held back is emitted as what it would have been.
    pub(crate) fn flush(&mut self, out: &mut Vec<ModelEvent>) {
        let rest = std::mem::take(&mut self.pending);
        match self.state {
            State::Inside => emit_thinking(&rest, out),
            State::Start | State::Text | State::AfterClose => emit_text(&rest, out),
        }
    }
}

/// Length of the longest suffix of `text` that is a proper prefix of `tag`.
fn partial_suffix(text: &str, tag: &str) -> usize {
    (1..tag.len())
        .rev()
        .find(|&n| {
            text.len() >= n
                && text.is_char_boundary(text.len() - n)
                && tag.starts_with(&text[text.len() - n..])
        })
        .unwrap_or(0)
}

fn emit_text(text: &str, out: &mut Vec<ModelEvent>) {
    if !text.is_empty() {
        out.push(ModelEvent::TextDelta {
            text: text.to_owned(),
        });
    }
}

fn emit_thinking(text: &str, out: &mut Vec<ModelEvent>) {
    if !text.is_empty() {
        out.push(ModelEvent::ThinkingDelta {
            text: text.to_owned(),
            signature: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(input: &str, piece: usize) -> (String, String) {
        let mut splitter = ThinkSplitter::default();
        let mut out = Vec::new();
        let chars: Vec<char> = input.chars().collect();
        for chunk in chars.chunks(piece) {
            splitter.push(&chunk.iter().collect::<String>(), &mut out);
        }
        splitter.flush(&mut out);
        let mut text = String::new();
        let mut thinking = String::new();
        for event in out {
            match event {
                ModelEvent::TextDelta { text: t } => text.push_str(&t),
                ModelEvent::ThinkingDelta { text: t, .. } => thinking.push_str(&t),
                other => panic!("unexpected {other:?}"),
            }
        }
        (text, thinking)
    }

    #[test]
    fn splits_thinking_at_any_chunk_size() {
        let input = "\n<think>Let me see: 2 < 3 and </thin is not a tag.</think>\n\nThe answer is 4 <think>not this</think>.";
        for piece in 1..input.len() {
            let (text, thinking) = split(input, piece);
            assert_eq!(
                thinking, "Let me see: 2 < 3 and </thin is not a tag.",
                "piece {piece}"
            );
            assert_eq!(
                text, "The answer is 4 <think>not this</think>.",
                "piece {piece}"
            );
        }
    }

    #[test]
    fn plain_text_and_unfinished_thinking() {
        assert_eq!(
            split("<b>bold</b>", 2),
            ("<b>bold</b>".into(), String::new())
        );
        assert_eq!(split("<thi", 1), ("<thi".into(), String::new()));
        assert_eq!(
            split("<think>still going", 3),
            (String::new(), "still going".into())
        );
        assert_eq!(
            split("héllo wörld", 1),
            ("héllo wörld".into(), String::new())
        );
    }
}
