//! Text shown to a person is inert: what the model, a tool, an MCP server, a hook, a file or a
//! transcript says can show escape sequences but never make the terminal obey them. Without this a
//! model answer could erase the line showing the real command (`\e[2K\r`), set the clipboard (OSC
//! 52), retitle the window (OSC 0), hide a link behind innocent text (OSC 8) or hide itself
//! (`\e[8m`).
//!
//! Two layers:
//! - [`inert`] / [`inert_line`]: every C0 and C1 control character (and DEL, and the Unicode bidi
//!   overrides that reorder what is shown) becomes visible text — ESC as `\e`, BEL as `\a`, CR as
//!   `\r`, the rest as `\uXXXX` — so `\e[2K` is shown, not obeyed. The `\uXXXX` form is JSON's, so
//!   JSON text (where only DEL, C1 and bidi characters can appear raw) stays valid and means the same. [`inert`] keeps `\n` and
//!   `\t` (and the `\r` of a `\r\n`), for multi-line text; [`inert_line`] shows them too, for text
//!   that must stay on one line (a tool call's command in a status line). Front ends apply these to
//!   every string from outside pilotdeck before they add their own colours.
//! - [`sgr_only`]: the last gate in `output` and in the stderr log writer. It lets through only
//!   complete colour (SGR, `\e[…m`) sequences — pilotdeck's own colours — and makes every other
//!   control character visible as [`inert`] does, so a string a front end forgot to pass through
//!   [`inert`] can at worst change colours, never move the cursor, erase, set titles, the clipboard
//!   or links.
//!
//! JSON output: serde_json escapes C0 controls (`\u001b`); `output` passes its JSON through
//! [`sgr_only`] too, which rewrites the DEL, C1 and bidi characters JSON leaves raw to their
//! `\uXXXX` escapes — the same JSON value, nothing for a terminal to obey.

use std::borrow::Cow;
use std::fmt::Write as _;

/// `text` with every control character and escape sequence made visible; `\n` and `\t` kept.
pub fn inert(text: &str) -> Cow<'_, str> {
    escape(text, Keep::Layout)
}

/// `text` on one line: like [`inert`], and `\n` / `\t` shown as `\n` / `\t` too.
pub fn inert_line(text: &str) -> Cow<'_, str> {
    escape(text, Keep::Nothing)
}

/// `text` with complete SGR colour sequences (`\e[1;31m`) kept and every other control character
/// made visible as [`inert`] does.
pub fn sgr_only(text: &str) -> Cow<'_, str> {
    escape(text, Keep::LayoutAndColour)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Nothing,
    Layout,
    LayoutAndColour,
}

fn escape(text: &str, keep: Keep) -> Cow<'_, str> {
    let is_safe = |(i, c): (usize, char)| match c {
        '\n' | '\t' => keep != Keep::Nothing,
        '\r' => keep != Keep::Nothing && text[i..].starts_with("\r\n"),
        '\x1b' => keep == Keep::LayoutAndColour && sgr_len(&text[i..]).is_some(),
        c => !needs_escape(c),
    };
    if text.char_indices().all(is_safe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let at = text.len() - rest.len();
        if c == '\x1b'
            && keep == Keep::LayoutAndColour
            && let Some(len) = sgr_len(rest)
        {
            out.push_str(&rest[..len]);
            rest = &rest[len..];
            continue;
        }
        if is_safe((at, c)) {
            out.push(c);
        } else {
            push_visible(&mut out, c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// The length of the complete SGR sequence `ESC [ digits-and-semicolons m` at the start of `text`.
fn sgr_len(text: &str) -> Option<usize> {
    let params = text.strip_prefix("\x1b[")?;
    let end = params.find(|c: char| !(c.is_ascii_digit() || c == ';'))?;
    params[end..].starts_with('m').then_some(2 + end + 1)
}

/// Characters a terminal may act on instead of showing: C0 controls, DEL, C1 controls, and the
/// bidi embeddings, overrides and isolates (and the marks), which reorder the text shown.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

fn push_visible(out: &mut String, c: char) {
    let named = match c {
        '\x1b' => "\\e",
        '\x07' => "\\a",
        '\x08' => "\\b",
        '\r' => "\\r",
        '\n' => "\\n",
        '\t' => "\\t",
        '\x0b' => "\\v",
        '\x0c' => "\\f",
        '\0' => "\\0",
        _ => "",
    };
    if named.is_empty() {
        let _ = write!(out, "\\u{:04x}", c as u32);
    } else {
        out.push_str(named);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = "ok\x1b[2K\rALL TESTS PASSED\x1b]52;c;cm0gLXJmIH4=\x07\x1b]0;title\x07\
                           \x1b]8;;http://evil\x1b\\text\x1b]8;;\x1b\\\u{9b}31m\u{202e}cba";

    #[test]
    fn escape_sequences_become_visible_text() {
        let shown = inert(HOSTILE);
        assert_eq!(
            shown,
            "ok\\e[2K\\rALL TESTS PASSED\\e]52;c;cm0gLXJmIH4=\\a\\e]0;title\\a\
             \\e]8;;http://evil\\e\\text\\e]8;;\\e\\\\u009b31m\\u202ecba"
        );
        for text in [inert(HOSTILE), inert_line(HOSTILE), sgr_only(HOSTILE)] {
            assert!(!text.chars().any(needs_escape), "{text:?}");
        }
    }

    #[test]
    fn layout_is_kept_only_where_text_spans_lines() {
        assert_eq!(inert("a\n\tb\r\nc\rd"), "a\n\tb\r\nc\\rd");
        assert_eq!(inert_line("a\n\tb\r\n"), "a\\n\\tb\\r\\n");
        assert!(matches!(inert("plain ✓ text\n"), Cow::Borrowed(_)));
    }

    #[test]
    fn sgr_only_keeps_complete_colours_and_nothing_else() {
        let painted = "\x1b[1;31merror\x1b[0m: \x1b[2Kgone\x1b[31";
        assert_eq!(
            sgr_only(painted),
            "\x1b[1;31merror\x1b[0m: \\e[2Kgone\\e[31"
        );
        assert_eq!(inert("\x1b[31mred\x1b[0m"), "\\e[31mred\\e[0m");
        assert_eq!(sgr_only("\x7f\x01"), "\\u007f\\u0001");
    }

    #[test]
    fn json_text_stays_the_same_json() {
        let value = serde_json::json!({"text": "a\u{1b}[2K\u{7}\u{9b}1m\u{202e}\u{7f}z\n"});
        let text = serde_json::to_string(&value).unwrap();
        let shown = sgr_only(&text);
        assert!(!shown.chars().any(needs_escape), "{shown}");
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(back, value);
    }
}
