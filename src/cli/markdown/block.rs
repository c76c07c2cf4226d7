//! One markdown block to terminal text: `pulldown-cmark` events turned into lines with SGR
//! styles. The model's text is made inert before any style is added.

use pulldown_cmark::{Alignment, CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::highlight;
use crate::terminal::inert;

const RESET: &str = "\x1b[0m";

/// `markdown` rendered for a terminal; ends with a blank line.
pub(crate) fn render(markdown: &str) -> String {
    let mut r = Renderer {
        at_line_start: true,
        ..Renderer::default()
    };
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    for event in Parser::new_ext(markdown, options) {
        r.event(event);
    }
    if !r.out.ends_with('\n') && !r.out.is_empty() {
        r.out.push('\n');
    }
    r.out
}

#[derive(Default)]
struct Table {
    alignments: Vec<Alignment>,
    rows: Vec<Vec<String>>,
    cell: String,
}

#[derive(Default)]
struct Renderer {
    out: String,
    /// Inline styles open, innermost last (SGR parameters).
    styles: Vec<&'static str>,
    /// Open lists: the next number of an ordered one.
    lists: Vec<Option<u64>>,
    quote: usize,
    at_line_start: bool,
    /// The fenced code block being collected: its language and text.
    code: Option<(String, String)>,
    table: Option<Table>,
    /// Where the open link's text started in `out`, and its destination.
    link: Option<(usize, String)>,
}

impl Renderer {
    fn event(&mut self, event: Event<'_>) {
        if let Some(table) = &mut self.table
            && let Event::Text(t) | Event::Code(t) = &event
        {
            table.cell.push_str(&inert(t));
            return;
        }
        if let Some((_, code)) = &mut self.code
            && let Event::Text(t) = &event
        {
            code.push_str(t);
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => self.text(&t),
            Event::Code(t) => {
                self.push_style("36");
                self.text(&t);
                self.pop_style();
            }
            Event::Html(t)
            | Event::InlineHtml(t)
            | Event::InlineMath(t)
            | Event::DisplayMath(t) => self.text(&t),
            Event::SoftBreak | Event::HardBreak => self.newline(),
            Event::Rule => {
                self.write_styled("2", &"─".repeat(40));
                self.newline();
                self.newline();
            }
            Event::TaskListMarker(done) => self.text(if done { "[x] " } else { "[ ] " }),
            Event::FootnoteReference(name) => self.text(&format!("[^{name}]")),
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Heading { level, .. } => {
                self.push_style(if level == HeadingLevel::H1 {
                    "1;4;35"
                } else {
                    "1;35"
                });
            }
            Tag::BlockQuote(_) => self.quote += 1,
            Tag::CodeBlock(kind) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split_whitespace().next().unwrap_or("").to_owned()
                    }
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((lang, String::new()));
            }
            Tag::List(start) => {
                if !self.at_line_start && !self.out.is_empty() {
                    self.newline();
                }
                self.lists.push(start);
            }
            Tag::Item => {
                if !self.at_line_start && !self.out.is_empty() {
                    self.newline();
                }
                let depth = self.lists.len().saturating_sub(1);
                let bullet = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        *n += 1;
                        format!("{}. ", *n - 1)
                    }
                    _ => "• ".to_owned(),
                };
                self.line_prefix();
                self.out.push_str(&"  ".repeat(depth));
                self.out.push_str(&bullet);
                self.at_line_start = false;
            }
            Tag::Emphasis => self.push_style("3"),
            Tag::Strong => self.push_style("1"),
            Tag::Strikethrough => self.push_style("9"),
            Tag::Link { dest_url, .. } => {
                self.push_style("4;34");
                self.link = Some((self.out.len(), dest_url.into_string()));
            }
            Tag::Table(alignments) => {
                self.table = Some(Table {
                    alignments,
                    ..Table::default()
                })
            }
            Tag::TableHead | Tag::TableRow => {
                if let Some(t) = &mut self.table {
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableCell => {
                if let Some(t) = &mut self.table {
                    t.cell.clear();
                }
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => {
                self.newline();
                if self.lists.is_empty() {
                    self.newline();
                }
            }
            TagEnd::Heading(_) => {
                self.pop_style();
                self.newline();
                self.newline();
            }
            TagEnd::BlockQuote(_) => self.quote = self.quote.saturating_sub(1),
            TagEnd::CodeBlock => {
                if let Some((lang, code)) = self.code.take() {
                    for line in highlight::highlight(&code, &lang) {
                        self.line_prefix();
                        self.out.push_str("  ");
                        self.out.push_str(&line);
                        self.out.push_str(RESET);
                        self.newline();
                    }
                    self.newline();
                }
            }
            TagEnd::List(_) => {
                self.lists.pop();
                if !self.at_line_start {
                    self.newline();
                }
                if self.lists.is_empty() {
                    self.newline();
                }
            }
            TagEnd::Item if !self.at_line_start => self.newline(),
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => self.pop_style(),
            TagEnd::Link => {
                self.pop_style();
                if let Some((start, url)) = self.link.take() {
                    let text = self.out.get(start..).unwrap_or_default();
                    if !text.contains(url.as_str()) {
                        self.write_styled("2", &format!(" ({url})"));
                    }
                }
            }
            TagEnd::TableCell => {
                if let Some(t) = &mut self.table {
                    let cell = std::mem::take(&mut t.cell);
                    if let Some(row) = t.rows.last_mut() {
                        row.push(cell);
                    }
                }
            }
            TagEnd::Table => {
                if let Some(t) = self.table.take() {
                    self.table(&t);
                }
            }
            _ => {}
        }
    }

    /// A table: columns padded to their widest cell as aligned, the header bold and underlined by
    /// a rule.
    fn table(&mut self, table: &Table) {
        let rows = &table.rows;
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let width = |i: usize| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..columns).map(width).collect();
        for (n, row) in rows.iter().enumerate() {
            self.line_prefix();
            let cells: Vec<String> = widths
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let cell = row.get(i).map(String::as_str).unwrap_or("");
                    let pad = w.saturating_sub(cell.chars().count());
                    let (left, right) = match table.alignments.get(i) {
                        Some(Alignment::Right) => (pad, 0),
                        Some(Alignment::Center) => (pad / 2, pad - pad / 2),
                        _ => (0, pad),
                    };
                    let (left, right) = (" ".repeat(left), " ".repeat(right));
                    if n == 0 {
                        format!("{left}\x1b[1m{cell}{RESET}{right}")
                    } else {
                        format!("{left}{cell}{right}")
                    }
                })
                .collect();
            self.out.push_str(&cells.join(" │ "));
            self.newline();
            if n == 0 {
                self.line_prefix();
                let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
                self.out.push_str(&rule.join("─┼─"));
                self.newline();
            }
        }
        self.newline();
    }

    fn push_style(&mut self, code: &'static str) {
        self.styles.push(code);
        self.out.push_str(&format!("\x1b[{code}m"));
    }

    fn pop_style(&mut self) {
        self.styles.pop();
        self.out.push_str(RESET);
        for code in &self.styles {
            self.out.push_str(&format!("\x1b[{code}m"));
        }
    }

    fn write_styled(&mut self, code: &'static str, text: &str) {
        self.push_style(code);
        self.text(text);
        self.pop_style();
    }

    /// Model text, inert, line by line (each line gets the quote and list indentation).
    fn text(&mut self, text: &str) {
        let shown = inert(text);
        for (i, part) in shown.split('\n').enumerate() {
            if i > 0 {
                self.newline();
            }
            if part.is_empty() {
                continue;
            }
            if self.at_line_start {
                self.line_prefix();
                self.out.push_str(&"  ".repeat(self.lists.len()));
                self.at_line_start = false;
            }
            self.out.push_str(part);
        }
    }

    /// The block quote bar at the start of a line.
    fn line_prefix(&mut self) {
        if self.quote > 0 {
            self.out
                .push_str(&format!("\x1b[2m{}{RESET}", "│ ".repeat(self.quote)));
            for code in &self.styles {
                self.out.push_str(&format!("\x1b[{code}m"));
            }
        }
    }

    fn newline(&mut self) {
        if !self.styles.is_empty() {
            self.out.push_str(RESET);
        }
        self.out.push('\n');
        self.at_line_start = true;
        if !self.styles.is_empty() {
            let styles: String = self.styles.iter().map(|c| format!("\x1b[{c}m")).collect();
            self.out.push_str(&styles);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text without SGR sequences.
    fn plain(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("\x1b[") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 2..];
            let end = after.find('m').map_or(after.len(), |e| e + 1);
            rest = &after[end..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn headings_lists_links_and_tables_render() {
        let out = render(
            "# Title\n\nSee [docs](https://x.dev) and **bold**.\n\n- one\n- two\n\n1. a\n2. b\n\n\
             | k | value |\n|---|---|\n| a | long cell |\n\n| n |\n|--:|\n| 100 |\n| 7 |\n\n\
             > quoted\n> text\n",
        );
        let text = plain(&out);
        assert!(text.starts_with("Title\n\n"), "{text}");
        assert!(
            text.contains("See docs (https://x.dev) and bold."),
            "{text}"
        );
        assert!(text.contains("• one\n• two\n"), "{text}");
        assert!(text.contains("1. a\n2. b\n"), "{text}");
        assert!(
            text.contains("k │ value    \n──┼──────────\na │ long cell"),
            "{text}"
        );
        assert!(text.contains("  n\n───\n100\n  7\n"), "{text}");
        assert!(text.contains("│ quoted\n│ text\n"), "{text}");
        assert!(out.contains("\x1b[1;4;35mTitle"), "{out:?}");
    }

    #[test]
    fn fenced_code_is_highlighted() {
        let out = render("```rust\nfn main() { let x = 1; }\n```\n");
        assert!(out.contains("\x1b[38;2;"), "{out:?}");
        assert!(plain(&out).contains("fn main() { let x = 1; }"), "{out:?}");
    }
}
