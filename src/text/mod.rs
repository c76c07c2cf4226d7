//! Text primitives below every subsystem that reads prose: how CJK text is cut into searchable
//! tokens ([`segment`]) and which characters count as CJK ([`is_cjk`]).
//!
//! One behaviour for everyone: the session full-text index (`session::index`), the memory note
//! index and recall (`memory::fts`), and token estimation (`context::estimate`) all read text
//! through this module, so a word is the same word to search, recall and the context budget.

mod segment;

pub use segment::{is_cjk, segment, terms};
