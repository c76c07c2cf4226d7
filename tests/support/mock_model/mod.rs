//! An in-process mock LLM server speaking the real OpenAI Chat Completions, Anthropic Messages and
//! OpenAI Responses wire formats, streaming and not.
//!
//! ```ignore
//! let mock = MockModel::start().await;
//! mock.mount(openai::stream(&Turn::new().text("hi")), 1);   // expected request count
//! mock.mount(error_429(Some(2)), 2);
//! // point a provider's `url` at mock.base_url() (`http://127.0.0.1:PORT/v1`)
//! let request = &mock.requests()[0];
//! assert_eq!(request.model(), "gpt-4o");
//! ```
//!
//! Replies are served in mount order, each mount exactly its declared number of times; a request
//! beyond the script gets a 500 and is reported. On drop (or [`MockModel::verify`]) the mock asserts
//! that every mount was used exactly as declared and that every request kept the tool pairing
//! invariant (each tool call answered by exactly one result, in order).
//!
//! The server runs on its own thread and runtime ([`MockModel::spawn`]), so tests that block (running
//! the real binary) or use any tokio flavour work alike.
//!
//! Embedding requests are answered apart, with deterministic vectors ([`embeddings`]).
//!
//! It is a plain tokio `TcpListener` speaking HTTP/1.1 (not wiremock) so a reply can stop mid-stream:
//! [`Reply::disconnect_after`] drops the socket inside a chunked body, [`Reply::stall_after`] keeps it
//! open and silent until the mock is dropped. Each SSE frame is written and flushed separately with
//! `TCP_NODELAY`, as a real server streams.
#![allow(
    dead_code,
    unreachable_pub,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test support: not every test uses every helper, and failing loudly is the point"
)]

pub mod anthropic;
pub mod embeddings;
pub mod openai;
mod reply;
mod request;
pub mod responses;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

#[allow(unused_imports, reason = "re-exported for tests that need them")]
pub use reply::{End, Finish, Part, Reply, Turn};
pub use request::Request;

/// The mock server; see the module doc.
pub struct MockModel {
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    arrived: Arc<Notify>,
    shutdown: CancellationToken,
    thread: Option<std::thread::JoinHandle<()>>,
}

struct Mount {
    reply: Reply,
    expected: usize,
    served: usize,
    /// `expected` is an upper bound rather than an exact count ([`MockModel::mount_at_most`]).
    at_most: bool,
}

struct State {
    mounts: VecDeque<Mount>,
    done: Vec<Mount>,
    requests: Vec<Request>,
    /// The title every session-title request gets, outside the script ([`MockModel::answer_titles`];
    /// "A title" unless [`MockModel::script_titles`] puts them back in the script).
    title: Option<String>,
    title_requests: Vec<Request>,
    /// Replies for session-title requests in script mode ([`MockModel::push_title`]).
    titles: VecDeque<Reply>,
    problems: Vec<String>,
    /// Set by `expect_problems`: the drop check is skipped.
    checked: bool,
    /// The embedding endpoints, answered outside the script.
    embeddings: embeddings::Embeddings,
}

impl Default for State {
    fn default() -> State {
        State {
            mounts: VecDeque::new(),
            done: Vec::new(),
            requests: Vec::new(),
            title: Some("A title".to_owned()),
            title_requests: Vec::new(),
            titles: VecDeque::new(),
            problems: Vec::new(),
            checked: false,
            embeddings: embeddings::Embeddings::default(),
        }
    }
}

impl MockModel {
    /// Starts a server on a free localhost port (from async tests).
    pub async fn start() -> MockModel {
        MockModel::spawn()
    }

    /// Starts a server on a free localhost port. It runs on its own thread and runtime, so a test
    /// may block its own thread (running the `pilotdeck` binary with `assert_cmd`, say) while the
    /// mock answers; works from plain `#[test]` functions too.
    pub fn spawn() -> MockModel {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let arrived = Arc::new(Notify::new());
        let shutdown = CancellationToken::new();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let server = serve(listener, state.clone(), arrived.clone(), shutdown.clone());
        let thread = std::thread::Builder::new()
            .name(format!("mock-model-{}", addr.port()))
            .spawn(move || runtime.block_on(server))
            .unwrap();
        MockModel {
            addr,
            state,
            arrived,
            shutdown,
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:PORT/v1`: what a provider's `url` should be.
    pub fn base_url(&self) -> String {
        format!("http://{}/v1", self.addr)
    }

    /// `http://127.0.0.1:PORT`, without a version segment.
    pub fn host_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A `pilotdeck.yaml` whose agent model is this mock (`mock/gpt-4.1`, OpenAI protocol); tests
    /// append what else they need.
    pub fn agent_config(&self) -> String {
        format!(
            "agent:\n  model: mock/gpt-4.1\nmodel:\n  providers:\n    mock:\n      protocol: openai\n      url: {}\n      apiKey: test-key\n      models:\n        gpt-4.1: {{}}\n",
            self.base_url()
        )
    }

    /// Serves `reply` to exactly the next `times` requests (after earlier mounts are used up).
    pub fn mount(&self, reply: Reply, times: usize) {
        self.push_mount(reply, times, false);
    }

    /// Serves `reply` to up to `times` requests: for work whose amount the test cannot know in
    /// advance (it counts the requests afterwards). Must be the last mount.
    pub fn mount_at_most(&self, reply: Reply, times: usize) {
        self.push_mount(reply, times, true);
    }

    fn push_mount(&self, reply: Reply, times: usize, at_most: bool) {
        let mut state = self.state.lock().unwrap();
        state.mounts.push_back(Mount {
            reply,
            expected: times,
            served: 0,
            at_most,
        });
    }

    /// Serves `reply` to exactly one request.
    pub fn push(&self, reply: Reply) {
        self.mount(reply, 1);
    }

    /// Answers every session-title request (the non-streaming call pilotdeck makes after a
    /// session's first completed turn) with `title`, in the request's wire format and outside the
    /// scripted order: for tests about something else. Those requests are kept apart, in
    /// [`MockModel::title_requests`], not in [`MockModel::requests`].
    pub fn answer_titles(&self, title: &str) {
        self.state.lock().unwrap().title = Some(title.to_owned());
    }

    /// Session-title requests take their reply from the script, in order, and count in
    /// [`MockModel::requests`] — for tests about titles. By default they are answered apart.
    pub fn script_titles(&self) {
        self.state.lock().unwrap().title = None;
    }

    /// Scripts the reply to the next session-title request (implies [`MockModel::script_titles`]).
    /// Title requests go out alongside a turn's model calls, so they take their replies from this
    /// queue, in order, rather than from the main script; they still count in
    /// [`MockModel::requests`], in arrival order.
    pub fn push_title(&self, reply: Reply) {
        let mut state = self.state.lock().unwrap();
        state.title = None;
        state.titles.push_back(reply);
    }

    /// The session-title requests answered by [`MockModel::answer_titles`].
    pub fn title_requests(&self) -> Vec<Request> {
        self.state.lock().unwrap().title_requests.clone()
    }

    /// Embedding requests (`…/embeddings`, `/api/embed`) get deterministic vectors outside the
    /// script (see [`embeddings`]); `pairs` of (word, word it counts as) make words that share no
    /// letters close, e.g. `("automobile", "car")`.
    pub fn embed_synonyms(&self, pairs: &[(&str, &str)]) {
        let mut state = self.state.lock().unwrap();
        for (word, meaning) in pairs {
            let synonyms = &mut state.embeddings.synonyms;
            synonyms.insert((*word).to_owned(), (*meaning).to_owned());
        }
    }

    /// Embedding requests answer `status` with an error body from now on.
    pub fn embed_fail(&self, status: u16) {
        self.state.lock().unwrap().embeddings.mode = embeddings::Mode::Error(status);
    }

    /// Embedding requests get no answer from now on (the connection stays open).
    pub fn embed_stall(&self) {
        self.state.lock().unwrap().embeddings.mode = embeddings::Mode::Stall;
    }

    /// Embedding requests get vectors again, of `dims` dimensions (256 by default).
    pub fn embed_vectors(&self, dims: usize) {
        let mut state = self.state.lock().unwrap();
        state.embeddings.mode = embeddings::Mode::Vectors;
        state.embeddings.dims = dims;
    }

    /// The embedding requests received so far (not in [`MockModel::requests`]).
    pub fn embedding_requests(&self) -> Vec<Request> {
        self.state.lock().unwrap().embeddings.requests.clone()
    }

    /// Every request received so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.state.lock().unwrap().requests.clone()
    }

    /// The only request received; panics unless there was exactly one.
    #[track_caller]
    pub fn single_request(&self) -> Request {
        let requests = self.requests();
        assert_eq!(requests.len(), 1, "expected exactly one request");
        requests.into_iter().next().unwrap()
    }

    /// Waits until at least `n` requests arrived (no sleeping, no timing).
    pub async fn wait_for_requests(&self, n: usize) {
        loop {
            let notified = self.arrived.notified();
            if self.state.lock().unwrap().requests.len() >= n {
                return;
            }
            notified.await;
        }
    }

    /// Returns the problems and turns the drop check off: for tests of failure reporting itself.
    pub fn expect_problems(&self) -> Vec<String> {
        let problems = self.problems();
        self.state.lock().unwrap().checked = true;
        problems
    }

    /// Lets stalled replies end (their sockets close).
    pub fn release_stalls(&self) {
        self.shutdown.cancel();
    }

    /// Panics unless every mount served exactly its expected count and no request broke an
    /// invariant.
    #[track_caller]
    pub fn verify(&self) {
        let problems = self.problems();
        assert!(problems.is_empty(), "mock model: {}", problems.join("; "));
    }

    /// What `verify` would complain about, without panicking.
    pub fn problems(&self) -> Vec<String> {
        let state = self.state.lock().unwrap();
        let mut problems = state.problems.clone();
        if !state.titles.is_empty() {
            problems.push(format!(
                "{} title reply(s) never requested",
                state.titles.len()
            ));
        }
        for (i, mount) in state.done.iter().chain(state.mounts.iter()).enumerate() {
            if mount.served > mount.expected || (!mount.at_most && mount.served != mount.expected) {
                problems.push(format!(
                    "mount #{i} ({}) expected {} request(s), got {}",
                    mount.reply.describe(),
                    mount.expected,
                    mount.served
                ));
            }
        }
        problems
    }
}

impl Drop for MockModel {
    fn drop(&mut self) {
        self.shutdown.cancel();
        if let Some(thread) = self.thread.take() {
            // The server loop ends on `shutdown`, and dropping its runtime ends every connection.
            let _ = thread.join();
        }
        let checked = self.state.lock().map(|s| s.checked).unwrap_or(true);
        if !std::thread::panicking() && !checked {
            let problems = self.problems();
            assert!(problems.is_empty(), "mock model: {}", problems.join("; "));
        }
    }
}

/// A 429 with an OpenAI-style body and, if given, `Retry-After: <seconds>`.
pub fn error_429(retry_after: Option<u64>) -> Reply {
    let reply = openai::error(
        429,
        "requests",
        "rate_limit_exceeded",
        "Rate limit reached for requests",
    );
    match retry_after {
        Some(secs) => reply.header("retry-after", &secs.to_string()),
        None => reply,
    }
}

/// A 401 with OpenAI's real invalid-key body.
pub fn error_401() -> Reply {
    openai::error(
        401,
        "invalid_request_error",
        "invalid_api_key",
        "Incorrect API key provided: sk-wrong****-key. You can find your API key at https://platform.openai.com/account/api-keys.",
    )
}

/// A 500 with an OpenAI-style server error body.
pub fn error_500() -> Reply {
    openai::error(
        500,
        "server_error",
        "server_error",
        "The server had an error while processing your request. Sorry about that!",
    )
}

/// Anthropic's real 529 overloaded body.
pub fn error_529() -> Reply {
    Reply::json_text(
        529,
        r#"{"type":"error","error":{"details":null,"type":"overloaded_error","message":"Overloaded"}}"#,
    )
}

async fn serve(
    listener: std::net::TcpListener,
    state: Arc<Mutex<State>>,
    arrived: Arc<Notify>,
    shutdown: CancellationToken,
) {
    let listener = TcpListener::from_std(listener).unwrap();
    let mut connections = tokio::task::JoinSet::new();
    loop {
        let accepted = tokio::select! {
            () = shutdown.cancelled() => return,
            accepted = listener.accept() => accepted,
        };
        let Ok((socket, _)) = accepted else {
            continue;
        };
        let state = state.clone();
        let arrived = arrived.clone();
        let shutdown = shutdown.clone();
        connections.spawn(async move {
            let _ = handle(socket, state, arrived, shutdown).await;
        });
        // Reap finished connections so the set does not grow without bound.
        while connections.try_join_next().is_some() {}
    }
}

async fn handle(
    mut socket: TcpStream,
    state: Arc<Mutex<State>>,
    arrived: Arc<Notify>,
    shutdown: CancellationToken,
) -> std::io::Result<()> {
    socket.set_nodelay(true)?;
    let Some(request) = read_request(&mut socket).await? else {
        return Ok(());
    };
    if embeddings::is_embedding(&request) {
        let reply = {
            let mut state = state.lock().unwrap();
            let reply = embeddings::reply(&request, &state.embeddings);
            state.embeddings.requests.push(request);
            reply
        };
        arrived.notify_waiters();
        return match reply {
            Some(reply) => reply.write(&mut socket, &shutdown).await,
            None => {
                shutdown.cancelled().await;
                Ok(())
            }
        };
    }
    let title_reply = {
        let mut state = state.lock().unwrap();
        let title = state.title.clone().filter(|_| request.is_title_request());
        title.map(|title| {
            state.title_requests.push(request.clone());
            let turn = Turn::new().text(&title).usage(10, 3);
            match request.format() {
                request::Format::Anthropic => anthropic::json(&turn),
                request::Format::Responses => responses::json(&turn),
                request::Format::OpenAi | request::Format::Unknown => openai::json(&turn),
            }
        })
    };
    if let Some(reply) = title_reply {
        arrived.notify_waiters();
        return reply.write(&mut socket, &shutdown).await;
    }
    let reply = {
        let mut state = state.lock().unwrap();
        if let Err(problem) = request.check_tool_pairing() {
            let n = state.requests.len();
            state.problems.push(format!("request #{n}: {problem}"));
        }
        let scripted_title = if request.is_title_request() {
            state.titles.pop_front()
        } else {
            None
        };
        state.requests.push(request);
        let reply = scripted_title.or_else(|| {
            loop {
                match state.mounts.front_mut() {
                    Some(mount) if mount.served < mount.expected => {
                        mount.served += 1;
                        break Some(mount.reply.clone());
                    }
                    Some(_) => {
                        let used = state.mounts.pop_front().unwrap();
                        state.done.push(used);
                    }
                    None => break None,
                }
            }
        });
        if reply.is_none() {
            let n = state.requests.len();
            state
                .problems
                .push(format!("request #{} arrived with no reply scripted", n - 1));
        }
        reply
    };
    arrived.notify_waiters();
    let reply = reply.unwrap_or_else(|| {
        Reply::json_text(
            500,
            r#"{"error":{"message":"mock: no reply scripted","type":"server_error"}}"#,
        )
    });
    reply.write(&mut socket, &shutdown).await
}

async fn read_request(socket: &mut TcpStream) -> std::io::Result<Option<Request>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = socket.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_owned();
    let path = first.next().unwrap_or_default().to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = socket.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = &buf[head_end..(head_end + length).min(buf.len())];
    let body = serde_json::from_slice(body).unwrap_or(serde_json::Value::Null);
    Ok(Some(Request::new(method, path, headers, body)))
}
