//! One file's change as text: what it held before and after, its unified diff and its
//! (+added −removed) line counts, and the one-line summary people read (`edited src/a.rs (+12 −3)`).
//! Diffing is the `similar` crate's; this module only owns the shape every front shows: the
//! approval prompt's preview, the change lines after a call, chat's `/diff`.

use similar::{ChangeTag, TextDiff};

/// Lines of context around each hunk.
const CONTEXT: usize = 3;

/// What a change did to its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Created,
    Edited,
    Deleted,
}

impl ChangeKind {
    /// `created`, `edited` or `deleted`.
    pub fn verb(self) -> &'static str {
        match self {
            ChangeKind::Created => "created",
            ChangeKind::Edited => "edited",
            ChangeKind::Deleted => "deleted",
        }
    }
}

/// Lines added and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub added: usize,
    pub removed: usize,
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "+{} \u{2212}{}", self.added, self.removed)
    }
}

/// One file's text before and after a change. `before` is `None` for a new file, `after` is `None`
/// for a deleted one. `path` is the path as shown (relative to the project when inside it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    pub path: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

impl FileChange {
    pub fn kind(&self) -> ChangeKind {
        match (&self.before, &self.after) {
            (None, _) => ChangeKind::Created,
            (Some(_), None) => ChangeKind::Deleted,
            (Some(_), Some(_)) => ChangeKind::Edited,
        }
    }

    fn texts(&self) -> (&str, &str) {
        (
            self.before.as_deref().unwrap_or(""),
            self.after.as_deref().unwrap_or(""),
        )
    }

    /// Lines added and removed.
    pub fn counts(&self) -> Counts {
        let (old, new) = self.texts();
        let diff = TextDiff::from_lines(old, new);
        let mut counts = Counts::default();
        for change in diff.iter_all_changes() {
            match change.tag() {
                ChangeTag::Insert => counts.added += 1,
                ChangeTag::Delete => counts.removed += 1,
                ChangeTag::Equal => {}
            }
        }
        counts
    }

    /// The unified diff (`--- a/PATH`, `+++ b/PATH`, hunks with three lines of context); empty
    /// when nothing changed. A new file's old side and a deleted file's new side are `/dev/null`.
    pub fn unified(&self) -> String {
        let (old, new) = self.texts();
        let a = match self.before {
            Some(_) => format!("a/{}", self.path),
            None => "/dev/null".to_owned(),
        };
        let b = match self.after {
            Some(_) => format!("b/{}", self.path),
            None => "/dev/null".to_owned(),
        };
        TextDiff::from_lines(old, new)
            .unified_diff()
            .context_radius(CONTEXT)
            .header(&a, &b)
            .to_string()
    }

    /// `edited src/a.rs (+12 −3)`.
    pub fn summary(&self) -> String {
        format!("{} {} ({})", self.kind().verb(), self.path, self.counts())
    }
}

/// A file's bytes as the text a diff shows (`Some(None)`: no file); `None` when they are not text
/// (not UTF-8, or holding a NUL byte).
pub fn text_of(bytes: Option<Vec<u8>>) -> Option<Option<String>> {
    match bytes {
        None => Some(None),
        Some(bytes) if bytes.contains(&0) => None,
        Some(bytes) => String::from_utf8(bytes).ok().map(Some),
    }
}

/// A diff's lines cut to `max` shown lines, with `… N more lines` for the rest (`None` when
/// nothing was cut).
pub fn fold(unified: &str, max: usize) -> (Vec<&str>, Option<String>) {
    let lines: Vec<&str> = unified.lines().collect();
    if lines.len() <= max {
        return (lines, None);
    }
    let rest = lines.len() - max;
    (
        lines[..max].to_vec(),
        Some(format!("\u{2026} {rest} more lines")),
    )
}

/// The SGR colour a unified diff line is shown in: headers bold, hunks cyan, additions green,
/// removals red, context plain.
pub fn line_colour(line: &str) -> Option<&'static str> {
    if line.starts_with("+++") || line.starts_with("---") {
        Some("1")
    } else if line.starts_with("@@") {
        Some("36")
    } else if line.starts_with('+') {
        Some("32")
    } else if line.starts_with('-') {
        Some("31")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(before: Option<&str>, after: Option<&str>) -> FileChange {
        FileChange {
            path: "src/a.rs".into(),
            before: before.map(str::to_owned),
            after: after.map(str::to_owned),
        }
    }

    #[test]
    fn an_edit_counts_and_diffs_its_lines() {
        let c = change(Some("a\nb\nc\n"), Some("a\nB\nc\nd\n"));
        assert_eq!(c.kind(), ChangeKind::Edited);
        assert_eq!(
            c.counts(),
            Counts {
                added: 2,
                removed: 1
            }
        );
        assert_eq!(c.summary(), "edited src/a.rs (+2 \u{2212}1)");
        let diff = c.unified();
        assert!(diff.starts_with("--- a/src/a.rs\n+++ b/src/a.rs\n@@ -1,3 +1,4 @@\n"));
        assert!(diff.contains("\n-b\n+B\n c\n+d\n"), "{diff}");
    }

    #[test]
    fn new_and_deleted_files_diff_against_nothing() {
        let created = change(None, Some("x\ny\n"));
        assert_eq!(created.summary(), "created src/a.rs (+2 \u{2212}0)");
        assert!(
            created
                .unified()
                .starts_with("--- /dev/null\n+++ b/src/a.rs\n")
        );
        let deleted = change(Some("x\n"), None);
        assert_eq!(deleted.summary(), "deleted src/a.rs (+0 \u{2212}1)");
        assert!(deleted.unified().contains("+++ /dev/null\n"));
        assert_eq!(change(Some("same\n"), Some("same\n")).unified(), "");
    }

    #[test]
    fn long_diffs_fold() {
        let text = (0..10).map(|i| format!("{i}\n")).collect::<String>();
        let (shown, more) = fold(&text, 4);
        assert_eq!(shown, ["0", "1", "2", "3"]);
        assert_eq!(more.as_deref(), Some("\u{2026} 6 more lines"));
        assert_eq!(fold(&text, 10).1, None);
    }
}
