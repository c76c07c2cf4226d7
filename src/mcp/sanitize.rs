//! Cleaning what an MCP server sends before the model or a person sees it: zero-width and bidi
//! control characters are removed from every string (they can hide instructions from a reviewer),
//! descriptions are capped at [`MAX_DESCRIPTION_CHARS`], and tool names become
//! `mcp__<server>__<tool>` using only characters every provider accepts.

use serde_json::Value;

/// Longest tool description kept, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 2_048;
/// Longest tool name providers accept (OpenAI's limit).
pub const MAX_TOOL_NAME_CHARS: usize = 64;

/// True for characters that are invisible or reorder text: zero-width spaces and joiners, the BOM,
/// the word joiner and invisible operators, and the bidi embeddings, overrides and isolates.
pub fn is_hidden_control(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}'   // zero-width space/non-joiner/joiner, LRM, RLM
        | '\u{202A}'..='\u{202E}' // bidi embeddings and overrides
        | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
        | '\u{2066}'..='\u{2069}' // bidi isolates
        | '\u{061C}'              // Arabic letter mark
        | '\u{FEFF}'              // BOM / zero-width no-break space
        | '\u{180E}'              // Mongolian vowel separator
    )
}

/// `text` without hidden control characters.
pub fn clean(text: &str) -> String {
    text.chars().filter(|c| !is_hidden_control(*c)).collect()
}

/// Every string in `value` (keys included) cleaned.
pub fn clean_value(value: Value) -> Value {
    match value {
        Value::String(s) => Value::String(clean(&s)),
        Value::Array(items) => Value::Array(items.into_iter().map(clean_value).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (clean(&k), clean_value(v)))
                .collect(),
        ),
        other => other,
    }
}

/// A description cleaned and cut to [`MAX_DESCRIPTION_CHARS`] characters (with `…` when cut).
pub fn description(text: &str) -> String {
    let text = clean(text);
    if text.chars().count() <= MAX_DESCRIPTION_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_DESCRIPTION_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// `mcp__<server>__<tool>`, with every character outside `[A-Za-z0-9_-]` replaced by `_`, cut to
/// [`MAX_TOOL_NAME_CHARS`].
pub fn tool_name(server: &str, tool: &str) -> String {
    let part = |s: &str| -> String {
        clean(s)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let name = format!("mcp__{}__{}", part(server), part(tool));
    name.chars().take(MAX_TOOL_NAME_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_prefixed_and_safe() {
        assert_eq!(tool_name("every thing", "echo"), "mcp__every_thing__echo");
        assert_eq!(
            tool_name("fs", "read.file/\u{200B}x"),
            "mcp__fs__read_file_x"
        );
        assert_eq!(tool_name("s", &"x".repeat(100)).chars().count(), 64);
    }

    #[test]
    fn hidden_characters_are_stripped_everywhere() {
        assert_eq!(clean("a\u{200B}b\u{202E}c\u{2066}d\u{FEFF}"), "abcd");
        let v = clean_value(serde_json::json!({"k\u{200D}": ["x\u{202A}y"]}));
        assert_eq!(v, serde_json::json!({"k": ["xy"]}));
    }

    #[test]
    fn descriptions_are_capped() {
        let long = "d".repeat(5000);
        let cut = description(&long);
        assert_eq!(cut.chars().count(), MAX_DESCRIPTION_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(description("short"), "short");
    }
}
