//! The seam between the agent loop and long-term memory. The loop only knows this trait; `memory`
//! implements it, and the front end (`run`, `chat`) hands an implementation to the agent when memory
//! is on. Recall runs once per user turn; capture once after it.

use std::fmt;
use std::sync::Arc;

use futures::future::BoxFuture;

use crate::model::{ContentBlock, Message};

/// What the loop asks of memory. Both methods swallow their own failures (memory must never fail a
/// turn): recall returns `None`, capture logs.
pub trait MemoryHook: Send + Sync {
    /// The context block relevant to `query`, or `None`. Bounded by the implementation's timeout.
    fn recall<'a>(&'a self, query: &'a str) -> BoxFuture<'a, Option<String>>;
    /// Queues the finished turn; `turn_start` is the index in `history` of the turn's user input.
    fn capture(&self, session: Option<&str>, turn: u32, history: &[Message], turn_start: usize);
}

/// A shareable [`MemoryHook`] that options structs can carry.
#[derive(Clone)]
pub struct MemoryHandle(pub Arc<dyn MemoryHook>);

impl fmt::Debug for MemoryHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MemoryHandle")
    }
}

/// Puts the recalled `block` in front of the turn's user input (`messages[at]`), in the request only.
/// The system prompt and earlier turns stay byte-identical, so the provider's prompt cache still
/// hits, and the user's own words come last, so they win over memory.
pub fn attach_recall(messages: &mut [Message], at: usize, block: &str) {
    if let Some(message) = messages.get_mut(at) {
        message.content.insert(0, ContentBlock::text(block));
    }
}
