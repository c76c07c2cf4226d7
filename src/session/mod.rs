//! Sessions: transcripts on disk (the source of truth), the index and full-text search over them in
//! `state.db`, and rebuilding a conversation from a transcript.
//!
//! Every command that talks to a model (`run`, `chat`, cron, always-on) records through
//! [`Transcript`] and resumes through [`rebuild`], so `--continue` behaves the same everywhere. A
//! session has one writer at a time: the process holding its [`Hold`] (a lock file under
//! `<home>/locks/`, shared within the process); another is refused. The index is a cache: `session list` repairs it from the files, `session reindex` rebuilds it.
//! [`check`] holds the `doctor --deep` checks of transcripts and index; `todo` the session's to-do
//! list (the `todo_write` tool's items, restored on resume) and the steps of a saved plan.

pub mod check;
mod index;
mod ops;
mod query;
mod render;
mod resume;
mod summary;
mod todo;
mod transcript;

pub use index::{Scope, SearchHit, SyncReport};
pub use ops::{
    Loaded, fork, fork_before, list, load, refresh, reindex, remove, rename, search, short,
};
pub use render::{ExportFormat, export, markdown};
pub use resume::{History, INTERRUPTED_NOTE, rebuild};
pub use summary::{SessionSummary, title_from_prompt};
pub use todo::{TodoItem, TodoStatus, checklist, last_todos, todos_from_plan};
pub use transcript::{Error, Hold, Record, SessionId, Transcript, TurnStatus, find};
