//! Syntax highlighting of fenced code with `syntect`'s bundled syntaxes and themes (loaded once,
//! on the first code block). The code is made inert first, so only the highlighter's colours
//! reach the terminal.

use std::sync::OnceLock;

use syntect::easy::HighlightLines;
use syntect::highlighting::{Theme, ThemeSet};
use syntect::parsing::SyntaxSet;
use syntect::util::{LinesWithEndings, as_24_bit_terminal_escaped};

use crate::terminal::inert;

const THEME: &str = "base16-ocean.dark";

fn syntaxes() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(SyntaxSet::load_defaults_newlines)
}

fn theme() -> Option<&'static Theme> {
    static THEMES: OnceLock<ThemeSet> = OnceLock::new();
    THEMES
        .get_or_init(ThemeSet::load_defaults)
        .themes
        .get(THEME)
}

/// `code`'s lines, coloured for `lang` (a fence's info word: `rust`, `py`, `sh`…) when it is
/// known; plain (inert) lines otherwise.
pub(super) fn highlight(code: &str, lang: &str) -> Vec<String> {
    let code = inert(code);
    let set = syntaxes();
    let syntax = (!lang.is_empty())
        .then(|| set.find_syntax_by_token(lang))
        .flatten();
    let (Some(syntax), Some(theme)) = (syntax, theme()) else {
        return code.lines().map(str::to_owned).collect();
    };
    let mut lines = HighlightLines::new(syntax, theme);
    LinesWithEndings::from(&code)
        .map(|line| match lines.highlight_line(line, set) {
            Ok(ranges) => as_24_bit_terminal_escaped(&ranges, false)
                .trim_end_matches(['\n', '\r'])
                .to_owned(),
            Err(_) => line.trim_end_matches(['\n', '\r']).to_owned(),
        })
        .collect()
}
