//! The judge: one non-streaming call to a (cheap) model that names the tier for a prompt.
//!
//! The prompt lists the tiers with their descriptions, the routing rules, the previous tier (so
//! acknowledgements keep it) and the user's latest text. The answer is parsed tolerantly
//! ([`parse_tier`]): code fences, `<tier>` tags, any case, stray words around it. A call is bounded:
//! at most [`JUDGE_ATTEMPTS`] attempts, each within `judgeTimeoutMs`, all sharing one retry budget of
//! [`JUDGE_BUDGET`] HTTP requests. Any failure returns an error and the caller uses the heuristic.

use std::time::{Duration, Instant};

use tokio_util::sync::CancellationToken;

use super::settings::TokenSaver;
use crate::model::{
    CallOptions, ErrorCode, Message, ModelClient, ModelRequest, ModelResponse, ResolvedProvider,
    RetryBudget, ThinkingRequest,
};

/// Attempts (a retryable error or an unparsable answer is tried again once).
pub(super) const JUDGE_ATTEMPTS: u32 = 2;
/// HTTP requests all judge attempts of one decision may make together.
pub(super) const JUDGE_BUDGET: u32 = 2;
/// The judge answers with one word; leave room for a tag and a stray sentence.
const JUDGE_MAX_OUTPUT: u64 = 64;

/// How a judge call ended.
#[derive(Debug, Clone)]
pub(super) struct JudgeOutcome {
    /// The tier name as configured, or why there is none.
    pub result: Result<String, JudgeFailure>,
    /// Total time spent, including retries.
    pub(super) latency: Duration,
    /// Responses received (for accounting), in order.
    pub responses: Vec<ModelResponse>,
    pub attempts: u32,
}

impl JudgeOutcome {
    /// No judge call was made: setting up its model failed with `code`.
    pub(super) fn not_started(code: ErrorCode) -> JudgeOutcome {
        JudgeOutcome {
            result: Err(JudgeFailure::ModelError(code)),
            latency: Duration::ZERO,
            responses: Vec::new(),
            attempts: 0,
        }
    }
}

/// Why the judge gave no tier.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum JudgeFailure {
    Timeout,
    ModelError(ErrorCode),
    ParseError(String),
}

impl std::fmt::Display for JudgeFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JudgeFailure::Timeout => f.write_str("timed out"),
            JudgeFailure::ModelError(code) => write!(f, "failed ({code})"),
            JudgeFailure::ParseError(answer) => {
                let short: String = answer.chars().take(60).collect();
                write!(f, "answered no known tier ({short:?})")
            }
        }
    }
}

/// The judge's prompt for `text`.
pub fn judge_prompt(saver: &TokenSaver, text: &str, previous: Option<&str>) -> String {
    let mut p = String::from(
        "You are a model-tier classifier for the pilotdeck router. Read the user's message and choose the cheapest tier that can handle it well. Return exactly one tier name wrapped in <tier></tier>.\n\nAvailable tiers:\n",
    );
    for tier in &saver.tiers {
        p.push_str(&format!("- {}: {}\n", tier.name, tier.description));
    }
    if !saver.rules.is_empty() {
        p.push_str("\nRouting rules:\n");
        for rule in &saver.rules {
            p.push_str(&format!("- {rule}\n"));
        }
    }
    if let Some(previous) = previous {
        p.push_str(&format!(
            "\nThe previous message was routed to tier {previous}. A short acknowledgement (ok, go on, yes, continue, 好的, 继续, 开始) continues that work: answer <tier>{previous}</tier>.\n"
        ));
    }
    p.push_str(&format!(
        "\nUser message:\n\"\"\"\n{text}\n\"\"\"\n\nDefault tier when uncertain: {}. Respond with only <tier>NAME</tier>.",
        saver.default_tier
    ));
    p
}

/// Finds a configured tier in a judge's answer: the first `<tier>NAME</tier>` (any case, fences and
/// stray text ignored), else the first tier name standing as a whole word.
pub fn parse_tier<'a>(answer: &str, tiers: &[&'a str]) -> Option<&'a str> {
    let text = answer.replace("```", " ");
    let lower = text.to_lowercase();
    let known = |word: &str| {
        let word = word.trim();
        tiers.iter().copied().find(|t| t.eq_ignore_ascii_case(word))
    };
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("<tier>") {
        let after = &rest[start + 6..];
        if let Some(end) = after.find("</tier>")
            && let Some(t) = known(&after[..end])
        {
            return Some(t);
        }
        rest = after;
    }
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .find_map(known)
}

/// Asks the judge. `cancel` aborts the call.
pub(super) async fn run_judge(
    client: &ModelClient,
    provider: &ResolvedProvider,
    request: ModelRequest,
    saver: &TokenSaver,
    cancel: &CancellationToken,
) -> JudgeOutcome {
    let started = Instant::now();
    let budget = RetryBudget::new(JUDGE_BUDGET);
    let names: Vec<&str> = saver.tiers.iter().map(|t| t.name.as_str()).collect();
    let mut responses = Vec::new();
    let mut attempts = 0;
    let mut failure = JudgeFailure::Timeout;
    while attempts < JUDGE_ATTEMPTS && budget.remaining() > 0 {
        attempts += 1;
        let options = CallOptions {
            budget: budget.clone(),
            cancel: cancel.child_token(),
        };
        let call = client.complete(provider, &request, options);
        match tokio::time::timeout(saver.judge_timeout, call).await {
            Err(_) => {
                // A judge that is this slow will not get faster on a second try.
                failure = JudgeFailure::Timeout;
                break;
            }
            Ok(Err(e)) => {
                failure = JudgeFailure::ModelError(e.code);
                if !e.is_retryable() || e.code == ErrorCode::Cancelled {
                    break;
                }
            }
            Ok(Ok(response)) => {
                let answer = response.message.text();
                let tier = parse_tier(&answer, &names).map(str::to_owned);
                responses.push(response);
                match tier {
                    Some(t) => {
                        return JudgeOutcome {
                            result: Ok(t),
                            latency: started.elapsed(),
                            responses,
                            attempts,
                        };
                    }
                    None => failure = JudgeFailure::ParseError(answer),
                }
            }
        }
    }
    JudgeOutcome {
        result: Err(failure),
        latency: started.elapsed(),
        responses,
        attempts,
    }
}

/// The judge request for `prompt`.
pub(super) fn judge_request(judge: &crate::config::ModelRef, prompt: String) -> ModelRequest {
    let mut request = ModelRequest::new(judge.clone(), vec![Message::user(prompt)]);
    request.max_output_tokens = Some(JUDGE_MAX_OUTPUT);
    request.thinking = None::<ThinkingRequest>;
    request
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIERS: &[&str] = &["simple", "medium", "reasoning", "complex"];

    #[test]
    fn parses_tags_fences_case_and_stray_text() {
        assert_eq!(parse_tier("<tier>medium</tier>", TIERS), Some("medium"));
        assert_eq!(
            parse_tier("```\n<tier> Reasoning </tier>\n```", TIERS),
            Some("reasoning")
        );
        assert_eq!(parse_tier("<TIER>SIMPLE</TIER>", TIERS), Some("simple"));
        assert_eq!(
            parse_tier("Sure! I think this is <tier>complex</tier> because…", TIERS),
            Some("complex")
        );
        assert_eq!(
            parse_tier("```json\n{\"tier\": \"medium\"}\n```", TIERS),
            Some("medium")
        );
        assert_eq!(parse_tier("The answer: Simple.", TIERS), Some("simple"));
        assert_eq!(
            parse_tier("<tier>huge</tier> or medium", TIERS),
            Some("medium")
        );
    }

    #[test]
    fn garbage_is_none() {
        assert_eq!(parse_tier("I cannot decide.", TIERS), None);
        assert_eq!(parse_tier("", TIERS), None);
        assert_eq!(parse_tier("<tier>huge</tier>", TIERS), None);
        assert_eq!(parse_tier("mediums", TIERS), None);
    }
}
