//! [`text_tool_calls`]: tool calls that a model writes as text (Hermes/Qwen style,
//! `<tool_call>{"name": …, "arguments": {…}}</tool_call>`), for providers and models marked
//! `toolCallFormat: text` in config. Each well-formed tag becomes a real
//! [`ContentBlock::ToolCall`] and is cut from the text; a tag whose JSON cannot be read (even
//! after [`super::repair_arguments`]) stays in the text as written.
//!
//! While such a reply streams, [`TagFilter`] holds back what may be a tag, so the text shown as it
//! arrives never contains the tags or their JSON: text from a `<` that may open `<tool_call>` (a
//! chunk may end in `<tool_`) waits until the next chunk tells; a tag is dropped from the stream
//! up to its `</tool_call>` (an unreadable one is still kept in the finished reply's text).

use super::message::{ContentBlock, Message};

const OPEN: &str = "<tool_call>";
const CLOSE: &str = "</tool_call>";

/// Turns the `<tool_call>` tags in `message`'s text into tool calls placed after the text; returns
/// how many were found.
pub fn text_tool_calls(message: &mut Message) -> usize {
    let mut calls = Vec::new();
    for block in &mut message.content {
        if let ContentBlock::Text { text } = block
            && text.contains(OPEN)
        {
            *text = extract(text, &mut calls);
        }
    }
    message
        .content
        .retain(|b| !matches!(b, ContentBlock::Text { text } if text.trim().is_empty()));
    let found = calls.len();
    message.content.extend(calls);
    found
}

/// `text` without its readable tags, whose calls are pushed to `calls`.
fn extract(text: &str, calls: &mut Vec<ContentBlock>) -> String {
    let mut kept = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let body_at = start + OPEN.len();
        let (body, after) = match rest[body_at..].find(CLOSE) {
            Some(end) => (&rest[body_at..body_at + end], body_at + end + CLOSE.len()),
            // A last tag left open (the reply ended inside it).
            None => (&rest[body_at..], rest.len()),
        };
        match parse(body, calls.len()) {
            Some(call) => {
                kept.push_str(&rest[..start]);
                calls.push(call);
            }
            None => kept.push_str(&rest[..after]),
        }
        rest = &rest[after..];
    }
    kept.push_str(rest);
    kept.trim().to_owned()
}

/// Streamed text with the `<tool_call>…</tool_call>` tags held back and dropped.
#[derive(Debug, Default)]
pub struct TagFilter {
    /// Text not passed on yet: a possible start of a tag, or a tag's body.
    held: String,
    /// `held` is inside a tag.
    inside: bool,
}

impl TagFilter {
    /// What of `chunk` (after what was held before it) can be shown now.
    pub fn push(&mut self, chunk: &str) -> String {
        self.held.push_str(chunk);
        let mut out = String::new();
        loop {
            if self.inside {
                let Some(end) = self.held.find(CLOSE) else {
                    return out;
                };
                self.held.drain(..end + CLOSE.len());
                self.inside = false;
                continue;
            }
            let Some(at) = self.held.find('<') else {
                out.push_str(&self.held);
                self.held.clear();
                return out;
            };
            out.push_str(&self.held[..at]);
            self.held.drain(..at);
            if self.held.starts_with(OPEN) {
                self.held.drain(..OPEN.len());
                self.inside = true;
            } else if OPEN.starts_with(self.held.as_str()) {
                // `<tool_` at the end of the chunk: the next one tells.
                return out;
            } else {
                out.push('<');
                self.held.drain(..1);
            }
        }
    }

    /// What is left when the stream ends: a start of a tag that never came is text after all; a
    /// tag left open is dropped.
    pub fn finish(&mut self) -> String {
        let held = std::mem::take(&mut self.held);
        if std::mem::take(&mut self.inside) {
            String::new()
        } else {
            held
        }
    }
}

fn parse(body: &str, index: usize) -> Option<ContentBlock> {
    let body = super::strip_fences(body.trim());
    let value: serde_json::Value = serde_json::from_str(body)
        .ok()
        .or_else(|| super::repair_arguments(body, true))?;
    let name = value.get("name")?.as_str()?.to_owned();
    let arguments = match value.get("arguments").or_else(|| value.get("parameters")) {
        Some(serde_json::Value::String(s)) => serde_json::from_str(s).ok()?,
        Some(v) => v.clone(),
        None => serde_json::json!({}),
    };
    arguments.is_object().then(|| ContentBlock::ToolCall {
        id: format!("text_call_{index}"),
        name,
        arguments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(m: &Message) -> Vec<(String, serde_json::Value)> {
        m.tool_calls()
            .map(|c| (c.name.to_owned(), c.arguments.clone()))
            .collect()
    }

    #[test]
    fn tags_become_calls_and_leave_the_text() {
        let mut m = Message::assistant(
            "Reading it.\n<tool_call>\n{\"name\": \"read_file\", \"arguments\": {\"file_path\": \"a.txt\"}}\n</tool_call>",
        );
        assert_eq!(text_tool_calls(&mut m), 1);
        assert_eq!(m.text(), "Reading it.");
        assert_eq!(
            calls(&m),
            [(
                "read_file".to_owned(),
                serde_json::json!({"file_path": "a.txt"})
            )]
        );
    }

    /// `text` streamed in `size`-byte chunks through a filter.
    fn streamed(text: &str, size: usize) -> String {
        let mut filter = TagFilter::default();
        let mut out = String::new();
        let bytes: Vec<char> = text.chars().collect();
        for chunk in bytes.chunks(size) {
            out.push_str(&filter.push(&chunk.iter().collect::<String>()));
        }
        out.push_str(&filter.finish());
        out
    }

    #[test]
    fn streamed_tags_never_show_whatever_the_chunks() {
        let text = "Let me look.\n<tool_call>\n{\"name\": \"ls\", \"arguments\": {}}\n</tool_call>\nThen a < b and <b>bold</b> <tool_ and <tool_call";
        // (The last one never opened: its text is shown when the stream ends.)
        for size in 1..=text.len() {
            let out = streamed(text, size);
            assert_eq!(
                out, "Let me look.\n\nThen a < b and <b>bold</b> <tool_ and <tool_call",
                "chunks of {size}"
            );
        }
        // Text that only looks like the start of a tag is passed on as soon as it cannot be one.
        let mut filter = TagFilter::default();
        assert_eq!(filter.push("x <tool_"), "x ");
        assert_eq!(filter.push("box>"), "<tool_box>");
        assert_eq!(filter.push("<"), "");
        assert_eq!(filter.finish(), "<");
    }

    #[test]
    fn unreadable_tags_stay_and_string_arguments_are_read() {
        let mut m = Message::assistant(
            "<tool_call>not json</tool_call><tool_call>{\"name\":\"ls\",\"arguments\":\"{\\\"path\\\":\\\".\\\"}\"}",
        );
        assert_eq!(text_tool_calls(&mut m), 1);
        assert_eq!(m.text(), "<tool_call>not json</tool_call>");
        assert_eq!(calls(&m)[0].1, serde_json::json!({"path": "."}));
    }
}
