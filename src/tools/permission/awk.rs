//! `awk` for the bash classifier: the read-only check (only `-F`, `-v` and a program without
//! `system`, pipes, output redirections or `@load`), and the commands an awk program runs —
//! `system("…")`, `print | "…"`, `"…" | getline` — handed back to be classified as command lines
//! (an awk program is an interpreter running code; a command it builds at run time needs approval).

use std::sync::LazyLock;

use regex::Regex;

use super::git::is_long_prefix;
use super::wrappers::{Part, getopt};

#[expect(clippy::expect_used, reason = "constant pattern")]
static LITERAL_COMMAND: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"system\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)|\|&?\s*"((?:[^"\\]|\\.)*)"|"((?:[^"\\]|\\.)*)"\s*\|&?\s*getline"#,
    )
    .expect("valid regex")
});

/// The commands `awk ARGS` runs: a script per literal command, or an opaque part when a command is
/// built at run time.
pub(super) fn commands(args: &[String]) -> Vec<Part> {
    let mut out = Vec::new();
    for program in programs(args) {
        let code = strip_strings(&program);
        let calls = code.matches("system").count() + code.replace("||", "").matches('|').count();
        let literals: Vec<String> = LITERAL_COMMAND
            .captures_iter(&program)
            .filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)))
            .map(|m| m.as_str().replace("\\\"", "\"").replace("\\\\", "\\"))
            .collect();
        if literals.len() < calls {
            out.push(Part::Opaque(
                "an awk program runs a command it builds at run time".to_owned(),
            ));
        }
        out.extend(literals.into_iter().map(|text| Part::Script {
            text,
            escalated: false,
        }));
    }
    out
}

/// The program texts of `awk ARGS` (`-e`/`--source`, or the first operand).
fn programs(args: &[String]) -> Vec<String> {
    let p = getopt(
        args,
        "Fvef",
        &["--field-separator", "--assign", "--source", "--file"],
    );
    let mut programs: Vec<String> = p
        .opts
        .iter()
        .filter(|(f, _)| f == "-e" || f == "--source")
        .filter_map(|(_, v)| v.clone())
        .collect();
    if programs.is_empty() && !p.has(&["-f", "--file"]) {
        programs.extend(p.rest.first().cloned());
    }
    programs
}

/// awk: only `-F`, `-v` and a program without `system`, pipes, output redirections or `@load`.
pub(super) fn not_read_only(args: &[String]) -> Option<String> {
    let p = getopt(args, "Fve", &["--field-separator", "--assign", "--source"]);
    let mut programs: Vec<&str> = Vec::new();
    for (flag, value) in &p.opts {
        match flag.as_str() {
            "-F" | "-v" | "--field-separator" | "--assign" => {}
            "-e" | "--source" => programs.push(value.as_deref().unwrap_or_default()),
            f if f == "-f" || is_long_prefix(f, "file", 2) => {
                return Some("`awk -f` runs an awk program from a file".to_owned());
            }
            other => return Some(format!("`awk {other}` is not a known read-only awk option")),
        }
    }
    if programs.is_empty() {
        programs.extend(p.rest.first().map(String::as_str));
    }
    programs.into_iter().find_map(awk_program)
}

/// Why an awk program runs commands or writes files: `system` (however spaced), `|` (a pipe to or
/// from a command, `cmd | getline`), `>` in a `print`/`printf` statement, or a gawk `@load`/`@include`.
fn awk_program(program: &str) -> Option<String> {
    let code = strip_strings(program);
    if code.contains("system") {
        return Some("its awk program calls `system`".to_owned());
    }
    if code.replace("||", "").contains('|') {
        return Some("its awk program pipes to or from a command".to_owned());
    }
    if code.contains('@') {
        return Some("its awk program loads code with `@load`/`@include`".to_owned());
    }
    for statement in code.split([';', '{', '}', '\n']) {
        let Some(at) = statement.find("print") else {
            continue;
        };
        let mut depth = 0i32;
        for c in statement.get(at..).unwrap_or_default().chars() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                '>' if depth <= 0 => {
                    return Some("its awk program redirects output to a file".to_owned());
                }
                _ => {}
            }
        }
    }
    None
}

/// `program` with the contents of its string literals removed.
fn strip_strings(program: &str) -> String {
    let mut out = String::new();
    let mut chars = program.chars();
    while let Some(c) = chars.next() {
        if c == '"' {
            out.push('"');
            while let Some(s) = chars.next() {
                match s {
                    '\\' => {
                        chars.next();
                    }
                    '"' => break,
                    _ => {}
                }
            }
            out.push('"');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripts(program: &str) -> Vec<String> {
        commands(&[program.to_owned()])
            .into_iter()
            .map(|p| match p {
                Part::Script { text, .. } => text,
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn finds_the_commands_a_program_runs() {
        assert_eq!(scripts(r#"BEGIN{system ("rm -rf /")}"#), ["rm -rf /"]);
        assert_eq!(scripts(r#"BEGIN{print "x" | "touch PWN"}"#), ["touch PWN"]);
        assert_eq!(scripts(r#"BEGIN{"touch PWN" | getline}"#), ["touch PWN"]);
        assert!(scripts("{ system($0) }")[0].starts_with("Opaque"));
        assert!(scripts("NR==1 || NR==2").is_empty());
    }
}
