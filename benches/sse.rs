//! SSE decode throughput and per-chunk latency between the socket and the model event.
//!
//! `cargo bench --bench sse` (release). Three numbers:
//! 1. SSE framing alone (`SseDecoder`), in MB/s, over recorded-shape OpenAI chunks fed 16 KiB at a time;
//! 2. end-to-end throughput through `ModelClient::stream` from a local server writing as fast as it
//!    can (HTTP + SSE + JSON + channel), in MB/s and chunks/s;
//! 3. latency per chunk: the server writes one chunk every 2 ms stamped with the time it was written;
//!    the consumer measures when the matching `text_delta` arrives. p50/p99/max in µs. This includes
//!    the kernel's loopback path, so it is an upper bound on what pilotdeck adds.
#![expect(clippy::print_stdout, reason = "a benchmark reports on stdout")]

use std::error::Error;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use futures::StreamExt;
use pilotdeck::config::{ModelRef, Protocol, ProviderConfig};
use pilotdeck::model::sse::SseDecoder;
use pilotdeck::model::{
    CallOptions, Message, ModelClient, ModelEvent, ModelRequest, ResolvedProvider,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

type Res<T> = Result<T, Box<dyn Error>>;

static EPOCH: OnceLock<Instant> = OnceLock::new();

fn now_ns() -> u128 {
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos()
}

fn chunk(text: &str) -> String {
    format!(
        "data: {{\"id\":\"chatcmpl-ABfw3Oqj8RD0z6aJiiX37oTjV2HFh\",\"object\":\"chat.completion.chunk\",\"created\":1727346171,\"model\":\"gpt-4o-2024-08-06\",\"system_fingerprint\":\"fp_7568d46099\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"{text}\"}},\"logprobs\":null,\"finish_reason\":null}}]}}\n\n"
    )
}

fn tail() -> String {
    let finish = "data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";
    let usage = "data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[],\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":10,\"total_tokens\":20}}\n\n";
    format!("{finish}{usage}data: [DONE]\n\n")
}

fn bench_framing(chunks: usize) {
    let body: String = (0..chunks).map(|i| chunk(&format!("token {i} "))).collect();
    let bytes = body.as_bytes();
    let mut events = Vec::with_capacity(1024);
    let rounds = 5;
    let start = Instant::now();
    let mut count = 0;
    for _ in 0..rounds {
        let mut decoder = SseDecoder::new();
        for piece in bytes.chunks(16 * 1024) {
            decoder.push(piece, &mut events);
            count += events.len();
            events.clear();
        }
        decoder.finish(&mut events);
        count += events.len();
        events.clear();
    }
    let secs = start.elapsed().as_secs_f64();
    let mb = (bytes.len() * rounds) as f64 / 1e6;
    println!(
        "sse framing:        {:8.1} MB/s  ({count} events, {:.0} ns/event)",
        mb / secs,
        secs * 1e9 / count as f64
    );
}

/// Serves one request: writes `frames` (each as its own HTTP chunk), pacing them by `gap` and
/// stamping `{T}` in each with the write time.
async fn serve_once(listener: TcpListener, frames: Vec<String>, gap: Option<Duration>) -> Res<()> {
    let (mut socket, _) = listener.accept().await?;
    socket.set_nodelay(true)?;
    let mut buf = vec![0u8; 65536];
    let mut seen = Vec::new();
    loop {
        let n = socket.read(&mut buf).await?;
        seen.extend_from_slice(&buf[..n]);
        if let Some(head) = seen.windows(4).position(|w| w == b"\r\n\r\n") {
            let head_text = String::from_utf8_lossy(&seen[..head]).to_ascii_lowercase();
            let length: usize = head_text
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0);
            if seen.len() >= head + 4 + length {
                break;
            }
        }
        if n == 0 {
            return Ok(());
        }
    }
    socket
        .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n")
        .await?;
    for frame in frames {
        if let Some(gap) = gap {
            tokio::time::sleep(gap).await;
        }
        let frame = frame.replace("{T}", &now_ns().to_string());
        socket
            .write_all(format!("{:x}\r\n{frame}\r\n", frame.len()).as_bytes())
            .await?;
        if gap.is_some() {
            socket.flush().await?;
        }
    }
    socket.write_all(b"0\r\n\r\n").await?;
    socket.flush().await?;
    Ok(())
}

async fn start(frames: Vec<String>, gap: Option<Duration>) -> Res<ResolvedProvider> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        if let Err(e) = serve_once(listener, frames, gap).await {
            println!("server error: {e}");
        }
    });
    let config = ProviderConfig {
        protocol: Some(Protocol::OpenAi),
        url: Some(format!("http://{addr}/v1")),
        api_key: Some("sk-bench".into()),
        ..ProviderConfig::default()
    };
    Ok(ResolvedProvider::resolve("bench", &config)?)
}

fn request() -> Res<ModelRequest> {
    let model = ModelRef::parse("bench/gpt-4o").ok_or("model ref")?;
    Ok(ModelRequest::new(model, vec![Message::user("go")]))
}

async fn bench_end_to_end(client: &ModelClient, chunks: usize) -> Res<()> {
    let mut frames: Vec<String> = (0..chunks).map(|i| chunk(&format!("token {i} "))).collect();
    frames.push(tail());
    let bytes: usize = frames.iter().map(String::len).sum();
    let provider = start(frames, None).await?;
    let started = Instant::now();
    let mut deltas = 0usize;
    let mut stream = client.stream(&provider, &request()?, CallOptions::default());
    while let Some(event) = stream.next().await {
        match event {
            ModelEvent::TextDelta { .. } => deltas += 1,
            ModelEvent::Error { error } => return Err(error.into()),
            _ => {}
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "end to end:         {:8.1} MB/s  ({deltas} text deltas, {:.0} chunks/s, {:.1} µs/chunk)",
        bytes as f64 / 1e6 / secs,
        deltas as f64 / secs,
        secs * 1e6 / deltas as f64
    );
    Ok(())
}

async fn bench_latency(client: &ModelClient, chunks: usize) -> Res<()> {
    let mut frames: Vec<String> = (0..chunks).map(|_| chunk("{T}")).collect();
    frames.push(tail());
    let provider = start(frames, Some(Duration::from_millis(2))).await?;
    let mut latencies: Vec<u128> = Vec::with_capacity(chunks);
    let mut stream = client.stream(&provider, &request()?, CallOptions::default());
    while let Some(event) = stream.next().await {
        match event {
            ModelEvent::TextDelta { text } => {
                let sent: u128 = text.parse()?;
                latencies.push(now_ns().saturating_sub(sent));
            }
            ModelEvent::Error { error } => return Err(error.into()),
            _ => {}
        }
    }
    latencies.sort_unstable();
    let pick = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    println!(
        "socket → event:     p50 {:6.1} µs  p99 {:6.1} µs  max {:6.1} µs  ({} chunks, 2 ms apart)",
        pick(0.5),
        pick(0.99),
        pick(1.0),
        latencies.len()
    );
    Ok(())
}

#[tokio::main]
async fn main() -> Res<()> {
    now_ns();
    bench_framing(50_000);
    let client = ModelClient::new()?;
    // Warm up the connection machinery once.
    bench_end_to_end(&client, 1_000).await?;
    bench_end_to_end(&client, 50_000).await?;
    bench_latency(&client, 1_000).await?;
    Ok(())
}
