//! Changing mcp.json: add, remove, enable and disable a server. Each change reads the whole file,
//! changes one entry and writes the file back atomically (0600) with `store::write_atomic`; other
//! entries and unknown fields are kept as they were (key order included). The whole change holds a
//! lock on the file's directory ([`FileLock::acquire_dir`]), so changes made at once by several
//! processes all land.

use std::path::Path;

use serde_json::{Map, Value};

use super::Error;
use super::config::{ServerConfig, read_document};
use crate::store::FileLock;

/// Adds `name` to the file at `path`, creating the file. Refuses to replace an existing entry.
pub(super) fn add_server(path: &Path, name: &str, config: &ServerConfig) -> Result<(), Error> {
    // `__` separates the server from the tool in `mcp__server__tool`: in a name it would make
    // those ambiguous (and a permission rule for one server match another's tools).
    if name.is_empty()
        || name.contains("__")
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(Error::BadName {
            name: name.to_owned(),
        });
    }
    let _lock = lock(path)?;
    let mut doc = read_document(path)?.unwrap_or_else(|| Value::Object(Map::new()));
    let servers = servers_mut(&mut doc, path)?;
    if servers.contains_key(name) {
        return Err(Error::AlreadyExists {
            name: name.to_owned(),
            path: path.to_owned(),
        });
    }
    let value = serde_json::to_value(config).map_err(|e| Error::Shape {
        path: path.to_owned(),
        key: format!("mcpServers.{name}"),
        message: e.to_string(),
    })?;
    servers.insert(name.to_owned(), value);
    write(path, &doc)
}

/// Removes `name` from the file at `path`. `Ok(false)` when it was not there.
pub(super) fn remove_server(path: &Path, name: &str) -> Result<bool, Error> {
    if !path.exists() {
        return Ok(false);
    }
    let _lock = lock(path)?;
    let Some(mut doc) = read_document(path)? else {
        return Ok(false);
    };
    let removed = servers_mut(&mut doc, path)?.remove(name).is_some();
    if removed {
        write(path, &doc)?;
    }
    Ok(removed)
}

/// Sets `enabled` on `name` in the file at `path`. `Ok(false)` when it was not there.
pub(super) fn set_enabled(path: &Path, name: &str, enabled: bool) -> Result<bool, Error> {
    if !path.exists() {
        return Ok(false);
    }
    let _lock = lock(path)?;
    let Some(mut doc) = read_document(path)? else {
        return Ok(false);
    };
    let Some(entry) = servers_mut(&mut doc, path)?.get_mut(name) else {
        return Ok(false);
    };
    let Some(entry) = entry.as_object_mut() else {
        return Err(Error::Shape {
            path: path.to_owned(),
            key: format!("mcpServers.{name}"),
            message: "must be an object".to_owned(),
        });
    };
    if enabled {
        entry.remove("enabled");
    } else {
        entry.insert("enabled".to_owned(), Value::Bool(false));
    }
    write(path, &doc)?;
    Ok(true)
}

/// Holds the lock on the directory of `path` until dropped.
fn lock(path: &Path) -> Result<FileLock, Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    FileLock::acquire_dir(dir).map_err(|source| Error::Write {
        path: path.to_owned(),
        source,
    })
}

fn servers_mut<'a>(doc: &'a mut Value, path: &Path) -> Result<&'a mut Map<String, Value>, Error> {
    let shape = |key: &str| Error::Shape {
        path: path.to_owned(),
        key: key.to_owned(),
        message: "must be an object".to_owned(),
    };
    let top = doc.as_object_mut().ok_or_else(|| shape("(top level)"))?;
    top.entry("mcpServers")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or_else(|| shape("mcpServers"))
}

fn write(path: &Path, doc: &Value) -> Result<(), Error> {
    let mut text = serde_json::to_string_pretty(doc).map_err(|e| Error::Shape {
        path: path.to_owned(),
        key: "(top level)".to_owned(),
        message: e.to_string(),
    })?;
    text.push('\n');
    crate::store::write_atomic(path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.to_owned(),
        source,
    })
}
