//! Scripted replies ([`Reply`]) and the format-neutral description of an assistant turn ([`Turn`])
//! that the per-format modules render into real wire chunks.

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio_util::sync::CancellationToken;

/// How a streamed reply ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The terminating zero-length chunk: a clean end of the HTTP body.
    Complete,
    /// The socket is closed inside the chunked body (a broken connection).
    Disconnect,
    /// The socket stays open and silent until the mock is dropped.
    Stall,
}

#[derive(Debug, Clone)]
enum Body {
    Json(String),
    Sse { frames: Vec<String>, end: End },
}

/// One scripted HTTP response.
#[derive(Debug, Clone)]
pub struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Body,
    /// Nothing is written until this is cancelled (see [`Reply::held_until`]).
    gate: Option<CancellationToken>,
    /// After this many frames, nothing more is written until the token is cancelled (see
    /// [`Reply::paused_after`]).
    pause: Option<(usize, CancellationToken)>,
}

impl Reply {
    /// A JSON response.
    pub fn json(status: u16, body: &serde_json::Value) -> Reply {
        Reply::json_text(status, &body.to_string())
    }

    /// A response whose body is `body` verbatim, as `application/json`.
    pub fn json_text(status: u16, body: &str) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: Body::Json(body.to_owned()),
            gate: None,
            pause: None,
        }
    }

    /// A 200 `text/event-stream` response; each frame (`"event: x\ndata: {...}\n\n"`) is written
    /// and flushed as its own HTTP chunk.
    pub fn sse(frames: Vec<String>) -> Reply {
        Reply {
            status: 200,
            headers: Vec::new(),
            body: Body::Sse {
                frames,
                end: End::Complete,
            },
            gate: None,
            pause: None,
        }
    }

    /// A 200 stream made of a recorded `.sse` file's bytes, split at blank lines.
    pub fn sse_text(text: &str) -> Reply {
        let frames = text.split_inclusive("\n\n").map(str::to_owned).collect();
        Reply::sse(frames)
    }

    pub fn header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Holds the whole reply back (the request stays open, nothing is sent) until `gate` is
    /// cancelled, then sends it as usual: lets a test act while a model call is in flight.
    pub fn held_until(mut self, gate: &CancellationToken) -> Reply {
        self.gate = Some(gate.clone());
        self
    }

    /// Sends the first `n` frames, then waits until `gate` is cancelled before the rest: a model
    /// call that has started answering and is still in flight.
    pub fn paused_after(mut self, n: usize, gate: &CancellationToken) -> Reply {
        self.pause = Some((n, gate.clone()));
        self
    }

    /// Sends only the first `n` frames, then drops the connection.
    pub fn disconnect_after(self, n: usize) -> Reply {
        self.cut(n, End::Disconnect)
    }

    /// Sends only the first `n` frames, then goes silent with the connection open.
    pub fn stall_after(self, n: usize) -> Reply {
        self.cut(n, End::Stall)
    }

    /// Replaces frame `at` with one whose data is not JSON.
    pub fn malformed_at(mut self, at: usize) -> Reply {
        if let Body::Sse { frames, .. } = &mut self.body {
            frames[at] =
                "data: {\"id\":\"chatcmpl-broken\",\"choices\":[{\"delta\":\n\n".to_owned();
        }
        self
    }

    /// The frames of a streamed reply (to inspect or rearrange).
    pub fn frames(&self) -> &[String] {
        match &self.body {
            Body::Sse { frames, .. } => frames,
            Body::Json(_) => &[],
        }
    }

    fn cut(mut self, n: usize, new_end: End) -> Reply {
        if let Body::Sse { frames, end } = &mut self.body {
            frames.truncate(n);
            *end = new_end;
        }
        self
    }

    pub(super) fn describe(&self) -> String {
        match &self.body {
            Body::Json(text) => format!("{} json {:.60}", self.status, text),
            Body::Sse { frames, end } => {
                format!("{} sse {} frames {end:?}", self.status, frames.len())
            }
        }
    }

    pub(super) async fn write(
        &self,
        socket: &mut TcpStream,
        shutdown: &CancellationToken,
    ) -> std::io::Result<()> {
        if let Some(gate) = &self.gate {
            tokio::select! {
                () = gate.cancelled() => {}
                () = shutdown.cancelled() => return Ok(()),
            }
        }
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("connection: close\r\n");
        match &self.body {
            Body::Json(text) => {
                head.push_str(&format!(
                    "content-type: application/json\r\ncontent-length: {}\r\n\r\n",
                    text.len()
                ));
                socket.write_all(head.as_bytes()).await?;
                socket.write_all(text.as_bytes()).await?;
                socket.flush().await?;
                socket.shutdown().await
            }
            Body::Sse { frames, end } => {
                head.push_str("content-type: text/event-stream\r\ncache-control: no-cache\r\ntransfer-encoding: chunked\r\n\r\n");
                socket.write_all(head.as_bytes()).await?;
                socket.flush().await?;
                for (i, frame) in frames.iter().enumerate() {
                    if let Some((_, gate)) = self.pause.as_ref().filter(|(n, _)| *n == i) {
                        tokio::select! {
                            () = gate.cancelled() => {}
                            () = shutdown.cancelled() => return Ok(()),
                        }
                    }
                    let chunk = format!("{:x}\r\n{frame}\r\n", frame.len());
                    socket.write_all(chunk.as_bytes()).await?;
                    socket.flush().await?;
                }
                match end {
                    End::Complete => {
                        socket.write_all(b"0\r\n\r\n").await?;
                        socket.flush().await?;
                        socket.shutdown().await
                    }
                    // Dropping the socket mid-body: the client sees an incomplete chunked body.
                    End::Disconnect => Ok(()),
                    End::Stall => {
                        shutdown.cancelled().await;
                        Ok(())
                    }
                }
            }
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        529 => "Overloaded",
        _ => "Status",
    }
}

/// Why the scripted turn stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    Stop,
    Length,
    ToolCalls,
    ContentFilter,
}

/// One piece of a scripted assistant turn.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Text(String),
    Thinking {
        text: String,
        signature: String,
    },
    /// `arguments` is the raw JSON text, streamed in small pieces split anywhere.
    ToolCall {
        id: String,
        name: String,
        arguments: String,
    },
}

/// A format-neutral assistant turn; render it with `openai::stream`, `anthropic::json`, ….
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    pub parts: Vec<Part>,
    /// `None`: `tool_calls` when the turn has tool calls, else `stop`.
    pub finish: Option<Finish>,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_tokens: u64,
    pub cache_write_tokens: u64,
    pub model: String,
    /// Bytes per streamed text/argument piece.
    pub piece: usize,
}

impl Default for Turn {
    fn default() -> Turn {
        Turn {
            parts: Vec::new(),
            finish: None,
            input_tokens: 12,
            output_tokens: 7,
            cache_read_tokens: 0,
            cache_write_tokens: 0,
            model: "mock-model".to_owned(),
            piece: 3,
        }
    }
}

impl Turn {
    pub fn new() -> Turn {
        Turn::default()
    }

    /// A turn with no content and zero usage: what a broken provider sometimes returns.
    pub fn empty() -> Turn {
        Turn {
            input_tokens: 0,
            output_tokens: 0,
            ..Turn::default()
        }
    }

    pub fn text(mut self, text: &str) -> Turn {
        self.parts.push(Part::Text(text.to_owned()));
        self
    }

    pub fn thinking(mut self, text: &str, signature: &str) -> Turn {
        self.parts.push(Part::Thinking {
            text: text.to_owned(),
            signature: signature.to_owned(),
        });
        self
    }

    pub fn tool_call(mut self, id: &str, name: &str, arguments: &str) -> Turn {
        self.parts.push(Part::ToolCall {
            id: id.to_owned(),
            name: name.to_owned(),
            arguments: arguments.to_owned(),
        });
        self
    }

    pub fn finish(mut self, finish: Finish) -> Turn {
        self.finish = Some(finish);
        self
    }

    pub fn usage(mut self, input: u64, output: u64) -> Turn {
        self.input_tokens = input;
        self.output_tokens = output;
        self
    }

    pub fn cache(mut self, read: u64, write: u64) -> Turn {
        self.cache_read_tokens = read;
        self.cache_write_tokens = write;
        self
    }

    pub fn model(mut self, model: &str) -> Turn {
        model.clone_into(&mut self.model);
        self
    }

    pub fn finish_reason(&self) -> Finish {
        self.finish.unwrap_or_else(|| {
            if self
                .parts
                .iter()
                .any(|p| matches!(p, Part::ToolCall { .. }))
            {
                Finish::ToolCalls
            } else {
                Finish::Stop
            }
        })
    }

    /// `text` split into pieces of about `self.piece` bytes, at char boundaries.
    pub fn pieces<'a>(&self, text: &'a str) -> Vec<&'a str> {
        let mut out = Vec::new();
        let mut start = 0;
        while start < text.len() {
            let mut end = (start + self.piece.max(1)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            out.push(&text[start..end]);
            start = end;
        }
        out
    }
}

/// One SSE frame: optional `event:` line, one `data:` line, blank line.
pub fn frame(event: Option<&str>, data: &serde_json::Value) -> String {
    match event {
        Some(event) => format!("event: {event}\ndata: {data}\n\n"),
        None => format!("data: {data}\n\n"),
    }
}
