//! The todo lists a paused rebase, cherry-pick or revert runs on `--continue`
//! (`rebase-merge/git-rebase-todo`, `sequencer/todo` in a git directory). The guard leaves git's
//! merge and rebase state writable so the agent can rebase, but an `exec` (`x`) line in a todo runs
//! its command at the user's `git rebase --continue`: a todo that gained one during a command is
//! put back as it was (removed when the command made it), like a planted hook. A file that hands
//! on more than git writes there is removed: a merge strategy git does not have built in
//! (`rebase-merge/strategy`, `sequencer/opts`; git runs it as the program `git-merge-NAME`, a
//! relative path when the name holds a `/`), a strategy option or `git apply` option git does not
//! write (`rebase-merge/strategy_opts`, `sequencer/opts`, `rebase-apply/apply-opt`:
//! `--index-output=FILE`, `--build-fake-ancestor=FILE` write FILE anywhere).

use std::collections::BTreeSet;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::guard::{Content, Outcome, read, remove, remove_below};

/// Where a git directory keeps the steps still to run.
const TODOS: &[&str] = &["rebase-merge/git-rebase-todo", "sequencer/todo"];

/// One todo list as it was before a command.
#[derive(Debug)]
pub struct Todo {
    git_dir: PathBuf,
    path: PathBuf,
    /// Its content and mode, when it was a readable regular file.
    before: Option<(Vec<u8>, u32)>,
}

/// The todo lists of the git directory `git_dir` now.
pub fn save(git_dir: &Path) -> Vec<Todo> {
    TODOS
        .iter()
        .map(|name| {
            let path = git_dir.join(name);
            let mode = std::fs::symlink_metadata(&path).map(|m| m.permissions().mode() & 0o7777);
            let before = match (read(&path), mode) {
                (Content::Bytes(bytes), Ok(mode)) => Some((bytes, mode)),
                _ => None,
            };
            Todo {
                git_dir: git_dir.to_owned(),
                path,
                before,
            }
        })
        .collect()
}

/// The merge strategies git has built in; any other name runs a program `git-merge-NAME` (found
/// on `PATH`, or by a relative path when the name holds a `/`).
const BUILTIN_STRATEGIES: &[&str] = &["ort", "recursive", "resolve", "octopus", "ours", "subtree"];

/// The strategy options (`-X`) git's merge strategies take. `resolve` and `octopus` are shell
/// scripts that pass any other `--word` on to `git read-tree` (`--index-output=FILE` writes FILE).
const STRATEGY_OPTIONS: &[&str] = &[
    "ours",
    "theirs",
    "subtree",
    "patience",
    "histogram",
    "minimal",
    "diff-algorithm",
    "ignore-space-change",
    "ignore-all-space",
    "ignore-space-at-eol",
    "ignore-cr-at-eol",
    "renormalize",
    "no-renormalize",
    "find-renames",
    "rename-threshold",
    "no-renames",
];

/// Where a paused operation keeps what its `--continue` hands on to a merge strategy or to `git
/// apply`: each is checked by [`handed_on`].
const HANDED_ON: &[&str] = &[
    "rebase-merge/strategy",
    "rebase-merge/strategy_opts",
    "sequencer/opts",
    "rebase-apply/apply-opt",
];

/// True when the file `name` (one of [`HANDED_ON`]), holding `bytes`, hands on only what git
/// itself would write there: a built-in strategy, strategy options of [`STRATEGY_OPTIONS`], the
/// options `git am` gives `git apply` ([`safe_apply_option`]). `strategy` is read whole, as git
/// reads it ([`one_line`]); `strategy_opts` and `apply-opt` as quoted words; `opts` only in
/// the plain form git writes ([`plain_config`]: a file two parsers could read differently is not
/// trusted).
fn handed_on(name: &str, bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let words = || split_words(text.trim_end_matches('\n'));
    match name.rsplit('/').next().unwrap_or_default() {
        "strategy" => builtin(one_line(text)),
        "strategy_opts" => words().is_some_and(|w| w.iter().all(|o| safe_strategy_option(o))),
        "apply-opt" => words().is_some_and(|w| w.iter().all(|o| safe_apply_option(o))),
        _ => plain_config(text).is_some_and(|values| {
            values.iter().all(|(key, value)| match key.as_str() {
                "strategy" => builtin(value),
                "strategy-option" => safe_strategy_option(value),
                _ => true,
            })
        }),
    }
}

/// A one-line state file as git's `read_oneliner` reads it: whole, less one trailing newline (and
/// a carriage return before it).
fn one_line(text: &str) -> &str {
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.strip_suffix('\r').unwrap_or(text)
}

fn builtin(strategy: &str) -> bool {
    BUILTIN_STRATEGIES.contains(&strategy)
}

/// `--theirs`, `subtree=lib`, `rename-threshold=50%`: a name of [`STRATEGY_OPTIONS`], a plain
/// value.
fn safe_strategy_option(option: &str) -> bool {
    let option = option.strip_prefix("--").unwrap_or(option);
    let (name, value) = option.split_once('=').unwrap_or((option, ""));
    STRATEGY_OPTIONS.contains(&name) && plain_value(value, "%")
}

/// What `git am` writes to `apply-opt`: `-C3`, `-p1`, `--reject`, `--ignore-space-change`,
/// `--ignore-whitespace`, `--whitespace=fix`, `--directory=DIR`, `--exclude=GLOB`,
/// `--include=GLOB` (never `--build-fake-ancestor=FILE`, which writes FILE).
fn safe_apply_option(option: &str) -> bool {
    if let Some(digits) = (option.strip_prefix("-C")).or_else(|| option.strip_prefix("-p")) {
        return !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    }
    let (name, value) = option.split_once('=').unwrap_or((option, ""));
    match name {
        "--reject" | "--ignore-space-change" | "--ignore-whitespace" => value.is_empty(),
        "--whitespace" => {
            !value.is_empty() && value.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        }
        "--directory" | "--exclude" | "--include" => plain_value(value, "*?[]"),
        _ => false,
    }
}

/// A value naming nothing outside: letters, digits, `._-/` and `extra`, not starting with `-` or
/// `/`, no `..` step.
fn plain_value(value: &str, extra: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c) || extra.contains(c))
        && !value.starts_with(['-', '/'])
        && !value.split('/').any(|step| step == "..")
}

/// The words of `line` as git's `split_cmdline` reads them (blanks between words, `'…'` and
/// `"…"` quoting, a backslash outside single quotes taking the next character); `None` when a
/// quote is left open or the text holds a NUL (git would stop reading there).
fn split_words(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (_, '\0') => return None,
            (None, c) if c.is_ascii_whitespace() => words.extend(word.take()),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (Some(q), c) if c == q => quote = None,
            (q, '\\') if q != Some('\'') => word.get_or_insert_default().push(chars.next()?),
            (_, c) => word.get_or_insert_default().push(c),
        }
    }
    if quote.is_some() {
        return None;
    }
    words.extend(word);
    Some(words)
}

/// The `[options]` entries of `sequencer/opts` (keys lower-cased, as git compares them) when the
/// file is in the plain form git writes: one `[options]` section, then `key = value` lines whose
/// values hold no quote, backslash, comment sign or bracket; `None` otherwise. Read by hand, not
/// by libgit2: libgit2 follows `[include]` (a FIFO there hung the guard) and reads some escapes
/// differently from git (`\\"` before a `;` hid a `strategy` line from it; attacker review, stop
/// 40).
fn plain_config(text: &str) -> Option<Vec<(String, String)>> {
    // Only the blanks git itself skips are cut (Rust's `trim` also cuts `\v` and U+00A0, which
    // git keeps in a value: `strategy = ort\v` ran `git-merge-ort\v`; attacker review, stop 40).
    let blanks: &[char] = &[' ', '\t'];
    let mut lines = (text.lines())
        .map(|l| l.trim_matches(blanks))
        .filter(|l| !l.is_empty());
    if !lines.next()?.eq_ignore_ascii_case("[options]") {
        return None;
    }
    lines
        .map(|line| {
            let (key, value) = line.split_once('=')?;
            let (key, value) = (key.trim_matches(blanks), value.trim_matches(blanks));
            let plain_key =
                !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
            let plain_value = !value.contains(['"', '\\', ';', '#', '[', ']'])
                && value.chars().all(|c| c.is_ascii_graphic() || c == ' ');
            (plain_key && plain_value).then(|| (key.to_ascii_lowercase(), value.to_owned()))
        })
        .collect()
}

/// Removes a file of [`HANDED_ON`] that hands on more than git writes there (attacker review,
/// stop 39, round 3: `x/../ev` in `rebase-merge/strategy` ran `./ev` at the user's `git rebase
/// --continue`; stop 40: `--build-fake-ancestor=FILE` in `apply-opt` and `--index-output=FILE` in
/// `strategy_opts` with the `resolve` strategy overwrote FILE outside the project at the user's
/// `git am --continue` / `git rebase --continue`); the paused operation goes on with git's
/// defaults.
fn check_handed_on(git_dir: &Path) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for name in HANDED_ON {
        let path = git_dir.join(name);
        let safe = match read(&path) {
            Content::Bytes(bytes) => handed_on(name, &bytes),
            _ if std::fs::symlink_metadata(&path).is_err() => continue,
            // A link, FIFO or unreadable file where git reads options: not trusted.
            _ => false,
        };
        if safe {
            continue;
        }
        let removed = remove_below(git_dir, &path);
        outcomes.push(match removed {
            Ok(()) => Outcome::Undone(path),
            Err(why) => Outcome::Failed {
                path,
                why: format!("it hands git options that run a program or write a file: {why}"),
                aside: None,
            },
        });
    }
    outcomes
}

/// Puts back each todo list that gained an `exec` line (or became unreadable) since [`save`], and
/// removes a strategy or option file handing on more than git writes there ([`check_handed_on`]).
pub fn check(todos: &[Todo]) -> Vec<Outcome> {
    let mut git_dirs: Vec<&Path> = todos.iter().map(|t| t.git_dir.as_path()).collect();
    git_dirs.dedup();
    let mut outcomes: Vec<Outcome> = git_dirs.into_iter().flat_map(check_handed_on).collect();
    for todo in todos {
        if std::fs::symlink_metadata(&todo.path).is_err() {
            continue;
        }
        let had = todo
            .before
            .as_ref()
            .map(|(bytes, _)| exec_lines(bytes))
            .unwrap_or_default();
        let added = match read(&todo.path) {
            Content::Bytes(bytes) => exec_lines(&bytes).difference(&had).next().is_some(),
            // A symlink, FIFO or unreadable file where git reads its steps: not trusted.
            _ => true,
        };
        if !added {
            continue;
        }
        // Through its directory held open: `rebase-merge/` swapped for a link meanwhile does not
        // send the write outside.
        let undone =
            super::nofollow::anchored(&todo.git_dir, &todo.path, false).and_then(|(at, _held)| {
                match &todo.before {
                    Some((bytes, mode)) => crate::store::write_atomic_mode(&at, bytes, *mode)
                        .map_err(|e| e.to_string()),
                    None => remove(&at),
                }
            });
        outcomes.push(match undone {
            Ok(()) => Outcome::Undone(todo.path.clone()),
            Err(why) => Outcome::Failed {
                path: todo.path.clone(),
                why: format!("it gained an `exec` line that cannot be taken out: {why}"),
                aside: None,
            },
        });
    }
    outcomes
}

/// The `exec`/`x` lines of a todo list, as git reads them (leading blanks skipped).
fn exec_lines(todo: &[u8]) -> BTreeSet<String> {
    String::from_utf8_lossy(todo)
        .lines()
        .map(|line| line.trim_start_matches([' ', '\t']))
        .filter(|line| {
            let word = line.split([' ', '\t', '\r']).next().unwrap_or_default();
            word == "exec" || word == "x"
        })
        .map(|line| line.trim_end().to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_as_git_reads_them() {
        let safe = |name: &str, text: &str| handed_on(name, text.as_bytes());
        assert!(safe("rebase-merge/strategy", "ort\n"));
        assert!(!safe("rebase-merge/strategy", "x/../e=v\n"));
        // Git reads the whole file: a second line is part of the name.
        assert!(!safe("rebase-merge/strategy", "ort\nx/../ev\n"));
        assert!(!safe("rebase-merge/strategy", "ort \n"));
        assert!(safe("rebase-merge/strategy", "recursive\r\n"));
        assert!(safe("sequencer/opts", "[options]\n\tstrategy = ort\n"));
        assert!(!safe("sequencer/opts", "[options] strategy = x/../ev\n"));
        // Quoting libgit2 and git read differently, an include, another section: not trusted.
        assert!(!safe(
            "sequencer/opts",
            "[options]\n\tgpg-sign = a\\\\\"b\" ;\\\n\tstrategy = x/../ev\n"
        ));
        assert!(!safe(
            "sequencer/opts",
            "[options]\n[include]\n\tpath = f\n"
        ));
        assert!(!safe(
            "sequencer/opts",
            "[options]\n\tstrategy = ort\u{b}\n"
        ));
        assert!(!safe(
            "sequencer/opts",
            "[options]\n\tstrategy = ort\u{a0}\n"
        ));
        assert!(!safe(
            "sequencer/opts",
            "[options]\n\tstrategy = ort\n[core]\n\tx = 1\n"
        ));
        assert!(safe(
            "sequencer/opts",
            "[options]\n\tno-commit = true\n\tmainline = 1\n\tallow-ff = true\n"
        ));
        assert!(safe("sequencer/opts", "[options]\n\tsignoff = true\n"));
        assert!(safe(
            "sequencer/opts",
            "[options]\n\tstrategy = resolve\n\tstrategy-option = theirs\n"
        ));
        assert!(!safe(
            "sequencer/opts",
            "[options]\n\tstrategy-option = index-output=/tmp/x\n"
        ));
        assert!(safe(
            "rebase-merge/strategy_opts",
            " '--theirs' '--rename-threshold=50%'\n"
        ));
        assert!(safe("rebase-merge/strategy_opts", "--subtree=lib/vendor\n"));
        assert!(!safe(
            "rebase-merge/strategy_opts",
            "--index-output=/tmp/victim\n"
        ));
        assert!(!safe(
            "rebase-merge/strategy_opts",
            "--theirs \"--index-output=v\"\n"
        ));
        assert!(!safe("rebase-merge/strategy_opts", "--subtree=../out\n"));
        assert!(!safe("rebase-merge/strategy_opts", "'--theirs\n"));
        assert!(safe(
            "rebase-apply/apply-opt",
            " '--whitespace=fix' '-C1' '-p2' '--reject'"
        ));
        assert!(safe("rebase-apply/apply-opt", ""));
        assert!(!safe(
            "rebase-apply/apply-opt",
            " '--build-fake-ancestor=/tmp/attack5/victim'"
        ));
        assert!(!safe("rebase-apply/apply-opt", " '--directory=/etc'"));
        assert!(!safe("rebase-apply/apply-opt", " '-C1'\\''--output=x'"));
    }

    #[test]
    fn a_todo_that_gained_an_exec_line_is_put_back_or_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let git = tmp.path();
        std::fs::create_dir_all(git.join("rebase-merge")).unwrap();
        let todo = git.join("rebase-merge/git-rebase-todo");
        crate::store::write_atomic(&todo, b"pick abc one\nexec make test\n").unwrap();
        let saved = save(git);
        // Reordered and picks dropped: no new exec line.
        crate::store::write_atomic(&todo, b"exec make test\n").unwrap();
        assert!(check(&saved).is_empty());
        crate::store::write_atomic(&todo, b"  x touch pwned\npick abc one\n").unwrap();
        assert_eq!(check(&saved), [Outcome::Undone(todo.clone())]);
        assert_eq!(
            std::fs::read(&todo).unwrap(),
            b"pick abc one\nexec make test\n"
        );
        // A sequencer todo the command made with an exec line is removed.
        std::fs::create_dir_all(git.join("sequencer")).unwrap();
        let sequencer = git.join("sequencer/todo");
        crate::store::write_atomic(&sequencer, b"# x\nexec\ttouch pwned\n").unwrap();
        assert_eq!(check(&saved), [Outcome::Undone(sequencer.clone())]);
        assert!(!sequencer.exists());
        crate::store::write_atomic(&sequencer, b"pick abc one\n# exec not this\n").unwrap();
        assert!(check(&saved).is_empty());
    }
}
