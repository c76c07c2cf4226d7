//! Wrappers: programs that run another command (`sudo`, `env`, `env -S`, `timeout`, `nice`, `ionice`,
//! `nohup`, `setsid`, `flock`, `chrt`, `taskset`, `stdbuf`, `command`, `exec`, `xargs`, `parallel`,
//! `watch`, `find -exec`, shells and interpreters with `-c`/`-e`, `eval`, `busybox`).
//!
//! [`unwrap`] takes the wrappers off one simple command and says what really runs: a program with
//! its arguments, a script handed to a shell (classified as a command line of its own), or — when the
//! wrapped command cannot be read statically — an opaque part that needs approval. Arguments a
//! wrapper only learns at run time (xargs' input, `find`'s matches) are filled in: `{}` of `find -exec`
//! becomes each start path, xargs' input becomes [`UNKNOWN`].

use super::awk;
use super::sed;
use super::shell::{UNKNOWN, base, is_short_flag_with};

/// What one simple command runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Part {
    /// A program and its arguments; `escalated` when `sudo`/`doas`/`su` was among the wrappers.
    Run { words: Vec<String>, escalated: bool },
    /// A script a wrapper hands to a shell (`sh -c`, `env -S`, `eval`, `watch`, `flock -c`).
    Script { text: String, escalated: bool },
    /// A command that cannot be read statically; the text says what and why.
    Opaque(String),
    /// A wrapper or assignment that writes or changes something itself (flock's lock file,
    /// `time -o`, `PATH=…`): never read-only.
    Writes(String),
}

/// At most this many runs are produced for one wrapper (`find a b c -exec …`, `parallel ::: …`).
const MAX_EXPANSIONS: usize = 16;

/// Shell keywords that start or end a compound command and run nothing themselves.
const KEYWORDS: &[&str] = &[
    "then", "do", "else", "elif", "if", "while", "until", "!", "{", "}", "fi", "done", "esac",
];

const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "rbash", "tcsh", "csh",
];

/// Interpreters and the flag letters that make them run code given on the command line.
const INTERPRETERS: &[(&str, &[char], &[&str])] = &[
    ("python", &['c'], &[]),
    ("python2", &['c'], &[]),
    ("python3", &['c'], &[]),
    ("pypy", &['c'], &[]),
    ("pypy3", &['c'], &[]),
    ("perl", &['e', 'E'], &[]),
    ("ruby", &['e'], &[]),
    ("node", &['e', 'p'], &["--eval", "--print"]),
    ("nodejs", &['e', 'p'], &["--eval", "--print"]),
    ("bun", &['e'], &["--eval", "--print"]),
    ("deno", &[], &["eval"]),
    ("php", &['r'], &[]),
    ("lua", &['e'], &[]),
    ("luajit", &['e'], &[]),
    ("Rscript", &['e'], &[]),
    ("osascript", &['e'], &[]),
    ("tclsh", &[], &[]),
];

/// Takes the wrappers off `words` (one simple command, redirections removed).
pub(super) fn unwrap(words: &[String]) -> Vec<Part> {
    let mut out = Vec::new();
    unwrap_into(words, false, &mut out);
    out
}

/// How deep [`commands_run`] follows scripts handed to shells.
const MAX_SCRIPT_DEPTH: usize = 4;

/// Every program `line` runs with its arguments, wrappers taken off and scripts handed to shells
/// followed (`env git push`, `timeout 9 nice git push`, `sh -c 'git push'` each give `git push`),
/// the program by its base name (`/usr/bin/git` is `git`): what deny and ask rules are matched
/// against besides the line itself. A script in a file is not read.
pub(super) fn commands_run(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    commands_run_into(line, 0, &mut out);
    out
}

fn commands_run_into(line: &str, depth: usize, out: &mut Vec<String>) {
    for words in super::shell::split_commands(line) {
        for part in unwrap(&words) {
            match part {
                Part::Run { words, .. } => {
                    if let Some((first, rest)) = words.split_first() {
                        let mut command = base(first).to_owned();
                        for word in rest {
                            command.push(' ');
                            command.push_str(word);
                        }
                        out.push(command);
                    }
                }
                Part::Script { text, .. } if depth < MAX_SCRIPT_DEPTH => {
                    commands_run_into(&text, depth + 1, out);
                }
                Part::Script { .. } | Part::Opaque(_) | Part::Writes(_) => {}
            }
        }
    }
}

fn unwrap_into(words: &[String], escalated: bool, out: &mut Vec<Part>) {
    let mut rest = words;
    // Assignments and keywords in front of the command.
    while let Some(first) = rest.first() {
        if is_assignment(first) {
            note_assignment(first, out);
            rest = tail(rest, 1);
        } else if KEYWORDS.contains(&first.as_str()) {
            rest = tail(rest, 1);
        } else {
            break;
        }
    }
    let Some(first) = rest.first() else {
        return;
    };
    let name = base(first);
    let args = tail(rest, 1);
    let run = |out: &mut Vec<Part>| {
        out.push(Part::Run {
            words: rest.to_vec(),
            escalated,
        });
    };
    match name {
        // `for x in …`, `case x in`, `select x in …`: no command of their own.
        "for" | "case" | "select" => {}
        // `function NAME { body`: the body runs whenever NAME is called.
        "function" => unwrap_into(tail(args, 1), escalated, out),
        "sudo" | "doas" => {
            let p = getopt(
                args,
                "ugCDhprtUT",
                &[
                    "--user",
                    "--group",
                    "--close-from",
                    "--chdir",
                    "--host",
                    "--prompt",
                    "--role",
                    "--type",
                    "--other-user",
                    "--command-timeout",
                ],
            );
            if p.rest.is_empty() {
                out.push(Part::Run {
                    words: rest.to_vec(),
                    escalated: true,
                });
            } else {
                unwrap_into(p.rest, true, out);
            }
        }
        "su" | "runuser" => {
            let p = getopt(args, "cgGsw", &["--command", "--group", "--shell"]);
            match p.value_of(&["-c", "--command"]) {
                Some(script) => out.push(Part::Script {
                    text: script.to_owned(),
                    escalated: true,
                }),
                None => out.push(Part::Run {
                    words: rest.to_vec(),
                    escalated: true,
                }),
            }
        }
        "env" => unwrap_env(rest, args, escalated, out),
        "timeout" => {
            let p = getopt(args, "sk", &["--signal", "--kill-after"]);
            unwrap_into(tail(p.rest, 1), escalated, out);
        }
        "nice" => unwrap_into(getopt(args, "n", &["--adjustment"]).rest, escalated, out),
        "ionice" => {
            let p = getopt(
                args,
                "cnpPu",
                &["--class", "--classdata", "--pid", "--pgid", "--uid"],
            );
            if p.has(&["-p", "-P", "-u", "--pid", "--pgid", "--uid"]) {
                run(out);
            } else {
                unwrap_into(p.rest, escalated, out);
            }
        }
        "nohup" | "builtin" | "busybox" | "setsid" => {
            unwrap_into(getopt(args, "", &[]).rest, escalated, out);
        }
        "time" => {
            let p = getopt(args, "fo", &["--format", "--output"]);
            if let Some(file) = p.value_of(&["-o", "--output"]) {
                out.push(Part::Writes(format!("`time -o` writes `{file}`")));
            }
            unwrap_into(p.rest, escalated, out);
        }
        "stdbuf" => unwrap_into(
            getopt(args, "ioe", &["--input", "--output", "--error"]).rest,
            escalated,
            out,
        ),
        "command" => {
            let p = getopt(args, "", &[]);
            if p.has(&["-v", "-V"]) {
                run(out);
            } else {
                unwrap_into(p.rest, escalated, out);
            }
        }
        "exec" => unwrap_into(getopt(args, "a", &[]).rest, escalated, out),
        "chrt" => {
            let p = getopt(
                args,
                "TPD",
                &["--sched-runtime", "--sched-period", "--sched-deadline"],
            );
            if p.has(&["-p", "--pid", "-m", "--max"]) {
                run(out);
            } else {
                let skip = usize::from(p.rest.first().is_some_and(|w| is_number(w)));
                unwrap_into(tail(p.rest, skip), escalated, out);
            }
        }
        "taskset" => {
            let p = getopt(args, "", &[]);
            if p.has(&["-p", "--pid"]) {
                run(out);
            } else {
                unwrap_into(tail(p.rest, 1), escalated, out);
            }
        }
        "flock" => unwrap_flock(rest, args, escalated, out),
        "watch" => {
            let p = getopt(args, "nq", &["--interval", "--equexit"]);
            if p.has(&["-x", "--exec"]) {
                unwrap_into(p.rest, escalated, out);
            } else if !p.rest.is_empty() {
                out.push(Part::Script {
                    text: p.rest.join(" "),
                    escalated,
                });
            }
        }
        "xargs" => unwrap_xargs(args, escalated, out),
        "parallel" => unwrap_parallel(args, escalated, out),
        "eval" => out.push(Part::Script {
            text: args.join(" "),
            escalated,
        }),
        s if SHELLS.contains(&s) => unwrap_shell(rest, args, escalated, out),
        "find" => unwrap_find(rest, args, escalated, out),
        "awk" | "gawk" | "mawk" | "nawk" => {
            run(out);
            out.extend(awk::commands(args));
        }
        "sed" => {
            run(out);
            out.extend(sed::commands(args));
        }
        other => {
            if let Some(flag) = inline_code_flag(other, args) {
                out.push(Part::Opaque(format!(
                    "`{other} {flag}` runs inline code that pilotdeck cannot check"
                )));
            } else {
                run(out);
            }
        }
    }
}

fn unwrap_env(rest: &[String], args: &[String], escalated: bool, out: &mut Vec<Part>) {
    let p = getopt(args, "uCS", &["--unset", "--chdir", "--split-string"]);
    let mut cmd = p.rest;
    while let Some(w) = cmd.first().filter(|w| is_assignment(w)) {
        note_assignment(w, out);
        cmd = tail(cmd, 1);
    }
    if let Some(script) = p.value_of(&["-S", "--split-string"]) {
        let mut text = script.to_owned();
        for w in cmd {
            text.push(' ');
            text.push_str(w);
        }
        out.push(Part::Script { text, escalated });
    } else if cmd.is_empty() {
        // `env` alone prints the environment.
        out.push(Part::Run {
            words: rest.get(..1).unwrap_or_default().to_vec(),
            escalated,
        });
    } else {
        unwrap_into(cmd, escalated, out);
    }
}

/// `flock [opts] FILE cmd…`, `flock [opts] FILE -c SCRIPT`, `flock [opts] FD`.
fn unwrap_flock(rest: &[String], args: &[String], escalated: bool, out: &mut Vec<Part>) {
    const LONG: &[&str] = &["--timeout", "--wait", "--conflict-exit-code", "--command"];
    let before = getopt(args, "wEc", LONG);
    let Some(lock) = before.rest.first() else {
        out.push(Part::Run {
            words: rest.to_vec(),
            escalated,
        });
        return;
    };
    let after = getopt(tail(before.rest, 1), "wEc", LONG);
    if !is_number(lock) {
        out.push(Part::Writes(format!(
            "`flock` creates its lock file `{lock}`"
        )));
    }
    if let Some(script) = before
        .value_of(&["-c", "--command"])
        .or_else(|| after.value_of(&["-c", "--command"]))
    {
        out.push(Part::Script {
            text: script.to_owned(),
            escalated,
        });
    } else if after.rest.is_empty() {
        out.push(Part::Run {
            words: rest.to_vec(),
            escalated,
        });
    } else {
        unwrap_into(after.rest, escalated, out);
    }
}

/// `xargs [opts] [cmd [args]]`: the arguments read from input are [`UNKNOWN`].
fn unwrap_xargs(args: &[String], escalated: bool, out: &mut Vec<Part>) {
    let p = getopt(
        args,
        "InLsdEaP",
        &[
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--max-chars",
            "--process-slot-var",
        ],
    );
    let unknown = UNKNOWN.to_string();
    let replace = p
        .value_of(&["-I"])
        .map(str::to_owned)
        .or_else(|| p.has(&["-i", "--replace"]).then(|| "{}".to_owned()));
    let mut cmd: Vec<String> = if p.rest.is_empty() {
        vec!["echo".to_owned()]
    } else {
        p.rest.to_vec()
    };
    match replace {
        Some(r) if !r.is_empty() => {
            for w in cmd.iter_mut().skip(1) {
                *w = w.replace(&r, &unknown);
            }
        }
        _ => cmd.push(unknown),
    }
    unwrap_into(&cmd, escalated, out);
}

/// GNU parallel: `parallel [opts] cmd ::: args`, or the arguments (or whole commands) from input.
fn unwrap_parallel(args: &[String], escalated: bool, out: &mut Vec<Part>) {
    const VALUED_LONG: &[&str] = &[
        "--jobs",
        "--max-args",
        "--arg-file",
        "--colsep",
        "--delimiter",
        "--halt",
        "--timeout",
        "--retries",
        "--sshlogin",
        "--workdir",
        "--env",
        "--tmpdir",
        "--results",
        "--joblog",
        "--tag-string",
        "--max-replace-args",
    ];
    const FLAG_LONG: &[&str] = &[
        "--keep-order",
        "--group",
        "--ungroup",
        "--line-buffer",
        "--verbose",
        "--dry-run",
        "--no-notice",
        "--bar",
        "--progress",
        "--eta",
        "--null",
        "--quote",
        "--tag",
        "--will-cite",
        "--halt-on-error",
        "--no-run-if-empty",
        "--xargs",
    ];
    let p = getopt(args, "jPNnSaCdEIX", VALUED_LONG);
    if let Some((flag, _)) = p.opts.iter().find(|(f, v)| {
        f.starts_with("--")
            && v.is_none()
            && !FLAG_LONG.contains(&f.as_str())
            && !VALUED_LONG.contains(&f.as_str())
    }) {
        out.push(Part::Opaque(format!(
            "`parallel {flag}` is an option pilotdeck does not understand"
        )));
        return;
    }
    if let Some(file) = p.value_of(&["--joblog", "--results"]) {
        out.push(Part::Writes(format!("`parallel` writes `{file}`")));
    }
    let is_sep = |w: &String| w.starts_with(":::");
    let cmd: Vec<String> = p.rest.iter().take_while(|w| !is_sep(w)).cloned().collect();
    let mut candidates: Vec<String> = Vec::new();
    let mut literal = true;
    let mut in_files = false;
    for w in p.rest.iter().skip(cmd.len()) {
        if is_sep(w) {
            in_files = w.starts_with("::::");
            literal = true;
            continue;
        }
        if in_files {
            literal = false;
        } else {
            candidates.push(w.clone());
        }
    }
    let from_input = p.rest.len() == cmd.len() || !literal;
    if from_input {
        candidates.push(UNKNOWN.to_string());
    }
    if cmd.is_empty() {
        if from_input {
            out.push(Part::Opaque(
                "`parallel` without a command runs the lines of its input as commands".to_owned(),
            ));
        }
        for c in candidates.into_iter().take(MAX_EXPANSIONS) {
            out.push(Part::Script { text: c, escalated });
        }
        return;
    }
    let line = cmd.join(" ");
    for c in candidates.into_iter().take(MAX_EXPANSIONS) {
        let text = if line.contains('{') {
            replace_placeholders(&line, &c)
        } else {
            format!("{line} {c}")
        };
        out.push(Part::Script { text, escalated });
    }
}

/// `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{1}`, … of GNU parallel, each replaced by `value`.
fn replace_placeholders(line: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or_default());
        let after = rest.get(open + 1..).unwrap_or_default();
        match after.find('}') {
            Some(close)
                if after
                    .get(..close)
                    .is_some_and(|inner| inner.chars().all(|c| "./#%0123456789".contains(c))) =>
            {
                out.push_str(value);
                rest = after.get(close + 1..).unwrap_or_default();
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn unwrap_shell(rest: &[String], args: &[String], escalated: bool, out: &mut Vec<Part>) {
    let name = rest.first().map_or("sh", |w| base(w));
    let c_flag = args.iter().position(|a| {
        a == "-c" || a == "--command" || (is_short_flag_with(a, 'c') && a.len() <= 5)
    });
    if let Some(at) = c_flag {
        match args.get(at + 1) {
            Some(script) => out.push(Part::Script {
                text: script.clone(),
                escalated,
            }),
            None => out.push(Part::Opaque(format!("`{name} -c` without a script"))),
        }
        return;
    }
    let operand = args
        .iter()
        .find(|a| !a.starts_with('-') && !a.starts_with('+'));
    if operand.is_none() || args.iter().any(|a| is_short_flag_with(a, 's')) {
        out.push(Part::Opaque(format!(
            "`{name}` reads the commands it runs from its input"
        )));
    } else {
        out.push(Part::Run {
            words: rest.to_vec(),
            escalated,
        });
    }
}

/// `find`: the search itself, plus each `-exec`/`-execdir`/`-ok`/`-okdir` command with `{}` replaced
/// by each start path (what `find` hands it at depth 0, and the prefix of every match).
fn unwrap_find(rest: &[String], args: &[String], escalated: bool, out: &mut Vec<Part>) {
    let starts = find_start_paths(args);
    let mut search = vec![rest.first().cloned().unwrap_or_default()];
    let mut words = args.iter();
    let mut sections: Vec<Vec<String>> = Vec::new();
    while let Some(w) = words.next() {
        if matches!(w.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            search.push(w.clone());
            let section: Vec<String> = words
                .by_ref()
                .take_while(|x| x.as_str() != ";" && x.as_str() != "+")
                .cloned()
                .collect();
            sections.push(section);
        } else {
            search.push(w.clone());
        }
    }
    out.push(Part::Run {
        words: search,
        escalated,
    });
    for section in sections {
        for start in starts.iter().take(MAX_EXPANSIONS) {
            let inner: Vec<String> = section.iter().map(|w| w.replace("{}", start)).collect();
            unwrap_into(&inner, escalated, out);
        }
    }
}

/// The paths `find` starts from: the operands before the first expression word (`.` when none).
pub(super) fn find_start_paths(args: &[String]) -> Vec<String> {
    let mut rest = args;
    // Leading options: -H, -L, -P, -D debugopts, -Olevel.
    while let Some(w) = rest.first() {
        match w.as_str() {
            "-H" | "-L" | "-P" => rest = tail(rest, 1),
            "-D" => rest = tail(rest, 2),
            o if o.starts_with("-O") => rest = tail(rest, 1),
            _ => break,
        }
    }
    let starts: Vec<String> = rest
        .iter()
        .take_while(|w| !w.starts_with('-') && *w != "(" && *w != "!" && *w != ",")
        .cloned()
        .collect();
    if starts.is_empty() {
        vec![".".to_owned()]
    } else {
        starts
    }
}

/// The flag that makes `program` run code from its command line (`python -c`, `perl -e`, …).
fn inline_code_flag(program: &str, args: &[String]) -> Option<String> {
    let program = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let (_, letters, long) = INTERPRETERS
        .iter()
        .find(|(name, ..)| name.trim_end_matches(|c: char| c.is_ascii_digit()) == program)?;
    args.iter()
        .take_while(|a| a.starts_with('-') || long.contains(&a.as_str()))
        .find(|a| {
            long.contains(&a.as_str())
                || long.iter().any(|l| a.starts_with(&format!("{l}=")))
                || (!a.starts_with("--") && letters.iter().any(|l| is_short_flag_with(a, *l)))
        })
        .cloned()
}

/// Parsed options of a wrapper: each flag with its value, and the words after the options.
pub(super) struct Parsed<'a> {
    pub(super) opts: Vec<(String, Option<String>)>,
    pub(super) rest: &'a [String],
}

impl Parsed<'_> {
    pub(super) fn has(&self, flags: &[&str]) -> bool {
        self.opts.iter().any(|(f, _)| flags.contains(&f.as_str()))
    }

    pub(super) fn value_of(&self, flags: &[&str]) -> Option<&str> {
        self.opts
            .iter()
            .find(|(f, _)| flags.contains(&f.as_str()))
            .and_then(|(_, v)| v.as_deref())
    }
}

/// getopt-style parsing that stops at the first operand: `short_valued` lists the letters that take a
/// value (attached or in the next word), `long_valued` the long options that take the next word
/// when written without `=`.
pub(super) fn getopt<'a>(
    words: &'a [String],
    short_valued: &str,
    long_valued: &[&str],
) -> Parsed<'a> {
    let mut opts = Vec::new();
    let mut rest = words;
    while let Some(w) = rest.first() {
        if w == "--" {
            rest = tail(rest, 1);
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (format!("--{n}"), Some(v.to_owned())),
                None => (w.clone(), None),
            };
            if value.is_none() && long_valued.contains(&name.as_str()) {
                opts.push((name, rest.get(1).cloned()));
                rest = tail(rest, 2);
            } else {
                opts.push((name, value));
                rest = tail(rest, 1);
            }
            continue;
        }
        let Some(cluster) = w.strip_prefix('-').filter(|c| !c.is_empty()) else {
            break;
        };
        rest = tail(rest, 1);
        for (i, c) in cluster.char_indices() {
            if short_valued.contains(c) {
                let attached = cluster.get(i + c.len_utf8()..).unwrap_or_default();
                let value = if attached.is_empty() {
                    let v = rest.first().cloned();
                    rest = tail(rest, 1);
                    v
                } else {
                    Some(attached.to_owned())
                };
                opts.push((format!("-{c}"), value));
                break;
            }
            opts.push((format!("-{c}"), None));
        }
    }
    Parsed { opts, rest }
}

/// Variables whose value cannot make a program run other code (`LC_ALL=C sort`); any other
/// assignment (`PATH=`, `LD_PRELOAD=`, `GIT_PAGER=`, `BASH_ENV=`, …) makes a command not read-only.
const SAFE_VARIABLES: &[&str] = &[
    "LANG",
    "LANGUAGE",
    "TZ",
    "COLUMNS",
    "LINES",
    "TERM",
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "GREP_COLOR",
    "GREP_COLORS",
    "FORCE_COLOR",
    "RUST_BACKTRACE",
    "RUST_LOG",
];

/// Records an assignment that changes how the command runs.
fn note_assignment(word: &str, out: &mut Vec<Part>) {
    let name = word.split_once('=').map_or(word, |(n, _)| n);
    if !(SAFE_VARIABLES.contains(&name) || name.starts_with("LC_")) {
        out.push(Part::Writes(format!(
            "`{name}=…` changes how the command runs"
        )));
    }
}

/// `NAME=value` in front of a command.
pub(super) fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.starts_with(|c: char| c.is_ascii_digit())
    })
}

fn is_number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_digit())
}

pub(super) fn tail(words: &[String], n: usize) -> &[String] {
    words.get(n..).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    fn runs(line: &str) -> Vec<String> {
        unwrap(&w(line))
            .into_iter()
            .map(|p| match p {
                Part::Run { words, escalated } => {
                    format!(
                        "{}{}",
                        if escalated { "sudo:" } else { "" },
                        words.join(" ")
                    )
                }
                Part::Script { text, .. } => format!("script:{text}"),
                Part::Opaque(t) => format!("opaque:{t}"),
                Part::Writes(t) => format!("writes:{t}"),
            })
            .collect()
    }

    #[test]
    fn takes_wrappers_off() {
        assert_eq!(runs("setsid rm -rf x"), ["rm -rf x"]);
        assert_eq!(runs("timeout -s KILL 5 nice -n 3 ls"), ["ls"]);
        assert_eq!(runs("sudo -u root rm x"), ["sudo:rm x"]);
        assert_eq!(runs("chrt -f 10 taskset 0x1 stdbuf -oL ls"), ["ls"]);
        assert_eq!(runs("ionice -c 3 nohup ls"), ["ls"]);
        assert_eq!(runs("env -Stouch PWN"), ["script:touch PWN"]);
        assert_eq!(runs("env -u B -i"), ["env"]);
        assert_eq!(runs("bash -lc ls"), ["script:ls"]);
        assert_eq!(runs("watch -n 1 ls -l"), ["script:ls -l"]);
        assert_eq!(runs("command -v rm"), ["command -v rm"]);
        assert_eq!(
            runs("flock /tmp/l rm x"),
            ["writes:`flock` creates its lock file `/tmp/l`", "rm x"]
        );
        assert_eq!(runs("xargs rm -rf"), ["rm -rf \0"]);
        assert_eq!(runs("xargs -I % cp % dst"), ["cp \0 dst"]);
        assert_eq!(
            runs("find . -maxdepth 0 -exec rm -rf / ;"),
            ["find . -maxdepth 0 -exec", "rm -rf /"]
        );
        assert_eq!(
            runs("find a b -exec cat {} +"),
            ["find a b -exec", "cat a", "cat b"]
        );
        assert_eq!(
            runs("parallel rm -rf ::: / x"),
            ["script:rm -rf /", "script:rm -rf x"]
        );
        assert!(runs("parallel")[0].starts_with("opaque:"));
        assert!(runs("python3 -c print(1)")[0].starts_with("opaque:"));
        assert_eq!(runs("python3 x.py"), ["python3 x.py"]);
        assert!(runs("bash")[0].starts_with("opaque:"));
    }
}
