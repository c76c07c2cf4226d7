//! A small shell-line splitter for permission checks: it cuts a command line into simple commands at
//! `;`, `&`, `&&`, `|`, `||`, newlines, `(`, `)` and command substitutions (`$(…)`, backticks, also
//! inside double quotes), and each simple command into unquoted words. Redirection operators (`>`,
//! `>>`, `<`) become words of their own so a check can see `> /dev/sda`.
//!
//! [`peel`] then drops wrappers (`sudo`, `env`, `timeout`, `xargs`, assignments, …) so checks see the
//! command that really runs.
//!
//! It is not a shell parser: it errs towards producing more segments, never fewer, because a missed
//! segment is a missed `rm -rf /`.

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

    fn nested(&mut self, inner: &str) {
        self.segments.extend(split_commands(inner));
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

/// Drops leading wrappers and assignments; reports whether `sudo`/`doas` was among them.
pub(crate) fn peel(words: &[String]) -> (bool, &[String]) {
    let mut escalated = false;
    let mut rest = words;
    while let Some(first) = rest.first() {
        let name = base(first);
        let value_options: &[&str] = match name {
            "sudo" | "doas" => {
                escalated = true;
                &["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T"]
            }
            "env" if rest.len() > 1 => &["-u", "-C"],
            "timeout" => &["-s", "-k"],
            "nice" => &["-n"],
            "ionice" => &["-c", "-n", "-p"],
            "xargs" => &["-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a"],
            "nohup" | "time" | "command" | "builtin" | "exec" | "stdbuf" | "then" | "do"
            | "else" | "if" | "while" | "until" | "!" | "{" => &[],
            _ if first.contains('=') && !first.starts_with('=') && !first.starts_with('-') => {
                rest = rest.get(1..).unwrap_or_default();
                continue;
            }
            _ => break,
        };
        rest = rest.get(1..).unwrap_or_default();
        // Wrapper options (`sudo -u x`, `timeout -s KILL 5`, `nice -n 10`): flags, their values,
        // assignments and bare numbers.
        while let Some(w) = rest.first() {
            if value_options.contains(&w.as_str()) {
                rest = rest.get(2..).unwrap_or_default();
            } else if w.starts_with('-') || w.contains('=') || is_number_or_duration(w) {
                rest = rest.get(1..).unwrap_or_default();
            } else {
                break;
            }
        }
    }
    (escalated, rest)
}

/// `5`, `0.5`, `10s`, `2m` (the first argument of `timeout`, `sleep`-like wrappers).
fn is_number_or_duration(word: &str) -> bool {
    word.trim_end_matches(['s', 'm', 'h', 'd'])
        .parse::<f64>()
        .is_ok()
}

/// The script of `sh -c SCRIPT` (also `-lc`, `-ec`, `su -c`).
pub(crate) fn dash_c_script(args: &[String]) -> Option<&str> {
    let at = args
        .iter()
        .position(|a| a == "-c" || (is_short_flag_with(a, 'c') && a.len() <= 4))?;
    args.get(at + 1).map(String::as_str)
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
        assert_eq!(split("echo $(rm -rf ~)"), ["rm -rf ~", "echo"]);
        assert_eq!(split("echo \"$(whoami)\" `id`"), ["whoami", "id", "echo"]);
    }
}
