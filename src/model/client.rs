//! [`ModelClient`]: the one HTTP client every provider call goes through, with the `stream()` and
//! `complete()` entry points. It owns transport, SSE framing, timeouts, retries (per
//! [`retry`](super::retry)) and cancellation; the wire formats only translate.
//!
//! A call runs as a task that sends events into a bounded channel as soon as each SSE event is
//! decoded, so the caller sees every chunk without added buffering. The task is aborted when the
//! [`ModelStream`] is dropped. Guarantees to the caller: at most one `message_start`; `usage` and
//! `message_end` exactly once at the end of a successful reply; otherwise exactly one final `error`,
//! whose `usage` holds the tokens the provider reported for the failed attempts (tokens of failed
//! attempts before a successful one are added to the reply's `usage`). Content already passed on is
//! never retried or repeated.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Instant, SystemTime};

use futures::{Stream, StreamExt};
use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue, RETRY_AFTER};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::AbortOnDropHandle;

use super::assemble::{Assembler, ModelResponse};
use super::error::{Error, ErrorCode, redact_secret};
use super::event::{ModelEvent, Usage};
use super::http;
use super::provider::ResolvedProvider;
use super::request::ModelRequest;
use super::retry::{RetryBudget, parse_retry_after};
use super::sse::{SseDecoder, SseEvent};
use super::wire::{Origin, StreamDecoder, Wire};

/// Events buffered between the call task and a slow consumer before the task waits.
const CHANNEL_CAPACITY: usize = 64;

/// Shared HTTP client for all providers. Cheap to clone.
#[derive(Debug, Clone)]
pub struct ModelClient {
    http: reqwest::Client,
}

/// Per-call options.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    /// Shared by every attempt and fallback of one logical request.
    pub budget: RetryBudget,
    /// Cancelling stops the call promptly: pending I/O and backoff waits are abandoned and the
    /// stream ends with a `cancelled` error.
    pub cancel: CancellationToken,
}

impl ModelClient {
    /// The client (installing the ring TLS provider if nobody did yet), built on first use.
    pub fn new() -> Result<ModelClient, Error> {
        Ok(ModelClient {
            http: http::shared()?,
        })
    }

    /// Starts building the shared client on a thread of its own, so that a command about to call a
    /// model overlaps the certificate loading with its own set-up; [`ModelClient::new`] then waits
    /// for it rather than building a second one.
    pub fn prewarm() {
        http::prewarm();
    }

    /// Streams a reply. Errors arrive as a final [`ModelEvent::Error`]; the stream then ends.
    pub fn stream(
        &self,
        provider: &ResolvedProvider,
        request: &ModelRequest,
        options: CallOptions,
    ) -> ModelStream {
        let (tx, rx) = mpsc::channel(CHANNEL_CAPACITY);
        let call = self.prepare(provider, request, options, true);
        let task = tokio::spawn(drive(call, tx));
        ModelStream {
            rx,
            _task: AbortOnDropHandle::new(task),
        }
    }

    /// Asks for a whole reply without streaming (judge, titles, summaries).
    pub async fn complete(
        &self,
        provider: &ResolvedProvider,
        request: &ModelRequest,
        options: CallOptions,
    ) -> Result<ModelResponse, Error> {
        let (tx, mut rx) = mpsc::channel(CHANNEL_CAPACITY);
        let call = self.prepare(provider, request, options, false);
        let collect = async {
            let mut assembler = Assembler::new();
            while let Some(event) = rx.recv().await {
                assembler.push(&event);
            }
            assembler
        };
        let ((), assembler) = tokio::join!(drive(call, tx), collect);
        assembler.finish()
    }

    fn prepare(
        &self,
        provider: &ResolvedProvider,
        request: &ModelRequest,
        options: CallOptions,
        streaming: bool,
    ) -> Call {
        let wire = Wire::for_protocol(provider.protocol);
        let info = provider.model_info(&request.model.model);
        let mut body = wire.body(&provider.id, request, &info, streaming);
        if let Some(object) = body.as_object_mut() {
            for (key, value) in &provider.extra_body {
                object.insert(key.clone(), value.clone());
            }
        }
        let invalid = (!info.supports_tools && !request.tools.is_empty()).then(|| {
            Error::new(
                ErrorCode::InvalidRequest,
                &provider.id,
                &request.model.model,
                format!(
                    "the model does not support tool use (if it does, set model.providers.{}.models.{}.capabilities.supportsToolUse: true)",
                    provider.id, request.model.model
                ),
            )
        });
        Call {
            invalid,
            http: self.http.clone(),
            provider: provider.clone(),
            wire,
            origin: Origin {
                provider: provider.id.clone(),
                model: request.model.model.clone(),
            },
            body,
            endpoints: provider.endpoints(wire.path()),
            streaming,
            options,
        }
    }
}

/// The events of one streamed call; see [`ModelClient::stream`]. Dropping it aborts the call.
#[derive(Debug)]
pub struct ModelStream {
    rx: mpsc::Receiver<ModelEvent>,
    _task: AbortOnDropHandle<()>,
}

impl ModelStream {
    /// Consumes the stream and assembles the reply.
    pub async fn assemble(mut self) -> Result<ModelResponse, Error> {
        let mut assembler = Assembler::new();
        while let Some(event) = self.rx.recv().await {
            assembler.push(&event);
        }
        assembler.finish()
    }
}

impl Stream for ModelStream {
    type Item = ModelEvent;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<ModelEvent>> {
        self.rx.poll_recv(cx)
    }
}

/// Everything one call needs, owned by its task.
struct Call {
    http: reqwest::Client,
    provider: ResolvedProvider,
    wire: Wire,
    origin: Origin,
    body: serde_json::Value,
    endpoints: Vec<String>,
    streaming: bool,
    options: CallOptions,
    /// Set when the request cannot work with this model; the call fails without a request.
    invalid: Option<Error>,
}

/// Why an attempt stopped.
enum Stop {
    Failed(Error),
    /// The consumer dropped the stream; nobody is listening.
    Closed,
}

impl From<Error> for Stop {
    fn from(error: Error) -> Stop {
        Stop::Failed(error)
    }
}

/// Passes events on, enforcing the guarantees in the module doc.
struct Forwarder {
    tx: mpsc::Sender<ModelEvent>,
    started: bool,
    content_sent: bool,
    usage: Option<Usage>,
    /// The usage last passed on.
    forwarded: Option<Usage>,
    /// Tokens of failed attempts before this one: added to the reply's usage, or to the final
    /// error's, so they are counted whatever happens.
    spent: Usage,
    /// The last text delta and how many times in a row it came.
    last_text: String,
    repeats: u32,
    repeat_limit: u32,
}

impl Forwarder {
    async fn send(&mut self, event: ModelEvent, origin: &Origin) -> Result<(), Stop> {
        let event = match event {
            ModelEvent::MessageStart { .. } if self.started => return Ok(()),
            ModelEvent::MessageStart { .. } => {
                self.started = true;
                event
            }
            // Held until content was passed on (an attempt without content may be retried
            // unseen), then passed on as it comes, so a call cancelled mid-answer still counts
            // what was reported; the final figure once more at the end if it changed.
            ModelEvent::Usage { usage } => {
                self.usage = Some(usage);
                return if self.content_sent {
                    self.forward_usage().await
                } else {
                    Ok(())
                };
            }
            ModelEvent::MessageEnd { .. } => {
                let usage = *self.usage.get_or_insert_with(Usage::default);
                if !self.content_sent && usage.output_tokens == 0 {
                    let mut error = origin.error(
                        ErrorCode::EmptyResponse,
                        "no content and zero output tokens",
                    );
                    error.usage = usage;
                    self.usage = None;
                    return Err(Stop::Failed(error));
                }
                self.forward_usage().await?;
                event
            }
            ModelEvent::TextDelta { ref text } => {
                if text.chars().nth(2).is_some() && *text == self.last_text {
                    self.repeats += 1;
                    if self.repeats >= self.repeat_limit {
                        return Err(Stop::Failed(origin.error(
                            ErrorCode::ServerError,
                            format!(
                                "the model sent the same chunk {} times in a row; stopped a looping reply",
                                self.repeats
                            ),
                        )));
                    }
                } else {
                    self.last_text.clone_from(text);
                    self.repeats = 1;
                }
                self.content_sent = true;
                event
            }
            other => {
                self.content_sent |= other.is_content();
                other
            }
        };
        if event.is_content() && self.forwarded.is_none() {
            self.forward_usage().await?;
        }
        self.tx.send(event).await.map_err(|_| Stop::Closed)
    }

    /// Passes on the usage reported so far (failed attempts' included), unless already sent.
    async fn forward_usage(&mut self) -> Result<(), Stop> {
        let Some(mut usage) = self.usage else {
            return Ok(());
        };
        usage.add(&self.spent);
        if self.forwarded == Some(usage) {
            return Ok(());
        }
        self.forwarded = Some(usage);
        self.tx
            .send(ModelEvent::Usage { usage })
            .await
            .map_err(|_| Stop::Closed)
    }

    async fn send_all(
        &mut self,
        events: &mut Vec<ModelEvent>,
        origin: &Origin,
    ) -> Result<(), Stop> {
        for event in events.drain(..) {
            self.send(event, origin).await?;
        }
        Ok(())
    }

    async fn fail(&mut self, mut error: Error) {
        error.usage.add(&self.spent);
        // Nobody may be listening any more; nothing else to do then.
        let _ = self.tx.send(ModelEvent::Error { error }).await;
    }
}

/// Runs attempts until one succeeds, the retry policy gives up, or the budget is spent.
async fn drive(call: Call, tx: mpsc::Sender<ModelEvent>) {
    let mut out = Forwarder {
        tx,
        started: false,
        content_sent: false,
        usage: None,
        forwarded: None,
        spent: Usage::default(),
        last_text: String::new(),
        repeats: 0,
        repeat_limit: call.provider.retry.repeated_chunk_limit,
    };
    let policy = &call.provider.retry;
    let budget = &call.options.budget;
    let cancel = &call.options.cancel;
    let max_retries = policy.max_retries(call.streaming);
    if let Some(error) = call.invalid.clone() {
        out.fail(error).await;
        return;
    }
    let mut retry = 0;
    let mut endpoint = 0;
    loop {
        if cancel.is_cancelled() {
            out.fail(call.cancelled()).await;
            return;
        }
        if !budget.try_acquire() {
            let error = budget.last_error().unwrap_or_else(|| {
                call.origin.error(
                    ErrorCode::Network,
                    format!("the retry budget of {} requests is spent", budget.limit()),
                )
            });
            out.fail(error).await;
            return;
        }
        let url = call.endpoints.get(endpoint).map_or("", String::as_str);
        tracing::debug!(provider = %call.provider.id, url, retry, "model request");
        let error = match call.attempt(url, &mut out).await {
            Ok(()) | Err(Stop::Closed) => return,
            Err(Stop::Failed(error)) => error,
        };
        // Counted once: into `spent` now, and from there into the reply or the final error.
        let mut error = error;
        out.spent.add(&std::mem::take(&mut error.usage));
        out.usage = None;
        budget.record(&error);
        tracing::debug!(provider = %call.provider.id, code = %error.code, status = ?error.status, "model request failed");
        if out.content_sent || error.code == ErrorCode::Cancelled {
            out.fail(error).await;
            return;
        }
        if matches!(error.status, Some(404 | 405)) && endpoint + 1 < call.endpoints.len() {
            endpoint += 1;
            continue;
        }
        let delay = (retry < max_retries)
            .then(|| policy.delay(retry, &error))
            .flatten();
        let Some(delay) = delay else {
            out.fail(error).await;
            return;
        };
        tokio::select! {
            () = cancel.cancelled() => {
                out.fail(call.cancelled()).await;
                return;
            }
            () = tokio::time::sleep(delay) => {}
        }
        retry += 1;
    }
}

impl Call {
    fn cancelled(&self) -> Error {
        self.origin.error(ErrorCode::Cancelled, "")
    }

    fn headers(&self) -> Result<HeaderMap, Error> {
        let key = self.provider.api_key().map_err(|mut e| {
            e.model.clone_from(&self.origin.model);
            e
        })?;
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let configured = self
            .provider
            .headers
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()));
        let protocol = self.wire.headers(key.as_deref()).into_iter();
        for (name, value) in protocol.chain(configured) {
            let bad = |what: &str| {
                self.origin.error(
                    ErrorCode::Config,
                    format!("header `{name}` has an invalid {what}"),
                )
            };
            let header = HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad("name"))?;
            let mut value = HeaderValue::from_str(&value).map_err(|_| bad("value"))?;
            value.set_sensitive(matches!(name, "authorization" | "x-api-key"));
            headers.insert(header, value);
        }
        Ok(headers)
    }

    /// Waits for `future` unless the call is cancelled first.
    async fn or_cancel<T>(&self, future: impl Future<Output = T>) -> Result<T, Stop> {
        tokio::select! {
            biased;
            () = self.options.cancel.cancelled() => Err(Stop::Failed(self.cancelled())),
            value = future => Ok(value),
        }
    }

    async fn attempt(&self, url: &str, out: &mut Forwarder) -> Result<(), Stop> {
        let headers = self.headers()?;
        let transport = |e: reqwest::Error| {
            Stop::Failed(Error::from_transport(
                &self.origin.provider,
                &self.origin.model,
                &e,
            ))
        };
        let mut request = self.http.post(url).headers(headers).json(&self.body);
        let idle = self.provider.retry.stream_idle_timeout;
        let response = if self.streaming {
            let send = tokio::time::timeout(idle, request.send());
            match self.or_cancel(send).await? {
                Ok(result) => result.map_err(transport)?,
                Err(_) => return Err(self.idle_error(idle).into()),
            }
        } else {
            request = request.timeout(self.provider.timeout);
            self.or_cancel(request.send()).await?.map_err(transport)?
        };
        let status = response.status();
        if !status.is_success() {
            let header = |name| {
                response
                    .headers()
                    .get(name)
                    .and_then(|v: &HeaderValue| v.to_str().ok())
                    .map(str::to_owned)
            };
            let retry_after = parse_retry_after(
                header(RETRY_AFTER).as_deref(),
                header(HeaderName::from_static("retry-after-ms")).as_deref(),
                SystemTime::now(),
            );
            let read = tokio::time::timeout(idle, response.text());
            let body = match self.or_cancel(read).await? {
                Ok(Ok(body)) => body,
                Ok(Err(_)) | Err(_) => String::new(),
            };
            let mut error = Error::from_http(
                &self.origin.provider,
                &self.origin.model,
                status.as_u16(),
                retry_after,
                &body,
            );
            if error.code == ErrorCode::Auth {
                error.key_env = self.provider.key_env().map(str::to_owned);
            }
            // Providers and proxies echo a rejected key in their message; it must not reach the
            // user's terminal, the transcript or a log.
            if let Ok(Some(key)) = self.provider.api_key() {
                error.context.detail = redact_secret(&error.detail, &key);
            }
            return Err(error.into());
        }
        if !self.streaming {
            let body = self.or_cancel(response.bytes()).await?.map_err(transport)?;
            let value: serde_json::Value = serde_json::from_slice(&body).map_err(|e| {
                self.origin.error(
                    ErrorCode::ServerError,
                    format!(
                        "the reply is not JSON ({e}): {}",
                        String::from_utf8_lossy(&body)
                    ),
                )
            })?;
            let mut events = self.wire.parse_response(&self.origin, &value)?;
            return out.send_all(&mut events, &self.origin).await;
        }
        self.read_stream(response, out).await
    }

    /// Reads one streamed reply; a failure carries the usage the stream reported before it.
    async fn read_stream(
        &self,
        response: reqwest::Response,
        out: &mut Forwarder,
    ) -> Result<(), Stop> {
        let mut decoder = self.wire.decoder(self.origin.clone());
        match self.read_into(response, &mut *decoder, out).await {
            // The tokens the stream reported before it failed are paid for all the same.
            Err(Stop::Failed(mut error)) => {
                if error.usage.is_zero() {
                    error.usage = decoder.usage();
                }
                Err(Stop::Failed(error))
            }
            other => other,
        }
    }

    async fn read_into(
        &self,
        response: reqwest::Response,
        decoder: &mut dyn StreamDecoder,
        out: &mut Forwarder,
    ) -> Result<(), Stop> {
        let idle = self.provider.retry.stream_idle_timeout;
        let deadline = self
            .provider
            .retry
            .max_streaming_duration
            .map(|d| Instant::now() + d);
        let mut bytes = response.bytes_stream();
        let mut sse = SseDecoder::new();
        let mut frames: Vec<SseEvent> = Vec::new();
        let mut events: Vec<ModelEvent> = Vec::new();
        'read: loop {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(self
                    .origin
                    .error(
                        ErrorCode::Timeout,
                        "the stream exceeded retry.maxStreamingDurationMs",
                    )
                    .into());
            }
            let next = self
                .or_cancel(tokio::time::timeout(idle, bytes.next()))
                .await?;
            match next {
                Err(_) => return Err(self.idle_error(idle).into()),
                Ok(None) => {
                    sse.finish(&mut frames);
                    break 'read;
                }
                Ok(Some(Err(e))) => {
                    return Err(Error::from_transport(
                        &self.origin.provider,
                        &self.origin.model,
                        &e,
                    )
                    .into());
                }
                Ok(Some(Ok(chunk))) => sse.push(&chunk, &mut frames),
            }
            if self.decode(decoder, &mut frames, &mut events, out).await? {
                break 'read;
            }
        }
        self.decode(decoder, &mut frames, &mut events, out).await?;
        decoder.finish(&mut events)?;
        out.send_all(&mut events, &self.origin).await
    }

    /// Translates and forwards decoded frames; true once the terminal event was seen.
    async fn decode(
        &self,
        decoder: &mut dyn StreamDecoder,
        frames: &mut Vec<SseEvent>,
        events: &mut Vec<ModelEvent>,
        out: &mut Forwarder,
    ) -> Result<bool, Stop> {
        for frame in frames.drain(..) {
            if decoder.is_done() {
                continue;
            }
            decoder.on_event(&frame, events)?;
            out.send_all(events, &self.origin).await?;
        }
        Ok(decoder.is_done())
    }

    fn idle_error(&self, idle: std::time::Duration) -> Error {
        self.origin.error(
            ErrorCode::StreamIdle,
            format!("nothing received for {} ms", idle.as_millis()),
        )
    }
}
