//! Sessions: transcripts on disk (the source of truth) and rebuilding a conversation from them.
//!
//! Every command that talks to a model (`run`, `chat`, cron, always-on) records through
//! [`Transcript`] and resumes through [`rebuild`], so `--continue` behaves the same everywhere.

mod resume;
mod transcript;

pub use resume::{History, INTERRUPTED_NOTE, rebuild};
pub use transcript::{Error, Record, SessionId, Transcript, TurnStatus, find};
