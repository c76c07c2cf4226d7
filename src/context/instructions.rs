//! Project instructions: `PILOTDECK.md`, `AGENTS.md` and `.pilotdeck/rules/*.md`, gathered from PilotHome
//! first, then from the project root down to the working directory, so the most specific comes last.

use std::path::{Path, PathBuf};

/// One instruction file and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    pub path: PathBuf,
    pub text: String,
}

/// Files larger than this are cut, with a note (a runaway file must not fill the context).
const MAX_FILE_BYTES: usize = 64 * 1024;

/// Every instruction file that applies to `cwd` inside the project at `root`.
pub fn discover(home_root: &Path, root: &Path, cwd: &Path) -> Vec<Instruction> {
    let mut out = Vec::new();
    collect_dir(home_root, &home_root.join("rules"), &mut out);
    let mut dirs: Vec<&Path> = cwd
        .ancestors()
        .take_while(|d| d.starts_with(root))
        .collect();
    if dirs.is_empty() {
        dirs.push(root);
    }
    dirs.reverse();
    for dir in dirs {
        collect_dir(dir, &dir.join(".pilotdeck").join("rules"), &mut out);
    }
    out
}

fn collect_dir(dir: &Path, rules_dir: &Path, out: &mut Vec<Instruction>) {
    for name in ["PILOTDECK.md", "AGENTS.md"] {
        push_file(&dir.join(name), out);
    }
    let Ok(entries) = std::fs::read_dir(rules_dir) else {
        return;
    };
    let mut rules: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    rules.sort();
    for path in rules {
        push_file(&path, out);
    }
}

fn push_file(path: &Path, out: &mut Vec<Instruction>) {
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    let mut text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_FILE_BYTES)]).into_owned();
    if bytes.len() > MAX_FILE_BYTES {
        text.push_str("\n[… file cut at 64 KiB]");
    }
    if !text.trim().is_empty() {
        out.push(Instruction {
            path: path.to_owned(),
            text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_then_root_then_nested_dirs() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().join("home");
        let root = tmp.path().join("proj");
        let sub = root.join("a/b");
        std::fs::create_dir_all(home.join("rules")).unwrap();
        std::fs::create_dir_all(root.join(".pilotdeck/rules")).unwrap();
        std::fs::create_dir_all(&sub).unwrap();
        let w = |p: PathBuf, t: &str| crate::store::write_atomic(&p, t.as_bytes()).unwrap();
        w(home.join("PILOTDECK.md"), "home");
        w(home.join("rules/z.md"), "home rule");
        w(root.join("AGENTS.md"), "root agents");
        w(root.join(".pilotdeck/rules/b.md"), "rule b");
        w(root.join(".pilotdeck/rules/a.md"), "rule a");
        w(root.join("a/PILOTDECK.md"), "nested");
        w(root.join("a/b/notes.txt"), "not an instruction");
        let texts: Vec<String> = discover(&home, &root, &sub)
            .into_iter()
            .map(|i| i.text)
            .collect();
        assert_eq!(
            texts,
            [
                "home",
                "home rule",
                "root agents",
                "rule a",
                "rule b",
                "nested"
            ]
        );
    }
}
