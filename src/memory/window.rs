//! Paragraph windows: the fine documents recall ranks beside whole notes.
//!
//! A note body is cut at blank lines into paragraphs; a heading stays with the paragraph under it,
//! and a paragraph longer than [`MAX_WINDOW_CHARS`] is cut further: before each entry when a third
//! of its lines are entries (list items, `speaker: text` lines — a chat log or a list written without
//! blank lines is cut as if it had them), else at line ends. Each window keeps
//! its body line range (1-based, inclusive), so recall can quote it and the context block can say
//! where in the note it is, and is indexed with its neighbours' text as [`context`]. A note of one
//! window has no window rows: recall takes the whole note as its window ([`super::rank`]).

/// A window longer than this is cut at line ends (a single longer line stays whole).
const MAX_WINDOW_CHARS: usize = 800;
/// At most this many words of each neighbour go into a window's context: those nearest the window.
/// FTS5's `bm25()` counts every column of a row in its length, the low-weighted context too, so a
/// long neighbour would push down the window beside it (90% of LoCoMo's turns are shorter: its
/// ranking is the same with any cap from 24 words up).
const CONTEXT_WORDS: usize = 48;
/// The longest label of a labelled entry line (`Caroline: …`).
const MAX_LABEL_BYTES: usize = 40;
/// The longest label before a full-width colon (`用户：…`), in characters.
const MAX_CJK_LABEL_CHARS: usize = 6;

/// One window of a note body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Window {
    pub first_line: usize,
    pub last_line: usize,
    pub text: String,
}

/// The windows of `body`, in order. Empty for a body of blank lines.
pub(super) fn split(body: &str) -> Vec<Window> {
    let mut out = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    // Inside a ``` or ~~~ fence; whether the block holds fenced lines (code is never cut by entry).
    let (mut fenced, mut code) = (false, false);
    for (i, line) in body.lines().enumerate() {
        let n = i + 1;
        let blank = line.trim().is_empty();
        let heading = line.trim_start().starts_with('#');
        let only_headings = block.iter().all(|(_, l)| l.trim_start().starts_with('#'));
        if blank {
            if !only_headings || block.is_empty() {
                flush(&mut block, code, &mut out);
                code = fenced;
            }
            continue;
        }
        if heading && !only_headings {
            flush(&mut block, code, &mut out);
            code = fenced;
        }
        let fence = ["```", "~~~"]
            .iter()
            .any(|f| line.trim_start().starts_with(f));
        fenced ^= fence;
        code |= fence || fenced;
        block.push((n, line));
    }
    flush(&mut block, code, &mut out);
    out
}

/// Emits `block` as one window, or several when it is long: one per entry when at least a third of
/// its lines are entries and none is `code` (a line that is not an entry stays with the entry above
/// it), else cut at line ends.
fn flush(block: &mut Vec<(usize, &str)>, code: bool, out: &mut Vec<Window>) {
    let total: usize = block.iter().map(|(_, l)| l.len() + 1).sum();
    let entries = block.iter().filter(|(_, l)| is_entry(l)).count();
    let by_entry = !code && total > MAX_WINDOW_CHARS && entries >= 2 && 3 * entries >= block.len();
    let mut current: Vec<(usize, &str)> = Vec::new();
    let mut size = 0;
    for &(n, line) in block.iter() {
        // A heading stays with the entry under it.
        let new_entry = by_entry
            && is_entry(line)
            && !current.iter().all(|(_, l)| l.trim_start().starts_with('#'));
        if size > 0 && (new_entry || size + line.len() > MAX_WINDOW_CHARS) {
            out.push(window(&current));
            current.clear();
            size = 0;
        }
        size += line.len() + 1;
        current.push((n, line));
    }
    if !current.is_empty() {
        out.push(window(&current));
    }
    block.clear();
}

/// An entry line: a list item (`- `, `* `, `+ `, `1. `, `1) `) or a labelled line (`Caroline: …`,
/// `user: …`, `用户：…`: a label of at most three words, no sentence punctuation, then a colon).
fn is_entry(line: &str) -> bool {
    let t = line.trim_start();
    if ["- ", "* ", "+ "].iter().any(|m| t.starts_with(m)) {
        return true;
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && [". ", ") "].iter().any(|m| t[digits..].starts_with(m)) {
        return true;
    }
    // The label ends at the first colon followed by a space (after any markdown emphasis), or at a
    // full-width colon.
    let ends_label = |(i, c): &(usize, char)| {
        *c == '：' || *c == ':' && t[i + 1..].trim_start_matches(['*', '_']).starts_with(' ')
    };
    let Some((colon, _)) = t.char_indices().find(ends_label) else {
        return false;
    };
    let label = t[..colon].trim_matches(['*', '_']);
    // A full-width colon after a name (`用户：`), not after a clause (`今天的计划如下：`).
    let short_enough = match t[colon..].starts_with('：') {
        true => label.chars().count() <= MAX_CJK_LABEL_CHARS,
        false => label.len() <= MAX_LABEL_BYTES,
    };
    !label.is_empty()
        && short_enough
        && label.split(' ').count() <= 3
        && !label.contains(['.', ',', '?', '!', '`', '"', '。', '，', '？', '！', '、'])
}

fn window(lines: &[(usize, &str)]) -> Window {
    let text: Vec<&str> = lines.iter().map(|(_, l)| *l).collect();
    Window {
        first_line: lines.first().map_or(0, |l| l.0),
        last_line: lines.last().map_or(0, |l| l.0),
        text: text.join("\n"),
    }
}

/// The text around window `i`, given every window's segmented text ([`crate::text::segment`]):
/// the words of the windows just before and after it nearest to it, at most [`CONTEXT_WORDS`] of
/// each.
pub(super) fn context(texts: &[String], i: usize) -> String {
    let before = i.checked_sub(1).and_then(|j| texts.get(j)).map(|text| {
        let words: Vec<&str> = text.split_whitespace().collect();
        words[words.len().saturating_sub(CONTEXT_WORDS)..].join(" ")
    });
    let after = texts.get(i + 1).map(|text| {
        let words: Vec<&str> = text.split_whitespace().take(CONTEXT_WORDS).collect();
        words.join(" ")
    });
    let texts: Vec<String> = before.into_iter().chain(after).collect();
    texts.join("\n")
}

/// Lines `first..=last` (1-based) of `body`.
pub(super) fn lines(body: &str, first: usize, last: usize) -> String {
    let picked: Vec<&str> = body
        .lines()
        .skip(first.saturating_sub(1))
        .take(last + 1 - first.max(1))
        .collect();
    picked.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_become_windows_and_headings_stay_with_their_text() {
        let body = "# Deploy\n\nWe ship on Fridays.\nAfter tests.\n\n\nRollback with git revert.\n## Notes\nnone";
        let w = split(body);
        let ranges: Vec<(usize, usize)> = w.iter().map(|w| (w.first_line, w.last_line)).collect();
        assert_eq!(ranges, [(1, 4), (7, 7), (8, 9)]);
        assert_eq!(w[0].text, "# Deploy\nWe ship on Fridays.\nAfter tests.");
        assert_eq!(lines(body, 3, 4), "We ship on Fridays.\nAfter tests.");
        assert!(split("\n\n").is_empty());
    }

    #[test]
    fn a_windows_context_is_its_neighbours_text() {
        let texts = |body: &str| -> Vec<String> {
            (split(body).iter())
                .map(|w| crate::text::segment(&w.text))
                .collect()
        };
        let w = texts("Q: how long married?\n\nA: five years.\n\nNice!");
        assert_eq!(context(&w, 0), "A: five years.");
        assert_eq!(context(&w, 1), "Q: how long married?\nNice!");
        assert_eq!(context(&w, 2), "A: five years.");
        assert_eq!(context(&w[..1], 0), "");
        // Only the words nearest the window: the end of the one before, the start of the one after.
        let long = |w: &str| vec![w; CONTEXT_WORDS + 10].join(" ");
        let body = format!(
            "{} end\n\nmiddle\n\nstart {}",
            long("before"),
            long("after")
        );
        let w = texts(&body);
        let ctx = context(&w, 1);
        let words: Vec<&str> = ctx.split_whitespace().collect();
        assert_eq!(words.len(), 2 * CONTEXT_WORDS, "{ctx}");
        assert_eq!(
            (words[CONTEXT_WORDS - 1], words[CONTEXT_WORDS]),
            ("end", "start")
        );
    }

    #[test]
    fn a_long_paragraph_is_cut_at_line_ends() {
        let line = "x".repeat(300);
        let body = [line.as_str(); 5].join("\n");
        let ranges: Vec<(usize, usize)> = split(&body)
            .iter()
            .map(|w| (w.first_line, w.last_line))
            .collect();
        assert_eq!(ranges, [(1, 2), (3, 4), (5, 5)]);
    }
    #[test]
    fn a_long_paragraph_of_entries_is_one_window_per_entry() {
        // A chat log written without blank lines: each labelled line is a window, as it would be
        // with blank lines between them.
        let turns: Vec<String> = (0..20)
            .map(|i| format!("Caroline: turn {i} of a long conversation about many things"))
            .collect();
        let w = split(&turns.join("\n"));
        assert_eq!(w.len(), 20);
        assert!(
            w.iter()
                .enumerate()
                .all(|(i, w)| w.first_line == i + 1 && w.last_line == i + 1)
        );
        // A list: a continuation line stays with its item; a heading with the first item.
        let mut list = vec!["## Decisions".to_owned()];
        for i in 0..10 {
            list.push(format!(
                "- decision {i}: we keep the deploy window on Fridays after tests"
            ));
            list.push("  (agreed by the whole team)".to_owned());
        }
        let ranges: Vec<(usize, usize)> = split(&list.join("\n"))
            .iter()
            .map(|w| (w.first_line, w.last_line))
            .collect();
        assert_eq!(ranges[0], (1, 3));
        assert_eq!(ranges[1], (4, 5));
        assert_eq!(ranges.len(), 10);
        // A fenced block of YAML or code is cut by size only, even where its lines look like entries.
        let yaml: Vec<String> = (0..30)
            .map(|i| format!("key_{i}: a value long enough"))
            .collect();
        let fenced = format!("```yaml\n{}\n```", yaml.join("\n"));
        assert_eq!(split(&fenced).len(), 2);
        assert_eq!(split(&yaml.join("\n")).len(), 30);
        // A short chat paragraph stays one window.
        assert_eq!(split("user: hi\nassistant: hello").len(), 1);
    }

    #[test]
    fn entries_are_list_items_and_labelled_lines() {
        let entries = [
            "- a",
            "* a",
            "+ a",
            "12. a",
            "3) a",
            "Caroline: hi",
            "用户：你好",
            "**User:** hi",
            "**User**: hi",
            "[2023-05-08 10:00] user: hi",
            "Note: see `a: b`",
        ];
        for line in entries {
            assert!(is_entry(line), "{line}");
        }
        let prose = [
            "今天的计划如下：先开会",
            "好的，我们：明天见",
            "Dr. Who: x",
            "We met at noon: lunch",
            "plain prose, wrapped at",
            "at 10:00 we met",
            "see https://x.org/a",
            "-a",
        ];
        for line in prose {
            assert!(!is_entry(line), "{line}");
        }
    }
}
