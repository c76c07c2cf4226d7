//! Model replies that were asked for JSON but wrap it in a Markdown code fence.

/// The body of a reply fenced in ```` ```json ```` (or any ```` ``` ````), or the trimmed text itself.
pub fn strip_fences(text: &str) -> &str {
    let t = text.trim();
    let Some(rest) = t.strip_prefix("```") else {
        return t;
    };
    let rest = rest.split_once('\n').map_or("", |(_, body)| body);
    rest.trim_end().strip_suffix("```").unwrap_or(rest).trim()
}

#[cfg(test)]
mod tests {
    use super::strip_fences;

    #[test]
    fn fenced_json_is_unwrapped_and_plain_text_is_trimmed() {
        assert_eq!(strip_fences("```json\n{\"a\": 1}\n```\n"), "{\"a\": 1}");
        assert_eq!(strip_fences("```\n[]\n```"), "[]");
        assert_eq!(strip_fences("  {\"a\": 1} "), "{\"a\": 1}");
        assert_eq!(strip_fences("```"), "");
    }
}
