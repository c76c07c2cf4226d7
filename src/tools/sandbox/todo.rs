//! The todo lists a paused rebase, cherry-pick or revert runs on `--continue`
//! (`rebase-merge/git-rebase-todo`, `sequencer/todo` in a git directory). The guard leaves git's
//! merge and rebase state writable so the agent can rebase, but an `exec` (`x`) line in a todo runs
//! its command at the user's `git rebase --continue`: a todo that gained one during a command is
//! put back as it was (removed when the command made it), like a planted hook. So is a merge
//! strategy git does not have built in (`rebase-merge/strategy`, `sequencer/opts`): git runs it
//! as the program `git-merge-NAME`, a relative path when the name holds a `/`.

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

/// Where a paused rebase or cherry-pick keeps the strategy its `--continue` runs.
const STRATEGY_FILES: &[&str] = &["rebase-merge/strategy", "sequencer/opts"];

/// The strategies the file `name` (one of [`STRATEGY_FILES`]) names: `strategy` is one line, as
/// git reads it; `opts` is a git config file, read as git reads it (`[options] strategy = x` on one
/// line included); `None` when it cannot be read so.
fn strategies(path: &Path, name: &str, bytes: &[u8]) -> Option<Vec<String>> {
    if name.ends_with("strategy") {
        let text = String::from_utf8_lossy(bytes);
        return Some(vec![text.lines().next().unwrap_or_default().to_owned()]);
    }
    let config = git2::Config::open(path).ok()?;
    let mut named = Vec::new();
    let mut entries = config.entries(None).ok()?;
    while let Some(entry) = entries.next() {
        let entry = entry.ok()?;
        if entry
            .name()
            .is_ok_and(|n| n.eq_ignore_ascii_case("options.strategy"))
        {
            named.push(entry.value().unwrap_or_default().to_owned());
        }
    }
    Some(named)
}

/// Removes a strategy file that names a strategy git does not have built in (attacker review,
/// stop 39, round 3: `x/../ev` in `rebase-merge/strategy` ran `./ev` at the user's `git rebase
/// --continue`); the paused operation goes on with git's default strategy.
fn check_strategies(git_dir: &Path) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for name in STRATEGY_FILES {
        let path = git_dir.join(name);
        let named = match read(&path) {
            Content::Bytes(bytes) => strategies(&path, name, &bytes),
            _ if std::fs::symlink_metadata(&path).is_err() => continue,
            // A link, FIFO or unreadable file where git reads a strategy: not trusted.
            _ => None,
        }
        .unwrap_or_else(|| vec![String::new()]);
        if named
            .iter()
            .all(|n| BUILTIN_STRATEGIES.contains(&n.as_str()))
        {
            continue;
        }
        let removed = remove_below(git_dir, &path);
        outcomes.push(match removed {
            Ok(()) => Outcome::Undone(path),
            Err(why) => Outcome::Failed {
                path,
                why: format!("it names a merge strategy git would run as a program: {why}"),
                aside: None,
            },
        });
    }
    outcomes
}

/// Puts back each todo list that gained an `exec` line (or became unreadable) since [`save`], and
/// removes a strategy file naming a program ([`check_strategies`]).
pub fn check(todos: &[Todo]) -> Vec<Outcome> {
    let mut git_dirs: Vec<&Path> = todos.iter().map(|t| t.git_dir.as_path()).collect();
    git_dirs.dedup();
    let mut outcomes: Vec<Outcome> = git_dirs.into_iter().flat_map(check_strategies).collect();
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
    fn strategies_are_read_as_git_reads_them() {
        let tmp = tempfile::tempdir().unwrap();
        let opts = tmp.path().join("opts");
        let read = |name: &str, text: &str| {
            crate::store::write_atomic(&opts, text.as_bytes()).unwrap();
            strategies(&opts, name, text.as_bytes())
        };
        let s = |v: &[&str]| Some(v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>());
        assert_eq!(read("rebase-merge/strategy", "ort\n"), s(&["ort"]));
        assert_eq!(
            read("rebase-merge/strategy", "x/../e=v\n"),
            s(&["x/../e=v"])
        );
        assert_eq!(
            read("sequencer/opts", "[options]\n\tstrategy = ort\n"),
            s(&["ort"])
        );
        assert_eq!(
            read("sequencer/opts", "[options] strategy = x/../ev\n"),
            s(&["x/../ev"])
        );
        assert_eq!(
            read("sequencer/opts", "[options]\n\tsignoff = true\n"),
            s(&[])
        );
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
