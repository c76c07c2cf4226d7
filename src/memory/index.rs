//! `memory index`: turn queued captures into notes with one model call each.
//!
//! For every claimed capture the model says whether anything durable was said and of which kind
//! (`user`, `project`, `feedback`), as JSON. The reply is validated; an invalid reply is retried once
//! and then the capture is marked `failed` with a trace — nothing invalid is written. Notes are
//! upserted by kind and name (the file name is the name's slug) while holding the memory write lock:
//! an existing note is re-read from disk, so hand edits survive, and the new text is appended only if
//! it is not already there. That makes a repeated capture (after a crash between "notes written" and
//! "row marked indexed") a no-op, and two workers writing the same note produce one file. Rows are
//! marked indexed only after their notes are on disk.

use std::path::Path;

use serde::Serialize;
use serde_json::{Value, json};

use super::Error;
use super::layout;
use super::llm::MemoryModel;
use super::note::{Note, NoteKind, slug};
use super::queue::{self, Capture, Finish, Worker};
use super::space::{Memory, now};
use super::trace::{self, TraceKind};
use super::vectors::{self, VectorReport};
use crate::home::ProjectKey;

/// Captures waiting at which an index is due whatever the interval.
const DUE_PENDING_COUNT: usize = 20;

const SYSTEM_PROMPT: &str = "You maintain the long-term memory of a coding agent. Read one conversation turn and decide \
whether it says anything durable worth remembering in later sessions. Kinds: \"user\" = stable facts about the person \
(identity, background, long-term preferences about themselves); \"project\" = the project's state, decisions, constraints, \
facts; \"feedback\" = rules for how to work (style, tools, output format, what to avoid); a request to remember something \
strengthens it. Ignore small talk, one-off requests and anything only true for this turn. Write each note in the user's \
language. Reply with one JSON object and nothing else: {\"notes\": [{\"type\": \"user|project|feedback\", \"name\": \
\"short title\", \"description\": \"one line\", \"body\": \"markdown\"}]}. Use {\"notes\": []} when nothing is durable.";

/// Which projects to index.
#[derive(Debug, Clone)]
pub enum IndexScope {
    Project(crate::home::Project),
    /// Every project with captures waiting (`--all`).
    All,
}

#[derive(Debug, Clone)]
pub struct IndexOptions {
    pub scope: IndexScope,
    /// Do nothing unless pending work passed the schedule thresholds.
    pub if_due: bool,
    /// Queue the captures that failed (the model's reply stayed invalid) again first.
    pub retry_failed: bool,
}

/// What index did for one project.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ProjectIndexReport {
    pub project_key: String,
    pub due: bool,
    pub pending: usize,
    pub indexed: usize,
    pub failed: usize,
    /// Notes created or changed, relative to the memory root.
    pub written: Vec<String>,
    /// The vectors computed for the notes written, when `memory.embedding` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vectors: Option<VectorReport>,
}

/// Progress of an index run, for a bar on a terminal (`memory index` draws one with indicatif).
pub trait IndexProgress: Send + Sync {
    /// Indexing of `project_key` starts with `pending` captures queued.
    fn start(&self, project_key: &str, pending: usize);
    /// One capture is done (indexed or failed).
    fn advance(&self);
    /// The project's run ended.
    fn finish(&self);
}

/// No progress display.
pub struct NoProgress;

impl IndexProgress for NoProgress {
    fn start(&self, _project_key: &str, _pending: usize) {}
    fn advance(&self) {}
    fn finish(&self) {}
}

/// A proposed note from the model, validated.
#[derive(Debug, Clone)]
struct Proposal {
    kind: NoteKind,
    name: String,
    description: String,
    body: String,
}

/// Runs index, reporting to `progress`. A model failure stops the project's run and leaves its
/// remaining captures pending.
pub async fn index(
    memory: &Memory,
    opts: &IndexOptions,
    progress: &dyn IndexProgress,
) -> Result<Vec<ProjectIndexReport>, Error> {
    let mut conn = memory.db()?;
    if opts.retry_failed {
        let project = match &opts.scope {
            IndexScope::Project(p) => Some(p.key.0.as_str()),
            IndexScope::All => None,
        };
        queue::retry_failed(&mut conn, project)?;
    }
    let targets: Vec<(ProjectKey, String)> = match &opts.scope {
        IndexScope::Project(p) => vec![(p.key.clone(), super::space::project_name(p))],
        IndexScope::All => queue::pending_projects(&conn)?
            .into_iter()
            .map(|(k, root)| {
                let name = root
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| k.0.clone());
                (k, name)
            })
            .collect(),
    };
    let mut reports = Vec::new();
    let mut model = None;
    for (key, name) in targets {
        let pending = queue::pending(&conn, Some(&key.0))?;
        let due = !opts.if_due || is_due(memory, &pending);
        let mut report = ProjectIndexReport {
            project_key: key.0.clone(),
            due,
            pending: pending.len(),
            ..ProjectIndexReport::default()
        };
        if due && !pending.is_empty() {
            if model.is_none() {
                model = Some(MemoryModel::resolve(memory)?);
            }
            if let Some(model) = &model {
                progress.start(&key.0, pending.len());
                let ran = run_project(memory, model, &key, &name, &mut report, progress).await;
                progress.finish();
                ran?;
            }
            if !report.written.is_empty() {
                report.vectors = vectors::embed_missing(memory, &key, &NoProgress).await?;
            }
        }
        reports.push(report);
    }
    Ok(reports)
}

/// Whether `pending` passed the schedule: enough captures, or the oldest older than the interval.
fn is_due(memory: &Memory, pending: &[Capture]) -> bool {
    if pending.len() >= DUE_PENDING_COUNT {
        return true;
    }
    let minutes = memory
        .settings
        .auto_index_interval_minutes
        .unwrap_or(memory.settings.schedule.auto_index_interval_minutes);
    let Some(oldest) = pending.first() else {
        return false;
    };
    if minutes == 0 {
        return false;
    }
    chrono::DateTime::parse_from_rfc3339(&oldest.captured_at).is_ok_and(|at| {
        chrono::Utc::now().signed_duration_since(at)
            >= chrono::Duration::minutes(i64::from(minutes))
    })
}

async fn run_project(
    memory: &Memory,
    model: &MemoryModel,
    key: &ProjectKey,
    name: &str,
    report: &mut ProjectIndexReport,
    progress: &dyn IndexProgress,
) -> Result<(), Error> {
    let mut conn = memory.db()?;
    let worker = Worker::start(&memory.layout)?;
    while let Some(capture) = worker.claim(&mut conn, &memory.layout, &key.0)? {
        crate::crash::point("memory.index.claimed");
        let mut problems = Vec::new();
        let mut proposals = None;
        for _attempt in 0..2 {
            let reply = match model
                .json(
                    SYSTEM_PROMPT,
                    &format!("Conversation turn:\n\n{}", capture.text),
                )
                .await
            {
                Ok(r) => r,
                Err(e) => {
                    worker.finish(&mut conn, capture.id, Finish::Release)?;
                    return Err(e);
                }
            };
            match reply.and_then(|v| validate(&v)) {
                Ok(p) => {
                    proposals = Some(p);
                    break;
                }
                Err(problem) => problems.push(problem),
            }
        }
        let detail;
        match proposals {
            Some(proposals) => {
                let written = write_proposals(memory, key, name, &capture, &proposals)?;
                crate::crash::point("memory.index.written");
                worker.finish(&mut conn, capture.id, Finish::Indexed)?;
                report.indexed += 1;
                detail = json!({"capture": capture.id, "session": capture.session_id, "model": model.name(), "notes": written, "status": "indexed"});
                for w in written {
                    if !report.written.contains(&w) {
                        report.written.push(w);
                    }
                }
            }
            None => {
                worker.finish(&mut conn, capture.id, Finish::Failed)?;
                report.failed += 1;
                tracing::warn!(
                    capture = capture.id,
                    "the memory model's reply stayed invalid; capture skipped"
                );
                detail = json!({"capture": capture.id, "session": capture.session_id, "model": model.name(), "status": "failed", "problems": problems});
            }
        }
        trace::record(&mut conn, &key.0, TraceKind::Index, &detail)?;
        progress.advance();
    }
    Ok(())
}

/// Checks the model's reply: `{"notes": [{type, name, description, body}]}`.
fn validate(value: &Value) -> Result<Vec<Proposal>, String> {
    let notes = value
        .get("notes")
        .and_then(Value::as_array)
        .ok_or("the reply has no `notes` array")?;
    let mut out = Vec::new();
    for (i, n) in notes.iter().enumerate() {
        let field = |k: &str| {
            n.get(k)
                .and_then(Value::as_str)
                .map(str::trim)
                .unwrap_or("")
        };
        let kind = NoteKind::parse(field("type"))
            .ok_or(format!("notes[{i}].type must be user, project or feedback"))?;
        let (name, description, body) = (field("name"), field("description"), field("body"));
        if name.is_empty() || name.chars().count() > 120 {
            return Err(format!("notes[{i}].name must be 1-120 characters"));
        }
        if body.is_empty() {
            return Err(format!("notes[{i}].body is empty"));
        }
        out.push(Proposal {
            kind,
            name: name.to_owned(),
            description: description.to_owned(),
            body: body.to_owned(),
        });
    }
    Ok(out)
}

/// Upserts the proposals under the write lock and, when a note changed, rebuilds the catalogs
/// (which reads every note of the workspace). Returns the notes changed.
fn write_proposals(
    memory: &Memory,
    key: &ProjectKey,
    project_name: &str,
    capture: &Capture,
    proposals: &[Proposal],
) -> Result<Vec<String>, Error> {
    if proposals.is_empty() {
        return Ok(Vec::new());
    }
    let _lock = memory.layout.lock_writes()?;
    let now = now();
    let sessions: Vec<String> = capture.session_id.iter().cloned().collect();
    let mut written = Vec::new();
    for p in proposals {
        // A `user` note goes to the global notes every project recalls, unless the turn came from
        // an untrusted project: then it stays in that project, as a project note.
        let kind = match p.kind {
            NoteKind::User if !capture.trusted => NoteKind::Project,
            kind => kind,
        };
        let p = &Proposal { kind, ..p.clone() };
        let path = memory
            .layout
            .kind_dir(key, p.kind)
            .join(format!("{}.md", slug(&p.name)));
        if upsert(&path, p, &sessions, &now)? {
            written.push(layout::relative(&path, memory.layout.root()));
        }
    }
    if !written.is_empty() {
        memory.rebuild_catalogs(key, project_name)?;
    }
    Ok(written)
}

/// Creates or updates one note; `false` when nothing changed.
fn upsert(path: &Path, p: &Proposal, sessions: &[String], now: &str) -> Result<bool, Error> {
    let note = if path.exists() {
        let mut note = layout::read_note(path, p.kind)?;
        let before = note.clone();
        if !note.body.contains(p.body.trim()) {
            note.body = format!("{}\n\n{}", note.body.trim_end(), p.body.trim());
        }
        if note.meta.description.is_empty() {
            note.meta.description = p.description.clone();
        }
        note.add_sources(sessions);
        if note == before {
            return Ok(false);
        }
        note.meta.updated_at = now.to_owned();
        note
    } else {
        let mut note = Note::new(p.kind, &p.name, &p.description, &p.body, now);
        note.add_sources(sessions);
        note
    };
    layout::write_note(path, &note)?;
    Ok(true)
}
