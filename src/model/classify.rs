//! Turning a provider's error response into an [`ErrorCode`]: the provider's own type/code first
//! (OpenAI `error.code`/`error.type`, Anthropic `error.type`), then well-known wording ("prompt is
//! too long", "exceeded your current quota"), then the HTTP status. Also reads "try again in 3s".

use super::error::{Error, ErrorCode};

pub(super) fn classify(provider: &str, model: &str, status: Option<u16>, body: &str) -> Error {
    match serde_json::from_str::<serde_json::Value>(body) {
        Ok(value) => classify_value(provider, model, status, &value, body),
        Err(_) => classify_parts(provider, model, status, None, body.trim()),
    }
}

pub(super) fn classify_value(
    provider: &str,
    model: &str,
    status: Option<u16>,
    value: &serde_json::Value,
    raw: &str,
) -> Error {
    // Shapes: {"error":{"type","code","message"}} (OpenAI, Anthropic), {"type":"error","code",
    // "message"} (Responses stream), {"response":{"error":{...}}} (response.failed), {"message"}.
    let inner = value
        .get("error")
        .filter(|e| e.is_object())
        .or_else(|| value.pointer("/response/error").filter(|e| e.is_object()))
        .unwrap_or(value);
    let field = |name: &str| -> Option<String> {
        match inner.get(name)? {
            serde_json::Value::String(s) if !s.is_empty() => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    let code = field("code");
    let kind = field("type").filter(|t| t != "error");
    let provider_code = code.clone().or(kind.clone());
    let message = field("message").unwrap_or_else(|| raw.trim().to_owned());
    let mut message = message;
    // OpenRouter wraps the upstream message in `metadata.raw`.
    if let Some(upstream) = inner.pointer("/metadata/raw").and_then(|r| r.as_str()) {
        message = format!("{message}: {upstream}");
    }
    let kinds = [code.as_deref(), kind.as_deref()];
    let mut error = classify_parts(provider, model, status, Some(&kinds), &message);
    error.provider_code = provider_code;
    error
}

fn classify_parts(
    provider: &str,
    model: &str,
    status: Option<u16>,
    kinds: Option<&[Option<&str>; 2]>,
    message: &str,
) -> Error {
    let is =
        |names: &[&str]| kinds.is_some_and(|k| k.iter().flatten().any(|kind| names.contains(kind)));
    let lower = message.to_lowercase();
    let says = |phrases: &[&str]| phrases.iter().any(|p| lower.contains(p));
    let status_is = |codes: &[u16]| status.is_some_and(|s| codes.contains(&s));

    // 1. The provider's own type/code, which is the most reliable signal.
    let by_kind = if is(&[
        "invalid_api_key",
        "authentication_error",
        "invalid_authentication",
    ]) {
        Some(ErrorCode::Auth)
    } else if is(&[
        "insufficient_quota",
        "billing_error",
        "billing_hard_limit_reached",
    ]) {
        Some(ErrorCode::Billing)
    } else if is(&["context_length_exceeded"]) {
        Some(ErrorCode::PromptTooLong)
    } else if is(&["request_too_large"]) {
        Some(ErrorCode::RequestTooLarge)
    } else if is(&["overloaded_error", "overloaded"]) {
        Some(ErrorCode::Overloaded)
    } else if is(&["rate_limit_exceeded", "rate_limit_error", "rate_limit"]) {
        Some(ErrorCode::RateLimit)
    } else if is(&["model_not_found", "not_found_error"]) {
        Some(ErrorCode::ModelNotFound)
    } else if is(&["content_filter", "content_policy_violation"]) {
        Some(ErrorCode::ContentFilter)
    } else if is(&["permission_error"]) {
        Some(ErrorCode::Auth)
    } else {
        None
    };
    // 2. Well-known wording (Anthropic reports billing and prompt length as invalid_request_error).
    let by_wording = || {
        if says(&[
            "exceeded your current quota",
            "credit balance",
            "insufficient balance",
            "insufficient_quota",
            "check your plan and billing",
        ]) {
            Some(ErrorCode::Billing)
        } else if says(&[
            "prompt is too long",
            "maximum context length",
            "context length",
            "context window",
            "input length and max_tokens exceed",
            "too many tokens",
        ]) {
            Some(ErrorCode::PromptTooLong)
        } else if says(&["request too large"]) {
            Some(ErrorCode::RequestTooLarge)
        } else if status_is(&[503, 529]) || says(&["overloaded"]) {
            Some(ErrorCode::Overloaded)
        } else if says(&["rate limit", "rate-limited"]) {
            Some(ErrorCode::RateLimit)
        } else if says(&["model"]) && says(&["does not exist", "not found"]) {
            Some(ErrorCode::ModelNotFound)
        } else {
            None
        }
    };
    // 3. The HTTP status.
    let code = if let Some(code) = by_kind.or_else(by_wording) {
        code
    } else if status_is(&[401, 403]) {
        ErrorCode::Auth
    } else if status_is(&[402]) {
        ErrorCode::Billing
    } else if status_is(&[404]) {
        ErrorCode::ModelNotFound
    } else if status_is(&[408]) || is(&["timeout"]) {
        ErrorCode::Timeout
    } else if status_is(&[413]) {
        ErrorCode::RequestTooLarge
    } else if status_is(&[429]) {
        ErrorCode::RateLimit
    } else if is(&["api_error", "server_error", "internal_error"])
        || status.is_some_and(|s| s >= 500)
    {
        ErrorCode::ServerError
    } else if status.is_none() && kinds.is_some_and(|k| k.iter().all(Option::is_none)) {
        // An in-stream error with no type at all: assume the server side broke.
        ErrorCode::ServerError
    } else {
        ErrorCode::InvalidRequest
    };
    let mut error = Error::new(code, provider, model, message);
    error.status = status;
    error.retry_after_ms = retry_after_from_text(&lower);
    error
}

/// "Please try again in 20s" / "try again in 350ms" (OpenAI rate-limit wording).
fn retry_after_from_text(lower: &str) -> Option<u64> {
    let rest = &lower[lower.find("try again in ")? + "try again in ".len()..];
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let value: f64 = number.parse().ok()?;
    let unit = &rest[number.len()..];
    let ms = if unit.starts_with("ms") {
        value
    } else if unit.starts_with('s') {
        value * 1000.0
    } else {
        return None;
    };
    // Saturating float-to-int; the value is small and non-negative by construction.
    Some(ms.ceil() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_wording() {
        assert_eq!(
            retry_after_from_text("please try again in 20s."),
            Some(20_000)
        );
        assert_eq!(retry_after_from_text("try again in 350ms"), Some(350));
        assert_eq!(retry_after_from_text("try again in 1.5s"), Some(1500));
        assert_eq!(retry_after_from_text("try again later"), None);
    }

    #[test]
    fn provider_type_wins_over_wording() {
        // Old OpenAI 429s link to the billing page; they are still rate limits.
        let body = r#"{"error":{"message":"Rate limit reached for default-gpt-4 in organization org-x on tokens per min. Limit: 10000 / min. You can increase your rate limit by adding a payment method at https://platform.openai.com/account/billing.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}"#;
        assert_eq!(
            Error::from_http("openai", "gpt-4", 429, None, body).code,
            ErrorCode::RateLimit
        );
        let quota = r#"{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#;
        assert_eq!(
            Error::from_http("openai", "gpt-4", 429, None, quota).code,
            ErrorCode::Billing
        );
        assert_eq!(
            Error::from_http("x", "m", 502, None, "<html>Bad Gateway</html>").code,
            ErrorCode::ServerError
        );
        assert_eq!(
            Error::from_http("x", "m", 403, None, "").code,
            ErrorCode::Auth
        );
    }
}
