//! The one retry policy: when to try a failed call again, how long to wait, and how many HTTP
//! requests one logical request may cost in total.
//!
//! # The bound
//!
//! One `stream()` or `complete()` call makes at most **`1 + max_retries` HTTP requests** (defaults:
//! `streamMaxRetries` 2 and `requestMaxRetries` 2, so 3), plus **one** extra request when the base
//! URL has no version segment and the first endpoint candidate answers 404/405 (see
//! [`endpoint_candidates`](super::endpoint_candidates)). On top of that every request draws from a [`RetryBudget`] shared
//! by everything serving one logical request (the router's fallback chain included), and no request
//! is sent once it is empty: a logical request costs at most **`RetryBudget::limit()` HTTP requests
//! (default [`DEFAULT_BUDGET`] = 6)** however many fallbacks are configured.
//!
//! Only errors whose [`ErrorCode::is_retryable`](super::ErrorCode::is_retryable) is true are
//! retried, and **never once any content has been passed to the caller**: a stream that breaks after
//! its first text delta ends with an `error` event instead.
//!
//! Waiting: exponential backoff `base · 2^n · (1 + jitter · r)`, `r` uniform in `[0, 1)`, capped at
//! `maxDelayMs`; a provider's `Retry-After` (seconds, HTTP date, or `retry-after-ms`) replaces the
//! backoff when it is at most [`RETRY_AFTER_CAP`]; a longer one ends the retries at once, because
//! waiting minutes inside one call helps nobody.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use crate::config::RetryConfig;

use super::error::Error;

/// HTTP requests one logical request may make, across retries and fallbacks.
pub const DEFAULT_BUDGET: u32 = 6;
/// The longest `Retry-After` pilotdeck waits for inside one call.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(60);

/// Retry settings of one provider (`model.providers.<id>.retry`).
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt of a streaming call.
    pub stream_max_retries: u32,
    /// Retries after the first attempt of a non-streaming call.
    pub request_max_retries: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// Fraction of random extra delay, 0..=1.
    pub jitter: f64,
    /// Longest wait for the response head, and between two reads of a stream.
    pub stream_idle_timeout: Duration,
    /// Longest a whole stream may take; `None` = no limit.
    pub max_streaming_duration: Option<Duration>,
    /// A stream that repeats the same text chunk (longer than 2 characters) this many times in a
    /// row is stopped as looping.
    pub repeated_chunk_limit: u32,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy::from_config(&RetryConfig::default())
    }
}

impl RetryPolicy {
    pub fn from_config(config: &RetryConfig) -> RetryPolicy {
        RetryPolicy {
            stream_max_retries: config.stream_max_retries.unwrap_or(2),
            request_max_retries: config.request_max_retries.unwrap_or(2),
            base_delay: Duration::from_millis(config.base_delay_ms.unwrap_or(500)),
            max_delay: Duration::from_millis(config.max_delay_ms.unwrap_or(8_000)),
            jitter: config.jitter.unwrap_or(0.75).clamp(0.0, 1.0),
            stream_idle_timeout: Duration::from_millis(
                config.stream_idle_timeout_ms.unwrap_or(600_000),
            ),
            max_streaming_duration: config.max_streaming_duration_ms.map(Duration::from_millis),
            repeated_chunk_limit: config.repeated_chunk_limit.unwrap_or(100).max(2),
        }
    }

    /// Retries allowed after the first attempt.
    pub fn max_retries(&self, streaming: bool) -> u32 {
        if streaming {
            self.stream_max_retries
        } else {
            self.request_max_retries
        }
    }

    /// How long to wait before retry number `retry` (0-based) after `error`, or `None` when the
    /// error must not be retried (not retryable, or a `Retry-After` beyond [`RETRY_AFTER_CAP`]).
    pub fn delay(&self, retry: u32, error: &Error) -> Option<Duration> {
        self.delay_with(retry, error, rand::random::<f64>())
    }

    /// [`delay`](Self::delay) with the random factor `r` in `[0, 1)` given.
    pub fn delay_with(&self, retry: u32, error: &Error, r: f64) -> Option<Duration> {
        if !error.is_retryable() {
            return None;
        }
        if let Some(after) = error.retry_after() {
            return (after <= RETRY_AFTER_CAP).then_some(after);
        }
        let factor = 2f64.powi(i32::try_from(retry.min(30)).unwrap_or(30));
        let millis = self.base_delay.as_millis() as f64 * factor * (1.0 + self.jitter * r);
        Some(Duration::from_millis(millis as u64).min(self.max_delay))
    }
}

/// HTTP requests left for one logical request. Cloning shares the count: give the same budget to
/// every attempt and fallback that serves one request.
#[derive(Debug, Clone)]
pub struct RetryBudget {
    limit: u32,
    used: Arc<AtomicU32>,
    last_error: Arc<Mutex<Option<Error>>>,
}

impl Default for RetryBudget {
    fn default() -> RetryBudget {
        RetryBudget::new(DEFAULT_BUDGET)
    }
}

impl RetryBudget {
    /// A budget of `limit` HTTP requests (at least 1).
    pub fn new(limit: u32) -> RetryBudget {
        RetryBudget {
            limit: limit.max(1),
            used: Arc::new(AtomicU32::new(0)),
            last_error: Arc::new(Mutex::new(None)),
        }
    }

    /// Takes one request from the budget; false when it is spent.
    pub fn try_acquire(&self) -> bool {
        self.used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                (used < self.limit).then_some(used + 1)
            })
            .is_ok()
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Requests made so far.
    pub fn used(&self) -> u32 {
        self.used.load(Ordering::Acquire)
    }

    pub fn remaining(&self) -> u32 {
        self.limit.saturating_sub(self.used())
    }

    /// Remembers the latest failure, so a call refused for lack of budget can report it.
    pub fn record(&self, error: &Error) {
        *self
            .last_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(error.clone());
    }

    /// The latest failure recorded by any holder of this budget.
    pub fn last_error(&self) -> Option<Error> {
        self.last_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Parses `Retry-After` (delta seconds or an HTTP date, relative to `now`) or `retry-after-ms`.
pub fn parse_retry_after(
    retry_after: Option<&str>,
    retry_after_ms: Option<&str>,
    now: SystemTime,
) -> Option<Duration> {
    if let Some(ms) = retry_after_ms.and_then(|v| v.trim().parse::<f64>().ok())
        && ms.is_finite()
        && ms >= 0.0
    {
        return Some(Duration::from_millis(ms as u64));
    }
    let value = retry_after?.trim();
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::error::ErrorCode;

    fn err(code: ErrorCode) -> Error {
        Error::new(code, "p", "m", "")
    }

    #[test]
    fn backoff_grows_and_is_capped() {
        let policy = RetryPolicy::default();
        let e = err(ErrorCode::ServerError);
        assert_eq!(
            policy.delay_with(0, &e, 0.0),
            Some(Duration::from_millis(500))
        );
        assert_eq!(
            policy.delay_with(1, &e, 0.0),
            Some(Duration::from_millis(1000))
        );
        assert_eq!(
            policy.delay_with(1, &e, 1.0),
            Some(Duration::from_millis(1750))
        );
        assert_eq!(policy.delay_with(9, &e, 0.5), Some(Duration::from_secs(8)));
        assert_eq!(policy.delay_with(0, &err(ErrorCode::Auth), 0.0), None);
    }

    #[test]
    fn retry_after_wins_up_to_the_cap() {
        let policy = RetryPolicy::default();
        let mut e = err(ErrorCode::RateLimit);
        e.retry_after_ms = Some(30_000);
        assert_eq!(policy.delay_with(0, &e, 0.9), Some(Duration::from_secs(30)));
        e.retry_after_ms = Some(3_600_000);
        assert_eq!(policy.delay_with(0, &e, 0.9), None);
    }

    #[test]
    fn retry_after_header_forms() {
        let now = httpdate::parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        let d = |a, ms| parse_retry_after(a, ms, now);
        assert_eq!(d(Some("30"), None), Some(Duration::from_secs(30)));
        assert_eq!(d(Some("1.5"), None), Some(Duration::from_millis(1500)));
        assert_eq!(d(None, Some("250")), Some(Duration::from_millis(250)));
        assert_eq!(
            d(Some("Sun, 06 Nov 1994 08:49:47 GMT"), None),
            Some(Duration::from_secs(10))
        );
        assert_eq!(
            d(Some("Sun, 06 Nov 1994 08:00:00 GMT"), None),
            Some(Duration::ZERO)
        );
        assert_eq!(d(Some("soon"), None), None);
    }

    #[test]
    fn budget_is_shared_by_clones() {
        let budget = RetryBudget::new(2);
        let other = budget.clone();
        assert!(budget.try_acquire());
        assert!(other.try_acquire());
        assert!(!budget.try_acquire());
        assert_eq!(other.used(), 2);
        assert_eq!(budget.remaining(), 0);
    }
}
