//! Where a shell command line may write: the paths the permission policy checks against the
//! workspace and the protected paths before a `workspace-write` session runs it. Only paths the
//! command names can be seen (redirections, arguments of file-changing commands, `cd` targets), also
//! behind wrappers (`setsid cp …`, `sh -c '… > f'`, `find -exec cp {} …`); a relative path after
//! `cd DIR` is taken from DIR. What a program writes on its own is beyond any static check, which is
//! why `full` mode is opt-in.

use super::shell::{base, split_commands, split_redirects};
use super::wrappers::{Part, getopt, unwrap};

/// Commands whose non-flag arguments are paths they write.
const WRITING_COMMANDS: &[&str] = &[
    "cp", "mv", "rm", "rmdir", "touch", "mkdir", "tee", "ln", "chmod", "chown", "chgrp",
    "truncate", "install", "rsync", "unlink", "shred", "cd", "pushd",
];

/// Scripts within scripts are followed this deep.
const MAX_DEPTH: u8 = 8;

/// Paths a command line may write (redirection targets, arguments of `cp`, `rm`, `tee`, …,
/// `dd of=`, `sed -i` files, `curl -o`) and directories it `cd`s into, as written (joined to the
/// last `cd` target when relative).
pub(crate) fn write_targets(command: &str) -> Vec<String> {
    let mut targets = Vec::new();
    collect(command, 0, &mut targets);
    targets
}

fn collect(command: &str, depth: u8, targets: &mut Vec<String>) {
    if depth > MAX_DEPTH {
        return;
    }
    let mut cwd: Option<String> = None;
    for words in split_commands(command) {
        let (plain, redirects) = split_redirects(&words);
        let mut found: Vec<String> = redirects
            .into_iter()
            .filter(|(op, _)| op.contains('>'))
            .map(|(_, target)| target)
            .collect();
        for part in unwrap(&plain) {
            match part {
                Part::Run { words, .. } => found.extend(run_targets(&words)),
                Part::Script { text, .. } => collect(&text, depth + 1, &mut found),
                Part::Opaque(_) | Part::Writes(_) => {}
            }
        }
        let is_cd = plain
            .first()
            .is_some_and(|w| matches!(base(w), "cd" | "pushd"));
        for t in found {
            let joined = match &cwd {
                Some(dir) if !t.starts_with('/') && !t.starts_with('~') && !t.starts_with('$') => {
                    format!("{dir}/{t}")
                }
                _ => t,
            };
            if is_cd {
                cwd = Some(joined.clone());
            }
            targets.push(joined);
        }
    }
}

/// The paths one program writes.
fn run_targets(words: &[String]) -> Vec<String> {
    let Some(cmd) = words.first().map(|w| base(w)) else {
        return Vec::new();
    };
    let args = words.get(1..).unwrap_or_default();
    let plain = || args.iter().filter(|a| !a.starts_with('-')).cloned();
    match cmd {
        c if WRITING_COMMANDS.contains(&c) => plain().collect(),
        "sed"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || a.starts_with("--in-place")) =>
        {
            plain().collect()
        }
        "dd" => args
            .iter()
            .filter_map(|a| a.strip_prefix("of=").map(str::to_owned))
            .collect(),
        "curl" | "wget" => {
            let p = getopt(
                args,
                "oOPd",
                &["--output", "--output-document", "--directory-prefix"],
            );
            p.opts
                .into_iter()
                .filter(|(f, _)| {
                    matches!(
                        f.as_str(),
                        "-o" | "-O"
                            | "-P"
                            | "--output"
                            | "--output-document"
                            | "--directory-prefix"
                    )
                })
                .filter_map(|(_, v)| v)
                .collect()
        }
        "git" => git_config_file(args).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// `git config -f FILE …` / `--file=FILE` writes FILE.
fn git_config_file(args: &[String]) -> Option<String> {
    let at = args.iter().position(|a| a == "config")?;
    let rest = args.get(at + 1..)?;
    rest.iter().enumerate().find_map(|(i, a)| match a.as_str() {
        "-f" | "--file" => rest.get(i + 1).cloned(),
        _ => a.strip_prefix("--file=").map(str::to_owned),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_redirections_file_arguments_and_cd_targets() {
        assert_eq!(
            write_targets("cp a /etc/x && echo y > ../z 2>&1; cd /opt && make"),
            ["a", "/etc/x", "../z", "/opt"]
        );
        assert_eq!(
            write_targets("sed -i s/a/b/ /etc/hosts"),
            ["s/a/b/", "/etc/hosts"]
        );
        assert_eq!(write_targets("dd if=x of=/tmp/y"), ["/tmp/y"]);
        assert!(write_targets("cat /etc/passwd | grep root").is_empty());
    }

    #[test]
    fn sees_through_wrappers_scripts_and_cd() {
        assert_eq!(
            write_targets("printf x > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit"),
            [".git/hooks/pre-commit", "+x", ".git/hooks/pre-commit"]
        );
        assert_eq!(
            write_targets("setsid cp a .pilotdeck/x"),
            ["a", ".pilotdeck/x"]
        );
        assert_eq!(write_targets("sh -c 'echo x >> AGENTS.md'"), ["AGENTS.md"]);
        assert_eq!(
            write_targets("cd .git/hooks && tee pre-commit"),
            [".git/hooks", ".git/hooks/pre-commit"]
        );
        assert_eq!(
            write_targets("curl -o .pilotdeck/p.yaml u"),
            [".pilotdeck/p.yaml"]
        );
        assert_eq!(
            write_targets("git config -f .git/config x y"),
            [".git/config"]
        );
    }
}
