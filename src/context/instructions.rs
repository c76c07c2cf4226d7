//! Project instructions: `PILOTDECK.md`, `AGENTS.md` and `.pilotdeck/rules/*.md`, gathered from PilotHome
//! first, then from the project root down to the working directory, so the most specific comes last.
//! The project's files are read through [`ProjectFiles`] (a regular file inside the project, not a
//! symlink nor a hidden location, at most 64 KiB); a refused one is skipped with a warning.

use std::path::{Path, PathBuf};

use crate::tools::project_file::{ProjectFiles, Text, read_own};

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
    collect_dir(&home_root.join("rules"), home_root, &mut out, &|p| {
        read_own(p, MAX_FILE_BYTES)
    });
    let project = ProjectFiles::new(root, home_root);
    let read = |p: &Path| project.read(p, MAX_FILE_BYTES);
    let mut dirs: Vec<&Path> = cwd
        .ancestors()
        .take_while(|d| d.starts_with(root))
        .collect();
    if dirs.is_empty() {
        dirs.push(root);
    }
    dirs.reverse();
    for dir in dirs {
        collect_dir(&dir.join(".pilotdeck").join("rules"), dir, &mut out, &read);
    }
    out
}

type Reader<'a> = dyn Fn(&Path) -> std::io::Result<Text> + 'a;

fn collect_dir(rules_dir: &Path, dir: &Path, out: &mut Vec<Instruction>, read: &Reader<'_>) {
    for name in ["PILOTDECK.md", "AGENTS.md"] {
        push_file(&dir.join(name), out, read);
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
        push_file(&path, out, read);
    }
}

fn push_file(path: &Path, out: &mut Vec<Instruction>, read: &Reader<'_>) {
    let Text { mut text, cut } = match read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            tracing::warn!("skipping the instruction file {}: {e}", path.display());
            return;
        }
    };
    if cut {
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
