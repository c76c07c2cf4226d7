//! Writes `router.tokenSaver.thresholds` into a YAML config file, keeping every other key.
//!
//! The file is parsed, the one key set, and the document written back atomically; YAML comments
//! in that file are not preserved (serde_yaml drops them), which the caller's output says.

use std::path::Path;

use serde_yaml::{Mapping, Value};

use crate::router::scorer::Thresholds;

fn child<'a>(map: &'a mut Mapping, key: &str) -> anyhow::Result<&'a mut Mapping> {
    let entry = map
        .entry(Value::String(key.to_owned()))
        .or_insert_with(|| Value::Mapping(Mapping::new()));
    if entry.is_null() {
        *entry = Value::Mapping(Mapping::new());
    }
    entry
        .as_mapping_mut()
        .ok_or_else(|| anyhow::anyhow!("`{key}` in the config file is not a mapping"))
}

/// Sets `router.tokenSaver.thresholds` in `file` (created when missing).
pub(super) fn set_thresholds(file: &Path, t: Thresholds) -> anyhow::Result<()> {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => anyhow::bail!("{}: {e}", file.display()),
    };
    let mut doc: Value = if text.trim().is_empty() {
        Value::Mapping(Mapping::new())
    } else {
        serde_yaml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
    };
    let root = doc
        .as_mapping_mut()
        .ok_or_else(|| anyhow::anyhow!("{}: the top level is not a mapping", file.display()))?;
    let saver = child(child(root, "router")?, "tokenSaver")?;
    let mut thresholds = Mapping::new();
    let round = |x: f64| (x * 1e6).round() / 1e6;
    thresholds.insert("medium".into(), round(t.medium).into());
    thresholds.insert("reasoning".into(), round(t.reasoning).into());
    saver.insert("thresholds".into(), Value::Mapping(thresholds));
    let out = serde_yaml::to_string(&doc)?;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::store::write_atomic(file, out.as_bytes())?;
    Ok(())
}
