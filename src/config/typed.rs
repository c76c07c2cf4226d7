//! The typed check of a parsed config value: deserialising it into [`Config`], every unknown key
//! and the first wrong type or unknown variant named by its dotted key path (`memory.recall.bogus`,
//! `model.providers.openai.models.gpt-4.1.pricing.input`, `router.fallback.default.0`).
//!
//! It works on the value a file was parsed into, so a file is parsed once. A deserialiser over a
//! value knows no file positions: the caller locates the key in the file's text
//! (`locate::KeyPositions`), and only when the check fails parses the text again for serde_yaml's
//! position of the bad value ([`value_position`]).

use serde::Deserialize;
use serde_yaml::Value;

use super::locate::normalize_path;
use super::schema::Config;

/// Why a value does not fit the schema: the dotted key of the bad value (`None` for the top level)
/// and serde's message.
#[derive(Debug)]
pub(super) struct TypeError {
    pub(super) key: Option<String>,
    pub(super) message: String,
}

/// `value` as a [`Config`]; the dotted path of every key the schema does not know is pushed to
/// `unknown`.
pub(super) fn config(value: &Value, unknown: &mut Vec<String>) -> Result<Config, TypeError> {
    let mut on_unknown = |path: serde_ignored::Path<'_>| unknown.push(ignored_path(&path));
    let de = serde_ignored::Deserializer::new(value, &mut on_unknown);
    Config::deserialize(de).map_err(|e| traced(value, e))
}

/// `value` as a [`Config`], for a value whose keys were checked already (the merged layers).
pub(super) fn merged(value: &Value) -> Result<Config, TypeError> {
    Config::deserialize(value).map_err(|e| traced(value, e))
}

/// The error of deserialising `value` again, this time tracking the path to the bad value (only
/// a failed check pays for the tracking).
fn traced(value: &Value, first: serde_yaml::Error) -> TypeError {
    match serde_path_to_error::deserialize::<_, Config>(value) {
        Ok(_) => TypeError {
            key: None,
            message: first.to_string(),
        },
        Err(e) => {
            let key = dotted(e.path());
            TypeError {
                key: (!key.is_empty()).then_some(key),
                message: e.into_inner().to_string(),
            }
        }
    }
}

/// Where serde_yaml, reading `text` itself, puts the bad value of `error` (1-based line and
/// column): its position when it names the same key or an ancestor of it (an untagged enum or a
/// flattened map is reported at its parent), else `None`.
pub(super) fn value_position(text: &str, error: &TypeError) -> Option<(usize, usize)> {
    let e = serde_yaml::from_str::<Config>(text).err()?;
    let location = e.location()?;
    let text = e.to_string();
    let key = text
        .split_once(": ")
        .map(|(k, _)| k)
        .filter(|k| !k.contains(' '))
        .map(normalize_path);
    let related = match (&key, &error.key) {
        (Some(theirs), Some(ours)) => ours == theirs || ours.starts_with(&format!("{theirs}.")),
        (None, None) => true,
        _ => false,
    };
    related.then(|| (location.line(), location.column()))
}

/// serde_path_to_error's path as a dotted key (`a.b.0.c`).
fn dotted(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let parts: Vec<String> = path
        .iter()
        .map(|segment| match segment {
            Segment::Seq { index } => index.to_string(),
            Segment::Map { key } | Segment::Enum { variant: key } => key.clone(),
            Segment::Unknown => "?".to_owned(),
        })
        .collect();
    parts.join(".")
}

/// serde_ignored's path as a dotted key: an `Option` or newtype adds no level (serde_ignored
/// writes them as `?`).
fn ignored_path(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path;
    let (parent, own) = match path {
        Path::Root => return String::new(),
        Path::Seq { parent, index } => (parent, index.to_string()),
        Path::Map { parent, key } => (parent, key.clone()),
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => {
            return ignored_path(parent);
        }
    };
    let parent = ignored_path(parent);
    if parent.is_empty() {
        own
    } else {
        format!("{parent}.{own}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> (Vec<String>, Option<TypeError>) {
        let value: Value = serde_yaml::from_str(text).unwrap_or(Value::Null);
        let mut unknown = Vec::new();
        let error = config(&value, &mut unknown).err();
        (unknown, error)
    }

    #[test]
    fn unknown_keys_under_optional_sections_maps_and_lists_have_their_real_path() {
        let (unknown, error) = check(
            "memory:\n  recall:\n    bogus: 1\nrouter:\n  tokenSaver:\n    tiers:\n      simple: {model: a/b, bogus: 1}\nmodel:\n  providers:\n    openai:\n      models:\n        m1:\n          multimodal: {input: [text], bogus: 1}\n",
        );
        assert!(error.is_none(), "{error:?}");
        assert_eq!(
            unknown,
            [
                "memory.recall.bogus",
                "router.tokenSaver.tiers.simple.bogus",
                "model.providers.openai.models.m1.multimodal.bogus",
            ]
        );
    }

    #[test]
    fn a_wrong_type_names_its_key_inside_options_untagged_enums_and_lists() {
        for (text, key) in [
            (
                "tools:\n  sandbox:\n    network: 5\n",
                "tools.sandbox.network",
            ),
            ("proxy: 5\n", "proxy"),
            (
                "model:\n  providers:\n    p:\n      models:\n        m: {multimodal: {input: [text, smell]}}\n",
                "model.providers.p.models.m.multimodal.input.1",
            ),
            (
                "memory:\n  recall:\n    feedback: sometimes\n",
                "memory.recall.feedback",
            ),
        ] {
            let (_, error) = check(text);
            assert_eq!(error.and_then(|e| e.key).as_deref(), Some(key), "{text}");
        }
    }
}
