//! [`repair_arguments`]: tool-call arguments a model wrote as almost-JSON, fixed when the fix is
//! unambiguous: a Markdown code fence around them, trailing commas before `}` or `]`, and strings
//! and brackets left open at the very end. Anything else (single quotes, comments, a dangling key)
//! is not guessed at: the caller reports the text back to the model as invalid.

use serde_json::Value;

/// The arguments as a JSON object, repaired; `None` when `text` cannot be repaired unambiguously.
/// `close_open` allows closing strings and brackets left open at the end: only when the reply is
/// known to have ended normally (never at the output token limit, where the text is cut rather
/// than forgotten).
pub fn repair_arguments(text: &str, close_open: bool) -> Option<Value> {
    let text = super::strip_fences(text);
    let mut out = String::with_capacity(text.len() + 4);
    let mut open: Vec<char> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => open.push('}'),
            '[' => open.push(']'),
            '}' | ']' if open.pop() != Some(c) => return None,
            ',' => {
                // A comma whose next non-space character closes a bracket is dropped.
                let rest: String = chars.clone().collect();
                if matches!(rest.trim_start().chars().next(), Some('}' | ']')) {
                    continue;
                }
            }
            _ => {}
        }
        out.push(c);
    }
    if escaped || (!close_open && (in_string || !open.is_empty())) {
        return None;
    }
    if in_string {
        out.push('"');
    }
    // What is left open must end cleanly: a dangling `,` or `:` would need a guess.
    if !open.is_empty() && matches!(out.trim_end().chars().last(), Some(',' | ':')) {
        return None;
    }
    while let Some(close) = open.pop() {
        out.push(close);
    }
    match serde_json::from_str::<Value>(&out) {
        Ok(value @ Value::Object(_)) => Some(value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unambiguous_slips_are_repaired() {
        let fixed = |t| repair_arguments(t, true);
        assert_eq!(fixed(r#"{"a": 1,}"#), Some(json!({"a": 1})));
        assert_eq!(fixed(r#"{"a": [1, 2,], }"#), Some(json!({"a": [1, 2]})));
        assert_eq!(
            fixed("```json\n{\"path\": \"a.txt\"}\n```"),
            Some(json!({"path": "a.txt"}))
        );
        assert_eq!(fixed(r#"{"a": {"b": [1"#), Some(json!({"a": {"b": [1]}})));
        assert_eq!(fixed(r#"{"a": "open"#), Some(json!({"a": "open"})));
        // A comma inside a string is text, not a trailing comma.
        assert_eq!(fixed(r#"{"a": ",}"}"#), Some(json!({"a": ",}"})));
    }

    #[test]
    fn guesses_are_not_made() {
        for text in [
            r#"{'a': 1}"#,
            r#"{"a": 1,"#,
            r#"{"a":"#,
            r#"{"a" 1}"#,
            r#"{"a": 1}}"#,
            r#"[1, 2]"#,
            "not json",
            r#"{"a": "x\"#,
        ] {
            assert_eq!(repair_arguments(text, true), None, "{text}");
        }
        // Before the reply's end is known, nothing left open is closed.
        assert_eq!(repair_arguments(r#"{"a": [1"#, false), None);
        assert_eq!(
            repair_arguments(r#"{"a": 1,}"#, false),
            Some(json!({"a": 1}))
        );
    }
}
