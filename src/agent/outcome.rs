//! How a turn ended.

use std::time::Duration;

use crate::model::{self, Usage};
use crate::session::TurnStatus;

/// Why a turn did not complete.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TurnError {
    #[error("{}", .0.user_message())]
    Model(model::Error),
    #[error("{0}")]
    Limit(String),
    /// The next model call could cost more than the turn's budget allows.
    #[error("stopped at the budget: {0}")]
    Budget(String),
    #[error("the final answer is not valid against --output-schema: {0}")]
    InvalidOutput(String),
    #[error("interrupted")]
    Cancelled,
    /// A `UserPromptSubmit` hook refused the input.
    #[error("blocked by a UserPromptSubmit hook: {0}")]
    Blocked(String),
}

impl TurnError {
    /// A short machine-readable code for JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            TurnError::Model(e) => e.code.as_str(),
            TurnError::Limit(_) => "limit_reached",
            TurnError::Budget(_) => "budget_exceeded",
            TurnError::InvalidOutput(_) => "invalid_output",
            TurnError::Cancelled => "cancelled",
            TurnError::Blocked(_) => "hook_blocked",
        }
    }
}

/// The result of one turn.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnOutcome {
    pub turn: u32,
    pub status: TurnStatus,
    /// The text of the last assistant message.
    pub final_text: String,
    pub usage: Usage,
    pub cost_usd: Option<f64>,
    pub error: Option<TurnError>,
    pub duration: Duration,
    /// Model calls made.
    pub iterations: u32,
    pub tool_calls: u32,
}
