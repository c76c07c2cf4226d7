//! What the model sees besides the conversation, and keeping the conversation inside the model's
//! window: the system prompt (identity, environment, tool rules, project instructions), token
//! estimates, the compaction policy (the summarising model call itself is the agent's), and the
//! [`MemoryHook`] seam through which long-term memory is recalled into a turn and captured after it.

mod compact;
mod estimate;
mod instructions;
mod memory;
mod prompt;

pub use compact::{
    Action, Budget, SUMMARY_MARKER, replacement, split_point, summary_request, trim_tool_results,
};
pub use estimate::{Calibration, estimate_message, estimate_messages, estimate_text};
pub use instructions::{Instruction, discover};
pub use memory::{MemoryHandle, MemoryHook, attach_recall};
pub use prompt::{PromptOptions, system_prompt};
