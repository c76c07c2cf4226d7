//! Where trust is kept: `<home>/trusted-projects.json`, `{"projects": {"<real path>": {"hash",
//! "trusted_at"}}}`, changed under `<home>/trusted-projects.lock` and written atomically.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Assessment;
use crate::home::PilotHome;
use crate::store::{self, FileLock};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub hash: String,
    pub trusted_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct File {
    #[serde(default)]
    projects: BTreeMap<PathBuf, Entry>,
}

fn path(home: &PilotHome) -> PathBuf {
    home.root().join("trusted-projects.json")
}

fn read(home: &PilotHome) -> File {
    std::fs::read(path(home))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// The trusted projects, by real path.
pub fn list(home: &PilotHome) -> BTreeMap<PathBuf, Entry> {
    read(home).projects
}

/// The hash recorded for `root`, if it was trusted.
pub fn recorded_hash(home: &PilotHome, root: &Path) -> Option<String> {
    read(home).projects.remove(root).map(|e| e.hash)
}

fn change(home: &PilotHome, edit: impl FnOnce(&mut File)) -> Result<(), store::Error> {
    store::create_dir_private(home.root())?;
    let _lock = FileLock::acquire(&home.root().join("trusted-projects.lock"))?;
    let mut file = read(home);
    edit(&mut file);
    let json = serde_json::to_vec_pretty(&file).unwrap_or_default();
    store::write_atomic(&path(home), &json)
}

/// Trusts the project of `assessment` with its current settings.
pub fn record(home: &PilotHome, assessment: &Assessment) -> Result<(), store::Error> {
    change(home, |file| {
        file.projects.insert(
            assessment.root.clone(),
            Entry {
                hash: assessment.hash.clone(),
                trusted_at: chrono::Utc::now(),
            },
        );
    })
}

/// Forgets the project at `root`; false when it was not trusted.
pub fn forget(home: &PilotHome, root: &Path) -> Result<bool, store::Error> {
    let mut removed = false;
    change(home, |file| removed = file.projects.remove(root).is_some())?;
    Ok(removed)
}
