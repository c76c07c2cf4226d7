//! Every error class from a realistic HTTP error response, through the real client.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{MockModel, Reply, anthropic, openai};
use model_call::{final_error, provider_at, request, stream_events};
use pilotdeck::config::Protocol;
use pilotdeck::model::{CallOptions, Error, ErrorCode};

async fn classify(protocol: Protocol, reply: Reply) -> Error {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), protocol, |c| {
        c.retry.stream_max_retries = Some(0)
    });
    mock.push(reply);
    final_error(&stream_events(&p, &request("some-model", "hi"), CallOptions::default()).await)
}

#[tokio::test]
async fn each_error_class_from_a_realistic_body() {
    use ErrorCode::*;
    let cases: Vec<(Protocol, Reply, ErrorCode)> = vec![
        (Protocol::OpenAi, mock_model::error_401(), Auth),
        (
            Protocol::Anthropic,
            anthropic::error(
                403,
                "permission_error",
                "Your API key does not have permission to use the specified resource.",
            ),
            Auth,
        ),
        (Protocol::OpenAi, openai::insufficient_quota(), Billing),
        (
            Protocol::Anthropic,
            anthropic::error(
                400,
                "invalid_request_error",
                "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
            ),
            Billing,
        ),
        (Protocol::OpenAi, mock_model::error_429(Some(1)), RateLimit),
        (
            Protocol::Anthropic,
            anthropic::error(
                429,
                "rate_limit_error",
                "Number of request tokens has exceeded your per-minute rate limit",
            ),
            RateLimit,
        ),
        (Protocol::Anthropic, mock_model::error_529(), Overloaded),
        (
            Protocol::OpenAi,
            Reply::json_text(
                503,
                r#"{"error":{"message":"The engine is currently overloaded, please try again later","type":"server_error"}}"#,
            ),
            Overloaded,
        ),
        (Protocol::OpenAi, mock_model::error_500(), ServerError),
        (
            Protocol::Anthropic,
            anthropic::error(500, "api_error", "Internal server error"),
            ServerError,
        ),
        (
            Protocol::OpenAi,
            Reply::json_text(502, "<html><body>Bad Gateway</body></html>"),
            ServerError,
        ),
        (
            Protocol::OpenAi,
            openai::context_length_exceeded(),
            PromptTooLong,
        ),
        (
            Protocol::Anthropic,
            anthropic::prompt_too_long(),
            PromptTooLong,
        ),
        (
            Protocol::Anthropic,
            anthropic::error(
                413,
                "request_too_large",
                "Request exceeds the maximum allowed number of bytes.",
            ),
            RequestTooLarge,
        ),
        (
            Protocol::OpenAi,
            openai::error(
                400,
                "invalid_request_error",
                "decimal_below_min_value",
                "Invalid 'temperature': decimal below minimum value.",
            ),
            InvalidRequest,
        ),
        (
            Protocol::OpenAi,
            openai::error(
                404,
                "invalid_request_error",
                "model_not_found",
                "The model `gpt-9` does not exist or you do not have access to it.",
            ),
            ModelNotFound,
        ),
        (
            Protocol::Anthropic,
            anthropic::error(404, "not_found_error", "model: claude-does-not-exist"),
            ModelNotFound,
        ),
        (
            Protocol::OpenAi,
            openai::error(
                400,
                "invalid_request_error",
                "content_policy_violation",
                "Your request was rejected as a result of our safety system.",
            ),
            ContentFilter,
        ),
        (
            Protocol::OpenAi,
            Reply::json_text(
                408,
                r#"{"error":{"message":"Request timed out.","type":"timeout"}}"#,
            ),
            Timeout,
        ),
    ];
    for (protocol, reply, expected) in cases {
        let what = format!("{reply:?}");
        let error = classify(protocol, reply).await;
        assert_eq!(error.code, expected, "{what}\n→ {error:?}");
        assert!(error.status.is_some());
        // Every message says what to do next.
        let message = error.to_string();
        assert!(message.contains("; "), "no advice in: {message}");
    }
}

#[tokio::test]
async fn messages_tell_the_user_what_to_do() {
    let error = classify(Protocol::OpenAi, openai::context_length_exceeded()).await;
    assert!(error.to_string().contains("compact the session"), "{error}");
    let error = classify(
        Protocol::OpenAi,
        openai::error(
            404,
            "invalid_request_error",
            "model_not_found",
            "The model `gpt-9` does not exist",
        ),
    )
    .await;
    assert!(
        error.to_string().contains("check the model name"),
        "{error}"
    );
    let error = classify(
        Protocol::OpenAi,
        openai::error(
            400,
            "invalid_request_error",
            "integer_above_max_value",
            "max_tokens is too large: 999999.",
        ),
    )
    .await;
    assert!(error.to_string().contains("max output tokens"), "{error}");
}

#[tokio::test]
async fn auth_errors_name_the_key_variable_and_are_account_errors() {
    let mock = MockModel::start().await;
    mock.push(mock_model::error_401());
    // PATH is always set; it stands in for a key variable without touching the environment.
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.api_key = Some("${PATH}".into())
    });
    let error =
        final_error(&stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await);
    assert_eq!(error.code, ErrorCode::Auth);
    assert_eq!(error.key_env.as_deref(), Some("PATH"));
    assert!(error.is_account_error());
    assert!(
        error.to_string().contains("check the key in PATH"),
        "{error}"
    );
    assert_eq!(mock.requests().len(), 1, "auth errors are not retried");
}

#[tokio::test]
async fn rate_limit_wording_carries_retry_after() {
    let error = classify(
        Protocol::OpenAi,
        openai::error(429, "tokens", "rate_limit_exceeded", "Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000. Please try again in 2.5s."),
    )
    .await;
    assert_eq!(error.code, ErrorCode::RateLimit);
    assert_eq!(error.retry_after_ms, Some(2500));
}

#[test]
fn error_events_round_trip_as_json() {
    let error = Error::new(ErrorCode::RateLimit, "openai", "gpt-4o", "slow down");
    let event = pilotdeck::model::ModelEvent::Error { error };
    let json = serde_json::to_value(&event).unwrap();
    assert_eq!(json["type"], "error");
    assert_eq!(json["error"]["code"], "rate_limit");
    assert_eq!(json["error"]["provider"], "openai");
    let back: pilotdeck::model::ModelEvent = serde_json::from_value(json).unwrap();
    assert_eq!(back, event);
}
