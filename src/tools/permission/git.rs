//! `git` for the bash classifier: its global options (`-C`, `-c`, `--git-dir`, `--work-tree`, …) are
//! read so `git -C . reset --hard` is `git reset --hard`; each subcommand is read-only (with its
//! writing flags excluded), destroys the user's work (`reset --hard`, `clean`, `checkout -- .`,
//! `restore`, `stash drop/clear`, `reflog expire`, `branch -D`, `push --force`, …), writes a git
//! setting that runs code later (`core.hooksPath`, `core.fsmonitor`, `alias.*`, `filter.*`, …) or
//! makes a repository whose settings will (`init`, `clone`), or is ordinary. Commands git itself will run (`-c alias.x='!…'`, `rebase --exec`, `submodule foreach`,
//! `bisect run`) are handed back to be classified as command lines.

use std::path::Path;

use super::shell::is_short_flag_with;
use super::wrappers::{Parsed, getopt, tail};

/// What a git call does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum GitClass {
    ReadOnly,
    /// Destroys uncommitted work or recovery information; the text says how.
    Destructive(String),
    /// Writes a setting that makes git run a command later; the text names it.
    Protected(String),
    /// Anything else; the text says why it is not read-only.
    Normal(String),
}

/// A git call's class and the command lines git will run on its behalf.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct GitVerdict {
    pub(super) class: GitClass,
    pub(super) scripts: Vec<String>,
}

/// Global options that take the next word as their value.
const GLOBAL_VALUED: &[&str] = &[
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
];

/// Global options that only change where or how git reads.
const GLOBAL_HARMLESS: &[&str] = &[
    "-C",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--no-pager",
    "-P",
    "-p",
    "--paginate",
    "--bare",
    "--no-replace-objects",
    "--literal-pathspecs",
    "--glob-pathspecs",
    "--noglob-pathspecs",
    "--icase-pathspecs",
    "--no-optional-locks",
    "--no-advice",
];

/// Subcommands that only read (their writing flags are checked in [`read_only_flags`]).
const READ_ONLY: &[&str] = &[
    "status",
    "diff",
    "log",
    "show",
    "rev-parse",
    "rev-list",
    "ls-files",
    "ls-tree",
    "ls-remote",
    "blame",
    "annotate",
    "describe",
    "shortlog",
    "grep",
    "cat-file",
    "merge-base",
    "name-rev",
    "for-each-ref",
    "show-ref",
    "show-branch",
    "check-ignore",
    "check-attr",
    "count-objects",
    "whatchanged",
    "cherry",
    "range-diff",
    "diff-tree",
    "diff-files",
    "diff-index",
    "var",
    "version",
];

/// Config keys whose value is a command git runs later, or that change which code git runs
/// (hooks, filters, aliases, pagers, credential helpers, …). Matched on the lowercased key: a
/// `section.` prefix, or a `.suffix`.
const CODE_KEY_PREFIXES: &[&str] = &[
    "alias.",
    "filter.",
    "hook.",
    "pager.",
    "include.",
    "includeif.",
    "credential",
    "url.",
    "difftool.",
    "mergetool.",
    "browser.",
    "man.",
    "sendemail.",
    "core.hookspath",
    "core.fsmonitor",
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.askpass",
    "core.gitproxy",
    "core.worktree",
    "core.attributesfile",
    "sequence.editor",
    "diff.external",
    "interactive.difffilter",
    "gpg.program",
    "init.templatedir",
    "web.browser",
    "ssh.variant",
    "safe.directory",
];
const CODE_KEY_SUFFIXES: &[&str] = &[
    ".command",
    ".textconv",
    ".driver",
    ".program",
    ".helper",
    ".cmd",
    ".uploadpack",
    ".receivepack",
    ".packobjectshook",
    ".proxy",
    ".sshcommand",
];

/// Whether setting `key` can make git run a command.
pub(super) fn is_code_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    CODE_KEY_PREFIXES.iter().any(|p| key.starts_with(p))
        || CODE_KEY_SUFFIXES.iter().any(|s| key.ends_with(s))
}

/// Classifies `git ARGS`. `root` (the directory the command runs in) lets `git checkout NAME` be
/// told apart from `git checkout FILE`.
pub(super) fn classify(args: &[String], root: Option<&Path>) -> GitVerdict {
    let globals = getopt_globals(args);
    let mut scripts = Vec::new();
    let mut not_read_only: Option<String> = None;
    for (flag, value) in &globals.opts {
        match flag.as_str() {
            "-c" | "--config-env" => {
                let setting = value.clone().unwrap_or_default();
                let (key, val) = setting.split_once('=').unwrap_or((setting.as_str(), ""));
                if is_code_key(key) {
                    let script = val.strip_prefix('!').unwrap_or(val);
                    if !script.is_empty() {
                        scripts.push(script.to_owned());
                    }
                }
                not_read_only
                    .get_or_insert(format!("`git {flag} {setting}` changes git's settings"));
            }
            f if GLOBAL_HARMLESS.contains(&f) => {}
            other => {
                not_read_only
                    .get_or_insert(format!("`git {other}` is not a known read-only option"));
            }
        }
    }
    let Some(sub) = globals.rest.first().map(String::as_str) else {
        return GitVerdict {
            class: GitClass::ReadOnly,
            scripts,
        };
    };
    let args = tail(globals.rest, 1);
    scripts.extend(inner_scripts(sub, args));
    let mut class = subcommand(sub, args, root);
    if let (GitClass::ReadOnly, Some(reason)) = (&class, not_read_only) {
        class = GitClass::Normal(reason);
    }
    GitVerdict { class, scripts }
}

fn getopt_globals(args: &[String]) -> Parsed<'_> {
    // Git's global options never cluster, so getopt's short handling only sees `-C`, `-c`, `-p`, `-P`.
    getopt(args, "Cc", GLOBAL_VALUED)
}

fn subcommand(sub: &str, args: &[String], root: Option<&Path>) -> GitClass {
    let has = |names: &[&str]| args.iter().any(|a| names.contains(&a.as_str()));
    let short = |c: char| args.iter().any(|a| is_short_flag_with(a, c));
    let long_prefix = |full: &str, min: usize| args.iter().any(|a| is_long_prefix(a, full, min));
    let destructive = |what: &str| GitClass::Destructive(what.to_owned());
    match sub {
        "reset" if long_prefix("hard", 2) => destructive("discards uncommitted changes"),
        "clean" if has(&["--dry-run"]) || short('n') => GitClass::ReadOnly,
        "clean" => destructive("deletes untracked files"),
        "checkout" if checkout_discards(args, root) => {
            destructive("discards uncommitted changes to files")
        }
        "switch" if short('f') || long_prefix("force", 3) || long_prefix("discard-changes", 2) => {
            destructive("discards uncommitted changes")
        }
        "restore" if has(&["--worktree"]) || short('W') || !(has(&["--staged"]) || short('S')) => {
            destructive("discards uncommitted changes to files")
        }
        "stash" if matches!(args.first().map(String::as_str), Some("drop" | "clear")) => {
            destructive("deletes stashed changes")
        }
        "stash" if matches!(args.first().map(String::as_str), Some("list" | "show")) => {
            GitClass::ReadOnly
        }
        "reflog" => match args.first().map(String::as_str) {
            Some("expire" | "delete") => {
                destructive("destroys the reflog, git's recovery information")
            }
            Some("show" | "exists") | None => GitClass::ReadOnly,
            Some(a) if a.starts_with('-') => GitClass::ReadOnly,
            Some(_) => GitClass::Normal("`git reflog` with an unknown subcommand".to_owned()),
        },
        "gc" | "prune" if args.iter().any(|a| a.starts_with("--prune")) || sub == "prune" => {
            destructive("deletes unreachable commits, git's recovery information")
        }
        "update-ref" if short('d') || has(&["--stdin"]) => destructive("deletes or rewrites refs"),
        "filter-branch" | "filter-repo" => destructive("rewrites history"),
        "branch" => branch(args),
        "push"
            if short('f')
                || long_prefix("force", 3)
                || args.iter().any(|a| a.starts_with("--force"))
                || long_prefix("mirror", 2)
                || args.iter().any(|a| a.starts_with('+')) =>
        {
            destructive("force-pushes, which can overwrite commits on the remote")
        }
        "rm" if !has(&["--cached"]) && (short('r') || short('f') || long_prefix("force", 1)) => {
            destructive("removes tracked files from the working tree")
        }
        "worktree"
            if args.first().is_some_and(|a| a == "remove")
                && (short('f') || long_prefix("force", 1)) =>
        {
            destructive("removes a worktree with its uncommitted changes")
        }
        "config" => config(args),
        // The new repository's config and hooks run at the next `git` there; the sandbox's guard
        // removes a `.git` a command made unless this was approved.
        "init" | "clone" => GitClass::Protected(
            "makes a git directory, whose config and hooks git runs later".to_owned(),
        ),
        "tag" if args.is_empty() || has(&["-l", "--list"]) => GitClass::ReadOnly,
        "remote" if args.is_empty() || has(&["-v", "--verbose", "show", "get-url"]) => {
            GitClass::ReadOnly
        }
        s if READ_ONLY.contains(&s) => match read_only_flags(s, args) {
            Some(reason) => GitClass::Normal(reason),
            None => GitClass::ReadOnly,
        },
        other => GitClass::Normal(format!("`git {other}` is not a read-only git command")),
    }
}

/// Why a read-only subcommand's flags make it write or run something, if they do.
fn read_only_flags(sub: &str, args: &[String]) -> Option<String> {
    let flag = args.iter().find(|a| {
        (a.starts_with("--out") && !a.starts_with("--output-indicator"))
            || (sub == "grep"
                && (is_short_flag_with(a, 'O') || is_long_prefix(a, "open-files-in-pager", 2)))
            || a.starts_with("--ext-diff")
    })?;
    Some(format!(
        "`git {sub} {flag}` writes a file or runs a program"
    ))
}

/// `git checkout` with paths (`-- .`, `.`, a file that exists) or `-f`: overwrites working-tree files.
fn checkout_discards(args: &[String], root: Option<&Path>) -> bool {
    let mut operands = Vec::new();
    let mut skip = false;
    for (i, a) in args.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a == "--" {
            return args.len() > i + 1;
        }
        if matches!(a.as_str(), "-b" | "-B" | "--orphan") {
            skip = true;
            continue;
        }
        if matches!(
            a.as_str(),
            "-f" | "--force" | "--ours" | "--theirs" | "-p" | "--patch"
        ) || is_long_prefix(a, "force", 3)
        {
            return true;
        }
        if a.starts_with("--pathspec-from-file") {
            return true;
        }
        if !a.starts_with('-') {
            operands.push(a.as_str());
        }
    }
    // The first operand may be a branch; later ones are paths.
    operands.len() > 1
        || operands.iter().any(|o| {
            *o == "."
                || o.starts_with("./")
                || o.starts_with("..")
                || o.starts_with(":/")
                || o.contains(['*', '?', '['])
                || root.is_some_and(|r| r.join(o).exists() && !o.is_empty())
        })
}

fn branch(args: &[String]) -> GitClass {
    let short = |c: char| args.iter().any(|a| is_short_flag_with(a, c));
    let long = |full: &str| args.iter().any(|a| is_long_prefix(a, full, 3));
    let forced = short('f') || long("force");
    if short('D') || short('M') || short('C') || ((short('d') || long("delete")) && forced) {
        return GitClass::Destructive("force-deletes or overwrites a branch".to_owned());
    }
    const LISTING: &[&str] = &[
        "-a",
        "-r",
        "-v",
        "-vv",
        "-l",
        "--list",
        "--all",
        "--remotes",
        "--verbose",
        "--show-current",
        "--no-color",
        "--color",
        "--column",
        "--no-column",
        "--merged",
        "--no-merged",
        "--contains",
        "--no-contains",
    ];
    let lists = args.iter().all(|a| {
        LISTING.contains(&a.as_str())
            || a.starts_with("--format=")
            || a.starts_with("--sort=")
            || a.starts_with("--points-at")
    });
    if lists {
        GitClass::ReadOnly
    } else {
        GitClass::Normal("`git branch` creates, renames or deletes a branch".to_owned())
    }
}

/// `git config`: reads are read-only; a write of a key that runs code is protected.
fn config(args: &[String]) -> GitClass {
    const FILE_OPTS: &[&str] = &["-f", "--file", "--blob", "--type", "--default", "--comment"];
    let mut operands: Vec<&str> = Vec::new();
    let mut action: Option<&str> = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if FILE_OPTS.contains(&a.as_str()) {
            i += 1;
            continue;
        }
        if a.starts_with('-') {
            if !matches!(
                a.as_str(),
                "--global"
                    | "--system"
                    | "--local"
                    | "--worktree"
                    | "--includes"
                    | "--no-includes"
                    | "--show-origin"
                    | "--show-scope"
                    | "-z"
                    | "--null"
                    | "--name-only"
                    | "--bool"
                    | "--int"
                    | "--path"
                    | "--fixed-value"
            ) && !a.starts_with("--file=")
                && !a.starts_with("--type=")
            {
                action.get_or_insert(a.as_str());
            }
            continue;
        }
        operands.push(a.as_str());
    }
    // The new syntax: `git config get|list|set|unset|edit|…`.
    let (verb, keys) = match operands.first().copied() {
        Some(
            v @ ("get" | "list" | "set" | "unset" | "edit" | "rename-section" | "remove-section"),
        ) => (Some(v), operands.get(1..).unwrap_or_default()),
        _ => (None, &operands[..]),
    };
    let reads = match (action, verb) {
        (_, Some("get" | "list")) => true,
        (Some(a), None) => matches!(
            a,
            "--get"
                | "--get-all"
                | "--get-regexp"
                | "--get-urlmatch"
                | "--get-color"
                | "--get-colorbool"
                | "-l"
                | "--list"
        ),
        (None, None) => keys.len() <= 1,
        _ => false,
    };
    if reads {
        return GitClass::ReadOnly;
    }
    let editing = matches!(action, Some("-e" | "--edit")) || verb == Some("edit");
    let key = keys.first().copied().unwrap_or_default();
    if editing
        || keys
            .iter()
            .any(|k| is_code_key(k) || is_code_key(&format!("{k}.")))
    {
        let what = if editing {
            "opens git's settings for editing, where a hook or command can be set".to_owned()
        } else {
            format!("sets `{key}`, which makes git run a command later")
        };
        return GitClass::Protected(what);
    }
    GitClass::Normal(format!("`git config` changes the setting `{key}`"))
}

/// Command lines git runs for a subcommand: `rebase --exec`, `submodule foreach`, `bisect run`.
fn inner_scripts(sub: &str, args: &[String]) -> Vec<String> {
    match sub {
        "rebase" => {
            let mut out = Vec::new();
            let mut it = args.iter();
            while let Some(a) = it.next() {
                if a == "-x" || a == "--exec" {
                    out.extend(it.next().cloned());
                } else if let Some(v) = a.strip_prefix("--exec=") {
                    out.push(v.to_owned());
                }
            }
            out
        }
        "submodule" => match args.iter().position(|a| a == "foreach") {
            Some(at) => {
                let rest: Vec<&String> = args
                    .iter()
                    .skip(at + 1)
                    .skip_while(|a| a.starts_with('-'))
                    .collect();
                vec![
                    rest.iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" "),
                ]
            }
            None => Vec::new(),
        },
        "bisect" if args.first().is_some_and(|a| a == "run") => {
            vec![tail(args, 1).join(" ")]
        }
        // `git grep -O[CMD]` / `--open-files-in-pager[=CMD]` runs CMD with the matching files.
        "grep" => args
            .iter()
            .filter_map(|a| {
                a.strip_prefix("-O")
                    .filter(|c| !c.is_empty())
                    .or_else(|| {
                        a.split_once('=')
                            .filter(|(f, _)| is_long_prefix(f, "open-files-in-pager", 2))
                            .map(|(_, c)| c)
                    })
                    .map(str::to_owned)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `--rec` for `--recursive`: GNU and git accept any unambiguous prefix of a long option. `min` is
/// the shortest prefix counted (to stay clear of other options that share the first letters).
pub(super) fn is_long_prefix(arg: &str, full: &str, min: usize) -> bool {
    let Some(name) = arg.strip_prefix("--") else {
        return false;
    };
    let name = name.split_once('=').map_or(name, |(n, _)| n);
    name.len() >= min.min(full.len()) && full.starts_with(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(line: &str) -> GitClass {
        let words: Vec<String> = line.split(' ').map(str::to_owned).collect();
        classify(&words, None).class
    }

    fn destructive(line: &str) -> bool {
        matches!(class(line), GitClass::Destructive(_))
    }

    #[test]
    fn global_options_do_not_hide_the_subcommand() {
        for line in [
            "reset --hard",
            "-C . reset --hard",
            "-c x=y clean -fdx",
            "--git-dir=.git --work-tree=. reset --har",
            "--git-dir .git checkout -- .",
            "checkout .",
            "restore src",
            "stash drop",
            "stash clear",
            "reflog expire --expire=now --all",
            "branch -D main",
            "push --force",
            "push origin +main",
            "clean -f",
        ] {
            assert!(destructive(line), "git {line}");
        }
        assert_eq!(class("-C sub status"), GitClass::ReadOnly);
        assert_eq!(
            class("restore --staged a"),
            GitClass::Normal("`git restore` is not a read-only git command".to_owned())
        );
        assert!(matches!(class("-c core.pager=x log"), GitClass::Normal(_)));
        assert!(matches!(
            class("grep --open-files-in-pager=x y"),
            GitClass::Normal(_)
        ));
        assert!(matches!(class("grep -O x"), GitClass::Normal(_)));
        assert!(matches!(
            class("config core.fsmonitor x"),
            GitClass::Protected(_)
        ));
        assert!(matches!(
            class("config --global alias.st !sh"),
            GitClass::Protected(_)
        ));
        for line in ["init", "-C sub init -q", "clone https://x/y.git y"] {
            assert!(matches!(class(line), GitClass::Protected(_)), "git {line}");
        }
        assert_eq!(class("config --get user.name"), GitClass::ReadOnly);
        assert!(matches!(class("config user.name me"), GitClass::Normal(_)));
        assert_eq!(class("branch -a"), GitClass::ReadOnly);
        assert!(!destructive("checkout -b x origin/x"));
        assert!(!destructive("rm -r --cached dir"));
        assert!(destructive("push --force-with-lease"));
        assert_eq!(class("reflog"), GitClass::ReadOnly);
    }

    #[test]
    fn hands_back_commands_git_would_run() {
        let words: Vec<String> = ["-c", "alias.x=!rm -rf /", "x"].map(str::to_owned).to_vec();
        assert_eq!(classify(&words, None).scripts, ["rm -rf /"]);
        let words: Vec<String> = ["rebase", "--exec", "make", "main"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(classify(&words, None).scripts, ["make"]);
        let words: Vec<String> = ["grep", "--open-files-in-pager=rm -rf /", "x"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(classify(&words, None).scripts, ["rm -rf /"]);
    }
}
