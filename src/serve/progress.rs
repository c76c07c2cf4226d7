//! [`Progress`]: `notifications/progress` for the tool calls of a `pilotdeck_run` while it runs,
//! when the client asked for them (a `progressToken`); the launch's sink for `mcp serve`.

use rmcp::RoleServer;
use rmcp::model::ProgressNotificationParam;
use rmcp::service::RequestContext;

use crate::agent::{AgentEvent, SessionStart};
use crate::launch;

/// Sends progress for one run and keeps the id of its session.
pub(super) struct Progress {
    sender: Option<tokio::sync::mpsc::UnboundedSender<String>>,
    task: Option<tokio_util::task::AbortOnDropHandle<()>>,
    /// The run's session, once it is known.
    pub(super) session_id: Option<String>,
}

impl Progress {
    pub(super) fn new(context: &RequestContext<RoleServer>) -> Progress {
        let Some(token) = context.meta.get_progress_token() else {
            return Progress {
                sender: None,
                task: None,
                session_id: None,
            };
        };
        let peer = context.peer.clone();
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<String>();
        let task = tokio::spawn(async move {
            let mut step = 0.0;
            while let Some(message) = receiver.recv().await {
                step += 1.0;
                let param =
                    ProgressNotificationParam::new(token.clone(), step).with_message(message);
                if peer.notify_progress(param).await.is_err() {
                    break;
                }
            }
        });
        Progress {
            sender: Some(sender),
            task: Some(tokio_util::task::AbortOnDropHandle::new(task)),
            session_id: None,
        }
    }

    /// Sends what is still queued (bounded), so the notifications precede the result.
    pub(super) async fn finish(&mut self) {
        self.sender = None;
        if let Some(task) = self.task.take() {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(2), task).await;
        }
    }
}

impl launch::Sink for Progress {
    fn on_start(&mut self, start: &SessionStart) {
        self.session_id = start.id.as_ref().map(ToString::to_string);
    }

    fn on_event(&mut self, event: AgentEvent) {
        let Some(sender) = &self.sender else { return };
        let message = match event {
            AgentEvent::ToolStarted { name, .. } => format!("calling {name}"),
            AgentEvent::AssistantMessage { model, .. } => format!("{model} replied"),
            _ => return,
        };
        let _ = sender.send(message);
    }
}
