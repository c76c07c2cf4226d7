//! The embedding model (`memory.embedding: provider/model`): texts to vectors over HTTP, for
//! recall's semantic stage ([`super::semantic`]) and the vector cache ([`super::vectors`]).
//!
//! The provider comes from `model.providers` like any model; the wire is chosen from it as the chat
//! clients choose theirs: the provider `ollama` is spoken to with Ollama's own `POST /api/embed`
//! (at the host, beside its OpenAI-compatible `/v1`), every other OpenAI-protocol (or Google)
//! provider with the OpenAI-compatible `POST …/embeddings`. Anthropic has no embedding API. A
//! failure is a [`Problem`] with a reason, never an error of the caller: recall falls back to stage
//! 1 and writes go on without vectors. Vectors come back scaled to unit length.

use serde::Serialize;
use serde_json::{Value, json};

use super::select::error_chain;
use super::space::Memory;
use crate::config::{ModelRef, Protocol};
use crate::model::ResolvedProvider;

/// Texts sent in one request, at most.
pub(super) const BATCH: usize = 64;

/// Characters of a response body quoted in a problem.
const QUOTED_CHARS: usize = 300;

/// Why embedding did not give vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// No reply before the recall's deadline.
    Timeout,
    /// The model cannot be resolved, the request failed, or the server answered 4xx/5xx.
    Error,
    /// The reply was not one vector per text.
    Invalid,
    /// The query's vector and the notes' vectors differ in length (the model changed).
    Dimensions,
    /// No note has a vector yet (`memory reindex --embeddings` computes them).
    NoVectors,
}

/// A failed embedding step: the reason and what happened.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Problem {
    pub reason: Reason,
    pub text: String,
}

impl Problem {
    pub(super) fn new(reason: Reason, text: impl Into<String>) -> Problem {
        Problem {
            reason,
            text: text.into(),
        }
    }
}

/// Which API the embedding provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wire {
    /// `POST …/embeddings`, `{"model", "input": [..]}` → `{"data": [{"index", "embedding"}]}`.
    OpenAi,
    /// `POST /api/embed`, `{"model", "input": [..]}` → `{"embeddings": [[..]]}`.
    Ollama,
}

/// A resolved embedding model. The process's HTTP client (whose first use loads the system's CA
/// certificates) is taken at the first call, so recall resolves the model before stage 1 and
/// pays for the client while stage 1 runs.
pub(super) struct Embedder {
    provider: ResolvedProvider,
    model: ModelRef,
    wire: Wire,
}

impl Embedder {
    /// The configured embedding model; `Ok(None)` when `memory.embedding` is not set.
    pub(super) fn resolve(memory: &Memory) -> Result<Option<Embedder>, Problem> {
        let Some(text) = memory.settings.embedding.as_deref() else {
            return Ok(None);
        };
        let error = |text: String| Problem::new(Reason::Error, text);
        let (model, provider_config) = memory
            .config
            .resolve_model(text)
            .map_err(|e| error(format!("memory.embedding: {e}")))?;
        let provider = ResolvedProvider::resolve(&model.provider, provider_config)
            .map_err(|e| error(e.to_string()))?;
        let wire = match provider.protocol {
            Protocol::Anthropic => {
                return Err(error(format!(
                    "memory.embedding: provider `{}` speaks the Anthropic API, which has no embeddings; use an OpenAI-compatible or Ollama provider",
                    provider.id
                )));
            }
            _ if provider.id == "ollama" => Wire::Ollama,
            Protocol::OpenAi | Protocol::OpenAiResponses | Protocol::Google => Wire::OpenAi,
        };
        Ok(Some(Embedder {
            provider,
            model,
            wire,
        }))
    }

    /// The model as `provider/model`: the key vectors are cached under.
    pub(super) fn name(&self) -> String {
        self.model.to_string()
    }

    /// One unit-length vector per text, in order (at most [`BATCH`] texts). Bounded by the
    /// provider's `timeoutMs`; callers bound it further.
    pub(super) async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, Problem> {
        let body = json!({"model": self.model.model, "input": texts});
        let mut last = Problem::new(Reason::Error, "no endpoint to call");
        for url in self.endpoints() {
            match self.post(&url, &body).await {
                Ok(reply) => return vectors(self.wire, &reply, texts.len()),
                // A bare host is tried as `<host>/v1/embeddings`, then `<host>/embeddings`.
                Err((Some(404 | 405), problem)) => last = problem,
                Err((_, problem)) => return Err(problem),
            }
        }
        Err(last)
    }

    fn endpoints(&self) -> Vec<String> {
        match self.wire {
            Wire::OpenAi => self.provider.endpoints("embeddings"),
            Wire::Ollama => {
                let base = self.provider.base_url.trim_end_matches('/');
                let host = base.strip_suffix("/v1").unwrap_or(base);
                let host = host.strip_suffix("/api").unwrap_or(host);
                vec![format!("{host}/api/embed")]
            }
        }
    }

    /// Posts `body`; an error carries the HTTP status when there was one.
    async fn post(&self, url: &str, body: &Value) -> Result<Value, (Option<u16>, Problem)> {
        let error = |status, text: String| (status, Problem::new(Reason::Error, text));
        let http = crate::model::http_client_for(url).map_err(|e| error(None, e.to_string()))?;
        let mut request = http.post(url).timeout(self.provider.timeout).json(body);
        match self.provider.api_key() {
            Ok(Some(key)) => request = request.bearer_auth(key),
            Ok(None) => {}
            Err(e) => return Err(error(None, e.to_string())),
        }
        for (name, value) in &self.provider.headers {
            request = request.header(name, value);
        }
        let response = request.send().await.map_err(|e| {
            let text = format!("{url}: {}", error_chain(&e));
            error(None, text)
        })?;
        let status = response.status();
        let text = response
            .text()
            .await
            .map_err(|e| error(Some(status.as_u16()), format!("{url}: {}", error_chain(&e))))?;
        if !status.is_success() {
            let said = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|v| {
                    let e = &v["error"];
                    e["message"].as_str().or(e.as_str()).map(str::to_owned)
                })
                .unwrap_or(text);
            let said: String = said.chars().take(QUOTED_CHARS).collect();
            return Err(error(
                Some(status.as_u16()),
                format!("{} answered {status}: {said}", self.provider.id),
            ));
        }
        serde_json::from_str(&text).map_err(|e| {
            let problem = Problem::new(Reason::Invalid, format!("the reply is not JSON ({e})"));
            (Some(status.as_u16()), problem)
        })
    }
}

/// The vectors of a reply, checked: one per text, all of one non-zero length, scaled to unit
/// length.
fn vectors(wire: Wire, reply: &Value, count: usize) -> Result<Vec<Vec<f32>>, Problem> {
    let invalid = |text: &str| Problem::new(Reason::Invalid, text);
    let raw: Vec<&Value> = match wire {
        Wire::OpenAi => {
            let data = reply["data"]
                .as_array()
                .ok_or_else(|| invalid("the reply has no `data` array"))?;
            let mut items: Vec<(u64, &Value)> = data
                .iter()
                .enumerate()
                .map(|(i, d)| (d["index"].as_u64().unwrap_or(i as u64), &d["embedding"]))
                .collect();
            items.sort_by_key(|(i, _)| *i);
            items.into_iter().map(|(_, v)| v).collect()
        }
        Wire::Ollama => reply["embeddings"]
            .as_array()
            .ok_or_else(|| invalid("the reply has no `embeddings` array"))?
            .iter()
            .collect(),
    };
    if raw.len() != count {
        return Err(invalid(&format!(
            "the reply has {} vectors for {count} texts",
            raw.len()
        )));
    }
    let mut out = Vec::with_capacity(count);
    for v in raw {
        let numbers = v
            .as_array()
            .ok_or_else(|| invalid("a vector is not an array of numbers"))?;
        let mut vector: Vec<f32> = numbers
            .iter()
            .map(|n| n.as_f64().map(|f| f as f32))
            .collect::<Option<_>>()
            .ok_or_else(|| invalid("a vector is not an array of numbers"))?;
        if !normalize(&mut vector) {
            return Err(invalid("a vector is empty or zero"));
        }
        if out
            .first()
            .is_some_and(|f: &Vec<f32>| f.len() != vector.len())
        {
            return Err(invalid("the vectors differ in length"));
        }
        out.push(vector);
    }
    Ok(out)
}

/// Scales `v` to unit length; `false` when it is empty, zero or not finite.
fn normalize(v: &mut [f32]) -> bool {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if v.is_empty() || !norm.is_finite() || norm == 0.0 {
        return false;
    }
    v.iter_mut().for_each(|x| *x /= norm);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_checked_and_scaled() {
        let openai = json!({"data": [
            {"index": 1, "embedding": [0.0, 2.0]},
            {"index": 0, "embedding": [3.0, 4.0]}
        ]});
        let v = vectors(Wire::OpenAi, &openai, 2).unwrap();
        assert_eq!(v, vec![vec![0.6, 0.8], vec![0.0, 1.0]]);
        let ollama = json!({"embeddings": [[1.0, 0.0]]});
        assert_eq!(
            vectors(Wire::Ollama, &ollama, 1).unwrap(),
            vec![vec![1.0, 0.0]]
        );
        let bad = |reply: Value, n| vectors(Wire::Ollama, &reply, n).unwrap_err().reason;
        assert_eq!(bad(json!({"embeddings": [[1.0]]}), 2), Reason::Invalid);
        assert_eq!(bad(json!({"embeddings": [[0.0, 0.0]]}), 1), Reason::Invalid);
        assert_eq!(
            bad(json!({"embeddings": [[1.0], [1.0, 0.0]]}), 2),
            Reason::Invalid
        );
        assert_eq!(bad(json!({"error": "x"}), 1), Reason::Invalid);
    }
}
