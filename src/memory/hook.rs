//! [`TurnMemory`]: memory as the agent loop sees it (the `context::MemoryHook` seam). Recall runs
//! stage 1 on a blocking thread, bounded by `retrievalTimeoutMs`; capture queues the turn. Neither
//! can fail a turn: problems are logged and the turn goes on without memory.

use std::sync::Arc;
use std::time::Duration;

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
}

/// The hook for `project`, ready to hand to `RunRequest::memory`.
pub fn turn_hook(memory: Memory, project: Project) -> MemoryHandle {
    MemoryHandle(Arc::new(TurnMemory { memory, project }))
}

impl MemoryHook for TurnMemory {
    fn recall<'a>(&'a self, query: &'a str) -> BoxFuture<'a, Option<String>> {
        Box::pin(async move {
            let memory = self.memory.clone();
            let opts = RecallOptions {
                project: Some(self.project.clone()),
                query: query.to_owned(),
                limit: TURN_RECALL_LIMIT,
            };
            let limit = Duration::from_millis(self.memory.settings.retrieval_timeout_ms.max(1));
            let task = tokio::task::spawn_blocking(move || recall::recall(&memory, &opts));
            match tokio::time::timeout(limit, task).await {
                Ok(Ok(Ok(result))) if !result.notes.is_empty() => Some(recall::render(&result)),
                Ok(Ok(Ok(_))) => None,
                Ok(Ok(Err(e))) => {
                    tracing::warn!(error = %e, "memory recall failed; continuing without memory");
                    None
                }
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "memory recall stopped; continuing without memory");
                    None
                }
                Err(_) => {
                    tracing::warn!(
                        timeout_ms = limit.as_millis() as u64,
                        "memory recall timed out; continuing without memory"
                    );
                    None
                }
            }
        })
    }

    fn capture(&self, session: Option<&str>, turn: u32, history: &[Message], turn_start: usize) {
        if let Err(e) = capture::capture(
            &self.memory,
            &self.project,
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
/// Used by `run`, `chat`, cron and `mcp serve`.
pub fn project_hook(
    home: &crate::home::PilotHome,
    config: &crate::config::Config,
    project: &Project,
    force: bool,
) -> Option<MemoryHandle> {
    Memory::for_turns(home, config, force).map(|m| turn_hook(m, project.clone()))
}
