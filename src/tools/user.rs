//! [`UserChannel`]: how a tool reaches the person behind a session — the `ask_user` question and
//! the review of a plan (`exit_plan_mode`). A front that has someone to ask (chat on a terminal,
//! `run --ask-via-stdin`) passes one in `crate::agent::AgentOptions`; without one, `ask_user` is not
//! offered at all and a plan ends the turn as its answer. Also [`ToolEffect`]: what a call changed
//! in the session besides its result (the to-do list, a plan), for the loop to report.

use std::path::PathBuf;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

use crate::session::TodoItem;

/// The future a [`UserChannel`] method returns.
pub type UserFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A question for the person: free text, or one of `options` when there are any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub question: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// What the person made of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanReview {
    /// Carry it out as written.
    Approved,
    /// Carry out this version instead.
    Edited(String),
    /// Do not carry it out; the person's reason, when they gave one.
    Rejected(Option<String>),
}

/// Someone who can answer while a turn runs.
pub trait UserChannel: Send + Sync + std::fmt::Debug {
    /// The person's answer; `None` when they gave none (end of input, Ctrl-C).
    fn ask<'a>(&'a self, question: &'a Question) -> UserFuture<'a, Option<String>>;

    /// The person's verdict on `plan`; `None` when plans are not reviewed here (`run
    /// --ask-via-stdin`): the plan is then the turn's answer, as in any unattended run.
    fn review_plan<'a>(&'a self, _plan: &'a str) -> UserFuture<'a, Option<PlanReview>> {
        Box::pin(async { None })
    }
}

/// What a tool call changed in the session, for the loop to report as an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToolEffect {
    /// The to-do list is now `items` (`todo_write`).
    Todos(Vec<TodoItem>),
    /// The agent proposed `text`, saved at `path`; `ends_turn` when nobody reviews it and it is
    /// the turn's answer (`exit_plan_mode`).
    Plan {
        text: String,
        path: Option<PathBuf>,
        ends_turn: bool,
    },
}
