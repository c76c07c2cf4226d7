//! `get_current_time`: the current date and time, in the local zone or a named IANA zone.

use crate::zone::Zone;
use chrono::{Local, Utc};
use serde_json::{Value, json};

use super::input::{finish, string};
use crate::tools::{Error, Tool, ToolContext, ToolFuture, ToolOutput};

pub struct CurrentTimeTool;

impl Tool for CurrentTimeTool {
    fn name(&self) -> &str {
        "get_current_time"
    }

    fn description(&self) -> &str {
        "Get the current date and time, in the machine's local time zone or an IANA zone such as \
         `Europe/Paris` or `UTC`."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "timezone": {"type": "string", "description": "IANA time zone name (default: local)"}
            },
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    fn call<'a>(&'a self, _ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(now(&input)) })
    }
}

fn now(input: &Value) -> Result<ToolOutput, Error> {
    let text = match string(input, "timezone").map(str::trim) {
        None | Some("") | Some("local") => {
            let now = Local::now();
            format!("{} ({}, local time)", now.to_rfc3339(), now.format("%A"))
        }
        Some(zone) => {
            let tz = Zone::find(zone).ok_or_else(|| Error::UnknownTimeZone {
                zone: zone.to_owned(),
            })?;
            let now = tz.at(Utc::now());
            format!("{} ({}, {zone})", now.to_rfc3339(), now.format("%A"))
        }
    };
    Ok(ToolOutput::ok(text.clone(), text))
}
