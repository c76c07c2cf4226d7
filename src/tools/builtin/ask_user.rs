//! `ask_user`: a question for the person, answered through the session's [`UserChannel`]
//! (chat's menu or input line, `run --ask-via-stdin`). Offered only where someone can answer.
//!
//! [`UserChannel`]: crate::tools::UserChannel

use serde_json::{Value, json};

use crate::tools::{Question, Tool, ToolContext, ToolFuture, ToolOutput};

pub struct AskUserTool;

impl Tool for AskUserTool {
    fn name(&self) -> &str {
        "ask_user"
    }

    fn description(&self) -> &str {
        "Ask the user a question and wait for the answer. Use it only when you cannot go on \
         without their decision (a choice between approaches, missing information); give \
         `options` when the answer is one of a few choices."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "question": {"type": "string", "description": "The question, one or two sentences"},
                "options": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "The possible answers, when the user should pick one"
                }
            },
            "required": ["question"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    /// One question at a time: the person answers in order.
    fn is_concurrency_safe(&self) -> bool {
        false
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let question = Question {
                question: input
                    .get("question")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
                options: input
                    .get("options")
                    .and_then(Value::as_array)
                    .map(|o| {
                        o.iter()
                            .filter_map(Value::as_str)
                            .map(|s| s.trim().to_owned())
                            .filter(|s| !s.is_empty())
                            .collect()
                    })
                    .unwrap_or_default(),
            };
            if question.question.is_empty() {
                return ToolOutput::error("`question` is empty; say what you want to know");
            }
            let Some(user) = &ctx.user else {
                return ToolOutput::error(
                    "nobody can answer questions in this session; decide yourself and say what \
                     you assumed",
                );
            };
            match user.ask(&question).await {
                Some(answer) => {
                    let summary = format!("answered: {answer}");
                    ToolOutput::ok(format!("The user answered: {answer}"), summary)
                }
                None => ToolOutput::error(
                    "the user gave no answer; go on with your best judgement and say what you \
                     assumed",
                ),
            }
        })
    }
}
