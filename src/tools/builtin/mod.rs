//! The builtin tools. Each file holds one tool; [`all`] lists them for the registry.

mod ask_user;
mod bash;
mod edit_file;
mod exit_plan_mode;
mod file_access;
mod glob;
mod grep;
mod input;
mod list_dir;
mod read_file;
mod read_media;
mod time;
mod todo_write;
mod walk;
mod write_file;

use std::sync::Arc;

use super::Tool;

pub use ask_user::AskUserTool;
pub use bash::{BashTool, DEFAULT_TIMEOUT_SECS, MAX_TIMEOUT_SECS};
pub use edit_file::EditFileTool;
pub use exit_plan_mode::{EXIT_PLAN_MODE, ExitPlanModeTool};
pub use glob::GlobTool;
pub use grep::GrepTool;
pub use list_dir::ListDirTool;
pub use read_file::ReadFileTool;
pub use time::CurrentTimeTool;
pub use todo_write::TodoWriteTool;
pub use write_file::WriteFileTool;

/// Every builtin tool offered in every session; `ask_user` is added only where someone can answer
/// (see `crate::agent::AgentOptions::user`), and `exit_plan_mode` is offered only in plan mode.
pub fn all() -> Vec<Arc<dyn Tool>> {
    vec![
        Arc::new(ReadFileTool),
        Arc::new(WriteFileTool),
        Arc::new(EditFileTool),
        Arc::new(ListDirTool),
        Arc::new(GlobTool),
        Arc::new(GrepTool),
        Arc::new(BashTool),
        Arc::new(CurrentTimeTool),
        Arc::new(TodoWriteTool),
        Arc::new(ExitPlanModeTool),
    ]
}
