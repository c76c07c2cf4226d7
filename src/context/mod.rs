//! What the model sees besides the conversation, and keeping the conversation inside the model's
//! window: the system prompt (identity, environment, tool rules, project instructions), token
//! estimates, and the compaction policy. The summarising model call itself is the agent's.

mod compact;
mod estimate;
mod instructions;
mod prompt;

pub use compact::{
    Action, Budget, SUMMARY_MARKER, replacement, split_point, summary_request, trim_tool_results,
};
pub use estimate::{Calibration, estimate_message, estimate_messages, estimate_text};
pub use instructions::{Instruction, discover};
pub use prompt::{PromptOptions, system_prompt};
