//! `always-on enable [DIR]` / `disable [DIR]`: edit `alwaysOn` in the home configuration file
//! (`--config FILE`, else `$PILOTDECK_CONFIG_PATH`, else `<home>/pilotdeck.yaml`).
//!
//! `enable` sets `alwaysOn.enabled: true` and `alwaysOn.projects.<root>.enabled: true`; `disable`
//! sets the project's entry to `enabled: false` (the subsystem stays on for other projects). The
//! file is parsed, changed and written back atomically, so comments in it are not kept.

use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use super::Error;

/// What an edit did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Edited {
    pub file: PathBuf,
    pub project: PathBuf,
    pub enabled: bool,
}

fn child<'a>(map: &'a mut Mapping, key: &str, file: &Path) -> Result<&'a mut Mapping, Error> {
    let entry = map
        .entry(Value::String(key.to_owned()))
        .or_insert_with(|| Value::Mapping(Mapping::new()));
    if entry.is_null() {
        *entry = Value::Mapping(Mapping::new());
    }
    entry.as_mapping_mut().ok_or_else(|| Error::Config {
        path: file.to_owned(),
        reason: format!("`{key}` is not a mapping; fix it by hand"),
    })
}

/// Sets the project `root` enabled or not in `file` (created when missing).
pub fn set_enabled(file: &Path, root: &Path, enabled: bool) -> Result<Edited, Error> {
    let mut doc: Value = match std::fs::read_to_string(file) {
        Ok(text) if !text.trim().is_empty() => {
            serde_yaml::from_str(&text).map_err(|e| Error::Config {
                path: file.to_owned(),
                reason: format!("it is not valid YAML ({e}); fix it first"),
            })?
        }
        Ok(_) => Value::Mapping(Mapping::new()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Value::Mapping(Mapping::new()),
        Err(e) => return Err(Error::io("read", file, e)),
    };
    let top = doc.as_mapping_mut().ok_or_else(|| Error::Config {
        path: file.to_owned(),
        reason: "the file is not a YAML mapping".to_owned(),
    })?;
    if !top.contains_key("schemaVersion") {
        top.insert(Value::from("schemaVersion"), Value::from(1));
    }
    let always_on = child(top, "alwaysOn", file)?;
    if enabled {
        always_on.insert(Value::from("enabled"), Value::Bool(true));
    }
    let projects = child(always_on, "projects", file)?;
    let key = root.display().to_string();
    let project = child(projects, &key, file)?;
    project.insert(Value::from("enabled"), Value::Bool(enabled));
    let text = serde_yaml::to_string(&doc).map_err(|e| Error::Config {
        path: file.to_owned(),
        reason: e.to_string(),
    })?;
    crate::store::write_atomic(file, text.as_bytes())?;
    Ok(Edited {
        file: file.to_owned(),
        project: root.to_owned(),
        enabled,
    })
}
