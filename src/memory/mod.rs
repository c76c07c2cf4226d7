//! Long-term memory: what one session learned, available to the next.
//!
//! Three stages share one store. **Capture** ([`capture`]) queues each finished `run`/`chat` turn in
//! `state.db`; **index** ([`index`]) turns queued turns into markdown notes with a model call;
//! **recall** ([`recall`]) ranks notes and their paragraph windows ([`window`]) for a request with the
//! local full-text index ([`rank`], with dates as words and relative time, [`dates`]), fuses in the
//! notes nearest by meaning when an embedding model is configured ([`semantic`], vectors from
//! [`embed`] cached by [`vectors`], read by recall a scope at a time from [`pack`]), optionally lets
//! the memory model pick among them ([`select`]), and renders the block the agent receives; **dream** ([`dream`]) consolidates notes on a staged copy and swaps it
//! in; **sync** ([`sync()`]) shares notes through a git repository, merged note by note. The
//! lifecycle operations (list, show, deprecate, restore, export, import, stats, rollback)
//! live in [`lifecycle`], `reindex` in [`reindex`]; the `doctor --deep` checks and repairs in [`check`].
//!
//! Files are the truth (see [`layout`] for where they live); `state.db` holds the queue, the note
//! index (rebuilt from files at any time) and traces. Anything two processes may race on is a
//! SQLite transaction or the memory write lock. The agent loop reaches memory only through
//! `context::MemoryHook` ([`turn_hook`]).

mod capture;
mod catalog;
pub mod check;
mod dates;
mod dream;
mod embed;
mod error;
mod fts;
mod hook;
mod index;
mod layout;
mod lifecycle;
mod llm;
mod note;
mod pack;
mod queue;
mod rank;
mod recall;
mod reindex;
mod segment;
mod select;
mod semantic;
mod space;
mod stage;
mod state;
mod sync;
mod trace;
mod vectors;
mod window;

pub use capture::{capture, capture_text};
pub use dates::{Span, parse_day};
pub use dream::{DreamOptions, DreamReport, dream, rollback};
pub use embed::Reason as SemanticReason;
pub use error::Error;
pub use fts::IndexedNote;
pub use hook::{TurnMemory, project_hook, turn_hook};
pub use index::{IndexOptions, IndexProgress, IndexScope, NoProgress, ProjectIndexReport, index};
pub use layout::{GLOBAL_SCOPE, Layout};
pub use lifecycle::{
    Bundle, BundleFile, ImportReport, NoteView, Stats, deprecate, export, import, list, pending,
    show, stats,
};
pub use note::{Note, NoteKind, NoteMeta, slug};
pub use queue::Capture;
pub use recall::{
    RecallOptions, RecallResult, RecalledNote, RecalledWindow, recall, recall_offline, render,
};
pub use reindex::{ReindexReport, reindex};
pub use segment::query_terms;
pub use select::{FallbackReason, ModelStep, SkipReason};
pub use semantic::Semantic;
pub use space::{Memory, now};
pub use sync::{Action, Change, ProjectSync, SyncOptions, SyncReport, SyncScope, sync};
pub use trace::{Trace, TraceKind, recent as traces};
pub use vectors::{VectorReport, embed_missing};
