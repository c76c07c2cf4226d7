//! One reply's tool calls, scheduled in call order: consecutive concurrency-safe calls run
//! together, an unsafe call runs alone (it waits for everything before it and blocks everything
//! after it), and results are returned in call order. Each call is reported as it starts and
//! finishes, and what it changed in the session (the to-do list, a plan) right after.
//!
//! Sub-agents (`agent` calls) spend from the turn's budget: what is left of it is split evenly
//! between the `agent` calls of a batch that run together, so parallel children can never spend
//! more than the turn has left together, and a later batch gets what is left after the earlier ones
//! (a child that used less than its share leaves the rest to the turn). Splitting, rather than
//! one shared pool that every child's call reserves from, keeps each child's cap fixed when it
//! starts: what a child may spend does not depend on how its siblings' calls interleave.

use std::time::Instant;

use tokio_util::sync::CancellationToken;

use super::Agent;
use super::event::AgentEvent;
use crate::tools::{SpendLimit, Spent, ToolCall, ToolEffect, ToolExecution};

impl Agent {
    /// Runs one reply's calls: batches of consecutive concurrency-safe calls in parallel, unsafe calls
    /// alone; results in call order. `left` is what the calls' own model calls may spend together.
    pub(super) async fn run_tools(
        &self,
        turn: u32,
        calls: &[ToolCall],
        mut left: Option<SpendLimit>,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Vec<ToolExecution> {
        let mut ctx = self.tool_ctx.with_cancel(token.clone());
        ctx.session.clone_from(&self.session);
        ctx.transcript.clone_from(&self.transcript);
        // A sub-agent's changes belong to its parent's turn: its context came with that recorder.
        if let (Some(recorder), Some(session), false) =
            (&ctx.checkpoints, &self.session, self.is_subagent)
        {
            ctx.checkpoints = Some(recorder.for_turn(session, turn));
        }
        let mut out = Vec::with_capacity(calls.len());
        let mut i = 0;
        while i < calls.len() {
            let safe = self.tools.is_concurrency_safe(&calls[i]);
            let end = if safe {
                i + calls[i..]
                    .iter()
                    .take_while(|c| self.tools.is_concurrency_safe(c))
                    .count()
            } else {
                i + 1
            };
            let batch = &calls[i..end];
            let spenders = batch
                .iter()
                .filter(|c| c.name == super::subagent::NAME)
                .count();
            let ctx = crate::tools::ToolContext {
                spend_limit: left.map(|l| l.share(spenders)),
                ..ctx.clone()
            };
            for c in batch {
                emit(AgentEvent::ToolStarted {
                    call_id: c.id.clone(),
                    name: c.name.clone(),
                    arguments: c.input.clone(),
                });
            }
            crate::crash::point("run.tool");
            let runs = batch.iter().map(|c| {
                let ctx = &ctx;
                async move {
                    let started = Instant::now();
                    let execution = self.execute_call(ctx, c).await;
                    (execution, started.elapsed())
                }
            });
            let finished = futures::future::join_all(runs).await;
            crate::crash::point("run.tool.done");
            let mut spent = Spent::default();
            for (execution, _) in &finished {
                if let Some(s) = &execution.output.spent {
                    spent.add(s);
                }
            }
            left = left.map(|l| l.less(&spent));
            for (c, (execution, duration)) in batch.iter().zip(finished) {
                emit(AgentEvent::ToolFinished {
                    call_id: c.id.clone(),
                    name: c.name.clone(),
                    arguments: c.input.clone(),
                    status: execution.status.clone(),
                    summary: execution.output.summary.clone(),
                    is_error: execution.output.is_error,
                    duration,
                    changes: execution.output.changes.clone(),
                });
                match execution.output.effect.as_deref() {
                    Some(ToolEffect::Todos(items)) => emit(AgentEvent::TodoUpdated {
                        items: items.clone(),
                    }),
                    Some(ToolEffect::Plan {
                        text,
                        path,
                        ends_turn,
                    }) => emit(AgentEvent::PlanProposed {
                        text: text.clone(),
                        path: path.clone(),
                        is_answer: *ends_turn,
                    }),
                    None => {}
                }
                out.push(execution);
            }
            i = end;
        }
        out
    }
}
