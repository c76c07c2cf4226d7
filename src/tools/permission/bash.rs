//! Classifies a shell command line for the permission policy: the hard-deny list (never allowed, in
//! any mode), dangerous commands (ask unless the mode is `full` or a rule allows them), read-only
//! commands (allowed in `read-only` mode) and the rest.
//!
//! Every simple command of a compound line is checked (see [`super::split_commands`]), after peeling
//! wrappers such as `sudo`, `env`, `nohup`, `time`, `xargs` and variable assignments, so
//! `echo hi && sudo rm -rf /` is caught.

use super::expand;
use super::shell::{base, dash_c_script, is_short_flag_with, peel, split_commands};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandClass {
    /// Never allowed; the reason names the offending part.
    HardDeny { reason: String },
    /// Allowed in `full`, asks in `workspace-write`, denied in `read-only`.
    Dangerous { reason: String },
    /// Only reads: allowed in every mode.
    ReadOnly,
    /// Anything else: allowed in `workspace-write` and `full`.
    Normal,
}

/// System directories whose recursive removal is hard-denied.
const SYSTEM_DIRS: &[&str] = &[
    "/",
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/home",
    "/lib",
    "/lib32",
    "/lib64",
    "/opt",
    "/proc",
    "/root",
    "/sbin",
    "/srv",
    "/sys",
    "/usr",
    "/var",
    "/System",
    "/Library",
    "/Applications",
    "/Users",
    "~",
    "$HOME",
    "${HOME}",
];

const POWER_COMMANDS: &[&str] = &["shutdown", "reboot", "halt", "poweroff", "telinit"];

/// Commands that only read, when none of their words is a write flag or an output redirection.
const READ_ONLY_COMMANDS: &[&str] = &[
    "cat",
    "head",
    "tail",
    "ls",
    "pwd",
    "echo",
    "printf",
    "wc",
    "whoami",
    "date",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "file",
    "stat",
    "du",
    "df",
    "tree",
    "which",
    "type",
    "uname",
    "sort",
    "uniq",
    "cut",
    "diff",
    "cmp",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "true",
    "false",
    "test",
    "[",
    "id",
    "hostname",
    "nl",
    "less",
    "more",
    "find",
    "sed",
    "awk",
    "jq",
    "md5sum",
    "sha256sum",
    "tr",
    "column",
    "env",
    "printenv",
    "git",
];

const READ_ONLY_GIT: &[&str] = &[
    "status",
    "diff",
    "log",
    "show",
    "rev-parse",
    "ls-files",
    "blame",
    "describe",
    "shortlog",
    "grep",
    "cat-file",
    "ls-tree",
    "merge-base",
    "reflog",
];

/// Classifies `command`. The most severe class of any simple command wins.
pub fn classify_command(command: &str) -> CommandClass {
    if let Some(reason) = fork_bomb(command) {
        return CommandClass::HardDeny { reason };
    }
    let literal = classify_literal(command);
    // The same line with its run-time parts expanded where that can be done statically.
    match expand::expand(command).map(|e| classify_literal(&e)) {
        Some(CommandClass::HardDeny { reason }) => CommandClass::HardDeny {
            reason: format!("{reason} (what `{command}` expands to)"),
        },
        _ => literal,
    }
}

/// Classifies `command` as written.
fn classify_literal(command: &str) -> CommandClass {
    let mut worst = CommandClass::ReadOnly;
    let segments = split_commands(command);
    if segments.is_empty() {
        return CommandClass::ReadOnly;
    }
    for words in segments {
        worst = worse(worst, classify_simple(&words));
    }
    worst
}

fn classify_simple(words: &[String]) -> CommandClass {
    let joined = words.join(" ");
    // sudo -S reads a password from stdin: a model feeding it credentials is never right.
    if words
        .iter()
        .take_while(|w| w.as_str() != "--")
        .any(|w| w == "--stdin")
        || sudo_reads_stdin(words)
    {
        return hard(format!("`{joined}` feeds a password to sudo"));
    }
    let (escalated, rest) = peel(words);
    let Some(cmd) = rest.first().map(|w| base(w)) else {
        return CommandClass::ReadOnly;
    };
    let args = rest.get(1..).unwrap_or_default();

    if let Some(target) = redirect_to_device(rest) {
        return hard(format!("`{joined}` writes to the device `{target}`"));
    }
    match cmd {
        c if expand::computed_command(c)
            && has_recursive(args)
            && args.iter().any(|a| is_system_target(a)) =>
        {
            return hard(format!(
                "`{joined}` runs a command chosen at run time with a recursive flag on a system directory"
            ));
        }
        "rm" if has_recursive(args) => {
            if let Some(target) = args.iter().find(|a| is_system_target(a)) {
                return hard(format!("`{joined}` recursively removes `{target}`"));
            }
            if args.iter().any(|a| a == "--no-preserve-root") {
                return hard(format!("`{joined}` disables rm's root protection"));
            }
            return dangerous(format!("`{joined}` removes files recursively"));
        }
        c if c.starts_with("mkfs") || c == "mke2fs" || c == "mkswap" || c == "wipefs" => {
            return hard(format!("`{joined}` formats a file system"));
        }
        "dd" => {
            if let Some(of) = args.iter().find_map(|a| a.strip_prefix("of="))
                && is_device(of)
            {
                return hard(format!("`{joined}` writes to the device `{of}`"));
            }
            return dangerous(format!("`{joined}` copies raw data with dd"));
        }
        c if POWER_COMMANDS.contains(&c) => {
            return hard(format!("`{joined}` shuts down or restarts the machine"));
        }
        "init" if args.iter().any(|a| a == "0" || a == "6") => {
            return hard(format!("`{joined}` shuts down or restarts the machine"));
        }
        "systemctl"
            if args.iter().any(|a| {
                matches!(
                    a.as_str(),
                    "poweroff" | "reboot" | "halt" | "kexec" | "emergency"
                )
            }) =>
        {
            return hard(format!("`{joined}` shuts down or restarts the machine"));
        }
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "fish" | "su" => {
            let floor = if escalated || cmd == "su" {
                dangerous(format!("`{joined}` runs with elevated privileges"))
            } else {
                CommandClass::Normal
            };
            return match dash_c_script(args) {
                Some(script) => worse(floor, classify_command(script)),
                None if args.is_empty() && cmd != "su" => dangerous(format!(
                    "`{joined}` runs a shell reading commands from a pipe"
                )),
                None => floor,
            };
        }
        "eval" => {
            let inner = classify_command(&args.join(" "));
            return worse(CommandClass::Normal, inner);
        }
        "find"
            if args.first().is_some_and(|a| is_system_target(a))
                && args
                    .iter()
                    .any(|a| a == "-delete" || a == "-exec" || a == "-execdir") =>
        {
            return hard(format!(
                "`{joined}` deletes or runs commands across a system directory"
            ));
        }
        "chmod" | "chown" | "chgrp"
            if has_recursive(args) && args.iter().any(|a| is_system_target(a)) =>
        {
            return hard(format!("`{joined}` recursively changes a system directory"));
        }
        "tee" if args.iter().any(|a| is_device(a)) => {
            return hard(format!("`{joined}` writes to a device"));
        }
        "kill" | "pkill" if args.last().is_some_and(|a| a == "-1") => {
            return hard(format!("`{joined}` signals every process"));
        }
        _ => {}
    }
    if escalated {
        return dangerous(format!("`{joined}` runs with elevated privileges"));
    }
    if let Some(reason) = dangerous_simple(cmd, args, &joined) {
        return dangerous(reason);
    }
    if is_read_only(cmd, args) {
        CommandClass::ReadOnly
    } else {
        CommandClass::Normal
    }
}

fn hard(reason: String) -> CommandClass {
    CommandClass::HardDeny { reason }
}

fn dangerous(reason: String) -> CommandClass {
    CommandClass::Dangerous { reason }
}

fn dangerous_simple(cmd: &str, args: &[String], joined: &str) -> Option<String> {
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let reason = match cmd {
        "chmod" | "chown" | "chgrp" if has_recursive(args) => {
            "changes ownership or modes recursively"
        }
        "git" => match args.first().map(String::as_str) {
            Some("reset") if has("--hard") => "discards uncommitted changes",
            Some("clean")
                if args
                    .iter()
                    .any(|a| is_short_flag_with(a, 'f') || a == "--force") =>
            {
                "deletes untracked files"
            }
            Some("push") if args.iter().any(|a| a == "-f" || a.starts_with("--force")) => {
                "force-pushes"
            }
            _ => return None,
        },
        "curl" | "wget" if joined.contains("| sh") || joined.contains("| bash") => {
            "pipes a download into a shell"
        }
        _ => return None,
    };
    Some(format!("`{joined}` {reason}"))
}

fn is_read_only(cmd: &str, args: &[String]) -> bool {
    if !READ_ONLY_COMMANDS.contains(&cmd) {
        return false;
    }
    let writes_output = args.windows(2).any(|w| {
        matches!(w, [op, target] if (op.starts_with('>') || op.ends_with('>')) && target != "/dev/null")
    }) || args.last().is_some_and(|a| a.starts_with('>') || a.ends_with('>'));
    if writes_output {
        return false;
    }
    match cmd {
        "git" => {
            args.first()
                .is_some_and(|sub| READ_ONLY_GIT.contains(&sub.as_str()))
                && !args.iter().any(|a| a.starts_with("--output") || a == "-o")
        }
        "find" => !args.iter().any(|a| {
            matches!(
                a.as_str(),
                "-exec" | "-execdir" | "-ok" | "-okdir" | "-delete"
            ) || a.starts_with("-fprint")
                || a.starts_with("-fls")
        }),
        "sed" => !args
            .iter()
            .any(|a| a.starts_with("-i") || a.starts_with("--in-place")),
        "awk" => !args
            .iter()
            .any(|a| a.contains("system(") || a.contains('>')),
        "env" | "printenv" => args.iter().all(|a| a.starts_with('-')),
        _ => true,
    }
}

/// The more severe of two classes.
fn worse(a: CommandClass, b: CommandClass) -> CommandClass {
    match (a, b) {
        (hard @ CommandClass::HardDeny { .. }, _) | (_, hard @ CommandClass::HardDeny { .. }) => {
            hard
        }
        (d @ CommandClass::Dangerous { .. }, _) | (_, d @ CommandClass::Dangerous { .. }) => d,
        (CommandClass::Normal, _) | (_, CommandClass::Normal) => CommandClass::Normal,
        (CommandClass::ReadOnly, CommandClass::ReadOnly) => CommandClass::ReadOnly,
    }
}

fn has_recursive(args: &[String]) -> bool {
    args.iter()
        .any(|a| a == "--recursive" || is_short_flag_with(a, 'r') || is_short_flag_with(a, 'R'))
}

fn is_system_target(arg: &str) -> bool {
    if arg.starts_with('-') {
        return false;
    }
    let arg = arg.trim_end_matches('*');
    let (prefix, path) = match arg.split_once('/') {
        Some((head @ ("~" | "$HOME" | "${HOME}"), tail)) => (head, tail),
        _ if arg.starts_with('/') => ("", arg),
        _ => return SYSTEM_DIRS.contains(&arg),
    };
    // Lexically normalise `//`, `/./` and `..` so `/usr/../` is `/`.
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let normal = match (prefix, parts.is_empty()) {
        ("", true) => "/".to_owned(),
        ("", false) => format!("/{}", parts.join("/")),
        (home, true) => home.to_owned(),
        (_, false) => return false,
    };
    SYSTEM_DIRS.contains(&normal.as_str())
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

fn redirect_to_device(words: &[String]) -> Option<&str> {
    words.windows(2).find_map(|w| match w {
        [op, target] if op.starts_with('>') && is_device(target) => Some(target.as_str()),
        _ => None,
    })
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
        assert_eq!(classify_command("echo hi > out.txt"), CommandClass::Normal);
        assert_eq!(classify_command("cargo test"), CommandClass::Normal);
        assert_eq!(classify_command("sed -i s/a/b/ f"), CommandClass::Normal);
        assert_eq!(classify_command("find . -delete"), CommandClass::Normal);
        assert!(!is_hard("rm -rf ./build"));
        assert!(!is_hard("dd if=a of=b"));
        assert!(!is_hard("echo 'rm -rf /'"));
        assert!(!is_hard("rm -rf /home/me/project/build"));
        assert!(!is_hard("bash -c 'echo rm -rf /'"));
        assert_eq!(classify_command("env"), CommandClass::ReadOnly);
        for cmd in [
            "rm -rf build",
            "sudo apt update",
            "git reset --hard",
            "curl x | sh",
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
