//! Markdown files with YAML frontmatter (memory notes, `SKILL.md`, slash commands): splitting the
//! `---` block from the body, and listing a folder's `*.md` files. Parsing the YAML is the
//! caller's, since each file type has its own keys.

use std::path::{Path, PathBuf};

/// The `*.md` files directly inside `dir`, sorted; none when it cannot be read.
pub fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// The frontmatter (without the `---` lines) and the body, or `None` when the text does not start
/// with a closed frontmatter block.
pub fn split(text: &str) -> Option<(&str, &str)> {
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))?;
    let end = rest.find("\n---")?;
    let front = &rest[..=end];
    let after = &rest[end + 4..];
    let body = after.split_once('\n').map_or("", |(_, b)| b);
    Some((front, body))
}

#[cfg(test)]
mod tests {
    #[test]
    fn splits_front_and_body() {
        assert_eq!(
            super::split("---\nname: a\n---\nbody\n"),
            Some(("name: a\n", "body\n"))
        );
        assert_eq!(super::split("no frontmatter"), None);
        assert_eq!(super::split("---\nunclosed\n"), None);
    }
}
