//! `memory dream`: consolidate a project's notes, and `memory rollback`.
//!
//! Pending captures are indexed first. Then, holding the memory write lock, the workspace is copied to
//! a stage; the model gets the active notes and proposes a plan — clusters of notes on one topic to
//! merge, and notes superseded by newer evidence. Every id in the plan is checked (it exists, is
//! active, clusters do not overlap, members share a kind); invalid parts are dropped and reported.
//! The plan is applied to the stage only: a merged note keeps every member's sources, members and
//! superseded notes are deprecated with `superseded_by` pointing at the note that replaces them
//! (never deleted). If anything changed, the live workspace is copied to the rollback snapshot and the
//! stage is swapped in atomically; a dream that fails or is killed midway leaves live notes as they
//! were. A plan that changes nothing writes nothing, so a second dream with nothing new is a no-op.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Serialize;
use serde_json::{Value, json};

use super::index::{self, IndexOptions, IndexScope};
use super::layout::{self, NoteFile};
use super::llm::MemoryModel;
use super::note::{Note, NoteKind, slug};
use super::space::{self, Memory, now, state_get, state_set};
use super::stage;
use super::trace::{self, TraceKind};
use super::{Error, catalog, fts};
use crate::home::Project;

/// Characters of each note body shown to the model.
const BODY_PREVIEW_CHARS: usize = 1500;

const SYSTEM_PROMPT: &str = "You consolidate the long-term memory notes of a coding agent. You get the active notes as JSON \
(id, type, name, description, updated_at, body). Find (1) clusters of notes about the same topic that should be one note: \
merge each cluster (2+ notes of the same type) into one note keeping every fact, where newer evidence wins on conflicts; \
(2) notes contradicted by a newer note that should be deprecated in its favour. Only use ids from the input. Reply with one \
JSON object and nothing else: {\"merges\": [{\"ids\": [\"...\"], \"name\": \"...\", \"description\": \"...\", \"body\": \
\"markdown\"}], \"supersede\": [{\"id\": \"old note id\", \"by\": \"newer note id\", \"reason\": \"...\"}]}. Use empty \
lists when the notes are already consolidated.";

#[derive(Debug, Clone)]
pub struct DreamOptions {
    pub project: Project,
    /// Plan and report, change nothing.
    pub dry_run: bool,
    /// Do nothing unless notes changed since the last dream and the interval passed.
    pub if_due: bool,
}

/// One merge that was (or, in a dry run, would be) applied.
#[derive(Debug, Clone, Serialize)]
pub struct Merge {
    pub into: String,
    pub from: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct DreamReport {
    pub project_key: String,
    pub due: bool,
    pub indexed: usize,
    pub merged: Vec<Merge>,
    /// `[old, new]` pairs.
    pub superseded: Vec<[String; 2]>,
    /// Parts of the plan that failed validation.
    pub rejected: Vec<String>,
    /// Whether the live notes changed.
    pub changed: bool,
    pub dry_run: bool,
}

/// Runs one dream for `opts.project`.
pub async fn dream(memory: &Memory, opts: &DreamOptions) -> Result<DreamReport, Error> {
    let key = &opts.project.key;
    let mut report = DreamReport {
        project_key: key.0.clone(),
        dry_run: opts.dry_run,
        ..DreamReport::default()
    };
    let mut conn = memory.db()?;
    report.due = !opts.if_due || is_due(memory, &mut conn, &opts.project)?;
    if !report.due {
        return Ok(report);
    }
    let indexed = index::index(
        memory,
        &IndexOptions {
            scope: IndexScope::Project(opts.project.clone()),
            if_due: false,
        },
    )
    .await?;
    report.indexed = indexed.iter().map(|r| r.indexed).sum();
    let live = memory.layout.workspace(key);
    let _lock = memory.layout.lock_writes()?;
    stage::remove_leftovers(&live, "dream");
    let files = layout::workspace_files(&live, key);
    let active: Vec<(NoteFile, Note)> = files
        .into_iter()
        .filter_map(|f| layout::read_note(&f.path, f.kind).ok().map(|n| (f, n)))
        .filter(|(_, n)| !n.meta.deprecated)
        .collect();
    if active.len() < 2 {
        return finish(memory, &mut conn, opts, report);
    }
    // Stage before the (slow) model call: a dream killed from here on leaves only a stage behind,
    // which the next dream removes.
    let staged = stage::sibling(&live, "dream");
    stage::copy_tree(&live, &staged)?;
    crate::crash::point("memory.dream.staged");
    let plan = match ask_plan(memory, &live, &active).await {
        Ok(Some(plan)) => plan,
        Ok(None) => {
            stage::remove_tree(&staged)?;
            report
                .rejected
                .push("the model's plan stayed invalid after a retry".to_owned());
            return finish(memory, &mut conn, opts, report);
        }
        Err(e) => {
            stage::remove_tree(&staged)?;
            return Err(e);
        }
    };
    let notes: BTreeMap<String, (NoteFile, Note)> = active
        .into_iter()
        .map(|(f, n)| (layout::relative(&f.path, &live), (f, n)))
        .collect();
    let result = apply(&plan, &notes, &staged, &mut report);
    if result.is_err() || !report.changed || opts.dry_run {
        stage::remove_tree(&staged)?;
        result?;
        report.changed = report.changed && !opts.dry_run;
        return finish(memory, &mut conn, opts, report);
    }
    catalog::mark_dreamed(&staged, &now())?;
    catalog::rebuild_workspace(&staged, key, &space::project_name(&opts.project), &now())?;
    let snapshot = memory.layout.snapshot(key);
    let fresh = stage::sibling(&snapshot, "new");
    stage::copy_tree(&live, &fresh)?;
    stage::remove_tree(&snapshot)?;
    crate::crash::point("memory.dream.snapshot");
    std::fs::rename(&fresh, &snapshot).map_err(Error::io("save the dream snapshot", &snapshot))?;
    stage::exchange(&staged, &live)?;
    crate::crash::point("memory.dream.swapped");
    stage::remove_tree(&staged)?;
    fts::forget(&mut conn, &key.0)?;
    finish(memory, &mut conn, opts, report)
}

fn finish(
    memory: &Memory,
    conn: &mut rusqlite::Connection,
    opts: &DreamOptions,
    report: DreamReport,
) -> Result<DreamReport, Error> {
    let key = &opts.project.key.0;
    if !opts.dry_run {
        state_set(conn, key, "last_dream_at", &now())?;
    }
    let detail = serde_json::to_value(&report).map_err(|source| Error::Encode {
        what: "the dream report",
        source,
    })?;
    trace::record(conn, key, TraceKind::Dream, &detail)?;
    memory.sync(conn, Some(&opts.project.key))?;
    Ok(report)
}

fn is_due(
    memory: &Memory,
    conn: &mut rusqlite::Connection,
    project: &Project,
) -> Result<bool, Error> {
    let minutes = memory
        .settings
        .auto_dream_interval_minutes
        .unwrap_or(memory.settings.schedule.auto_dream_interval_minutes);
    if minutes == 0 {
        return Ok(false);
    }
    let last = state_get(conn, &project.key.0, "last_dream_at")?;
    memory.sync(conn, Some(&project.key))?;
    let notes = fts::list(conn, Some(std::slice::from_ref(&project.key.0)))?;
    let changed = notes
        .iter()
        .filter(|n| !n.deprecated && last.as_ref().is_none_or(|l| n.updated_at > *l))
        .count();
    if changed == 0 && !queue_has_pending(conn, &project.key.0)? {
        return Ok(false);
    }
    Ok(last
        .as_deref()
        .and_then(|l| chrono::DateTime::parse_from_rfc3339(l).ok())
        .is_none_or(|at| {
            chrono::Utc::now().signed_duration_since(at)
                >= chrono::Duration::minutes(i64::from(minutes))
        }))
}

fn queue_has_pending(conn: &rusqlite::Connection, key: &str) -> Result<bool, Error> {
    Ok(!super::queue::pending(conn, Some(key))?.is_empty())
}

/// A validated-as-JSON plan (ids are checked in [`apply`]).
struct Plan {
    merges: Vec<Value>,
    supersede: Vec<Value>,
}

async fn ask_plan(
    memory: &Memory,
    live: &Path,
    active: &[(NoteFile, Note)],
) -> Result<Option<Plan>, Error> {
    let model = MemoryModel::resolve(memory)?;
    let listing: Vec<Value> = active
        .iter()
        .map(|(f, n)| {
            json!({
                "id": layout::relative(&f.path, live),
                "type": n.meta.kind.as_str(),
                "name": n.meta.name,
                "description": n.meta.description,
                "updated_at": n.meta.updated_at,
                "body": n.body.chars().take(BODY_PREVIEW_CHARS).collect::<String>(),
            })
        })
        .collect();
    let user = format!("Notes:\n{}", Value::Array(listing));
    for _attempt in 0..2 {
        if let Ok(v) = model.json(SYSTEM_PROMPT, &user).await? {
            let list = |k: &str| v.get(k).and_then(Value::as_array).cloned();
            if let (Some(merges), Some(supersede)) =
                (list("merges"), list("supersede").or(Some(Vec::new())))
            {
                return Ok(Some(Plan { merges, supersede }));
            }
        }
    }
    Ok(None)
}

/// Applies the valid parts of `plan` to the staged workspace `staged`.
fn apply(
    plan: &Plan,
    notes: &BTreeMap<String, (NoteFile, Note)>,
    staged: &Path,
    report: &mut DreamReport,
) -> Result<(), Error> {
    let now = now();
    let mut used: BTreeSet<String> = BTreeSet::new();
    for (i, m) in plan.merges.iter().enumerate() {
        let ids: Vec<String> = m
            .get("ids")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        let text = |k: &str| {
            m.get(k)
                .and_then(Value::as_str)
                .map(str::trim)
                .unwrap_or("")
                .to_owned()
        };
        let (name, description, body) = (text("name"), text("description"), text("body"));
        let members: Vec<&(NoteFile, Note)> = ids.iter().filter_map(|id| notes.get(id)).collect();
        let kinds: BTreeSet<NoteKind> = members.iter().map(|(f, _)| f.kind).collect();
        let problem = if ids.len() < 2 {
            Some("fewer than 2 ids")
        } else if members.len() != ids.len() {
            Some("an id is not an active note")
        } else if ids.iter().any(|id| used.contains(id)) {
            Some("overlaps another cluster")
        } else if kinds.len() != 1 {
            Some("mixes note types")
        } else if name.is_empty() || body.is_empty() {
            Some("no name or body")
        } else {
            None
        };
        if let Some(problem) = problem {
            report.rejected.push(format!("merges[{i}]: {problem}"));
            continue;
        }
        let Some(kind) = kinds.into_iter().next() else {
            continue;
        };
        used.extend(ids.iter().cloned());
        let into = format!("{}/{}.md", kind.folder(), slug(&name));
        let mut merged = Note::new(kind, &name, &description, &body, &now);
        for (_, n) in &members {
            merged.add_sources(&n.meta.source_sessions);
        }
        layout::write_note(&staged.join(&into), &merged)?;
        for id in ids.iter().filter(|id| **id != into) {
            if let Some((_, n)) = notes.get(id) {
                deprecate_in(staged, id, n, &into, &now)?;
            }
        }
        report.merged.push(Merge { into, from: ids });
        report.changed = true;
    }
    for (i, s) in plan.supersede.iter().enumerate() {
        let field = |k: &str| s.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
        let (old, new) = (field("id"), field("by"));
        let valid =
            old != new && notes.contains_key(&new) && !used.contains(&old) && !used.contains(&new);
        match notes.get(&old) {
            Some((_, n)) if valid => {
                deprecate_in(staged, &old, n, &new, &now)?;
                used.insert(old.clone());
                report.superseded.push([old, new]);
                report.changed = true;
            }
            _ => report.rejected.push(format!(
                "supersede[{i}]: unknown, merged or self-referencing id"
            )),
        }
    }
    Ok(())
}

fn deprecate_in(staged: &Path, id: &str, note: &Note, by: &str, now: &str) -> Result<(), Error> {
    let mut note = note.clone();
    note.meta.deprecated = true;
    note.meta.superseded_by = Some(by.to_owned());
    note.meta.updated_at = now.to_owned();
    layout::write_note(&staged.join(id), &note)
}

/// Swaps the last dream's snapshot back in (the replaced notes become the snapshot, so a second
/// rollback redoes the dream).
pub fn rollback(memory: &Memory, project: &Project) -> Result<(), Error> {
    let key = &project.key;
    let _lock = memory.layout.lock_writes()?;
    let snapshot = memory.layout.snapshot(key);
    let live = memory.layout.workspace(key);
    if !snapshot.is_dir() {
        return Err(Error::NoSnapshot);
    }
    stage::exchange(&snapshot, &live)?;
    let mut conn = memory.db()?;
    fts::forget(&mut conn, &key.0)?;
    trace::record(
        &mut conn,
        &key.0,
        TraceKind::Dream,
        &json!({"rollback": true}),
    )?;
    memory.sync(&mut conn, Some(key))?;
    Ok(())
}
