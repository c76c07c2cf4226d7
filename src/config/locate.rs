//! Maps dotted key paths to their line and column in a YAML file.
//!
//! serde's errors know the path of a bad value but semantic checks (an unresolvable model ref, an
//! unknown key) happen after parsing, when positions are gone. This scanner reads the block-style YAML
//! that config files are written in and records where every key and sequence item starts. Flow-style
//! collections are located at the key that holds them, to at most [`MAX_FLOW_DEPTH`] levels.
//!
//! [`too_deep`] is the cheap check run before any YAML parser sees a file: flow collections nested
//! deeper than [`MAX_FLOW_DEPTH`] (`[[[[…` or `{a: {a: …`) are refused, since the parser's time grows
//! with the square of the nesting and deep recursion would overflow the stack.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// The deepest nesting of flow collections (`[`, `{`) a config file may have.
pub(super) const MAX_FLOW_DEPTH: usize = 64;

/// The 1-based line and column of the first `[` or `{` that opens a flow collection nested deeper
/// than [`MAX_FLOW_DEPTH`], if any. Brackets inside quoted scalars and comments do not count; one
/// pass, no recursion.
pub(super) fn too_deep(text: &str) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    for (idx, line) in text.lines().enumerate() {
        let mut quote: Option<char> = None;
        let mut escaped = false;
        let mut prev = ' ';
        // The last character that is not a space: a quote opens a scalar only after one of these.
        let mut last = None;
        for (col, c) in line.char_indices() {
            if let Some(q) = quote {
                if escaped {
                    escaped = false;
                } else if q == '"' && c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
                last = Some(c);
                prev = c;
                continue;
            }
            match c {
                '#' if prev.is_whitespace() => break,
                '"' | '\'' if matches!(last, None | Some(':' | ',' | '[' | '{' | '-' | '?')) => {
                    quote = Some(c);
                }
                '[' | '{' => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Some((idx + 1, col + 1));
                    }
                }
                ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if !c.is_whitespace() {
                last = Some(c);
            }
            prev = c;
        }
    }
    None
}

/// Positions of keys in one YAML text, 1-based.
#[derive(Debug, Default, Clone)]
pub(super) struct KeyPositions {
    positions: HashMap<String, (usize, usize)>,
    /// Keys written a second time under the same parent, at their second place.
    duplicates: Vec<(String, (usize, usize))>,
}

impl KeyPositions {
    pub(super) fn scan(text: &str) -> KeyPositions {
        let mut out = KeyPositions::default();
        // (indent, path, is_seq_item)
        let mut stack: Vec<(usize, String, bool)> = Vec::new();
        let mut seq_counts: HashMap<String, usize> = HashMap::new();
        for (idx, raw) in text.lines().enumerate() {
            let line = strip_comment(raw);
            let rest = line.trim_start();
            if rest.is_empty() || rest.starts_with("---") || rest.starts_with("...") {
                continue;
            }
            let indent = line.len() - rest.len();
            let line_no = idx + 1;
            let (indent, rest) = if let Some(item) =
                rest.strip_prefix("- ")
                    .or(if rest == "-" { Some("") } else { None })
            {
                while stack
                    .last()
                    .is_some_and(|(i, _, seq)| *i > indent || (*i == indent && *seq))
                {
                    stack.pop();
                }
                let parent = stack.last().map(|(_, p, _)| p.clone()).unwrap_or_default();
                let n = seq_counts.entry(parent.clone()).or_insert(0);
                let path = join(&parent, &n.to_string());
                *n += 1;
                out.positions.insert(path.clone(), (line_no, indent + 1));
                stack.push((indent, path, true));
                let inner = item.trim_start();
                (indent + 2 + (item.len() - inner.len()), inner)
            } else {
                (indent, rest)
            };
            let Some(key) = key_of(rest) else { continue };
            while stack
                .last()
                .is_some_and(|(i, _, seq)| *i > indent || (*i == indent && !*seq))
            {
                stack.pop();
            }
            let parent = stack.last().map(|(_, p, _)| p.clone()).unwrap_or_default();
            let path = join(&parent, &key);
            match out.positions.entry(path.clone()) {
                Entry::Occupied(_) => out.duplicates.push((path.clone(), (line_no, indent + 1))),
                Entry::Vacant(slot) => {
                    slot.insert((line_no, indent + 1));
                }
            }
            if let Some(brace) = rest.find(": {").map(|i| i + 2) {
                let base = line.len() - rest.len();
                out.scan_flow(line, base + brace, &path, line_no, 0);
            }
            stack.push((indent, path, false));
        }
        out
    }

    /// Records the keys of a one-line flow mapping `{a: 1, b: {c: 2}}` starting at byte `open`.
    /// Returns the byte after its closing brace. Keys nested deeper than [`MAX_FLOW_DEPTH`] are
    /// not recorded (they are located at their ancestor).
    fn scan_flow(
        &mut self,
        line: &str,
        open: usize,
        parent: &str,
        line_no: usize,
        depth: usize,
    ) -> usize {
        let bytes = line.as_bytes();
        if depth >= MAX_FLOW_DEPTH {
            return bytes.len();
        }
        let mut i = open + 1;
        while i < bytes.len() {
            while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b',') {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] == b'}' {
                return i + 1;
            }
            let start = i;
            while i < bytes.len() && bytes[i] != b':' && bytes[i] != b'}' {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] == b'}' {
                return i + 1;
            }
            let key = line[start..i].trim().trim_matches(['"', '\'']);
            let path = join(parent, key);
            self.positions
                .entry(path.clone())
                .or_insert((line_no, start + 1));
            i += 1;
            while i < bytes.len() && bytes[i] == b' ' {
                i += 1;
            }
            match bytes.get(i) {
                Some(b'{') => i = self.scan_flow(line, i, &path, line_no, depth + 1),
                Some(b'[') => {
                    while i < bytes.len() && bytes[i] != b']' {
                        i += 1;
                    }
                    i += 1;
                }
                _ => {
                    let mut in_quote = None;
                    while i < bytes.len() {
                        match (bytes[i], in_quote) {
                            (q @ (b'"' | b'\''), None) => in_quote = Some(q),
                            (c, Some(q)) if c == q => in_quote = None,
                            (b',' | b'}', None) => break,
                            _ => {}
                        }
                        i += 1;
                    }
                }
            }
        }
        i
    }

    /// The first key named `name` written twice under one parent, at its second place.
    pub(super) fn duplicate(&self, name: &str) -> Option<(&str, (usize, usize))> {
        self.duplicates
            .iter()
            .find(|(path, _)| path.rsplit('.').next() == Some(name))
            .map(|(path, at)| (path.as_str(), *at))
    }

    /// The position of `path`, or of its nearest located ancestor.
    pub(super) fn find(&self, path: &str) -> Option<(usize, usize)> {
        let mut p = path;
        loop {
            if let Some(pos) = self.positions.get(p) {
                return Some(*pos);
            }
            p = &p[..p.rfind('.')?];
        }
    }
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

/// The key of a `key: value` or `key:` line, unquoted.
fn key_of(rest: &str) -> Option<String> {
    let (key, quoted) = match rest.chars().next()? {
        q @ ('"' | '\'') => {
            let end = rest[1..].find(q)? + 1;
            (&rest[1..end], &rest[end + 1..])
        }
        _ => {
            let colon = rest
                .find(": ")
                .or_else(|| rest.ends_with(':').then(|| rest.len() - 1))?;
            (&rest[..colon], &rest[colon..])
        }
    };
    quoted
        .trim_start()
        .starts_with(':')
        .then(|| key.trim().to_owned())
}

/// Drops a trailing `# comment` that is not inside quotes.
fn strip_comment(line: &str) -> &str {
    let mut in_single = false;
    let mut in_double = false;
    let mut prev_space = true;
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !in_double => in_single = !in_single,
            '"' if !in_single => in_double = !in_double,
            '#' if !in_single && !in_double && prev_space => return line[..i].trim_end(),
            _ => {}
        }
        prev_space = c.is_whitespace();
    }
    line.trim_end()
}

/// Converts a serde-style path (`a.b[0].c`) to the dotted form used here (`a.b.0.c`).
pub(super) fn normalize_path(path: &str) -> String {
    path.replace('[', ".").replace(']', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
schemaVersion: 1 # the version
agent:
  model: openai/gpt-4.1
model:
  providers:
    openai:
      apiKey: \"${OPENAI_API_KEY}\"
router:
  fallback:
    default:
      - openai/gpt-4.1
      - anthropic/claude
  tokenSaver:
    tiers:
      simple: {model: openai/gpt-4.1-mini}
hooks:
  PreToolUse:
    - matcher: bash
      hooks:
        - type: command
";

    #[test]
    fn finds_nested_keys_and_sequence_items() {
        let k = KeyPositions::scan(TEXT);
        assert_eq!(k.find("agent.model"), Some((3, 3)));
        assert_eq!(k.find("model.providers.openai.apiKey"), Some((7, 7)));
        assert_eq!(k.find("router.fallback.default.1"), Some((12, 7)));
        assert_eq!(
            k.find("router.tokenSaver.tiers.simple.model"),
            Some((15, 16))
        );
        assert_eq!(k.find("hooks.PreToolUse.0.matcher"), Some((18, 7)));
        assert_eq!(k.find("hooks.PreToolUse.0.hooks.0.type"), Some((20, 11)));
        assert_eq!(k.find("agent.nothing"), Some((2, 1)));
        let k =
            KeyPositions::scan("agent: {model: x/y, thinking: {enabled: true, budgetTokens: 5}}\n");
        assert_eq!(k.find("agent.model"), Some((1, 9)));
        assert_eq!(k.find("agent.thinking.budgetTokens"), Some((1, 47)));
    }

    #[test]
    fn flow_nesting_past_the_limit_is_found_quoted_brackets_are_not() {
        let deep = |open: &str, n: usize| format!("agent:\n  x: {}\n", open.repeat(n));
        assert_eq!(too_deep(&deep("[", MAX_FLOW_DEPTH)), None);
        assert_eq!(
            too_deep(&deep("[", MAX_FLOW_DEPTH + 1)),
            Some((2, 6 + MAX_FLOW_DEPTH))
        );
        assert_eq!(
            too_deep(&deep("{a: ", 20_000)),
            Some((2, 6 + 4 * MAX_FLOW_DEPTH))
        );
        let quoted = format!(
            "a: \"{}\"\nb: '{}' # {}\n",
            "[".repeat(100),
            "{".repeat(100),
            "[".repeat(100)
        );
        assert_eq!(too_deep(&quoted), None);
        assert_eq!(too_deep("a: don't [x]\nb: [[1], [2]]\n"), None);
        // The position scan stays bounded even without the check.
        let k = KeyPositions::scan(&deep("{a: ", 20_000));
        assert!(k.find("agent.x.a").is_some());
    }
}
