//! The mock's embedding endpoints: `POST …/embeddings` (OpenAI) and `POST /api/embed` (Ollama),
//! answered outside the script with deterministic vectors, in the request's wire format.
//!
//! A text's vector is a bag of its words hashed into [`Embeddings::dims`] buckets, each word first
//! mapped through the test's synonyms ([`crate::mock_model::MockModel::embed_synonyms`]): texts
//! that share words — or words the test declared synonyms — are close, others nearly orthogonal.
//! A test can make the endpoint fail with a status or stall, and counts the requests.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::reply::Reply;
use super::request::Request;

/// How the endpoint answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Vectors,
    /// An OpenAI-style error body with this status.
    Error(u16),
    /// No answer; the connection stays open until the mock is dropped.
    Stall,
}

/// The endpoint's settings and what it received.
#[derive(Debug)]
pub struct Embeddings {
    pub mode: Mode,
    pub dims: usize,
    /// word → the word it counts as.
    pub synonyms: HashMap<String, String>,
    pub requests: Vec<Request>,
}

impl Default for Embeddings {
    fn default() -> Embeddings {
        Embeddings {
            mode: Mode::Vectors,
            dims: 256,
            synonyms: HashMap::new(),
            requests: Vec::new(),
        }
    }
}

/// Whether `request` is for an embedding endpoint.
pub fn is_embedding(request: &Request) -> bool {
    request.path.ends_with("/embeddings") || request.path.ends_with("/api/embed")
}

/// The texts of an embedding request (`input` as a string or a list).
pub fn inputs(request: &Request) -> Vec<String> {
    match &request.body["input"] {
        Value::String(s) => vec![s.clone()],
        Value::Array(items) => items
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect(),
        _ => Vec::new(),
    }
}

/// The reply to `request`; `None` to stall.
pub fn reply(request: &Request, e: &Embeddings) -> Option<Reply> {
    let vectors: Vec<Vec<f32>> = inputs(request)
        .iter()
        .map(|t| vector(t, e.dims, &e.synonyms))
        .collect();
    let model = request.model().to_owned();
    match e.mode {
        Mode::Stall => None,
        Mode::Error(status) => Some(Reply::json(
            status,
            &json!({"error": {"message": "mock: embedding failed", "type": "server_error"}}),
        )),
        Mode::Vectors if request.path.ends_with("/api/embed") => Some(Reply::json(
            200,
            &json!({"model": model, "embeddings": vectors}),
        )),
        Mode::Vectors => {
            let data: Vec<Value> = vectors
                .into_iter()
                .enumerate()
                .map(|(i, v)| json!({"object": "embedding", "index": i, "embedding": v}))
                .collect();
            Some(Reply::json(
                200,
                &json!({"object": "list", "model": model, "data": data, "usage": {"prompt_tokens": 1, "total_tokens": 1}}),
            ))
        }
    }
}

const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "with", "are", "was", "were", "our", "you", "your", "that", "this",
    "what", "where", "when", "which", "who", "how", "does", "did", "has", "have", "from", "into",
    "its",
];

/// The (unnormalised) vector of `text`: one count per word (of 3+ letters, stop words left out)
/// in the bucket its hash picks, plus a small constant in the last bucket so no text is zero.
pub fn vector(text: &str, dims: usize, synonyms: &HashMap<String, String>) -> Vec<f32> {
    let mut v = vec![0.0f32; dims];
    v[dims - 1] = 0.01;
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() >= 3 && !STOP_WORDS.contains(&w.as_str()))
    {
        let word = synonyms.get(&word).cloned().unwrap_or(word);
        let hash = word.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        v[(hash % (dims as u64 - 1)) as usize] += 1.0;
    }
    v
}
