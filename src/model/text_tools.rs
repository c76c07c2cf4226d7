//! [`text_tool_calls`]: tool calls that a model writes as text (Hermes/Qwen style,
//! `<tool_call>{"name": …, "arguments": {…}}</tool_call>`), for providers and models marked
//! `toolCallFormat: text` in config. Each well-formed tag becomes a real
//! [`ContentBlock::ToolCall`] and is cut from the text; a tag whose JSON cannot be read (even
//! after [`super::repair_arguments`]) stays in the text as written.

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
