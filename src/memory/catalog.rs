//! Derived files rebuilt after every change: the workspace catalog `MEMORY.md`, the default
//! `project.meta.md`, and the global `profile.md` built from the user's identity notes.
//!
//! A derived file is written only when its content changes, and its content depends only on the
//! notes (no clock), so rebuilding twice is a no-op. `project.meta.md` is created once and then
//! belongs to people (and dream); it is never overwritten here.

use std::path::Path;

use super::Error;
use super::layout::{self, NoteFile};
use super::note::{Note, NoteKind};
use crate::home::ProjectKey;
use crate::store;

/// Rebuilds `MEMORY.md` (and creates `project.meta.md` if missing) in the workspace directory `dir`.
pub(super) fn rebuild_workspace(
    dir: &Path,
    key: &ProjectKey,
    project_name: &str,
    now: &str,
) -> Result<(), Error> {
    let meta_path = dir.join("project.meta.md");
    if !meta_path.exists() {
        let text = format!(
            "---\nproject_id: {}\nproject_name: {}\ndescription: ''\nstatus: in_progress\ncreated_at: {now}\nupdated_at: {now}\n---\n\n## Summary\n",
            key.0,
            yaml_scalar(project_name),
        );
        store::write_atomic(&meta_path, text.as_bytes())?;
    }
    write_if_changed(&dir.join("MEMORY.md"), &workspace_catalog(dir, key))
}

/// The `MEMORY.md` the notes in the workspace directory `dir` call for.
pub(super) fn workspace_catalog(dir: &Path, key: &ProjectKey) -> String {
    let files = layout::workspace_files(dir, key);
    let notes = load(&files);
    let mut out =
        String::from("# Memory\n\n## Project Meta\n\n- [project.meta.md](project.meta.md)\n");
    for kind in [NoteKind::Project, NoteKind::Feedback] {
        section(
            &mut out,
            kind_title(kind),
            dir,
            notes
                .iter()
                .filter(|(f, n)| f.kind == kind && !n.meta.deprecated),
        );
    }
    section(
        &mut out,
        "Deprecated",
        dir,
        notes.iter().filter(|(_, n)| n.meta.deprecated),
    );
    out
}

/// Rebuilds the global `profile.md` from the active user notes.
pub(super) fn rebuild_global(dir: &Path) -> Result<(), Error> {
    match global_profile(dir) {
        Some(text) => write_if_changed(&dir.join("profile.md"), &text),
        None => Ok(()),
    }
}

/// The `profile.md` the user notes in `dir` call for; `None` when there is none and none is needed.
pub(super) fn global_profile(dir: &Path) -> Option<String> {
    let files = layout::global_files(dir);
    let notes = load(&files);
    let active: Vec<_> = notes.iter().filter(|(_, n)| !n.meta.deprecated).collect();
    if active.is_empty() && !dir.join("profile.md").exists() {
        return None;
    }
    let mut out = String::from("# User profile\n\n");
    for (f, n) in active {
        out.push_str(&format!(
            "- {} — {} ([note]({}))\n",
            n.meta.name,
            n.meta.description,
            layout::relative(&f.path, dir)
        ));
    }
    Some(out)
}

fn kind_title(kind: NoteKind) -> &'static str {
    match kind {
        NoteKind::Project => "Project",
        NoteKind::Feedback => "Feedback",
        NoteKind::User => "User",
    }
}

fn load(files: &[NoteFile]) -> Vec<(NoteFile, Note)> {
    let mut notes: Vec<(NoteFile, Note)> = files
        .iter()
        .filter_map(|f| {
            layout::read_note(&f.path, f.kind)
                .ok()
                .map(|n| (f.clone(), n))
        })
        .collect();
    notes.sort_by(|(fa, a), (fb, b)| {
        b.meta
            .updated_at
            .cmp(&a.meta.updated_at)
            .then(fa.path.cmp(&fb.path))
    });
    notes
}

fn section<'a>(
    out: &mut String,
    title: &str,
    base: &Path,
    notes: impl Iterator<Item = &'a (NoteFile, Note)>,
) {
    out.push_str(&format!("\n## {title}\n\n"));
    for (f, n) in notes {
        let desc = n.meta.description.replace('\n', " ");
        out.push_str(&format!(
            "- [{}]({}) — {}\n",
            n.meta.name,
            layout::relative(&f.path, base),
            desc
        ));
    }
}

fn write_if_changed(path: &Path, text: &str) -> Result<(), Error> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    Ok(store::write_atomic(path, text.as_bytes())?)
}

fn yaml_scalar(text: &str) -> String {
    serde_yaml::to_string(text).map_or_else(|_| "''".to_owned(), |s| s.trim_end().to_owned())
}

/// What a dream may refresh in `project.meta.md`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct MetaUpdate {
    /// The frontmatter `description`, when the model gave one.
    pub description: Option<String>,
    /// The markdown under `## Summary`, when the model gave one.
    pub summary: Option<String>,
}

/// Refreshes `project.meta.md` after a dream: applies `update` and sets `dream_updated_at`, keeping
/// every other key as people wrote them. Returns whether the description or summary changed (the
/// timestamp alone does not count). A file without parseable frontmatter is left alone.
pub(super) fn refresh_meta(dir: &Path, update: &MetaUpdate, now: &str) -> Result<bool, Error> {
    let path = dir.join("project.meta.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(false);
    };
    let Some(rest) = text.strip_prefix("---\n") else {
        return Ok(false);
    };
    let Some(end) = rest.find("\n---") else {
        return Ok(false);
    };
    let Ok(mut front) = serde_yaml::from_str::<serde_yaml::Mapping>(&rest[..=end]) else {
        return Ok(false);
    };
    let mut body = rest[end + 4..].to_owned();
    let mut changed = false;
    if let Some(description) = update.description.as_deref().map(str::trim)
        && !description.is_empty()
        && front.get("description").and_then(|v| v.as_str()) != Some(description)
    {
        front.insert("description".into(), description.into());
        changed = true;
    }
    if let Some(summary) = update.summary.as_deref().map(str::trim)
        && !summary.is_empty()
    {
        let new_body = with_summary(&body, summary);
        if new_body != body {
            body = new_body;
            changed = true;
        }
    }
    if changed {
        front.insert("updated_at".into(), now.into());
    }
    front.insert("dream_updated_at".into(), now.into());
    let front = serde_yaml::to_string(&front).unwrap_or_default();
    write_if_changed(&path, &format!("---\n{front}---{body}"))?;
    Ok(changed)
}

/// `body` with the text of its `## Summary` section (up to the next `## ` heading) replaced by
/// `summary`; the section is appended when missing.
fn with_summary(body: &str, summary: &str) -> String {
    const HEADING: &str = "## Summary\n";
    let Some(start) = body.find(HEADING) else {
        return format!("{}\n\n{HEADING}\n{summary}\n", body.trim_end());
    };
    let after = start + HEADING.len();
    let end = body[after..]
        .find("\n## ")
        .map_or(body.len(), |i| after + i + 1);
    let rest = &body[end..];
    let sep = if rest.is_empty() { "" } else { "\n" };
    format!("{}{HEADING}\n{summary}\n{sep}{rest}", &body[..start])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_section_is_replaced_or_added() {
        assert_eq!(
            with_summary("\n\n## Summary\n", "New."),
            "\n\n## Summary\n\nNew.\n"
        );
        assert_eq!(
            with_summary("\n## Summary\n\nOld.\n\n## Notes\n\nKeep.\n", "New."),
            "\n## Summary\n\nNew.\n\n## Notes\n\nKeep.\n"
        );
        assert_eq!(
            with_summary("\nIntro.\n", "New."),
            "\nIntro.\n\n## Summary\n\nNew.\n"
        );
    }
}
