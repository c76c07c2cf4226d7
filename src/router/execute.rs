//! [`Router::execute`]: stream a request from the decided model, then the fallback chain.
//!
//! Attempts are the decided model followed by `fallback.<scenario>` (else `fallback.default`;
//! none for an explicit model unless `fallback.explicit` is set), deduplicated and capped at
//! `maxFallbacks`. The router moves to the next attempt only when
//! - the failure is fallback-eligible ([`is_fallback_eligible`]), and
//! - **nothing has been passed to the caller**: events before the first content event are held
//!   back and dropped if the attempt fails, so the caller never sees duplicate output.
//!
//! A stream that ends with no content and zero usage is retried on the same model up to
//! `zeroUsageRetry.maxAttempts` attempts in all. A provider whose circuit is open (see `sticky`) is
//! skipped unless it is the last candidate.
//!
//! # The request bound
//!
//! Every attempt shares one [`RetryBudget`] of [`DEFAULT_BUDGET`](crate::model::retry::DEFAULT_BUDGET)
//! (6) HTTP requests. Attempts that have a later fallback get no model-layer retries (the next
//! model is the retry), so only the last candidate retries transient errors. A persistently
//! failing chain therefore costs at most `min(6, (attempts − 1) + 1 + lastRetries)` requests, plus
//! zero-usage retries, still within the 6.

use std::time::Instant;

use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::decide::Decision;
use super::ledger::{self, CallRole, RouterEvent, StatsRecord};
use super::runtime::Router;
use crate::config::ModelRef;
use crate::model::{
    Assembler, CallOptions, Error as ModelError, ErrorCode, ModelEvent, ModelRequest,
    ModelResponse, RetryBudget, Usage,
};

/// Who is calling, for accounting.
#[derive(Debug, Clone)]
pub struct CallContext {
    pub session: Option<String>,
    pub turn: Option<u32>,
    pub role: CallRole,
    /// What started the call (`run`, `chat`, `cron`, `always-on`, `mcp-serve`) and in which
    /// project (its key), for `pilotdeck usage`; `None` when not known.
    pub entry: Option<String>,
    pub project: Option<String>,
}

/// How an execution ended.
#[derive(Debug)]
pub struct Executed {
    pub result: Result<ModelResponse, ModelError>,
    /// The model that produced the result (or failed last).
    pub model: ModelRef,
    /// The price of every attempt's tokens (failed ones included); `None` when one is unpriced.
    pub cost_usd: Option<f64>,
    /// Attempts started (fallbacks and zero-usage retries included).
    pub attempts: u32,
    /// Each move along the fallback chain, in order.
    pub fell_back: Vec<FellBack>,
}

/// One move along the fallback chain: `from` failed with the error code `error`, `to` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FellBack {
    pub from: String,
    pub to: String,
    pub error: String,
}

/// Whether a failure moves on to the next model in the chain: account and model problems, a
/// self-correctable tool-argument error, and transient errors that are not about the request's
/// size (a bigger context does not fit a fallback better).
pub fn is_fallback_eligible(code: ErrorCode) -> bool {
    match code {
        ErrorCode::Auth
        | ErrorCode::Billing
        | ErrorCode::ModelNotFound
        | ErrorCode::InvalidToolArguments
        | ErrorCode::RateLimit
        | ErrorCode::Overloaded
        | ErrorCode::ServerError
        | ErrorCode::Network
        | ErrorCode::Timeout
        | ErrorCode::StreamIdle
        | ErrorCode::EmptyResponse
        | ErrorCode::Config => true,
        ErrorCode::PromptTooLong
        | ErrorCode::RequestTooLarge
        | ErrorCode::InvalidRequest
        | ErrorCode::ContentFilter
        | ErrorCode::OutputTruncated
        | ErrorCode::Cancelled
        | ErrorCode::UnsupportedModality => false,
    }
}

/// How one attempt is made.
#[derive(Debug, Clone, Copy)]
struct AttemptMode {
    /// The last candidate of the chain: it may retry transient errors itself.
    is_last: bool,
    /// Stream the reply (the agent's turn) or ask for it whole (background calls).
    streaming: bool,
}

enum Attempt {
    Done(ModelResponse),
    /// Failed; `true` when content had already been passed on.
    Failed(ModelError, bool),
}

/// The tokens and price of one call's failed attempts.
#[derive(Default)]
struct Spent {
    usage: Usage,
    cost_usd: Option<f64>,
    unpriced: bool,
    fell_back: Vec<FellBack>,
}

impl Spent {
    fn add(&mut self, usage: &Usage, cost: Option<f64>) {
        if usage.is_zero() {
            return;
        }
        self.usage.add(usage);
        match cost {
            Some(c) => self.cost_usd = Some(self.cost_usd.unwrap_or(0.0) + c),
            None => self.unpriced = true,
        }
    }

    /// `cost` plus the failed attempts' price.
    fn total(&self, cost: Option<f64>) -> Option<f64> {
        if self.unpriced {
            return None;
        }
        cost.map(|c| c + self.cost_usd.unwrap_or(0.0))
    }

    /// The call failed with `error`: it carries every failed attempt's tokens.
    fn failed(&self, mut error: ModelError, model: ModelRef, attempts: u32) -> Executed {
        error.usage = self.usage;
        Executed {
            result: Err(error),
            model,
            cost_usd: if self.unpriced {
                None
            } else {
                Some(self.cost_usd.unwrap_or(0.0))
            },
            attempts,
            fell_back: self.fell_back.clone(),
        }
    }
}

impl Router {
    /// Streams `request` (its `model` is replaced per attempt) and passes events to `on_event`;
    /// see the module doc. `cancel` stops the call; the result is then a `cancelled` error.
    pub async fn execute(
        &self,
        decision: &Decision,
        request: &ModelRequest,
        call: &CallContext,
        cancel: &CancellationToken,
        on_event: &mut (dyn FnMut(&ModelEvent) + Send),
    ) -> Executed {
        self.run_chain(decision, request, call, cancel, on_event, true)
            .await
    }

    /// The fallback chain behind [`Router::execute`] (streaming) and [`Router::complete`] (not).
    async fn run_chain(
        &self,
        decision: &Decision,
        request: &ModelRequest,
        call: &CallContext,
        cancel: &CancellationToken,
        on_event: &mut (dyn FnMut(&ModelEvent) + Send),
        streaming: bool,
    ) -> Executed {
        let first = decision.model_ref();
        let mut models = vec![first.clone()];
        if self.settings.enabled {
            models.extend(self.settings.chain(decision.scenario.as_str(), &first));
        }
        let budget = RetryBudget::default();
        let zero_max = self.settings.zero_usage_attempts.unwrap_or(1);
        let session = call.session.as_deref();
        let events = self.router_dir.join("events.jsonl");
        let mut attempts = 0;
        let mut last_error = None;
        let mut last_model = first.clone();
        let mut spent = Spent::default();
        for (i, model) in models.iter().enumerate() {
            let is_last = i + 1 == models.len();
            if i > 0 && !is_last && self.is_open(&model.provider).await {
                ledger::append(
                    &events,
                    &RouterEvent::CircuitSkip {
                        at: chrono::Utc::now(),
                        session,
                        model: model.to_string(),
                    },
                );
                continue;
            }
            if budget.remaining() == 0 {
                break;
            }
            last_model = model.clone();
            let mut zero_attempt = 1;
            let error = loop {
                attempts += 1;
                let started = Instant::now();
                let outcome = self
                    .attempt(
                        model,
                        request,
                        AttemptMode { is_last, streaming },
                        &budget,
                        cancel,
                        on_event,
                    )
                    .await;
                let (usage, outcome_code) = match &outcome {
                    Attempt::Done(r) => (r.usage, "ok".to_owned()),
                    Attempt::Failed(e, _) => (e.usage, e.code.to_string()),
                };
                // Failed attempts' tokens are paid for: carried into the call's result below.
                if let Attempt::Failed(..) = &outcome {
                    spent.add(&usage, self.cost(model, &usage));
                }
                self.record_stats(StatsRecord {
                    at: chrono::Utc::now(),
                    session: call.session.clone(),
                    turn: call.turn,
                    role: call.role,
                    tier: decision.tier.clone(),
                    provider: model.provider.clone(),
                    model: model.model.clone(),
                    usage,
                    cost_usd: self.cost(model, &usage),
                    baseline_cost_usd: self.baseline_cost(&usage),
                    latency_ms: started.elapsed().as_millis() as u64,
                    outcome: outcome_code,
                    entry: call.entry.clone(),
                    project: call.project.clone(),
                });
                match outcome {
                    Attempt::Done(response) => {
                        self.record_health(&model.provider, true).await;
                        // Only the conversation's own calls tell what the provider has cached for
                        // it; a title or summary call has a different prompt.
                        if call.role == super::CallRole::Main {
                            self.remember_usage(session, &response).await;
                        }
                        let cost_usd = self.cost(model, &response.usage);
                        let mut response = response;
                        response.usage.add(&spent.usage);
                        return Executed {
                            cost_usd: spent.total(cost_usd),
                            result: Ok(response),
                            model: model.clone(),
                            attempts,
                            fell_back: std::mem::take(&mut spent.fell_back),
                        };
                    }
                    Attempt::Failed(e, streamed) => {
                        if e.code != ErrorCode::Cancelled {
                            self.record_health(&model.provider, false).await;
                        }
                        if streamed || e.code == ErrorCode::Cancelled {
                            return spent.failed(e, model.clone(), attempts);
                        }
                        if e.code == ErrorCode::EmptyResponse
                            && zero_attempt < zero_max
                            && budget.remaining() > 0
                        {
                            zero_attempt += 1;
                            ledger::append(
                                &events,
                                &RouterEvent::ZeroUsageRetry {
                                    at: chrono::Utc::now(),
                                    session,
                                    model: model.to_string(),
                                    attempt: zero_attempt,
                                },
                            );
                            continue;
                        }
                        break e;
                    }
                }
            };
            let eligible = is_fallback_eligible(error.code);
            let next = models.get(i + 1);
            if let (true, Some(next)) = (eligible, next) {
                tracing::info!(from = %model, to = %next, code = %error.code, "router fallback");
                spent.fell_back.push(FellBack {
                    from: model.to_string(),
                    to: next.to_string(),
                    error: error.code.to_string(),
                });
                ledger::append(
                    &events,
                    &RouterEvent::Fallback {
                        at: chrono::Utc::now(),
                        session,
                        from: model.to_string(),
                        to: next.to_string(),
                        error: error.code.to_string(),
                    },
                );
                last_error = Some(error);
                continue;
            }
            return spent.failed(error, model.clone(), attempts);
        }
        let error = last_error
            .or_else(|| budget.last_error())
            .unwrap_or_else(|| {
                ModelError::new(
                    ErrorCode::Network,
                    &last_model.provider,
                    &last_model.model,
                    format!("the retry budget of {} requests is spent", budget.limit()),
                )
            });
        spent.failed(error, last_model, attempts)
    }

    /// A whole reply for a background call (titles, compaction, memory) without classification:
    /// `model` (else the default model), then `fallback.default`, with the same accounting.
    pub async fn complete(
        &self,
        model: Option<&ModelRef>,
        request: &ModelRequest,
        call: &CallContext,
        cancel: &CancellationToken,
    ) -> Executed {
        let model = model.unwrap_or(&self.settings.default_model);
        let decision =
            Decision::fixed(model, super::decide::Scenario::Default, "a background call");
        self.run_chain(&decision, request, call, cancel, &mut |_| {}, false)
            .await
    }

    /// One attempt on `model`; holds events back until the first content event.
    async fn attempt(
        &self,
        model: &ModelRef,
        request: &ModelRequest,
        mode: AttemptMode,
        budget: &RetryBudget,
        cancel: &CancellationToken,
        on_event: &mut (dyn FnMut(&ModelEvent) + Send),
    ) -> Attempt {
        let AttemptMode { is_last, streaming } = mode;
        let mut provider = match self.provider(model) {
            Ok(p) => p,
            Err(e) => return Attempt::Failed(e, false),
        };
        if !is_last {
            // The next candidate is the retry; retrying here would multiply requests.
            provider.retry.stream_max_retries = 0;
            provider.retry.request_max_retries = 0;
        }
        let mut request = request.clone();
        request.model = model.clone();
        let options = CallOptions {
            budget: budget.clone(),
            cancel: cancel.clone(),
        };
        let client = match self.client() {
            Ok(c) => c,
            Err(e) => return Attempt::Failed(e, false),
        };
        if !streaming {
            return match client.complete(&provider, &request, options).await {
                Ok(response) => Attempt::Done(response),
                Err(e) => Attempt::Failed(e, false),
            };
        }
        let mut stream = client.stream(&provider, &request, options);
        let mut pending: Vec<ModelEvent> = Vec::new();
        let mut assembler = Assembler::new();
        let mut streamed = false;
        // The usage reported so far: a cancelled attempt still counts it.
        let mut seen = crate::model::Usage::default();
        loop {
            let event = tokio::select! {
                event = stream.next() => event,
                () = cancel.cancelled() => {
                    let mut error = ModelError::new(ErrorCode::Cancelled, &model.provider, &model.model, "");
                    error.usage = seen;
                    return Attempt::Failed(error, streamed);
                }
            };
            let Some(event) = event else { break };
            if let ModelEvent::Usage { usage } = &event {
                seen = *usage;
            }
            if let ModelEvent::Error { error } = &event {
                return Attempt::Failed(error.clone(), streamed);
            }
            if !streamed && !event.is_content() {
                pending.push(event);
                continue;
            }
            if !streamed {
                streamed = true;
                for held in pending.drain(..) {
                    on_event(&held);
                    assembler.push(&held);
                }
            }
            on_event(&event);
            assembler.push(&event);
        }
        for held in pending.drain(..) {
            on_event(&held);
            assembler.push(&held);
        }
        match assembler.finish() {
            Ok(r) => Attempt::Done(r),
            Err(e) => Attempt::Failed(e, streamed),
        }
    }

    async fn is_open(&self, provider: &str) -> bool {
        let provider = provider.to_owned();
        self.with_store(move |s| s.health(&provider))
            .await
            .is_ok_and(|h| h.is_open)
    }

    async fn record_health(&self, provider: &str, ok: bool) {
        let provider = provider.to_owned();
        if let Err(e) = self
            .with_store(move |s| s.record_health(&provider, ok))
            .await
        {
            tracing::warn!(error = %e, "cannot record provider health");
        }
    }

    async fn remember_usage(&self, session: Option<&str>, response: &ModelResponse) {
        let Some(session) = session.map(str::to_owned) else {
            return;
        };
        let usage = response.usage;
        if let Err(e) = self
            .with_store(move |s| s.set_usage(&session, &usage))
            .await
        {
            tracing::warn!(error = %e, "cannot record the session's usage");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eligibility_table() {
        let eligible = [
            ErrorCode::Auth,
            ErrorCode::Billing,
            ErrorCode::ModelNotFound,
            ErrorCode::InvalidToolArguments,
            ErrorCode::RateLimit,
            ErrorCode::Overloaded,
            ErrorCode::ServerError,
            ErrorCode::Network,
            ErrorCode::Timeout,
            ErrorCode::StreamIdle,
            ErrorCode::EmptyResponse,
            ErrorCode::Config,
        ];
        let not = [
            ErrorCode::PromptTooLong,
            ErrorCode::RequestTooLarge,
            ErrorCode::InvalidRequest,
            ErrorCode::ContentFilter,
            ErrorCode::Cancelled,
            ErrorCode::UnsupportedModality,
        ];
        for code in eligible {
            assert!(is_fallback_eligible(code), "{code}");
        }
        for code in not {
            assert!(!is_fallback_eligible(code), "{code}");
        }
    }
}
