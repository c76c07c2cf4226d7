//! One memory note: a markdown file with YAML frontmatter, written for people to read and edit.
//!
//! The frontmatter keys are PilotDeck's (`name, description, type, scope, updated_at,
//! source_sessions, deprecated`) plus `superseded_by` when dream deprecates a note in favour of
//! another, and `sync_conflict` when `memory sync` found the note changed on two machines and kept
//! this, the older version, beside the newer one for the next dream to merge. Keys this version does not know are kept as they are, so a hand-added key survives every
//! rewrite. A file whose frontmatter cannot be parsed is still a note: its name is the file stem and
//! its whole text is the body.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What a note is about; decides its folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    /// Stable facts about the person; global, under `<memory>/global/User/`.
    User,
    /// Project state, decisions, constraints, facts; under `Project/`.
    Project,
    /// Rules for how to work (style, tools, format); under `Feedback/`.
    Feedback,
}

impl NoteKind {
    pub const ALL: [NoteKind; 3] = [NoteKind::Project, NoteKind::Feedback, NoteKind::User];

    pub fn as_str(self) -> &'static str {
        match self {
            NoteKind::User => "user",
            NoteKind::Project => "project",
            NoteKind::Feedback => "feedback",
        }
    }

    pub fn parse(text: &str) -> Option<NoteKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "user" => Some(NoteKind::User),
            "project" => Some(NoteKind::Project),
            "feedback" => Some(NoteKind::Feedback),
            _ => None,
        }
    }

    /// The folder holding notes of this kind.
    pub fn folder(self) -> &'static str {
        match self {
            NoteKind::User => "User",
            NoteKind::Project => "Project",
            NoteKind::Feedback => "Feedback",
        }
    }

    pub fn scope(self) -> &'static str {
        match self {
            NoteKind::User => "global",
            NoteKind::Project | NoteKind::Feedback => "project",
        }
    }
}

/// The frontmatter of a note.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NoteMeta {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(rename = "type")]
    pub kind: NoteKind,
    #[serde(default)]
    pub scope: String,
    #[serde(default)]
    pub updated_at: String,
    #[serde(default)]
    pub source_sessions: Vec<String>,
    #[serde(default)]
    pub deprecated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    /// The older of two versions `memory sync` kept (deprecated, `superseded_by` the newer one):
    /// dream still offers it to the model, to merge the two.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sync_conflict: bool,
    /// Keys written by hand or by a newer version, kept verbatim.
    #[serde(flatten)]
    pub extra: BTreeMap<String, serde_yaml::Value>,
}

/// A note: frontmatter and markdown body.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub meta: NoteMeta,
    pub body: String,
}

impl Note {
    pub fn new(kind: NoteKind, name: &str, description: &str, body: &str, now: &str) -> Note {
        Note {
            meta: NoteMeta {
                name: name.trim().to_owned(),
                description: description.trim().to_owned(),
                kind,
                scope: kind.scope().to_owned(),
                updated_at: now.to_owned(),
                source_sessions: Vec::new(),
                deprecated: false,
                superseded_by: None,
                sync_conflict: false,
                extra: BTreeMap::new(),
            },
            body: body.trim().to_owned(),
        }
    }

    /// Parses a note file; `stem` and `kind` stand in when the frontmatter is missing or broken.
    pub fn parse(text: &str, stem: &str, kind: NoteKind) -> Note {
        Note::parse_reporting(text, stem, kind).0
    }

    /// [`Note::parse`], also giving back why a frontmatter that is there could not be read (the
    /// note then stands in as for a missing one).
    pub fn parse_reporting(
        text: &str,
        stem: &str,
        kind: NoteKind,
    ) -> (Note, Option<serde_yaml::Error>) {
        let mut broken = None;
        if let Some((front, body)) = crate::frontmatter::split(text) {
            match serde_yaml::from_str::<NoteMeta>(front) {
                Ok(meta) => {
                    let note = Note {
                        meta,
                        body: body.trim().to_owned(),
                    };
                    return (note, None);
                }
                Err(e) => broken = Some(e),
            }
        }
        let mut note = Note::new(kind, stem, "", text, "");
        note.body = text.trim().to_owned();
        (note, broken)
    }

    /// The file text: frontmatter between `---` lines, a blank line, the body.
    pub fn render(&self) -> String {
        let front = serde_yaml::to_string(&self.meta).unwrap_or_default();
        format!("---\n{}---\n\n{}\n", front, self.body.trim())
    }

    /// Adds `sessions` to the sources, keeping order and dropping duplicates.
    pub fn add_sources<'a>(&mut self, sessions: impl IntoIterator<Item = &'a String>) {
        for s in sessions {
            if !s.is_empty() && !self.meta.source_sessions.contains(s) {
                self.meta.source_sessions.push(s.clone());
            }
        }
    }
}

/// A file-name slug for a note name: lowercase letters and digits of any script, runs of anything
/// else as one `-`, at most 60 characters; `note` when nothing is left.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.chars().count() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "note".to_owned()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_keeps_unknown_keys() {
        let text = "---\nname: Build\ndescription: how to build\ntype: project\nowner: me\n---\n\nUse cargo.\n";
        let note = Note::parse(text, "x", NoteKind::Feedback);
        assert_eq!(note.meta.kind, NoteKind::Project);
        assert_eq!(note.body, "Use cargo.");
        let again = Note::parse(&note.render(), "x", NoteKind::Feedback);
        assert_eq!(again, note);
        assert!(note.render().contains("owner: me"));
    }

    #[test]
    fn broken_frontmatter_is_still_a_note() {
        let note = Note::parse("just text", "my-note", NoteKind::Feedback);
        assert_eq!(note.meta.name, "my-note");
        assert_eq!(note.body, "just text");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("Use Rust 2024!"), "use-rust-2024");
        assert_eq!(slug("数据库 选择"), "数据库-选择");
        assert_eq!(slug("??"), "note");
    }
}
