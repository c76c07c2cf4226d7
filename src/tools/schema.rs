//! Argument validation against a tool's JSON schema: the subset models get wrong in practice —
//! a non-object input, missing required fields, wrong basic types, values outside an `enum`,
//! integers outside `minimum`/`maximum`, and unknown fields when `additionalProperties` is false.
//!
//! The result is an [`InvalidArguments`] the loop sends back to the model so it can correct itself.

use serde::Serialize;
use serde_json::Value;

/// Why a call's arguments were rejected: every problem found, plus the schema to follow.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("invalid arguments for `{tool}`: {}", problems.join("; "))]
pub struct InvalidArguments {
    pub tool: String,
    pub problems: Vec<String>,
    pub schema: Value,
}

impl InvalidArguments {
    /// The text the model receives: the problems and the expected schema.
    pub fn to_model_message(&self) -> String {
        format!(
            "{self}.\nFix the arguments and call `{}` again. Expected input schema:\n{}",
            self.tool, self.schema
        )
    }
}

/// Checks `input` against `schema`. A `null` input counts as `{}`.
pub fn validate_arguments(
    tool: &str,
    schema: &Value,
    input: &Value,
) -> Result<(), InvalidArguments> {
    let mut problems = Vec::new();
    let empty = Value::Object(serde_json::Map::new());
    let input = if input.is_null() { &empty } else { input };
    match input {
        // Arguments the model layer could not parse or repair arrive as their raw text.
        Value::String(raw) => problems.push(match serde_json::from_str::<Value>(raw) {
            Err(e) => format!("the arguments are not valid JSON ({e})"),
            Ok(_) => "the arguments must be a JSON object".to_owned(),
        }),
        _ => check(schema, input, "arguments", &mut problems),
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(InvalidArguments {
            tool: tool.to_owned(),
            problems,
            schema: schema.clone(),
        })
    }
}

fn check(schema: &Value, value: &Value, at: &str, problems: &mut Vec<String>) {
    if let Some(expected) = schema.get("type") {
        let types: Vec<&str> = match expected {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty() && !types.iter().any(|t| has_type(value, t)) {
            problems.push(format!(
                "{at} must be {} (got {})",
                types.join(" or "),
                type_name(value)
            ));
            return;
        }
    }
    if let Some(Value::Array(allowed)) = schema.get("enum")
        && !allowed.contains(value)
    {
        let list: Vec<String> = allowed.iter().map(Value::to_string).collect();
        problems.push(format!(
            "{at} must be one of {} (got {value})",
            list.join(", ")
        ));
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            problems.push(format!("{at} must be at least {min} (got {value})"));
        }
        if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            problems.push(format!("{at} must be at most {max} (got {value})"));
        }
    }
    match value {
        Value::Object(fields) => {
            let props = schema.get("properties").and_then(Value::as_object);
            if let Some(Value::Array(required)) = schema.get("required") {
                for name in required.iter().filter_map(Value::as_str) {
                    if !fields.contains_key(name) {
                        problems.push(format!("missing required field `{name}`"));
                    }
                }
            }
            let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
            for (name, field) in fields {
                match props.and_then(|p| p.get(name)) {
                    Some(sub) => check(sub, field, &format!("field `{name}`"), problems),
                    None if closed => problems.push(format!("unknown field `{name}`")),
                    None => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    check(item_schema, item, &format!("{at}[{i}]"), problems);
                }
            }
        }
        _ => {}
    }
}

fn has_type(value: &Value, ty: &str) -> bool {
    match ty {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => true,
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "limit": {"type": "integer", "minimum": 1},
                "mode": {"type": "string", "enum": ["a", "b"]}
            },
            "required": ["path"],
            "additionalProperties": false
        })
    }

    #[test]
    fn accepts_valid_input() {
        validate_arguments(
            "t",
            &schema(),
            &json!({"path": "x", "limit": 3, "mode": "a"}),
        )
        .unwrap();
    }

    #[test]
    fn reports_every_problem() {
        let err = validate_arguments(
            "t",
            &schema(),
            &json!({"limit": "3", "mode": "c", "extra": 1}),
        )
        .unwrap_err();
        assert_eq!(err.problems.len(), 4, "{:?}", err.problems);
        assert!(
            err.to_model_message()
                .contains("missing required field `path`")
        );
    }

    #[test]
    fn rejects_non_objects_and_out_of_range() {
        // A string is the raw text of arguments that were not JSON (see `model::repair`).
        let err = validate_arguments("t", &schema(), &json!("{'path': 1}")).unwrap_err();
        assert!(err.problems[0].starts_with("the arguments are not valid JSON ("));
        let err = validate_arguments("t", &schema(), &json!([1])).unwrap_err();
        assert_eq!(err.problems, vec!["arguments must be object (got array)"]);
        let err =
            validate_arguments("t", &schema(), &json!({"path": "x", "limit": 0})).unwrap_err();
        assert!(err.problems[0].contains("at least 1"));
    }
}
