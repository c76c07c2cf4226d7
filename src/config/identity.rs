//! The project at a directory, keyed as its configuration's `project.identity` says.

use std::path::Path;

use super::load::{LoadOptions, load};
use crate::home::{self, KeySource, PilotHome, Project};

/// Resolves the project at `dir` with the key `project.identity` calls for, read from the
/// configuration of that project (`config_file` is `--config`). A configuration that does not load
/// keys by path: the command reports the configuration's problem itself when it loads it.
pub fn resolve_project(
    home: &PilotHome,
    dir: &Path,
    config_file: Option<&Path>,
) -> Result<(Project, KeySource), home::Error> {
    let by_path = Project::resolve(home, dir)?;
    let options = LoadOptions {
        config_file: config_file.map(Path::to_owned),
        project_root: Some(by_path.root),
        model_flag: None,
    };
    let identity = load(home, &options)
        .map(|loaded| loaded.config.project.identity)
        .unwrap_or_default();
    Project::resolve_as(home, dir, identity)
}
