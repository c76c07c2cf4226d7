//! A small shell-line splitter for permission checks: it cuts a command line into simple commands at
//! `;`, `&`, `&&`, `|`, `||`, newlines, `(`, `)` and command substitutions (`$(…)`, backticks, also
//! inside double quotes), and each simple command into unquoted words. Redirection operators (`>`,
//! `>>`, `<`) become words of their own so a check can see `> /dev/sda`.
//!
//! A command substitution is cut out as a command of its own and leaves [`UNKNOWN`] in the word it
//! stood in, so a check can tell `rm -rf $(cat list)` from `rm -rf`.
//!
//! It is not a shell parser: it errs towards producing more segments, never fewer, because a missed
//! segment is a missed `rm -rf /`.

/// Stands in a word for a value only known at run time (a command substitution, xargs' input).
pub(crate) const UNKNOWN: char = '\0';

/// Splits `line` into simple commands, each a list of words with quotes removed.
pub fn split_commands(line: &str) -> Vec<Vec<String>> {
    let mut splitter = Splitter::default();
    splitter.run(line);
    splitter.finish()
}

#[derive(Default)]
struct Splitter {
    segments: Vec<Vec<String>>,
    words: Vec<String>,
    word: Option<String>,
}

impl Splitter {
    fn end_word(&mut self) {
        if let Some(w) = self.word.take()
            && !w.is_empty()
        {
            self.words.push(w);
        }
    }

    fn end_segment(&mut self) {
        self.end_word();
        if !self.words.is_empty() {
            self.segments.push(std::mem::take(&mut self.words));
        }
    }

    fn push_char(&mut self, c: char) {
        self.word.get_or_insert_with(String::new).push(c);
    }

    /// A command substitution: its commands are checked on their own, its value is unknown.
    fn nested(&mut self, inner: &str) {
        self.segments.extend(split_commands(inner));
        self.push_char(UNKNOWN);
    }

    fn run(&mut self, line: &str) {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while let Some(&c) = chars.get(i) {
            i += 1;
            match c {
                '\\' => {
                    if let Some(&next) = chars.get(i) {
                        i += 1;
                        if next != '\n' {
                            self.push_char(next);
                        }
                    }
                }
                '\'' => {
                    self.word.get_or_insert_with(String::new);
                    while let Some(&q) = chars.get(i) {
                        i += 1;
                        if q == '\'' {
                            break;
                        }
                        self.push_char(q);
                    }
                }
                '"' => {
                    self.word.get_or_insert_with(String::new);
                    while let Some(&q) = chars.get(i) {
                        i += 1;
                        match q {
                            '"' => break,
                            '\\' => {
                                if let Some(&next) = chars.get(i) {
                                    i += 1;
                                    self.push_char(next);
                                }
                            }
                            '$' if chars.get(i) == Some(&'(') => {
                                let (inner, end) = until_close_paren(&chars, i + 1);
                                self.nested(&inner);
                                i = end;
                            }
                            '`' => {
                                let (inner, end) = until_backtick(&chars, i);
                                self.nested(&inner);
                                i = end;
                            }
                            other => self.push_char(other),
                        }
                    }
                }
                '`' => {
                    let (inner, end) = until_backtick(&chars, i);
                    self.nested(&inner);
                    i = end;
                }
                '$' if chars.get(i) == Some(&'(') => {
                    let (inner, end) = until_close_paren(&chars, i + 1);
                    self.nested(&inner);
                    i = end;
                }
                ';' | '&' | '|' | '\n' | '(' | ')' => self.end_segment(),
                '>' | '<' => {
                    self.end_word();
                    let mut op = c.to_string();
                    while let Some(&n) = chars.get(i) {
                        if n == '>' || n == '&' || n == '|' {
                            op.push(n);
                            i += 1;
                        } else {
                            break;
                        }
                    }
                    self.words.push(op);
                }
                c if c.is_whitespace() => self.end_word(),
                other => self.push_char(other),
            }
        }
    }

    fn finish(mut self) -> Vec<Vec<String>> {
        self.end_segment();
        self.segments
    }
}

/// The text up to the `)` matching an already-consumed `(`, and the index after it.
fn until_close_paren(chars: &[char], start: usize) -> (String, usize) {
    let mut depth = 1usize;
    let mut i = start;
    let mut inner = String::new();
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        inner.push(c);
    }
    (inner, i)
}

fn until_backtick(chars: &[char], start: usize) -> (String, usize) {
    let mut i = start;
    let mut inner = String::new();
    while let Some(&c) = chars.get(i) {
        i += 1;
        if c == '`' {
            break;
        }
        inner.push(c);
    }
    (inner, i)
}

/// Splits redirections (`> f`, `2>>f`, `<in`, `>&2`) from the words; a descriptor number in front of
/// an operator is dropped.
pub(crate) fn split_redirects(words: &[String]) -> (Vec<String>, Vec<(String, String)>) {
    let is_op = |w: &str| w.starts_with(['<', '>']) && w.chars().all(|c| "<>&|".contains(c));
    let mut out = Vec::new();
    let mut redirects = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if is_op(w) {
            let target = words.get(i + 1).cloned().unwrap_or_default();
            let dup =
                w.ends_with('&') && (target == "-" || target.chars().all(|c| c.is_ascii_digit()));
            if !dup && !w.starts_with("<<") {
                redirects.push((w.clone(), target));
            }
            i += 2;
            continue;
        }
        if w.chars().all(|c| c.is_ascii_digit()) && words.get(i + 1).is_some_and(|n| is_op(n)) {
            i += 1;
            continue;
        }
        out.push(w.clone());
        i += 1;
    }
    (out, redirects)
}

/// The command name without its directory (`/bin/rm` → `rm`).
pub(crate) fn base(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// `-rf` contains `r`; long options never match.
pub(crate) fn is_short_flag_with(word: &str, flag: char) -> bool {
    word.starts_with('-') && !word.starts_with("--") && word.chars().skip(1).any(|c| c == flag)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(line: &str) -> Vec<String> {
        split_commands(line)
            .into_iter()
            .map(|s| s.join(" "))
            .collect()
    }

    #[test]
    fn splits_operators_and_quotes() {
        assert_eq!(split("echo hi && rm -rf /"), ["echo hi", "rm -rf /"]);
        assert_eq!(split("a | b || c; d & e"), ["a", "b", "c", "d", "e"]);
        assert_eq!(split("echo 'a && b' \"c d\""), ["echo a && b c d"]);
        assert_eq!(split("(cd x; make)"), ["cd x", "make"]);
        assert_eq!(split("echo x > /dev/sda"), ["echo x > /dev/sda"]);
        assert_eq!(split("r\\m -rf /"), ["rm -rf /"]);
    }

    #[test]
    fn finds_command_substitutions() {
        assert_eq!(split("echo $(rm -rf ~)"), ["rm -rf ~", "echo \0"]);
        assert_eq!(
            split("echo \"$(whoami)\" `id`"),
            ["whoami", "id", "echo \0 \0"]
        );
    }
}
