//! Where a shell command line may write: the paths the permission policy checks against the
//! workspace before a `workspace-write` session runs it. Only paths the command names can be seen
//! (redirections, arguments of file-changing commands, `cd` targets); what a program writes on its
//! own is beyond any static check, which is why `full` mode is opt-in.

use super::shell::{base, peel, split_commands};

/// Commands whose non-flag arguments are paths they write.
const WRITING_COMMANDS: &[&str] = &[
    "cp", "mv", "rm", "rmdir", "touch", "mkdir", "tee", "ln", "chmod", "chown", "chgrp",
    "truncate", "install", "rsync", "unlink", "shred", "cd", "pushd",
];

/// Paths a command line may write (redirection targets, arguments of `cp`, `rm`, `tee`, …,
/// `dd of=`, `sed -i` files) and directories it `cd`s into, as written. Used by the policy to ask
/// before a shell command writes outside the workspace.
pub(crate) fn write_targets(command: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for words in split_commands(command) {
        let (_, rest) = peel(&words);
        for pair in rest.windows(2) {
            if let [op, target] = pair
                && op.contains('>')
                && !op.ends_with('&')
            {
                targets.push(target.clone());
            }
        }
        let Some(cmd) = rest.first().map(|w| base(w)) else {
            continue;
        };
        let args = rest.get(1..).unwrap_or_default();
        let plain = || {
            args.iter()
                .filter(|a| !a.starts_with('-') && !a.contains('>'))
        };
        match cmd {
            c if WRITING_COMMANDS.contains(&c) => targets.extend(plain().cloned()),
            "sed"
                if args
                    .iter()
                    .any(|a| a.starts_with("-i") || a.starts_with("--in-place")) =>
            {
                targets.extend(plain().cloned());
            }
            "dd" => targets.extend(
                args.iter()
                    .filter_map(|a| a.strip_prefix("of=").map(str::to_owned)),
            ),
            _ => {}
        }
    }
    targets
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
}
