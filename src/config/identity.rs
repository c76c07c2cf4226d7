//! The project at a directory, keyed as its configuration's `project.identity` says, and that
//! configuration: both from one load ([`resolve`]).

use std::path::Path;

use super::load::{Error, LoadOptions, Loaded, load_trusting};
use super::trust::Decision;
use crate::home::{self, Identity, KeySource, PilotHome, Project};

/// The project at a directory and its configuration, loaded once.
#[derive(Debug)]
pub struct Resolved {
    pub project: Project,
    /// How the project's key was made (`config path --json`).
    pub key_source: KeySource,
    /// The merged configuration (with the project's trust, [`Loaded::trust`]), or why it does not
    /// load: the project is then keyed by its path, and the command reports the problem when it
    /// needs the configuration.
    pub loaded: Result<Loaded, Error>,
}

/// Resolves the project at `dir` and loads its configuration once (`config_file` is `--config`;
/// `decision` decides the project's trust for this process), keying the project as the
/// configuration's `project.identity` calls for.
pub fn resolve(
    home: &PilotHome,
    dir: &Path,
    config_file: Option<&Path>,
    decision: Decision<'_>,
) -> Result<Resolved, home::Error> {
    let (by_path, source) = Project::resolve_as(home, dir, Identity::Path)?;
    let options = LoadOptions {
        config_file: config_file.map(Path::to_owned),
        project_root: Some(by_path.root.clone()),
        model_flag: None,
    };
    let loaded = load_trusting(home, &options, decision);
    let identity = loaded
        .as_ref()
        .map(|loaded| loaded.config.project.identity)
        .unwrap_or_default();
    let (project, key_source) = match (identity, source) {
        (Identity::Remote, KeySource::Path) => Project::resolve_as(home, dir, identity)?,
        (_, source) => (by_path, source),
    };
    Ok(Resolved {
        project,
        key_source,
        loaded,
    })
}
