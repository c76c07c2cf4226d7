//! What the model sees besides the conversation: the system prompt (identity, environment, tool
//! rules, project instructions). Compaction and memory recall join here in later work.

mod instructions;
mod prompt;

pub use instructions::{Instruction, discover};
pub use prompt::{PromptOptions, system_prompt};
