//! The note-by-note three-way merge of one project's notes: the version both sides last agreed on
//! (the base), this machine's and the remote's.
//!
//! A note changed on one side only takes that side (a deletion is a change); a note changed on both
//! sides the same way is simply kept. Changed differently on both sides: a deletion loses to an
//! edit (nothing is lost), and two edits are both kept — the newer (`updated_at`, then the bytes,
//! so every machine decides alike) at the note's path, the older beside it as
//! `<stem>.conflict-<hash>.md`, deprecated, `superseded_by` the newer and marked `sync_conflict`, so
//! recall sees one note and the next `memory dream` merges the two.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::memory::note::{Note, NoteKind};

/// Note files by path relative to the workspace (`Project/x.md`, `Feedback/y.md`).
pub(super) type Files = BTreeMap<String, Vec<u8>>;

/// What a sync did (or, dry, would do) to one note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Added or changed on the remote: written here.
    Pulled,
    /// Added or changed here: sent to the remote.
    Pushed,
    /// Deleted on the remote: deleted here.
    DeletedHere,
    /// Deleted here: deleted on the remote.
    DeletedThere,
    /// Changed on both sides: both versions kept, the older deprecated at `older`.
    KeptBoth { older: String },
}

/// One note's change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub path: String,
    #[serde(flatten)]
    pub action: Action,
}

/// The merged notes and what changed.
#[derive(Debug, Default)]
pub(super) struct Merged {
    pub files: Files,
    pub changes: Vec<Change>,
}

/// Merges `local` and `remote` against `base`.
pub(super) fn merge(base: &Files, local: &Files, remote: &Files) -> Merged {
    let paths: BTreeSet<&String> = base
        .keys()
        .chain(local.keys())
        .chain(remote.keys())
        .collect();
    let mut out = Merged::default();
    for path in paths {
        let (b, l, r) = (base.get(path), local.get(path), remote.get(path));
        let (kept, action) = if l == r {
            (l, None)
        } else if l == b {
            (
                r,
                Some(if r.is_some() {
                    Action::Pulled
                } else {
                    Action::DeletedHere
                }),
            )
        } else if r == b {
            (
                l,
                Some(if l.is_some() {
                    Action::Pushed
                } else {
                    Action::DeletedThere
                }),
            )
        } else {
            match (l, r) {
                (None, Some(_)) => (r, Some(Action::Pulled)),
                (Some(_), None) => (l, Some(Action::Pushed)),
                (Some(l), Some(r)) => {
                    let (newer, older) = if is_newer(path, l, r) { (l, r) } else { (r, l) };
                    let (older_path, older_text) = deprecated_copy(path, older);
                    out.files.insert(older_path.clone(), older_text);
                    let action = Action::KeptBoth { older: older_path };
                    (Some(newer), Some(action))
                }
                (None, None) => (None, None),
            }
        };
        if let Some(bytes) = kept {
            out.files.insert(path.clone(), bytes.clone());
        }
        if let Some(action) = action {
            out.changes.push(Change {
                path: path.clone(),
                action,
            });
        }
    }
    out
}

/// Whether `a` is the newer version of the note at `path`: the later `updated_at`, else the
/// greater bytes (any rule both machines apply alike).
fn is_newer(path: &str, a: &[u8], b: &[u8]) -> bool {
    let updated = |bytes: &[u8]| parse(path, bytes).meta.updated_at;
    match updated(a).cmp(&updated(b)) {
        std::cmp::Ordering::Equal => a > b,
        order => order.is_gt(),
    }
}

fn parse(path: &str, bytes: &[u8]) -> Note {
    let (folder, file) = path.split_once('/').unwrap_or(("", path));
    let kind = NoteKind::ALL
        .into_iter()
        .find(|k| k.folder() == folder)
        .unwrap_or(NoteKind::Project);
    let stem = file.strip_suffix(".md").unwrap_or(file);
    Note::parse(&String::from_utf8_lossy(bytes), stem, kind)
}

/// What marks the file name of an older version kept beside a note changed on both sides.
const CONFLICT_MARK: &str = ".conflict-";

/// Whether `path` names an older version a sync kept beside a note (`<stem>.conflict-<hash>.md`).
pub(in crate::memory) fn is_conflict_copy(path: &std::path::Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().contains(CONFLICT_MARK))
}

/// The older version of the note at `path`, deprecated in favour of it, and where it goes:
/// `<stem>.conflict-<8 hex of its bytes>.md` beside it.
fn deprecated_copy(path: &str, older: &[u8]) -> (String, Vec<u8>) {
    let hex: String = Sha256::digest(older)
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect();
    let stem = path.strip_suffix(".md").unwrap_or(path);
    let mut note = parse(path, older);
    note.meta.deprecated = true;
    note.meta.superseded_by = Some(path.to_owned());
    note.meta.sync_conflict = true;
    (
        format!("{stem}{CONFLICT_MARK}{hex}.md"),
        note.render().into_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(updated_at: &str, body: &str) -> Vec<u8> {
        Note::new(NoteKind::Project, "Build", "how", body, updated_at)
            .render()
            .into_bytes()
    }

    fn files(entries: &[(&str, &[u8])]) -> Files {
        entries
            .iter()
            .map(|(p, b)| ((*p).to_owned(), b.to_vec()))
            .collect()
    }

    #[test]
    fn one_sided_changes_take_that_side() {
        let (a, a2, b) = (note("1", "a"), note("2", "a2"), note("1", "b"));
        let base = files(&[
            ("Project/a.md", &a),
            ("Project/b.md", &b),
            ("Project/c.md", &a),
        ]);
        // Here: a edited, c deleted, n added. There: b deleted, r added.
        let local = files(&[
            ("Project/a.md", &a2),
            ("Project/b.md", &b),
            ("Project/n.md", &a),
        ]);
        let remote = files(&[
            ("Project/a.md", &a),
            ("Project/c.md", &a),
            ("Project/r.md", &b),
        ]);
        let merged = merge(&base, &local, &remote);
        let names: Vec<&str> = merged.files.keys().map(String::as_str).collect();
        assert_eq!(names, ["Project/a.md", "Project/n.md", "Project/r.md"]);
        assert_eq!(merged.files["Project/a.md"], a2);
        let actions: Vec<(&str, &Action)> = (merged.changes.iter())
            .map(|c| (c.path.as_str(), &c.action))
            .collect();
        assert_eq!(
            actions,
            [
                ("Project/a.md", &Action::Pushed),
                ("Project/b.md", &Action::DeletedHere),
                ("Project/c.md", &Action::DeletedThere),
                ("Project/n.md", &Action::Pushed),
                ("Project/r.md", &Action::Pulled),
            ]
        );
    }

    #[test]
    fn an_edit_beats_a_deletion_and_equal_edits_agree() {
        let (a, here, there) = (note("1", "a"), note("2", "same"), note("3", "edited"));
        let base = files(&[("Project/a.md", &a), ("Project/b.md", &a)]);
        let local = files(&[("Project/b.md", &here), ("Project/s.md", &here)]);
        let remote = files(&[("Project/a.md", &there), ("Project/s.md", &here)]);
        let merged = merge(&base, &local, &remote);
        assert_eq!(merged.files["Project/a.md"], there);
        assert_eq!(merged.files["Project/b.md"], here);
        assert_eq!(merged.files["Project/s.md"], here);
        assert_eq!(merged.changes.len(), 2, "{:?}", merged.changes);
    }

    #[test]
    fn both_edited_keeps_both_with_the_older_deprecated_the_same_on_either_machine() {
        let base_note = note("2026-01-01T00:00:00Z", "Use make.");
        let older = note("2026-02-01T00:00:00Z", "Use cargo.");
        let newer = note("2026-03-01T00:00:00Z", "Use cargo xtask.");
        let base = files(&[("Project/build.md", &base_note)]);
        let here = files(&[("Project/build.md", &older)]);
        let there = files(&[("Project/build.md", &newer)]);
        let merged = merge(&base, &here, &there);
        let mirrored = merge(&base, &there, &here);
        assert_eq!(merged.files, mirrored.files);
        assert_eq!(merged.files["Project/build.md"], newer);
        let Action::KeptBoth { older: older_path } = &merged.changes[0].action else {
            panic!("{:?}", merged.changes)
        };
        assert!(
            older_path.starts_with("Project/build.conflict-"),
            "{older_path}"
        );
        let kept = parse(older_path, &merged.files[older_path]);
        assert!(kept.meta.deprecated && kept.meta.sync_conflict);
        assert_eq!(kept.meta.superseded_by.as_deref(), Some("Project/build.md"));
        assert_eq!(kept.body, "Use cargo.");
        // Added on both sides with no base: the same rule.
        let added = merge(&Files::new(), &here, &there);
        assert_eq!(added.files.len(), 2);
    }
}
