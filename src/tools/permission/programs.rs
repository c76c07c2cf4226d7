//! The read-only allowlist: the programs a `read-only` session may run, each with the check of its
//! flags and operands. A program not in [`PROGRAMS`] is not read-only; a listed program is read-only
//! only when its check finds no flag or operand that writes a file or runs another program (`sort -o`,
//! `uniq IN OUT`, `awk` with `system`/`|`/`>`/`-f`, `sed` with `e`/`w`/`-i`, `tree -o`, `rg --pre`, …).
//! `git` is read in [`super::git`], wrappers in [`super::wrappers`].

use super::awk;
use super::git::is_long_prefix;
use super::sed;
use super::shell::is_short_flag_with;
use super::wrappers::getopt;

/// How a listed program's arguments are checked.
enum Flags {
    /// No flag or operand of this program writes or runs anything.
    Any,
    /// The check returns why the arguments are not read-only.
    Check(fn(&[String]) -> Option<String>),
}

/// Programs that only read, with the check of their arguments.
const PROGRAMS: &[(&str, Flags)] = &[
    ("cat", Flags::Any),
    ("head", Flags::Any),
    ("tail", Flags::Any),
    ("ls", Flags::Any),
    ("pwd", Flags::Any),
    ("echo", Flags::Any),
    ("printf", Flags::Any),
    ("wc", Flags::Any),
    ("whoami", Flags::Any),
    ("grep", Flags::Any),
    ("egrep", Flags::Any),
    ("fgrep", Flags::Any),
    ("stat", Flags::Any),
    ("du", Flags::Any),
    ("df", Flags::Any),
    ("which", Flags::Any),
    ("type", Flags::Any),
    ("uname", Flags::Any),
    ("cut", Flags::Any),
    ("diff", Flags::Any),
    ("cmp", Flags::Any),
    ("comm", Flags::Any),
    ("basename", Flags::Any),
    ("dirname", Flags::Any),
    ("realpath", Flags::Any),
    ("readlink", Flags::Any),
    ("true", Flags::Any),
    ("false", Flags::Any),
    ("test", Flags::Any),
    ("[", Flags::Any),
    ("id", Flags::Any),
    ("groups", Flags::Any),
    ("nl", Flags::Any),
    ("jq", Flags::Any),
    ("md5sum", Flags::Any),
    ("sha1sum", Flags::Any),
    ("sha256sum", Flags::Any),
    ("sha512sum", Flags::Any),
    ("cksum", Flags::Any),
    ("tr", Flags::Any),
    ("column", Flags::Any),
    ("printenv", Flags::Any),
    ("cd", Flags::Any),
    ("pushd", Flags::Any),
    ("popd", Flags::Any),
    ("read", Flags::Any),
    ("seq", Flags::Any),
    ("rev", Flags::Any),
    ("tac", Flags::Any),
    ("od", Flags::Any),
    ("hexdump", Flags::Any),
    ("strings", Flags::Any),
    ("sleep", Flags::Any),
    ("nproc", Flags::Any),
    ("ps", Flags::Any),
    ("pgrep", Flags::Any),
    ("sort", Flags::Check(sort)),
    ("uniq", Flags::Check(uniq)),
    ("sed", Flags::Check(sed::not_read_only)),
    ("awk", Flags::Check(awk::not_read_only)),
    ("gawk", Flags::Check(awk::not_read_only)),
    ("mawk", Flags::Check(awk::not_read_only)),
    ("nawk", Flags::Check(awk::not_read_only)),
    ("find", Flags::Check(find)),
    ("tree", Flags::Check(tree)),
    ("file", Flags::Check(file)),
    ("rg", Flags::Check(rg)),
    ("less", Flags::Check(pager)),
    ("more", Flags::Check(pager)),
    ("date", Flags::Check(date)),
    ("hostname", Flags::Check(hostname)),
    ("xxd", Flags::Check(xxd)),
    ("env", Flags::Check(bare)),
    ("command", Flags::Check(command)),
];

/// Why `program ARGS` is not read-only, or `None` when it is on the allowlist and its arguments
/// only read.
pub(super) fn not_read_only(program: &str, args: &[String]) -> Option<String> {
    match PROGRAMS.iter().find(|(name, _)| *name == program) {
        None => Some(format!("`{program}` is not on the read-only list")),
        Some((_, Flags::Any)) => None,
        Some((_, Flags::Check(check))) => check(args),
    }
}

/// Whether `program` is on the read-only list at all (its arguments are data, not a command).
pub(super) fn is_listed(program: &str) -> bool {
    PROGRAMS.iter().any(|(name, _)| *name == program)
}

fn sort(args: &[String]) -> Option<String> {
    let p = getopt(
        args,
        "ktSTo",
        &[
            "--key",
            "--field-separator",
            "--buffer-size",
            "--temporary-directory",
            "--output",
        ],
    );
    p.opts.iter().find_map(|(f, _)| {
        if f == "-o" || is_long_prefix(f, "output", 1) {
            Some("`sort -o` writes a file".to_owned())
        } else if is_long_prefix(f, "compress-program", 3) {
            Some("`sort --compress-program` runs a program".to_owned())
        } else {
            None
        }
    })
}

fn uniq(args: &[String]) -> Option<String> {
    let p = getopt(
        args,
        "fsw",
        &["--skip-fields", "--skip-chars", "--check-chars"],
    );
    let operands: Vec<&String> = p.rest.iter().collect();
    (operands.len() > 1).then(|| format!("`uniq` writes its second operand `{}`", operands[1]))
}

fn find(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| a.as_str() == "-delete" || a.starts_with("-fprint") || a.as_str() == "-fls")
        .map(|a| format!("`find {a}` deletes or writes files"))
}

fn tree(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| is_short_flag_with(a, 'o') || is_short_flag_with(a, 'R') || a.starts_with("--o"))
        .map(|a| format!("`tree {a}` writes files"))
}

fn file(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| is_short_flag_with(a, 'C') || is_long_prefix(a, "compile", 2))
        .map(|a| format!("`file {a}` writes a compiled magic file"))
}

fn rg(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| {
            a.as_str() == "--pre" || a.starts_with("--pre=") || a.starts_with("--hostname-bin")
        })
        .map(|a| format!("`rg {a}` runs a program"))
}

fn pager(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| {
            a.starts_with('+')
                || is_short_flag_with(a, 'o')
                || is_short_flag_with(a, 'O')
                || a.to_ascii_lowercase().starts_with("--log-file")
        })
        .map(|a| format!("the pager option `{a}` runs a command or writes a file"))
}

fn date(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| {
            is_short_flag_with(a, 's')
                || is_long_prefix(a, "set", 2)
                || (!a.starts_with('-') && !a.starts_with('+'))
        })
        .filter(|a| !is_short_flag_with(a, 'd') && !is_short_flag_with(a, 'r'))
        .map(|a| format!("`date {a}` sets the clock"))
}

fn hostname(args: &[String]) -> Option<String> {
    args.iter()
        .find(|a| !a.starts_with('-') || is_short_flag_with(a, 'F') || a.starts_with("--file"))
        .map(|a| format!("`hostname {a}` sets the host name"))
}

fn xxd(args: &[String]) -> Option<String> {
    let p = getopt(args, "cglosnC", &[]);
    p.rest
        .get(1)
        .map(|out| format!("`xxd` writes its second operand `{out}`"))
}

fn bare(args: &[String]) -> Option<String> {
    args.first().map(|a| format!("`{a}` is run by a wrapper"))
}

fn command(args: &[String]) -> Option<String> {
    (!args.iter().any(|a| a == "-v" || a == "-V"))
        .then(|| "`command` runs another command".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(line: &str) -> Option<String> {
        let words: Vec<String> = shell_words(line);
        not_read_only(&words[0], &words[1..])
    }

    fn shell_words(line: &str) -> Vec<String> {
        super::super::shell::split_commands(line).remove(0)
    }

    #[test]
    fn writing_flags_are_not_read_only() {
        for line in [
            r#"awk 'BEGIN{print "x" | "touch PWN"}'"#,
            r#"awk 'BEGIN{"touch PWN" | getline}'"#,
            r#"awk 'BEGIN{system ("touch PWN")}'"#,
            r#"awk 'BEGIN{print 1 > "f"}'"#,
            "awk -f tool.awk",
            "awk --exec x",
            "sort -o PWN f",
            "sort -ro PWN f",
            "sort --out=PWN f",
            "uniq f PWN",
            "tree -o x",
            "rg --pre ./x y",
            "less +!touch f",
            "date -s 12:00",
            "touch x",
            "xxd -r a b",
        ] {
            assert!(check(line).is_some(), "{line}");
        }
        for line in [
            "awk '$3 > 100 { print $1 }' f",
            r#"awk -F, '{ print "a>b|c" }' f"#,
            "awk 'NR==1 || NR==2' f",
            "sort -k2 -t, f",
            "uniq -c f",
            "date +%s",
            "cat -n a",
            "grep -rn x .",
        ] {
            assert_eq!(check(line), None, "{line}");
        }
        assert_eq!(
            check("touch x").as_deref(),
            Some("`touch` is not on the read-only list")
        );
    }
}
