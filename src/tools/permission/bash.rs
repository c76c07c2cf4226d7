//! Classifies a shell command line for the permission policy: the hard-deny list (never allowed, in
//! any mode), protected writes (a git setting that runs code later: approval outside `full`, not
//! lifted by a bare allow rule), dangerous commands (approval unless the mode is `full` or a rule
//! allows them), read-only commands (allowed in `read-only` mode) and the rest.
//!
//! It fails closed. Every simple command of a compound line is checked (see
//! [`super::split_commands`]) after its wrappers are taken off ([`super::wrappers`]); a line is
//! read-only only when every program and every flag in it is on the read-only allowlist
//! ([`super::programs`], [`super::git`]). A wrapped command that cannot be read needs approval. The
//! hard-deny check resolves how a target is spelled first ([`super::spelling`]): `--recur`,
//! `${X:-/}`, `~root`, `/[e]tc`, `../../..` and xargs' input all count.

use std::path::{Path, PathBuf};

use super::expand;
use super::git::{self, GitClass, is_long_prefix};
use super::programs;
use super::shell::{UNKNOWN, base, is_short_flag_with, split_commands, split_redirects};
use super::spelling::{candidates, shown, system_target};
use super::wrappers::{Part, find_start_paths, unwrap};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandClass {
    /// Never allowed; the reason names the offending part.
    HardDeny { reason: String },
    /// Writes something that runs code later (a git hook setting): approval outside `full`, and an
    /// allow rule lifts it only when it names the command (a bare `bash` rule does not).
    Protected { reason: String },
    /// Allowed in `full`, asks in `workspace-write`, denied in `read-only`.
    Dangerous { reason: String },
    /// Only reads: allowed in every mode.
    ReadOnly,
    /// Anything else: allowed in `workspace-write` and `full`; the reason says why it is not
    /// read-only (the program, flag or redirection).
    Normal { reason: String },
}

const POWER_COMMANDS: &[&str] = &["shutdown", "reboot", "halt", "poweroff", "telinit"];

/// Programs an unknown program may be wrapping: after one of these words, the rest of the line is
/// classified as a command of its own (`strace -f rm -rf /`).
const SENSITIVE: &[&str] = &[
    "rm",
    "dd",
    "shred",
    "mkfs",
    "mke2fs",
    "mkswap",
    "wipefs",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "telinit",
    "init",
    "systemctl",
    "git",
    "find",
    "chmod",
    "chown",
    "chgrp",
    "kill",
    "pkill",
    "sudo",
    "doas",
    "su",
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "env",
    "xargs",
    "eval",
    "setsid",
    "flock",
    "nohup",
    "timeout",
    "nice",
    "ionice",
    "stdbuf",
    "chrt",
    "taskset",
    "parallel",
    "watch",
    "tee",
    "busybox",
    "command",
    "exec",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "sed",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
];

/// Scripts within scripts (`sh -c "sh -c '…'"`) are followed this deep; deeper needs approval.
const MAX_DEPTH: u8 = 8;

/// Directories a line may `cd` into that are tracked for relative targets.
const MAX_CWDS: usize = 32;

/// Classifies `command` without knowing where it runs (relative paths are not resolved).
pub fn classify_command(command: &str) -> CommandClass {
    classify_in(command, None)
}

/// Classifies `command` run in `root`. The most severe class of any part wins.
pub(crate) fn classify_in(command: &str, root: Option<&Path>) -> CommandClass {
    Classifier { root }.line(command, 0)
}

struct Classifier<'a> {
    root: Option<&'a Path>,
}

impl Classifier<'_> {
    fn line(&self, command: &str, depth: u8) -> CommandClass {
        if depth > MAX_DEPTH {
            return dangerous(format!(
                "`{}` nests scripts deeper than pilotdeck follows",
                shown(command)
            ));
        }
        if let Some(reason) = fork_bomb(command) {
            return CommandClass::HardDeny { reason };
        }
        let literal = self.literal(command, depth);
        // The same line with its run-time parts expanded where that can be done statically.
        match expand::expand(command).map(|e| self.literal(&e, depth)) {
            Some(CommandClass::HardDeny { reason }) => CommandClass::HardDeny {
                reason: format!("{reason} (what `{}` expands to)", shown(command)),
            },
            Some(e @ (CommandClass::Dangerous { .. } | CommandClass::Protected { .. })) => {
                worse(literal, e)
            }
            _ => literal,
        }
    }

    /// Classifies `command` as written, following `cd` for relative targets.
    fn literal(&self, command: &str, depth: u8) -> CommandClass {
        let mut worst = CommandClass::ReadOnly;
        let mut cwds: Vec<PathBuf> = self.root.map(Path::to_owned).into_iter().collect();
        for words in split_commands(command) {
            let (words, redirects) = split_redirects(&words);
            worst = worse(worst, self.simple(&words, &redirects, &cwds, depth));
            follow_cd(&words, &mut cwds);
        }
        worst
    }

    fn simple(
        &self,
        words: &[String],
        redirects: &[(String, String)],
        cwds: &[PathBuf],
        depth: u8,
    ) -> CommandClass {
        let joined = shown(&words.join(" "));
        // sudo -S reads a password from stdin: a model feeding it credentials is never right.
        if words
            .iter()
            .take_while(|w| w.as_str() != "--")
            .any(|w| w == "--stdin")
            || sudo_reads_stdin(words)
        {
            return hard(format!("`{joined}` feeds a password to sudo"));
        }
        let mut class = CommandClass::ReadOnly;
        for (op, target) in redirects {
            if op.starts_with('<') && !op.contains('>') {
                continue;
            }
            if is_device(target) {
                return hard(format!("`{joined}` writes to the device `{target}`"));
            }
            if !is_harmless_sink(target) {
                class = worse(
                    class,
                    normal(format!(
                        "it writes `{}` through a redirection",
                        shown(target)
                    )),
                );
            }
        }
        for part in unwrap(words) {
            class = worse(class, self.part(part, cwds, depth));
        }
        class
    }

    fn part(&self, part: Part, cwds: &[PathBuf], depth: u8) -> CommandClass {
        match part {
            Part::Script { text, escalated } => {
                let inner = self.line(&text, depth + 1);
                if escalated {
                    worse(
                        inner,
                        dangerous(format!("`{}` runs with elevated privileges", shown(&text))),
                    )
                } else {
                    inner
                }
            }
            Part::Opaque(reason) => dangerous(reason),
            Part::Writes(reason) => normal(reason),
            Part::Run { words, escalated } => self.run(&words, escalated, cwds, depth),
        }
    }

    /// One program with its arguments, wrappers already taken off.
    fn run(&self, words: &[String], escalated: bool, cwds: &[PathBuf], depth: u8) -> CommandClass {
        let Some(cmd) = words.first().map(|w| base(w)) else {
            return CommandClass::ReadOnly;
        };
        let args = words.get(1..).unwrap_or_default();
        let joined = shown(&words.join(" "));
        if let Some(reason) = hard_deny(cmd, args, &joined, cwds) {
            return hard(reason);
        }
        if escalated {
            // What runs elevated is classified too: a hard-deny command behind `sudo strace …`
            // stays hard-denied.
            return worse(
                self.run(words, false, cwds, depth),
                dangerous(format!("`{joined}` runs with elevated privileges")),
            );
        }
        if cmd == "git" {
            let verdict = git::classify(args, cwds.last().map(PathBuf::as_path));
            let mut class = match verdict.class {
                GitClass::ReadOnly => CommandClass::ReadOnly,
                GitClass::Destructive(what) => dangerous(format!("`{joined}` {what}")),
                GitClass::Protected(what) => CommandClass::Protected {
                    reason: format!("`{joined}` {what}"),
                },
                GitClass::Normal(why) => normal(why),
            };
            for script in verdict.scripts {
                class = worse(class, self.line(&script, depth + 1));
            }
            return class;
        }
        if let Some(reason) = dangerous_simple(cmd, args, &joined) {
            return dangerous(reason);
        }
        let own = match programs::not_read_only(cmd, args) {
            Some(why) => normal(why),
            None => CommandClass::ReadOnly,
        };
        if programs::is_listed(cmd) {
            return own;
        }
        // An unknown program may wrap another: classify what follows each sensitive word.
        let mut class = own;
        for (i, w) in words.iter().enumerate().skip(1) {
            let name = base(w);
            if SENSITIVE.contains(&name) || name.starts_with("mkfs") {
                let inner = self.simple(words.get(i..).unwrap_or_default(), &[], cwds, depth);
                if matches!(
                    inner,
                    CommandClass::HardDeny { .. }
                        | CommandClass::Protected { .. }
                        | CommandClass::Dangerous { .. }
                ) {
                    class = worse(class, inner);
                }
            }
        }
        class
    }
}

/// Why `cmd args` is on the hard-deny list, if it is.
fn hard_deny(cmd: &str, args: &[String], joined: &str, cwds: &[PathBuf]) -> Option<String> {
    let target = || args.iter().find_map(|a| system_target(a, cwds));
    match cmd {
        c if computed_command(c) && has_recursive(args) => target().map(|t| {
            format!("`{joined}` runs a command chosen at run time with a recursive flag on {t}")
        }),
        "rm" if has_recursive(args) => {
            if let Some(t) = operands(args).find_map(|a| system_target(a, cwds)) {
                return Some(format!("`{joined}` recursively removes {t}"));
            }
            args.iter()
                .find(|a| is_long_prefix(a, "no-preserve-root", 3))
                .map(|_| format!("`{joined}` disables rm's root protection"))
        }
        c if c.starts_with("mkfs") || c == "mke2fs" || c == "mkswap" || c == "wipefs" => {
            Some(format!("`{joined}` formats a file system"))
        }
        "dd" => args
            .iter()
            .find_map(|a| a.strip_prefix("of="))
            .filter(|of| is_device(of))
            .map(|of| format!("`{joined}` writes to the device `{of}`")),
        c if POWER_COMMANDS.contains(&c) => {
            Some(format!("`{joined}` shuts down or restarts the machine"))
        }
        "init" if args.iter().any(|a| a == "0" || a == "6") => {
            Some(format!("`{joined}` shuts down or restarts the machine"))
        }
        "systemctl"
            if args.iter().any(|a| {
                matches!(
                    a.as_str(),
                    "poweroff" | "reboot" | "halt" | "kexec" | "emergency"
                )
            }) =>
        {
            Some(format!("`{joined}` shuts down or restarts the machine"))
        }
        "find" if args.iter().any(|a| a == "-delete") => find_start_paths(args)
            .iter()
            .find_map(|a| system_target(a, cwds))
            .map(|t| format!("`{joined}` deletes everything under {t}")),
        "chmod" | "chown" | "chgrp" if has_recursive(args) => {
            target().map(|t| format!("`{joined}` recursively changes {t}"))
        }
        "tee" if args.iter().any(|a| is_device(a)) => {
            Some(format!("`{joined}` writes to a device"))
        }
        "kill" | "pkill" if args.last().is_some_and(|a| a == "-1") => {
            Some(format!("`{joined}` signals every process"))
        }
        _ => None,
    }
}

/// The operands of a command: words that are not flags, and every word after `--`.
fn operands(args: &[String]) -> impl Iterator<Item = &String> {
    let end = args.iter().position(|a| a == "--");
    args.iter().enumerate().filter_map(move |(i, a)| {
        let after_dashes = end.is_some_and(|e| i > e);
        (after_dashes || ((a.contains(UNKNOWN) || !a.starts_with('-')) && Some(i) != end))
            .then_some(a)
    })
}

fn hard(reason: String) -> CommandClass {
    CommandClass::HardDeny { reason }
}

fn dangerous(reason: String) -> CommandClass {
    CommandClass::Dangerous { reason }
}

fn normal(reason: String) -> CommandClass {
    CommandClass::Normal { reason }
}

fn dangerous_simple(cmd: &str, args: &[String], joined: &str) -> Option<String> {
    let reason = match cmd {
        "rm" if has_recursive(args) => "removes files recursively",
        "chmod" | "chown" | "chgrp" if has_recursive(args) => {
            "changes ownership or modes recursively"
        }
        "find" if args.iter().any(|a| a == "-delete") => "deletes every file it matches",
        "dd" => "copies raw data with dd",
        _ => return None,
    };
    Some(format!("`{joined}` {reason}"))
}

/// The more severe of two classes.
fn worse(a: CommandClass, b: CommandClass) -> CommandClass {
    fn rank(c: &CommandClass) -> u8 {
        match c {
            CommandClass::HardDeny { .. } => 4,
            CommandClass::Protected { .. } => 3,
            CommandClass::Dangerous { .. } => 2,
            CommandClass::Normal { .. } => 1,
            CommandClass::ReadOnly => 0,
        }
    }
    if rank(&b) > rank(&a) { b } else { a }
}

/// `-r`, `-R`, `--recursive` and its prefixes (`--recur`).
fn has_recursive(args: &[String]) -> bool {
    args.iter().any(|a| {
        is_long_prefix(a, "recursive", 1)
            || is_short_flag_with(a, 'r')
            || is_short_flag_with(a, 'R')
    })
}

/// True when a command word is only known at run time: a variable or a command substitution.
fn computed_command(word: &str) -> bool {
    expand::computed_command(word) || word.starts_with(UNKNOWN)
}

/// After `cd DIR` (or `pushd`), relative targets may be relative to DIR too.
fn follow_cd(words: &[String], cwds: &mut Vec<PathBuf>) {
    let parts = unwrap(words);
    let [Part::Run { words, .. }] = parts.as_slice() else {
        return;
    };
    if !matches!(words.first().map(|w| base(w)), Some("cd" | "pushd")) {
        return;
    }
    let target = words.iter().skip(1).find(|w| !w.starts_with('-'));
    let home = crate::home::user_home();
    let spellings = match target {
        Some(t) => candidates(t),
        None => vec!["~".to_owned()],
    };
    let mut added = Vec::new();
    for s in spellings {
        if s.contains(UNKNOWN) || s.is_empty() {
            continue;
        }
        let s = match (s.strip_prefix('~'), &home) {
            (Some(rest), Some(h)) if rest.is_empty() || rest.starts_with('/') => {
                format!("{}{rest}", h.display())
            }
            _ => s,
        };
        if s.starts_with('/') {
            added.push(PathBuf::from(s));
        } else {
            added.extend(cwds.iter().map(|c| c.join(&s)));
        }
    }
    for dir in added {
        if cwds.len() < MAX_CWDS && !cwds.contains(&dir) {
            cwds.push(dir);
        }
    }
}

/// `sudo -S` / `sudo -kS` / `sudo -u x -S`: sudo reading a password from stdin.
fn sudo_reads_stdin(words: &[String]) -> bool {
    let Some(at) = words.iter().position(|w| base(w) == "sudo") else {
        return false;
    };
    let mut rest = words.iter().skip(at + 1);
    while let Some(w) = rest.next() {
        if !w.starts_with('-') {
            return false;
        }
        if is_short_flag_with(w, 'S') {
            return true;
        }
        if matches!(
            w.as_str(),
            "-u" | "-g" | "-C" | "-D" | "-h" | "-p" | "-r" | "-t" | "-U" | "-T"
        ) {
            rest.next();
        }
    }
    false
}

/// Output sinks that write nothing anyone keeps.
fn is_harmless_sink(path: &str) -> bool {
    matches!(
        path,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty"
    ) || path.starts_with("/dev/fd/")
}

fn is_device(path: &str) -> bool {
    path.starts_with("/dev/")
        && !matches!(
            path,
            "/dev/null"
                | "/dev/zero"
                | "/dev/stdout"
                | "/dev/stderr"
                | "/dev/tty"
                | "/dev/random"
                | "/dev/urandom"
        )
        && !path.starts_with("/dev/fd/")
}

/// `:(){ :|:& };:` and renamed variants: a function that pipes itself into itself in the background.
fn fork_bomb(command: &str) -> Option<String> {
    let compact: String = command.chars().filter(|c| !c.is_whitespace()).collect();
    let mut from = 0;
    while let Some(pos) = compact.get(from..).and_then(|s| s.find("(){")) {
        let at = from + pos;
        let name: String = compact
            .get(..at)
            .unwrap_or_default()
            .chars()
            .rev()
            .take_while(|c| !matches!(c, ';' | '&' | '|' | '(' | ')' | '{' | '}'))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let body = compact.get(at + 3..).unwrap_or_default();
        if !name.is_empty() && body.starts_with(&format!("{name}|{name}&")) {
            return Some(format!("`{command}` is a fork bomb"));
        }
        from = at + 3;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_hard(cmd: &str) -> bool {
        matches!(classify_command(cmd), CommandClass::HardDeny { .. })
    }

    #[test]
    fn hard_denies_destructive_commands_anywhere_in_a_line() {
        for cmd in [
            "rm -rf /",
            "rm -rf /*",
            "rm -fr ~",
            "rm -r -f $HOME",
            "rm -rf ~/",
            "echo hi && rm -rf /",
            "true; (rm -rf /etc)",
            "echo $(rm -rf /usr)",
            "sudo rm -rf /",
            "FOO=1 rm -Rf /var/",
            "mkfs.ext4 /dev/sda1",
            "dd if=/dev/zero of=/dev/sda",
            "echo x > /dev/nvme0n1",
            ":(){ :|:& };:",
            "bomb(){ bomb|bomb& }; bomb",
            "shutdown -h now",
            "sudo reboot",
            "systemctl poweroff",
            "init 0",
            "echo pw | sudo -S apt install x",
            "sudo --stdin true",
            "kill -9 -1",
            "/sbin/halt",
            "env rm -rf /",
            "sudo -u root rm -rf /",
            "timeout -s KILL 5 rm -rf /",
            "bash -c 'rm -rf /'",
            "sh -lc \"echo; rm -rf ~\"",
            "su -c 'rm -rf /'",
            "eval rm -rf /",
            "rm -rf //",
            "rm -rf /usr/../",
            "rm -rf -- /",
            "find / -delete",
            "chmod -R 777 /",
            "echo x | tee /dev/sda",
            "sudo -u me -S true",
            "timeout 10s rm -rf /",
            "for d in a b; do rm -rf /; done",
        ] {
            assert!(is_hard(cmd), "{cmd} should be hard-denied");
        }
    }

    #[test]
    fn classifies_ordinary_commands() {
        assert_eq!(
            classify_command("ls -la && git status"),
            CommandClass::ReadOnly
        );
        assert_eq!(
            classify_command("cat a | grep x | wc -l"),
            CommandClass::ReadOnly
        );
        let normal = |cmd: &str| match classify_command(cmd) {
            CommandClass::Normal { reason } => reason,
            other => panic!("{cmd}: {other:?}"),
        };
        assert_eq!(
            normal("echo hi > out.txt"),
            "it writes `out.txt` through a redirection"
        );
        assert_eq!(normal("cargo test"), "`cargo` is not on the read-only list");
        assert_eq!(normal("sed -i s/a/b/ f"), "`sed -i` edits files in place");
        assert!(matches!(
            classify_command("find . -delete"),
            CommandClass::Dangerous { .. }
        ));
        assert!(!is_hard("rm -rf ./build"));
        assert!(!is_hard("dd if=a of=b"));
        assert!(!is_hard("echo 'rm -rf /'"));
        assert!(!is_hard("rm -rf /home/me/project/build"));
        assert!(!is_hard("bash -c 'echo rm -rf /'"));
        assert_eq!(classify_command("env"), CommandClass::ReadOnly);
        assert_eq!(
            normal("PATH=/tmp/x ls"),
            "`PATH=…` changes how the command runs"
        );
        assert_eq!(
            normal("function ls { touch x; }; ls"),
            "`touch` is not on the read-only list"
        );
        assert_eq!(classify_command("LC_ALL=C sort f"), CommandClass::ReadOnly);
        assert!(is_hard("sed '1e rm -rf /' f"));
        assert!(is_hard("git grep --open-files-in-pager='rm -rf /' x"));
        for cmd in [
            "rm -rf build",
            "sudo apt update",
            "git reset --hard",
            "curl x | sh",
            "git -C . reset --hard",
            "setsid rm -rf build",
            "python3 -c 'import os'",
            "sed -n '1e rm -rf build' f",
            "su",
            "bash -c 'sudo ls'",
        ] {
            assert!(
                matches!(classify_command(cmd), CommandClass::Dangerous { .. }),
                "{cmd} should be dangerous"
            );
        }
    }
}
