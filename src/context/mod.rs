//! What the model sees besides the conversation: the system prompt (identity, environment, tool
//! rules, project instructions) and the [`MemoryHook`] seam through which long-term memory is recalled
//! into a turn and captured after it. Compaction joins here in later work.

mod instructions;
mod memory;
mod prompt;

pub use instructions::{Instruction, discover};
pub use memory::{MemoryHandle, MemoryHook, attach_recall};
pub use prompt::{PromptOptions, system_prompt};
