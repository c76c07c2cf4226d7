//! MCP resources: what a server offers under `resources/list` and what `resources/read` returns,
//! cleaned like everything else a server sends. Used by `mcp resources`, `mcp read` and the agent's
//! `read_mcp_resource` tool ([`super::bridge`]).

use serde::Serialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::client::Connection;
use super::{Error, sanitize};

/// One resource a server lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RemoteResource {
    pub uri: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
}

/// One part of a read resource: its text, or the size of its binary data (not shown).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResourceContent {
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Bytes of binary (`blob`) data, which is not shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blob_bytes: Option<usize>,
}

impl ResourceContent {
    /// The content as text for a terminal or the model.
    pub fn as_text(&self) -> String {
        match (&self.text, self.blob_bytes) {
            (Some(text), _) => text.clone(),
            (None, Some(n)) => format!(
                "[{} binary, {n} bytes not shown]",
                self.mime_type.as_deref().unwrap_or("data")
            ),
            (None, None) => String::new(),
        }
    }
}

impl Connection {
    /// True when the server declared the resources capability.
    pub fn offers_resources(&self) -> bool {
        self.service()
            .peer_info()
            .is_some_and(|info| info.capabilities.resources.is_some())
    }

    /// `resources/list`, every page.
    pub async fn resources(&self) -> Result<Vec<RemoteResource>, Error> {
        if !self.offers_resources() {
            return Err(Error::NoResources {
                server: self.name.clone(),
            });
        }
        let request = self.bounded("resources/list", async {
            (self.service().list_all_resources().await)
                .map_err(|e| self.service_error("resources/list", &e))
        });
        let listed = self.put_back(
            "resources/list",
            self.guarded(&CancellationToken::new(), request).await,
        )??;
        Ok(listed
            .into_iter()
            .map(|r| {
                let value = sanitize::clean_value(serde_json::to_value(&r).unwrap_or(Value::Null));
                let text = |k: &str| value.get(k).and_then(Value::as_str).map(str::to_owned);
                RemoteResource {
                    uri: text("uri").unwrap_or_default(),
                    name: text("name").unwrap_or_default(),
                    description: text("description").map(|d| sanitize::description(&d)),
                    mime_type: text("mimeType"),
                }
            })
            .collect())
    }

    /// `resources/read` of `uri`, bounded by `callTimeoutMs` and `cancel`.
    pub async fn read_resource(
        &self,
        uri: &str,
        cancel: &CancellationToken,
    ) -> Result<Vec<ResourceContent>, Error> {
        if !self.offers_resources() {
            return Err(Error::NoResources {
                server: self.name.clone(),
            });
        }
        let params = rmcp::model::ReadResourceRequestParams::new(uri.to_owned());
        let timeout = self.entry().config.call_timeout();
        let failed = |message: String| Error::Service {
            server: self.name.clone(),
            action: "resources/read",
            message,
        };
        let request = async {
            tokio::select! {
                r = tokio::time::timeout(timeout, self.service().read_resource(params)) => Some(r),
                () = cancel.cancelled() => None,
            }
        };
        let answered = self.put_back("resources/read", self.guarded(cancel, request).await)?;
        let Some(result) = answered else {
            return Err(failed("cancelled".to_owned()));
        };
        let result = match result {
            Err(_) => {
                return Err(failed(format!(
                    "no answer within {} ms (callTimeoutMs)",
                    timeout.as_millis()
                )));
            }
            Ok(Err(e)) => return Err(self.service_error(&format!("resources/read {uri}"), &e)),
            Ok(Ok(result)) => result,
        };
        let value = sanitize::clean_value(serde_json::to_value(&result).unwrap_or(Value::Null));
        Ok(contents(&value))
    }

    /// What a guarded request ([`Connection::guarded`]) answered, or an error when it was not made
    /// or the server changed protected paths meanwhile (put back, and named: a resource request
    /// writes nothing).
    fn put_back<T>(
        &self,
        action: &'static str,
        guarded: Result<(T, Vec<crate::tools::sandbox::denial::Denial>), String>,
    ) -> Result<T, Error> {
        let failed = |message: String| Error::Service {
            server: self.name.clone(),
            action,
            message,
        };
        let (answer, denials) = guarded.map_err(failed)?;
        match super::guard::changed_paths(&denials) {
            None => Ok(answer),
            Some(named) => Err(failed(named)),
        }
    }
}

/// The `contents` of a `ReadResourceResult` (as JSON).
fn contents(result: &Value) -> Vec<ResourceContent> {
    result
        .get("contents")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| {
            let text = |k: &str| c.get(k).and_then(Value::as_str).map(str::to_owned);
            ResourceContent {
                uri: text("uri").unwrap_or_default(),
                mime_type: text("mimeType"),
                text: text("text"),
                // base64: four characters carry three bytes.
                blob_bytes: c
                    .get("blob")
                    .and_then(Value::as_str)
                    .map(|b| b.trim_end_matches('=').len() * 3 / 4),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_blob_contents_are_kept_apart() {
        let read = contents(&serde_json::json!({"contents": [
            {"uri": "a://1", "mimeType": "text/plain", "text": "hello"},
            {"uri": "a://2", "mimeType": "image/png", "blob": "AAAA"}
        ]}));
        assert_eq!(read[0].as_text(), "hello");
        assert_eq!(read[1].blob_bytes, Some(3));
        assert_eq!(read[1].as_text(), "[image/png binary, 3 bytes not shown]");
    }
}
