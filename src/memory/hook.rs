//! [`TurnMemory`]: memory as the agent loop sees it (the `context::MemoryHook` seam). Recall (both
//! stages, bounded by `retrievalTimeoutMs`, see [`super::recall`]) runs once per user turn; capture
//! queues the turn. Neither can fail a turn: problems are logged and the turn goes on without memory.

use std::sync::Arc;

use futures::future::BoxFuture;

use super::capture;
use super::recall::{self, RecallOptions};
use super::space::Memory;
use crate::context::{MemoryHandle, MemoryHook};
use crate::home::Project;
use crate::model::Message;

/// Notes recalled into a turn.
const TURN_RECALL_LIMIT: usize = 5;

/// Memory bound to one project, for `run` and `chat`.
pub struct TurnMemory {
    memory: Memory,
    project: Project,
    /// Whether the project's settings are trusted: an untrusted project's `user` notes stay in it.
    trusted: bool,
}

/// The hook for `project` (`trusted` or not), ready to hand to `Conversation::set_memory`.
pub fn turn_hook(memory: Memory, project: Project, trusted: bool) -> MemoryHandle {
    MemoryHandle(Arc::new(TurnMemory {
        memory,
        project,
        trusted,
    }))
}

impl MemoryHook for TurnMemory {
    fn recall<'a>(&'a self, query: &'a str) -> BoxFuture<'a, Option<String>> {
        Box::pin(async move {
            let opts = RecallOptions {
                project: Some(self.project.clone()),
                query: query.to_owned(),
                limit: TURN_RECALL_LIMIT,
                offline: false,
                as_of: None,
            };
            match recall::recall(&self.memory, &opts).await {
                Ok(result) if !result.notes.is_empty() => Some(recall::render(&result)),
                Ok(_) => None,
                Err(e) => {
                    tracing::warn!(error = %e, "memory recall failed; continuing without memory");
                    None
                }
            }
        })
    }

    fn capture(&self, session: Option<&str>, turn: u32, history: &[Message], turn_start: usize) {
        if let Err(e) = capture::capture(
            &self.memory,
            (&self.project, self.trusted),
            session,
            turn,
            history,
            turn_start,
        ) {
            tracing::warn!(error = %e, "cannot queue the turn for memory");
        }
    }
}

/// The memory hook for turns in `project`: `Some` when memory is configured (or `force`, `--memory`).
/// Used by the launcher (`launch`) for `run`, `chat`, cron and `mcp serve`.
pub fn project_hook(
    home: &crate::home::PilotHome,
    config: &crate::config::Config,
    project: &Project,
    force: bool,
) -> Option<MemoryHandle> {
    Memory::for_turns(home, config, force)
        .map(|m| turn_hook(m, project.clone(), config.project_trusted))
}
