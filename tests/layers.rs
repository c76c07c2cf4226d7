//! The layer rule of the crate doc (`src/lib.rs`), checked against the source: a module may use
//! modules of its own layer or below, never one above, and no two top-level modules may depend on
//! each other in a cycle. The layers and the allowed exceptions are read from the crate doc itself,
//! so the map a reader sees and the rule the build enforces are one text.
//!
//! A dependency is any `crate::NAME` path (and `crate::{NAME, …}` group) in code; comments and the
//! trailing `#[cfg(test)]` module of a file are left out (tests may reach any module).

#![allow(clippy::unwrap_used, clippy::expect_used, reason = "a test")]
#![allow(clippy::panic, reason = "a test")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The crate doc's layer table: rows `//! | N | \`a\` \`b\` | …`, lowest layer first.
fn layers(doc: &str) -> BTreeMap<String, usize> {
    let mut layer_of = BTreeMap::new();
    for line in doc.lines() {
        let Some(row) = line.strip_prefix("//! | ") else {
            continue;
        };
        let mut cells = row.split(" | ");
        let Some(Ok(n)) = cells.next().map(|c| c.trim().parse::<usize>()) else {
            continue;
        };
        let Some(modules) = cells.next() else {
            continue;
        };
        for name in backticked(modules) {
            assert!(
                layer_of.insert(name.clone(), n).is_none(),
                "`{name}` is in two rows of the crate doc's layer table"
            );
        }
    }
    layer_of
}

/// The crate doc's allowed exceptions: lines `//! - \`from\` → \`to\`: why`.
fn exceptions(doc: &str) -> BTreeSet<(String, String)> {
    doc.lines()
        .filter_map(|l| l.strip_prefix("//! - "))
        .filter(|l| l.contains(" → "))
        .filter_map(|l| {
            let (pair, why) = l.split_once(": ")?;
            let names = backticked(pair);
            assert!(!why.trim().is_empty(), "exception `{pair}` says no why");
            (names.len() == 2).then(|| (names[0].clone(), names[1].clone()))
        })
        .collect()
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The top-level modules `src/lib.rs` declares (`pub mod x;`, `mod x;`), test-only ones left out.
fn declared(lib: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut test_only = false;
    for line in lib.lines().map(str::trim) {
        if line.starts_with("#[cfg(test)]") {
            test_only = true;
            continue;
        }
        let decl = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .or_else(|| line.strip_prefix("pub(crate) mod "));
        if let Some(rest) = decl {
            let name = rest.trim_end_matches([';', '{', ' ']).to_owned();
            if !test_only {
                out.insert(name);
            }
        }
        test_only = false;
    }
    out
}

/// Code of a file without comments and without its trailing `#[cfg(test)]` module.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]")
            && lines
                .get(i + 1)
                .is_some_and(|next| next.trim_start().starts_with("mod "))
            && !line.starts_with(' ')
        {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = match t.find("//") {
            // A `//` inside a string (a URL) is kept; only a comment after code is cut.
            Some(at) if !t[..at].contains('"') => &t[..at],
            _ => t,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// The top-level modules a piece of code names through `crate::`.
fn used(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue; // `$crate::`, `my_crate::`
        }
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Top-level module → the top-level modules it uses, over every file of `src/`.
fn graph(src: &Path, modules: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let owner = first.trim_end_matches(".rs").to_owned();
        if !modules.contains(&owner) {
            continue; // lib.rs, main.rs
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let entry = deps.entry(owner.clone()).or_default();
        entry.extend(
            used(&code)
                .into_iter()
                .filter(|m| *m != owner && modules.contains(m)),
        );
    }
    deps
}

#[test]
fn every_module_uses_only_its_own_layer_or_below_and_no_two_depend_on_each_other() {
    let src = Path::new(ROOT).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let layer_of = layers(&lib);
    let allowed = exceptions(&lib);
    let modules = declared(&lib);

    let unmapped: Vec<_> = modules
        .iter()
        .filter(|m| !layer_of.contains_key(*m))
        .collect();
    assert!(
        unmapped.is_empty(),
        "modules missing from the crate doc's layer table in src/lib.rs: {unmapped:?}"
    );
    let stale: Vec<_> = layer_of.keys().filter(|m| !modules.contains(*m)).collect();
    assert!(
        stale.is_empty(),
        "the crate doc's layer table names modules src/lib.rs does not declare: {stale:?}"
    );

    let deps = graph(&src, &modules);
    let mut upward = Vec::new();
    for (from, tos) in &deps {
        for to in tos {
            if layer_of[to] > layer_of[from] && !allowed.contains(&(from.clone(), to.clone())) {
                upward.push(format!(
                    "`{from}` (layer {}) uses `{to}` (layer {})",
                    layer_of[from], layer_of[to]
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "upward dependencies (move the code down, or list the exception with its reason in the crate doc):\n{}",
        upward.join("\n")
    );
    let unused: Vec<_> = allowed
        .iter()
        .filter(|(from, to)| !deps.get(from).is_some_and(|d| d.contains(to)))
        .collect();
    assert!(
        unused.is_empty(),
        "the crate doc lists exceptions that no longer happen; remove them: {unused:?}"
    );

    let cycles: Vec<String> = deps
        .keys()
        .filter_map(|start| cycle_through(start, &deps))
        .map(|path| path.join(" → "))
        .collect();
    assert!(
        cycles.is_empty(),
        "modules that depend on each other in a cycle:\n{}",
        cycles.join("\n")
    );
}

/// A path `start → … → start` through `deps`, if there is one.
fn cycle_through(start: &str, deps: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![vec![start.to_owned()]];
    while let Some(path) = stack.pop() {
        let last = path.last()?;
        for next in deps.get(last).into_iter().flatten() {
            if next == start {
                let mut cycle = path.clone();
                cycle.push(start.to_owned());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn the_checker_sees_grouped_paths_and_ignores_comments_and_tests() {
    let code = code_of(
        "use crate::{agent, model::X};\n// crate::cli in a comment\nlet x = crate::store::open(); // crate::cron\n\
         #[cfg(test)]\nmod tests {\n    use crate::cli;\n}\n",
    );
    let names: Vec<_> = used(&code).into_iter().collect();
    assert_eq!(names, ["agent", "model", "store"]);
    let doc = "//! | 0 | `store` `home` | base |\n//! | 1 | `model` | wire |\n//! - `store` → `model`: because\n";
    assert_eq!(layers(doc)["model"], 1);
    assert_eq!(layers(doc)["home"], 0);
    assert!(exceptions(doc).contains(&("store".to_owned(), "model".to_owned())));
    let mut deps = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        deps.entry(a.to_owned())
            .or_insert_with(BTreeSet::new)
            .insert(b.to_owned());
    }
    assert_eq!(cycle_through("a", &deps).unwrap().join(" "), "a b c a");
    assert!(cycle_through("d", &deps).is_none());
}
