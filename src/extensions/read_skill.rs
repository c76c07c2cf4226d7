//! `read_skill`: gives the model a skill's instructions. The system prompt lists the skills by name
//! and description; the body is loaded only when the model decides the task needs it.

use std::sync::Arc;

use serde_json::{Value, json};

use super::SkillSet;
use crate::tools::{Tool, ToolContext, ToolFuture, ToolOutput};

/// The `read_skill` tool over one project's skills.
#[derive(Debug)]
pub struct ReadSkillTool {
    skills: Arc<SkillSet>,
}

impl ReadSkillTool {
    pub fn new(skills: Arc<SkillSet>) -> ReadSkillTool {
        ReadSkillTool { skills }
    }

    fn read(&self, input: &Value) -> ToolOutput {
        let name = input
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim();
        let Some(skill) = self.skills.get(name) else {
            return ToolOutput::error(format!(
                "there is no skill named `{name}`; the available skills are: {}",
                self.skills.names().join(", ")
            ));
        };
        match skill.body() {
            Ok(body) => ToolOutput::ok(
                format!(
                    "Skill: {}\nPath: {}\n\n{}",
                    skill.name,
                    skill.path.display(),
                    body.trim()
                ),
                format!("skill {}", skill.name),
            ),
            Err(e) => ToolOutput::error(e.to_string()),
        }
    }
}

impl Tool for ReadSkillTool {
    fn name(&self) -> &str {
        "read_skill"
    }

    fn description(&self) -> &str {
        "Load the instructions of a skill listed under <available-skills> in the system prompt. Call \
         it before starting a task that matches a skill's description, then follow what it says."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "The skill's name, as listed"}
            },
            "required": ["name"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    fn call<'a>(&'a self, _ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { self.read(&input) })
    }
}
