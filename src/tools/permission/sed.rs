//! `sed` for the read-only check: its options (`-i` edits in place, `-f` runs a script file) and a
//! reader of its script that finds the commands that run programs or write files (`e`, `w`, `W`, and
//! the `e` and `w` flags of `s`). A script the reader cannot follow is not read-only.

use super::git::is_long_prefix;
use super::wrappers::{Part, getopt};

/// The scripts of `sed ARGS` and whether `--sandbox` disables `e`/`w`/`r`, or why the options
/// alone make it not read-only.
fn parse(args: &[String]) -> Result<(Vec<String>, bool), String> {
    let p = getopt(args, "efl", &["--expression", "--file", "--line-length"]);
    let mut scripts: Vec<String> = Vec::new();
    let mut sandbox = false;
    for (flag, value) in &p.opts {
        let f = flag.as_str();
        if f == "-i" || is_long_prefix(f, "in-place", 1) {
            return Err("`sed -i` edits files in place".to_owned());
        }
        if f == "-f" || is_long_prefix(f, "file", 2) {
            return Err("`sed -f` runs a sed script from a file".to_owned());
        }
        if f == "-e" || is_long_prefix(f, "expression", 2) {
            scripts.push(value.clone().unwrap_or_default());
        } else if is_long_prefix(f, "sandbox", 2) {
            sandbox = true;
        } else if !matches!(
            f,
            "-n" | "-E"
                | "-r"
                | "-s"
                | "-u"
                | "-z"
                | "-l"
                | "-b"
                | "--quiet"
                | "--silent"
                | "--regexp-extended"
                | "--separate"
                | "--unbuffered"
                | "--null-data"
                | "--zero-terminated"
                | "--posix"
                | "--debug"
                | "--line-length"
                | "--follow-symlinks"
                | "--binary"
        ) {
            return Err(format!("`sed {f}` is not a known read-only sed option"));
        }
    }
    if scripts.is_empty() {
        scripts.extend(p.rest.first().cloned());
    }
    Ok((scripts, sandbox))
}

/// Why `sed ARGS` is not read-only, or `None` when it only reads.
pub(super) fn not_read_only(args: &[String]) -> Option<String> {
    match parse(args) {
        Err(why) => Some(why),
        Ok((_, true)) => None,
        Ok((scripts, false)) => scripts.iter().find_map(|s| script_not_read_only(s)),
    }
}

/// The commands `sed ARGS` runs: each `e COMMAND` as a script; `e` alone and `s///e` (which run
/// text sed builds) and a script that cannot be read as opaque parts.
pub(super) fn commands(args: &[String]) -> Vec<Part> {
    match parse(args) {
        Ok((scripts, false)) => scripts.iter().flat_map(|s| scan(s).1).collect(),
        _ => Vec::new(),
    }
}

/// Why a sed script runs or writes something, or `None` when every command only reads.
pub(super) fn script_not_read_only(script: &str) -> Option<String> {
    scan(script).0
}

const UNREADABLE: &str = "its sed script could not be read";

/// The first reason a script is not read-only, and what its `e` commands and `s///e` flags run.
fn scan(script: &str) -> (Option<String>, Vec<Part>) {
    let chars: Vec<char> = script.chars().collect();
    let mut r = Reader { chars, at: 0 };
    let mut first: Option<String> = None;
    let mut runs = Vec::new();
    let unreadable = |first: Option<String>, mut runs: Vec<Part>| {
        runs.push(Part::Opaque(format!(
            "{UNREADABLE}, so what it runs is unknown"
        )));
        (Some(first.unwrap_or_else(|| UNREADABLE.to_owned())), runs)
    };
    loop {
        r.skip(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}');
        if r.peek().is_none() {
            return (first, runs);
        }
        if !r.address() {
            return unreadable(first, runs);
        }
        r.skip(char::is_whitespace);
        if r.peek() == Some('!') {
            r.next();
            r.skip(char::is_whitespace);
        }
        let Some(cmd) = r.next() else {
            return unreadable(first, runs);
        };
        match cmd {
            'e' => {
                first.get_or_insert_with(|| "the sed command `e` runs a shell command".to_owned());
                let text = r.line().trim().to_owned();
                runs.push(if text.is_empty() {
                    Part::Opaque("`sed e` runs its pattern space as a command".to_owned())
                } else {
                    Part::Script {
                        text,
                        escalated: false,
                    }
                });
            }
            'w' | 'W' => {
                first.get_or_insert_with(|| format!("the sed command `{cmd}` writes a file"));
                r.line();
            }
            's' => {
                if !(r.delimited() && r.delimited_rest()) {
                    return unreadable(first, runs);
                }
                while let Some(f) = r.peek() {
                    match f {
                        'e' => {
                            first.get_or_insert_with(|| {
                                "the sed flag `s///e` runs a shell command".to_owned()
                            });
                            runs.push(Part::Opaque(
                                "`sed s///e` runs the text it builds as a command".to_owned(),
                            ));
                        }
                        'w' => {
                            first.get_or_insert_with(|| {
                                "the sed flag `s///w` writes a file".to_owned()
                            });
                            r.line();
                            break;
                        }
                        'g' | 'p' | 'i' | 'I' | 'm' | 'M' => {}
                        d if d.is_ascii_digit() => {}
                        _ => break,
                    }
                    r.next();
                }
            }
            'y' => {
                if !(r.delimited() && r.delimited_rest()) {
                    return unreadable(first, runs);
                }
            }
            '{' | '}' | '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'n' | 'N' | 'p' | 'P' | 'x'
            | 'z' | 'F' => {}
            'l' | 'q' | 'Q' | 'L' => r.skip(|c| c.is_ascii_digit() || c == ' '),
            // Arguments up to the end of the line: text, file names read, labels, comments.
            'a' | 'i' | 'c' | 'r' | 'R' | '#' => {
                r.line();
            }
            ':' | 'b' | 't' | 'T' | 'v' => r.skip(|c| c != ';' && c != '\n'),
            other => {
                first.get_or_insert_with(|| {
                    format!("the sed command `{other}` is not known to only read")
                });
                return unreadable(first, runs);
            }
        }
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek();
        self.at += 1;
        c
    }

    fn skip(&mut self, keep_going: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&keep_going) {
            self.at += 1;
        }
    }

    /// The rest of the line (a backslash-newline continues it), consumed.
    fn line(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.next() {
            match c {
                '\\' => {
                    if let Some(n) = self.next() {
                        out.push(n);
                    }
                }
                '\n' => break,
                other => out.push(other),
            }
        }
        out
    }

    /// An optional address or address range (`1`, `$`, `/re/I`, `\%re%`, `1,5`, `1~2`, `/a/,+3`).
    fn address(&mut self) -> bool {
        if !self.one_address() {
            return false;
        }
        if matches!(self.peek(), Some(',' | '~')) {
            self.next();
            self.skip(|c| c == '+' || c == '~');
            return self.one_address();
        }
        true
    }

    fn one_address(&mut self) -> bool {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => self.skip(|c| c.is_ascii_digit() || c == '~'),
            Some('$') => {
                self.next();
            }
            Some('/') => {
                if !self.delimited() {
                    return false;
                }
                self.skip(|c| c == 'I' || c == 'M');
            }
            Some('\\') => {
                self.next();
                if !self.delimited() {
                    return false;
                }
                self.skip(|c| c == 'I' || c == 'M');
            }
            _ => {}
        }
        true
    }

    /// Reads a delimiter and the text up to its next unescaped occurrence.
    fn delimited(&mut self) -> bool {
        let Some(d) = self.next() else {
            return false;
        };
        if d == '\n' || d == '\\' {
            return false;
        }
        self.until(d)
    }

    /// The second part of `s/a/b/` or `y/a/b/`, after [`Reader::delimited`] read the first.
    fn delimited_rest(&mut self) -> bool {
        let Some(d) = self.chars.get(self.at.saturating_sub(1)).copied() else {
            return false;
        };
        self.until(d)
    }

    fn until(&mut self, d: char) -> bool {
        while let Some(c) = self.next() {
            if c == '\\' {
                self.next();
            } else if c == d {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_commands_that_run_or_write() {
        for script in [
            "1e touch PWN",
            "w PWN",
            "s/a/b/w out",
            "s/a/b/e",
            "s|a|b|ge",
            "/x/,$ W out",
            "p;w x",
            "1!{e id\n}",
            "y/ab/cd/;s/x/y/e",
            "K",
        ] {
            assert!(script_not_read_only(script).is_some(), "{script}");
        }
        for script in [
            "s/a/b/g",
            "1,5p",
            "/re/d;s/\\/w/x/",
            "$!N;P;D",
            "s/e/w/2",
            "10q",
            "/a/I,+2{p}",
            "a appended w text",
        ] {
            assert_eq!(script_not_read_only(script), None, "{script}");
        }
    }

    #[test]
    fn options_that_edit_or_load_scripts_are_not_read_only() {
        let args = |line: &str| -> Vec<String> { line.split(' ').map(str::to_owned).collect() };
        assert!(not_read_only(&args("-i s/a/b/ f")).is_some());
        assert!(not_read_only(&args("--in-pl s/a/b/ f")).is_some());
        assert!(not_read_only(&args("-f x.sed f")).is_some());
        assert!(not_read_only(&args("-n -e p -e 1w/tmp/x f")).is_some());
        assert_eq!(not_read_only(&args("-n 1,3p f")), None);
        assert_eq!(not_read_only(&args("--sandbox 1e f")), None);
        assert_eq!(
            commands(&args("-n 1e_touch_PWN f"))
                .into_iter()
                .map(|p| format!("{p:?}"))
                .collect::<Vec<_>>(),
            [r#"Script { text: "_touch_PWN", escalated: false }"#]
        );
        assert!(matches!(
            commands(&args("s/a/b/e f")).as_slice(),
            [Part::Opaque(_)]
        ));
    }
}
