//! The effective config as people see it: secrets redacted, each leaf with its source.

use serde_json::Value as Json;

use super::load::Loaded;

/// Key names whose values are secrets. Matched case-insensitively on the last path segment;
/// `…Tokens` counters are not secrets.
fn is_secret_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    [
        "apikey",
        "api_key",
        "authorization",
        "cookie",
        "secret",
        "password",
        "credential",
    ]
    .iter()
    .any(|s| k.contains(s))
        || k.ends_with("token")
}

/// Replaces secret values with `<redacted>`. `${ENV}` references are kept: they name, not reveal.
pub fn redact(value: &mut Json) {
    match value {
        Json::Object(map) => {
            for (k, v) in map.iter_mut() {
                if is_secret_key(k) {
                    if let Json::String(s) = v
                        && !(s.starts_with("${") && s.ends_with('}'))
                    {
                        *s = "<redacted>".to_owned();
                    }
                } else {
                    redact(v);
                }
            }
        }
        Json::Array(items) => items.iter_mut().for_each(redact),
        _ => {}
    }
}

/// One displayed setting.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ShownValue {
    pub key: String,
    pub value: Json,
    pub source: String,
}

/// The effective config (defaults included, secrets redacted) as JSON.
pub fn effective_json(loaded: &Loaded) -> Json {
    let mut json = serde_json::to_value(&loaded.config).unwrap_or(Json::Null);
    redact(&mut json);
    json
}

/// Flattens the effective config into `key = value` rows with sources. Empty maps and nulls are
/// skipped; sequences are one row.
pub fn rows(loaded: &Loaded) -> Vec<ShownValue> {
    let mut out = Vec::new();
    flatten(&effective_json(loaded), "", loaded, &mut out);
    out
}

fn flatten(value: &Json, path: &str, loaded: &Loaded, out: &mut Vec<ShownValue>) {
    match value {
        Json::Object(map) => {
            for (k, v) in map {
                let child = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                flatten(v, &child, loaded, out);
            }
        }
        Json::Null => {}
        Json::Array(items) if items.is_empty() => {}
        _ => {
            let source = loaded
                .sources
                .get(path)
                .map(|s| s.to_string())
                .unwrap_or_else(|| "default".to_owned());
            out.push(ShownValue {
                key: path.to_owned(),
                value: value.clone(),
                source,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn redacts_secrets_but_not_token_counts_or_env_refs() {
        let mut v = json!({"apiKey": "sk-123", "headers": {"Authorization": "Bearer x"},
            "maxOutputTokens": 10, "other": {"apiKey": "${OPENAI_API_KEY}"}});
        redact(&mut v);
        assert_eq!(v["apiKey"], "<redacted>");
        assert_eq!(v["headers"]["Authorization"], "<redacted>");
        assert_eq!(v["maxOutputTokens"], 10);
        assert_eq!(v["other"]["apiKey"], "${OPENAI_API_KEY}");
    }
}
